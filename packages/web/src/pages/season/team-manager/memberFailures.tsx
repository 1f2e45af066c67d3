import type { HookAPI } from 'antd/es/modal/useModal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import type { MemberFailure } from '../../../api/team-calls';
import { publicIdOf } from '../../../components/players/accounts';
import { i18next } from '../../../i18n';
import { memberFailureKey } from './teamView';

/** The accounts `add_team_member` refused (add_member_fail): one line each, public id, nickname and reason. */
export function MemberFailureLines({
  failures,
  nicknames,
}: {
  failures: readonly MemberFailure[];
  nicknames: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="team-add-failures">
      {failures.map((f) => {
        const key = memberFailureKey(f.error);
        const nickname = nicknames.get(f.account_id);
        return (
          <div
            key={f.account_id}
            data-testid={`team-add-failure-${publicIdOf(f.account_id)}`}
            style={{ marginBottom: 4 }}
          >
            <Typography.Text copyable={{ text: String(publicIdOf(f.account_id)) }} strong>
              {publicIdOf(f.account_id)}
            </Typography.Text>
            {nickname && <Typography.Text> {nickname}</Typography.Text>}
            <Typography.Text type="danger"> — {key ? t(key) : errorText(f.error)}</Typography.Text>
          </div>
        );
      })}
    </div>
  );
}

/** Opens a warning listing the refused accounts (nothing when none was refused). */
export function reportMemberFailures(
  modal: HookAPI,
  failures: readonly MemberFailure[],
  nicknames: ReadonlyMap<number, string>,
): void {
  if (failures.length === 0) return;
  modal.warning({
    title: i18next.t('teams.add.failed', { count: failures.length }),
    width: 560,
    content: <MemberFailureLines failures={failures} nicknames={nicknames} />,
    okText: i18next.t('common.confirm'),
    okButtonProps: { 'data-testid': 'team-add-failures-ok' },
  });
}
