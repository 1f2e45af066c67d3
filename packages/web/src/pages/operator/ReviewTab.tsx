import { type I18nEntry, LANGS, type ReviewItemWire, textFor } from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { currentLanguage } from '../../i18n';
import { decideReview, fetchReviewQueue } from './api';

type Item = z.infer<typeof ReviewItemWire>;

/** A multilingual text, one line per language it has. */
function Texts({ text }: { text: readonly I18nEntry[] }) {
  const shown = LANGS.flatMap((lang) => text.filter((e) => e.lang === lang && e.content !== ''));
  if (shown.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div>
      {shown.map((e) => (
        <div key={e.lang} style={{ whiteSpace: 'pre-wrap' }}>
          <Typography.Text type="secondary">[{e.lang}] </Typography.Text>
          {e.content}
        </div>
      ))}
    </div>
  );
}

/**
 * The review queue (only while TAIKAI_REVIEW_TEXT is on): each tournament's submitted names and notices, public
 * now → submitted; approve (the text becomes public) or refuse (it is dropped), each confirmed.
 */
export function ReviewTab({ t }: { t: TFunction }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const r = (key: string, vars?: Record<string, unknown>) => t(`operatorConsole.review.${key}`, vars);
  const queue = useQuery({ queryKey: ['operator', 'review'], queryFn: fetchReviewQueue });
  const decide = useMutation({
    mutationFn: (v: { contestId: number; approve: boolean }) => decideReview(v.contestId, v.approve),
    onSuccess: (_, v) => {
      void message.success(r(v.approve ? 'approved' : 'refused', { id: v.contestId }));
      void client.invalidateQueries({ queryKey: ['operator'] });
    },
  });

  if (queue.isLoading) return <Spin />;
  if (queue.isError)
    return <LoadFailedAlert retrying={queue.isFetching} onRetry={() => void queue.refetch()} />;
  if (!queue.data?.enabled)
    return <Alert type="info" showIcon message={r('off')} data-testid="operator-review-off" />;
  if (queue.data.list.length === 0) return <Empty description={r('empty')} />;
  const lang = currentLanguage();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {queue.data.list.map((item: Item) => {
        const id = item.contest.contest_id;
        return (
          <Card
            key={id}
            size="small"
            title={`${textFor(item.contest.contest_name, lang) || '—'} · ${id}`}
            extra={r('submitted', { time: formatMinute(item.submit_time), id: item.submitter_id })}
            data-testid={`operator-review-${id}`}
            actions={[
              <Popconfirm
                key="refuse"
                title={r('refuseConfirm', { id })}
                onConfirm={() => decide.mutateAsync({ contestId: id, approve: false })}
                okButtonProps={{ 'data-testid': 'operator-confirm' }}
              >
                <Button danger size="small">
                  {r('refuse')}
                </Button>
              </Popconfirm>,
              <Popconfirm
                key="approve"
                title={r('approveConfirm', { id })}
                onConfirm={() => decide.mutateAsync({ contestId: id, approve: true })}
                okButtonProps={{ 'data-testid': 'operator-confirm' }}
              >
                <Button type="primary" size="small">
                  {r('approve')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <Descriptions
              size="small"
              column={1}
              bordered
              items={item.fields.map((f) => ({
                key: f.field,
                label: r(`field.${f.field}`),
                children: (
                  <Space direction="vertical" size={2}>
                    <Typography.Text type="secondary">{r('before')}</Typography.Text>
                    <Texts text={f.before} />
                    <Typography.Text type="secondary">{r('after')} →</Typography.Text>
                    <Texts text={f.after} />
                  </Space>
                ),
              }))}
            />
          </Card>
        );
      })}
    </Space>
  );
}
