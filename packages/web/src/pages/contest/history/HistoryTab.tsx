import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { encodeAccountId } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../api/calls';
import { useContestHistory } from '../../../api/queries';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { formatMinute } from '../../../components/time';
import { currentLanguage } from '../../../i18n';
import { rightsOf } from '../rights';
import { useContestOutlet } from '../useContestRoute';
import {
  actionLabel,
  type DiffLine,
  diffLines,
  HISTORY_KINDS,
  kindLabel,
  kindOf,
  seasonOf,
  type Translator,
} from './historyFormat';
import './history.css';

const PAGE_SIZE = 20;

const KIND_COLORS: Record<string, string> = {
  contest: 'red',
  contest_admin: 'volcano',
  contest_observer: 'gold',
  season: 'blue',
  season_player: 'green',
};

/** What changed, one line per field: label, old value struck through, → new value. */
function Diff({ lines }: { lines: DiffLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div className="history-diff">
      {lines.map((line) => (
        <div key={line.field} className="history-diff-line" data-testid="history-diff-line">
          <Typography.Text type="secondary">{line.label}: </Typography.Text>
          {line.before !== undefined && (
            <Typography.Text
              delete={line.after !== undefined}
              type={line.after === undefined ? 'danger' : undefined}
            >
              {line.after === undefined ? `${t('history.removedValue')} ${line.before}` : line.before}
            </Typography.Text>
          )}
          {line.before !== undefined && line.after !== undefined && (
            <span className="history-arrow"> → </span>
          )}
          {line.after !== undefined && <Typography.Text strong>{line.after}</Typography.Text>}
        </div>
      ))}
    </div>
  );
}

/**
 * History tab (creator and admins): every change to the tournament, its seasons and their players — when,
 * who, what, before → after — in the organiser's language, newest first, filterable by kind, paged.
 */
export default function HistoryTab() {
  const { t, i18n } = useTranslation();
  const { contest } = useContestOutlet();
  const manages = rightsOf(contest).can('viewHistory');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const history = useContestHistory(contest.unique_id, kind, (page - 1) * PAGE_SIZE, PAGE_SIZE);

  const tr: Translator = {
    t: (key, options) => t(key, options),
    exists: (key) => i18n.exists(key),
    lang: currentLanguage(),
  };

  if (!manages) {
    return <Alert type="info" showIcon data-testid="history-forbidden" title={t('history.managersOnly')} />;
  }

  const data = history.data;
  const kindOptions = [
    { value: '', label: t('history.allKinds') },
    ...HISTORY_KINDS.map((k) => ({ value: k, label: kindLabel(k, tr) })),
  ];

  return (
    <Card
      data-testid="history-tab"
      title={
        <Space>
          {t('history.title')}
          {data && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }} data-testid="history-total">
              {t('history.total', { count: data.total })}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Space>
          <Select
            data-testid="history-kind"
            style={{ width: 200 }}
            value={kind}
            options={kindOptions.map((o) => ({
              ...o,
              label: <span data-testid={`history-kind-${o.value || 'all'}`}>{o.label}</span>,
            }))}
            onChange={(value) => {
              setKind(value);
              setPage(1);
            }}
          />
          <Button
            icon={<ReloadOutlined />}
            data-testid="history-refresh"
            loading={history.isFetching && !history.isPending}
            onClick={() => void history.refetch()}
          >
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      {history.isError && !data ? (
        <LoadFailedAlert retrying={history.isFetching} onRetry={() => void history.refetch()} />
      ) : (
        <Table<HistoryEntry>
          data-testid="history-table"
          size="small"
          rowKey="id"
          loading={history.isPending || (history.isFetching && history.isPlaceholderData)}
          dataSource={data?.list ?? []}
          onRow={(entry) => ({ 'data-testid': 'history-row', 'data-action': entry.action }) as never}
          locale={{
            emptyText: (
              <Empty
                data-testid="history-empty"
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={kind ? t('history.emptyKind') : t('history.emptyAll')}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          columns={[
            {
              title: t('history.when'),
              dataIndex: 'time',
              width: 150,
              render: (time: number) => (
                <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMinute(time)}
                </Typography.Text>
              ),
            },
            {
              title: t('history.who'),
              key: 'who',
              width: 180,
              render: (_, entry) =>
                entry.actor_id === null ? (
                  <Typography.Text type="secondary">{t('history.operator')}</Typography.Text>
                ) : (
                  <div>
                    <Typography.Text strong>{entry.actor_nickname || '—'}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {encodeAccountId(entry.actor_id)}
                    </Typography.Text>
                  </div>
                ),
            },
            {
              title: t('history.what'),
              key: 'what',
              width: 240,
              render: (_, entry) => {
                const entryKind = kindOf(entry.action);
                const season = seasonOf(entry.target_type, entry.target_id);
                return (
                  <Space orientation="vertical" size={2}>
                    <Space size={4} wrap>
                      <Tag color={KIND_COLORS[entryKind]}>{kindLabel(entryKind, tr)}</Tag>
                      {season !== null && <Tag>{t('history.season', { id: season })}</Tag>}
                    </Space>
                    <Typography.Text data-testid="history-action">
                      {actionLabel(entry.action, tr)}
                    </Typography.Text>
                  </Space>
                );
              },
            },
            {
              title: t('history.change'),
              key: 'change',
              render: (_, entry) => <Diff lines={diffLines(entry.before, entry.after, tr)} />,
            },
          ]}
        />
      )}
    </Card>
  );
}
