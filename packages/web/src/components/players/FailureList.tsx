import Typography from 'antd/es/typography';
import { errorText } from '../../api/client';
import type { FailureGroup } from './accounts';

/** Failed entries of a batch call: one line per reason (translated), then the public ids it concerns. */
export function FailureList({ groups }: { groups: FailureGroup[] }) {
  return (
    <div data-testid="players-failures">
      {groups.map((g) => (
        <div key={g.code} style={{ marginBottom: 8 }} data-testid={`players-failure-${g.code}`}>
          <Typography.Text strong>{errorText(g.code)}</Typography.Text>
          <br />
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {g.ids.join(', ')}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}
