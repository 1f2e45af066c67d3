import { BAN_KINDS, type BanKind, type OperatorBanEntryWire } from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { z } from 'zod';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { fetchBans, setBan } from './api';

type Ban = z.infer<typeof OperatorBanEntryWire>;

const PAGE_SIZE = 20;

/** Bans by kind (account, e-mail, IP, device), newest first: add one (confirmed), lift one (confirmed). */
export function BansTab({ t }: { t: TFunction }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [kind, setKind] = useState<BanKind | ''>('');
  const [page, setPage] = useState(1);
  const [newKind, setNewKind] = useState<BanKind>('email');
  const [value, setValue] = useState('');
  const b = (key: string, vars?: Record<string, unknown>) => t(`operatorConsole.bans.${key}`, vars);
  const kindName = (k: string) => b(`kinds.${k}`);

  const bans = useQuery({
    queryKey: ['operator', 'bans', kind, page],
    queryFn: () => fetchBans(kind, (page - 1) * PAGE_SIZE, PAGE_SIZE),
  });
  const change = useMutation({
    mutationFn: (v: { kind: BanKind; value: string; banned: boolean }) => setBan(v.kind, v.value, v.banned),
    onSuccess: (res) => {
      void message.success(
        b(res.banned ? 'added' : 'removed', { kind: kindName(res.kind), value: res.value }),
      );
      if (res.banned) setValue('');
      void client.invalidateQueries({ queryKey: ['operator'] });
    },
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Select<BanKind>
          value={newKind}
          onChange={setNewKind}
          style={{ width: 140 }}
          options={BAN_KINDS.map((k) => ({ value: k, label: kindName(k) }))}
          data-testid="operator-ban-kind"
        />
        <Input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={b(`hint.${newKind}`)}
          maxLength={254}
          style={{ width: 340 }}
          data-testid="operator-ban-value"
        />
        <Popconfirm
          title={b('addConfirm', { kind: kindName(newKind), value: value.trim() })}
          disabled={value.trim() === ''}
          onConfirm={() => change.mutateAsync({ kind: newKind, value: value.trim(), banned: true })}
          okButtonProps={{ 'data-testid': 'operator-confirm' }}
        >
          <Button
            danger
            disabled={value.trim() === ''}
            loading={change.isPending}
            data-testid="operator-ban-add"
          >
            {b('add')}
          </Button>
        </Popconfirm>
      </Space>
      <Segmented<BanKind | ''>
        value={kind}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
        options={[
          { value: '', label: b('all') },
          ...BAN_KINDS.map((k) => ({ value: k, label: kindName(k) })),
        ]}
      />
      {bans.isError && <LoadFailedAlert retrying={bans.isFetching} onRetry={() => void bans.refetch()} />}
      <Table<Ban>
        rowKey={(r) => `${r.kind}:${r.value}`}
        size="small"
        loading={bans.isLoading}
        dataSource={bans.data?.list ?? []}
        locale={{ emptyText: <Empty description={b('empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: bans.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        onRow={(r) => ({ 'data-testid': `operator-ban-${r.kind}` }) as Record<string, string>}
        columns={[
          {
            title: b('kind'),
            dataIndex: 'kind',
            render: (k: string) => <Tag color="red">{kindName(k)}</Tag>,
          },
          {
            title: b('value'),
            dataIndex: 'value',
            render: (v: string) => <span data-testid="operator-ban-row-value">{v}</span>,
          },
          {
            title: b('account'),
            dataIndex: 'account',
            render: (acc: Ban['account']) => (acc ? `${acc.nickname} (${acc.public_id})` : '—'),
          },
          { title: b('since'), dataIndex: 'create_time', render: (s: number) => formatMinute(s) },
          {
            title: '',
            key: 'lift',
            render: (_: unknown, r) => (
              <Popconfirm
                title={b('removeConfirm', { kind: kindName(r.kind), value: r.value })}
                onConfirm={() => change.mutateAsync({ kind: r.kind, value: r.value, banned: false })}
                okButtonProps={{ 'data-testid': 'operator-confirm' }}
              >
                <Button size="small" data-testid="operator-ban-lift">
                  {b('remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
