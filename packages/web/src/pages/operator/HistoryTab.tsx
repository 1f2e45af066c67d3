import { encodeAccountId, type HistoryEntryWire } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { z } from 'zod';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { fetchOperatorActs } from './api';

type Entry = z.infer<typeof HistoryEntryWire>;

const PAGE_SIZE = 20;

/** A stored value, short. */
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The operator's acts (from this page and the command line), newest first, with the state before → after. */
export function HistoryTab({ t }: { t: TFunction }) {
  const [page, setPage] = useState(1);
  const h = (key: string, vars?: Record<string, unknown>) => t(`operatorConsole.history.${key}`, vars);
  const acts = useQuery({
    queryKey: ['operator', 'history', page],
    queryFn: () => fetchOperatorActs((page - 1) * PAGE_SIZE, PAGE_SIZE),
  });
  const actionName = (action: string) => {
    const key = `operatorConsole.history.actions.${action.replace(/^operator\./, '').replace(/\./g, '_')}`;
    return t(key, { defaultValue: action });
  };
  return (
    <>
      {acts.isError && <LoadFailedAlert retrying={acts.isFetching} onRetry={() => void acts.refetch()} />}
      <Table<Entry>
        rowKey="id"
        size="small"
        loading={acts.isLoading}
        dataSource={acts.data?.list ?? []}
        locale={{ emptyText: <Empty description={h('empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: acts.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        onRow={() => ({ 'data-testid': 'operator-history-row' }) as Record<string, string>}
        columns={[
          { title: h('time'), dataIndex: 'time', width: 150, render: (s: number) => formatMinute(s) },
          {
            title: h('operator'),
            key: 'actor',
            width: 160,
            render: (_: unknown, e) =>
              e.actor_id === null ? (
                <Tag>{h('commandLine')}</Tag>
              ) : (
                `${e.actor_nickname} (${encodeAccountId(e.actor_id)})`
              ),
          },
          {
            title: h('action'),
            dataIndex: 'action',
            width: 180,
            render: (a: string) => <span data-testid="operator-history-action">{actionName(a)}</span>,
          },
          {
            title: h('target'),
            key: 'target',
            width: 200,
            render: (_: unknown, e) =>
              `${t(`operatorConsole.history.targets.${e.target_type}`, { defaultValue: e.target_type })} ${
                // Accounts by the id people see.
                e.target_type === 'account' && /^\d+$/.test(e.target_id)
                  ? encodeAccountId(Number(e.target_id))
                  : e.target_id
              }`,
          },
          {
            title: h('change'),
            key: 'change',
            render: (_: unknown, e) => (
              <Typography.Text style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {shown(e.before)} → {shown(e.after)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </>
  );
}
