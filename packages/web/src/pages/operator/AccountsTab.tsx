import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { OperatorAccountWire } from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { z } from 'zod';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import { adjustCurrency, createAccount, searchAccounts, setBan, setCreateRight, setPassword } from './api';
import { LevelZoneModal } from './LevelZoneModal';

type Account = z.infer<typeof OperatorAccountWire>;

/** A password made by the server, shown this once. */
function PasswordOnce({
  t,
  password,
  onClose,
}: {
  t: TFunction;
  password: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={password !== null}
      title={t('operatorConsole.accounts.passwordOnce')}
      onOk={onClose}
      onCancel={onClose}
    >
      <Typography.Paragraph copyable code data-testid="operator-password-once">
        {password}
      </Typography.Paragraph>
      <Alert type="warning" showIcon message={t('operatorConsole.accounts.passwordOnceHint')} />
    </Modal>
  );
}

/** Grant or take currency: an amount, then a confirmed grant or take. */
function CurrencyModal({
  t,
  account,
  onClose,
}: {
  t: TFunction;
  account: Account | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | null>(null);
  const change = useMutation({
    mutationFn: (delta: number) => adjustCurrency(account!.account_id, delta),
    onSuccess: (res) => {
      void message.success(
        t('operatorConsole.accounts.currencyNow', { nickname: account!.nickname, currency: res.currency }),
      );
      void client.invalidateQueries({ queryKey: ['operator'] });
      setAmount(null);
      onClose();
    },
  });
  const ready = amount !== null && amount > 0;
  const vars = { amount: amount ?? 0, nickname: account?.nickname ?? '' };
  return (
    <Modal
      open={account !== null}
      title={t('operatorConsole.accounts.currencyTitle', {
        nickname: account?.nickname ?? '',
        currency: account?.currency ?? 0,
      })}
      onCancel={onClose}
      footer={
        <Space>
          <Popconfirm
            title={t('operatorConsole.accounts.takeConfirm', vars)}
            disabled={!ready}
            onConfirm={() => change.mutateAsync(-(amount ?? 0))}
          >
            <Button danger disabled={!ready} loading={change.isPending} data-testid="operator-currency-take">
              {t('operatorConsole.accounts.take')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('operatorConsole.accounts.grantConfirm', vars)}
            disabled={!ready}
            onConfirm={() => change.mutateAsync(amount ?? 0)}
            okButtonProps={{ 'data-testid': 'operator-confirm' }}
          >
            <Button
              type="primary"
              disabled={!ready}
              loading={change.isPending}
              data-testid="operator-currency-grant"
            >
              {t('operatorConsole.accounts.grant')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <InputNumber
        min={1}
        max={1_000_000}
        precision={0}
        value={amount}
        onChange={(v) => setAmount(v)}
        placeholder={t('operatorConsole.accounts.amount')}
        style={{ width: 200 }}
        data-testid="operator-currency-amount"
      />
    </Modal>
  );
}

/** Creates an account: e-mail, nickname, a password or none (then made at random and shown once). */
function CreateAccountModal({
  t,
  open,
  onClose,
  onPassword,
}: {
  t: TFunction;
  open: boolean;
  onClose: () => void;
  onPassword: (password: string) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string; nickname: string; password?: string }>();
  const create = useMutation({
    mutationFn: (fields: { email: string; nickname: string; password?: string }) =>
      createAccount({ ...fields, password: fields.password || undefined }),
    onSuccess: (res) => {
      void message.success(t('operatorConsole.accounts.created', { nickname: res.account.nickname }));
      form.resetFields();
      onClose();
      if (res.password) onPassword(res.password);
    },
  });
  return (
    <Modal
      open={open}
      title={t('operatorConsole.accounts.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'operator-create-submit' }}
    >
      <Form form={form} layout="vertical" onFinish={(v) => create.mutate(v)}>
        <Form.Item
          name="email"
          label={t('operatorConsole.accounts.email')}
          rules={[{ required: true, type: 'email' }]}
        >
          <Input maxLength={254} data-testid="operator-create-email" />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('operatorConsole.accounts.nickname')}
          rules={[{ required: true, max: 16 }]}
        >
          <Input maxLength={16} data-testid="operator-create-nickname" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('operatorConsole.accounts.password')}
          rules={[{ min: 6, max: 64 }]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A confirmed act on one account. */
function Act({
  title,
  label,
  testId,
  danger,
  onConfirm,
}: {
  title: string;
  label: string;
  testId: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <Popconfirm title={title} onConfirm={onConfirm} okButtonProps={{ 'data-testid': 'operator-confirm' }}>
      <Button size="small" danger={danger} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/**
 * Accounts: search by e-mail, nickname (part of it) or id; create; grant or take currency; a new password shown
 * once; ban or unban the account, its last device or address; allow or deny creating tournaments.
 */
export function AccountsTab({ t }: { t: TFunction }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [password, setShownPassword] = useState<string | null>(null);
  const [currencyOf, setCurrencyOf] = useState<Account | null>(null);
  const [levelOf, setLevelOf] = useState<Account | null>(null);
  const found = useQuery({
    queryKey: ['operator', 'accounts', query],
    queryFn: () => searchAccounts(query),
    enabled: query !== '',
  });
  const done = (text: string) => {
    void message.success(text);
    void client.invalidateQueries({ queryKey: ['operator'] });
  };
  const a = (key: string, vars?: Record<string, unknown>) => t(`operatorConsole.accounts.${key}`, vars);
  const banned = (account: Account, kind: string) => account.bans.some((b) => b.kind === kind);

  const actions = (account: Account) => {
    const vars = { nickname: account.nickname };
    const accountBanned = banned(account, 'account');
    return (
      <Space wrap size={4}>
        <Button size="small" onClick={() => setCurrencyOf(account)} data-testid="operator-currency">
          {a('currency')}
        </Button>
        <Button size="small" onClick={() => setLevelOf(account)} data-testid="operator-level-zone">
          {a('levelZone')}
        </Button>
        <Act
          title={a('resetConfirm', vars)}
          label={a('resetPassword')}
          testId="operator-reset-password"
          onConfirm={async () => {
            const res = await setPassword(account.account_id);
            setShownPassword(res.password);
          }}
        />
        <Act
          title={a(accountBanned ? 'unbanConfirm' : 'banConfirm', vars)}
          label={a(accountBanned ? 'unban' : 'ban')}
          testId={accountBanned ? 'operator-unban' : 'operator-ban'}
          danger={!accountBanned}
          onConfirm={async () => {
            await setBan('account', String(account.account_id), !accountBanned);
            done(a(accountBanned ? 'unbanned' : 'banned', vars));
          }}
        />
        {account.last_login_device && !banned(account, 'device') && (
          <Act
            title={a('banDeviceConfirm', { ...vars, device: account.last_login_device })}
            label={a('banDevice')}
            testId="operator-ban-device"
            danger
            onConfirm={async () => {
              await setBan('device', account.last_login_device!, true);
              done(a('banned', vars));
            }}
          />
        )}
        {account.last_login_ip && !banned(account, 'ip') && (
          <Act
            title={a('banIpConfirm', { ...vars, ip: account.last_login_ip })}
            label={a('banIp')}
            testId="operator-ban-ip"
            danger
            onConfirm={async () => {
              await setBan('ip', account.last_login_ip!, true);
              done(a('banned', vars));
            }}
          />
        )}
        <Act
          title={a(account.can_create ? 'denyConfirm' : 'allowConfirm', vars)}
          label={a(account.can_create ? 'denyCreate' : 'allowCreate')}
          testId="operator-create-right"
          onConfirm={async () => {
            await setCreateRight(account.account_id, !account.can_create);
            done(a(account.can_create ? 'denied' : 'allowed', vars));
          }}
        />
      </Space>
    );
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Input.Search
          allowClear
          enterButton={a('searchButton')}
          placeholder={a('search')}
          maxLength={254}
          style={{ width: 420 }}
          onSearch={(v) => setQuery(v.trim())}
          data-testid="operator-search"
        />
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="operator-create">
          {a('create')}
        </Button>
      </Space>
      {found.isError && <LoadFailedAlert retrying={found.isFetching} onRetry={() => void found.refetch()} />}
      <Table<Account>
        rowKey="account_id"
        size="small"
        loading={found.isFetching}
        dataSource={found.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={query ? a('empty') : a('hint')} /> }}
        onRow={(r) => ({ 'data-testid': `operator-account-${r.account_id}` }) as Record<string, string>}
        columns={[
          { title: a('publicId'), dataIndex: 'public_id', width: 100 },
          {
            title: a('nickname'),
            dataIndex: 'nickname',
            render: (nickname: string, r) => (
              <Space size={4} wrap>
                {nickname}
                {r.is_operator && <Tag color="purple">{a('operator')}</Tag>}
              </Space>
            ),
          },
          { title: a('email'), dataIndex: 'email' },
          {
            title: a('currency'),
            dataIndex: 'currency',
            render: (n: number) => <span data-testid="operator-account-currency">{n}</span>,
          },
          {
            title: a('canCreate'),
            dataIndex: 'can_create',
            render: (yes: boolean) => <Tag color={yes ? 'green' : 'default'}>{a(yes ? 'yes' : 'no')}</Tag>,
          },
          {
            title: a('lastLogin'),
            key: 'last',
            render: (_: unknown, r) =>
              r.last_login_time === null ? (
                '—'
              ) : (
                <Typography.Text style={{ fontSize: 12 }}>
                  {formatMinute(r.last_login_time)}
                  <br />
                  {a('ip')}: {r.last_login_ip ?? '—'}
                  <br />
                  {a('device')}: {r.last_login_device ? `${r.last_login_device.slice(0, 12)}…` : '—'}
                </Typography.Text>
              ),
          },
          {
            title: a('bans'),
            key: 'bans',
            render: (_: unknown, r) =>
              r.bans.length === 0 ? (
                '—'
              ) : (
                <Space size={2} wrap data-testid="operator-account-bans">
                  {r.bans.map((b) => (
                    <Tag key={`${b.kind}:${b.value}`} color="red">
                      {t(`operatorConsole.bans.kinds.${b.kind}`)}
                    </Tag>
                  ))}
                </Space>
              ),
          },
          { title: a('actions'), key: 'actions', width: 330, render: (_: unknown, r) => actions(r) },
        ]}
      />
      <CreateAccountModal
        t={t}
        open={creating}
        onClose={() => setCreating(false)}
        onPassword={setShownPassword}
      />
      <CurrencyModal t={t} account={currencyOf} onClose={() => setCurrencyOf(null)} />
      <LevelZoneModal t={t} account={levelOf} onClose={() => setLevelOf(null)} />
      <PasswordOnce t={t} password={password} onClose={() => setShownPassword(null)} />
    </Space>
  );
}
