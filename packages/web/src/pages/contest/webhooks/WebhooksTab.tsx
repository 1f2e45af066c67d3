import { isWebhookUrl, WEBHOOK_EVENTS, type WebhookDeliveryWire, type WebhookWire } from '@taikai/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { z } from 'zod';
import { formatMinute } from '../../../components/time';
import { rightsOf } from '../rights';
import { useContestOutlet } from '../useContestRoute';
import {
  createWebhook,
  deleteWebhook,
  fetchWebhookDeliveries,
  fetchWebhooks,
  type HookFields,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
} from './api';
import { useWebhooksT } from './webhooksLanguage';

type Hook = z.infer<typeof WebhookWire>;
type Delivery = z.infer<typeof WebhookDeliveryWire>;

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<Delivery['status'], string> = {
  pending: 'orange',
  delivered: 'green',
  failed: 'red',
};

/** A hook's delivery log, newest first, paged; refreshed while a delivery waits for a retry. */
function DeliveryLog({ t, uniqueId, hook }: { t: TFunction; uniqueId: number; hook: Hook }) {
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['webhooks', 'deliveries', uniqueId, hook.id, page],
    queryFn: () => fetchWebhookDeliveries(uniqueId, hook.id, (page - 1) * PAGE_SIZE, PAGE_SIZE),
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.status === 'pending') ? 5000 : false),
  });
  return (
    <Card size="small" title={`${t('webhooks.deliveries')} · ${hook.url}`} data-testid="webhook-deliveries">
      <Table<Delivery>
        rowKey="id"
        size="small"
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('webhooks.deliveriesEmpty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        onRow={(d) => ({ 'data-testid': `webhook-delivery-${d.event}` }) as Record<string, string>}
        columns={[
          { title: t('webhooks.time'), dataIndex: 'create_time', render: (s: number) => formatMinute(s) },
          {
            title: t('webhooks.events'),
            dataIndex: 'event',
            render: (e: string) => t(`webhooks.event.${e}`),
          },
          {
            title: t('webhooks.state'),
            dataIndex: 'status',
            render: (s: Delivery['status']) => (
              <Tag color={STATUS_COLORS[s]} data-testid="webhook-delivery-status">
                {t(`webhooks.status.${s}`)}
              </Tag>
            ),
          },
          { title: t('webhooks.attempts'), dataIndex: 'attempts' },
          {
            title: t('webhooks.response'),
            key: 'response',
            render: (_: unknown, d) => (
              <span data-testid="webhook-delivery-response">
                {d.last_status ?? ''}{' '}
                {d.last_status === null || d.last_error?.startsWith('HTTP') ? (d.last_error ?? '') : ''}
              </span>
            ),
          },
          {
            title: t('webhooks.nextAttempt'),
            dataIndex: 'next_attempt_time',
            render: (s: number | null) => (s ? formatMinute(s) : '—'),
          },
        ]}
      />
    </Card>
  );
}

/** The create and edit form of a hook: URL, events, body format. */
function HookForm({
  t,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  t: TFunction;
  initial: HookFields;
  saving: boolean;
  onSave: (fields: HookFields) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<HookFields>();
  return (
    <Form<HookFields> form={form} layout="vertical" initialValues={initial} onFinish={onSave}>
      <Form.Item
        name="url"
        label={t('webhooks.url')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              value && isWebhookUrl(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('webhooks.urlInvalid'))),
          },
        ]}
      >
        <Input placeholder="https://" data-testid="webhook-url" maxLength={2000} />
      </Form.Item>
      <Form.Item
        name="events"
        label={t('webhooks.events')}
        rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
      >
        <Checkbox.Group
          options={WEBHOOK_EVENTS.map((e) => ({
            value: e,
            label: <span data-testid={`webhook-event-${e}`}>{t(`webhooks.event.${e}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="format" label={t('webhooks.format')}>
        <Radio.Group>
          <Radio value="json">{t('webhooks.formatJson')}</Radio>
          <Radio value="discord" data-testid="webhook-format-discord">
            {t('webhooks.formatDiscord')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="webhook-save">
          {t('webhooks.save')}
        </Button>
        <Button onClick={onCancel}>{t('webhooks.cancel')}</Button>
      </Space>
    </Form>
  );
}

/**
 * The tournament's webhooks (creator and admins): add, edit, enable or disable, delete after a confirmation;
 * the signing secret shown once at creation and at each new secret; a test-send; each hook's delivery log, and
 * the notice of a hook disabled after repeated failures.
 */
export default function WebhooksTab() {
  const t = useWebhooksT();
  const { contest } = useContestOutlet();
  const uniqueId = contest.unique_id;
  const manages = rightsOf(contest).can('manageWebhooks');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Hook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [shown, setShown] = useState<number | null>(null);

  const hooks = useQuery({
    queryKey: ['webhooks', 'list', uniqueId],
    queryFn: () => fetchWebhooks(uniqueId),
    enabled: manages,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['webhooks'] });

  const save = useMutation({
    mutationFn: async (fields: HookFields) => {
      if (editing === 'new' || editing === null) return createWebhook(uniqueId, fields);
      return updateWebhook(uniqueId, editing.id, fields);
    },
    onSuccess: (hook) => {
      const created = (hook as { secret?: string }).secret;
      if (created) setSecret(created);
      else if (t) void message.success(t('webhooks.saved'));
      setEditing(null);
      void refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (hook: Hook) => updateWebhook(uniqueId, hook.id, { enabled: hook.enabled ? 0 : 1 }),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteWebhook(uniqueId, id),
    onSuccess: (_, id) => {
      if (t) void message.success(t('webhooks.deleted'));
      if (shown === id) setShown(null);
      void refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (id: number) => rotateWebhookSecret(uniqueId, id),
    onSuccess: (answer) => setSecret(answer.secret),
  });
  const test = useMutation({
    mutationFn: (id: number) => testWebhook(uniqueId, id),
    onSuccess: (delivery, id) => {
      if (!t) return;
      if (delivery.status === 'delivered')
        void message.success(t('webhooks.testOk', { status: delivery.last_status }));
      else
        void message.error(t('webhooks.testFailed', { error: delivery.last_error ?? delivery.last_status }));
      setShown(id);
      void refresh();
    },
  });

  if (!t) return null;
  if (!manages) return <Alert type="info" showIcon title={t('webhooks.managersOnly')} />;
  const shownHook = hooks.data?.find((h) => h.id === shown);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="webhooks-tab">
      <Card
        title={t('webhooks.title')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="webhook-add">
            {t('webhooks.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('webhooks.description')}</Typography.Paragraph>
        {(hooks.data ?? [])
          .filter((h) => h.enabled === 0 && h.disabled_time !== null)
          .map((h) => (
            <Alert
              key={h.id}
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="webhook-disabled-notice"
              title={`${h.url} — ${t('webhooks.disabledNotice', {
                time: formatMinute(h.disabled_time ?? 0),
                reason: h.disabled_reason ?? '',
              })}`}
            />
          ))}
        <Table<Hook>
          rowKey="id"
          size="small"
          loading={hooks.isLoading}
          dataSource={hooks.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('webhooks.empty')} /> }}
          onRow={(h) => ({ 'data-testid': `webhook-row-${h.id}` }) as Record<string, string>}
          columns={[
            {
              title: t('webhooks.url'),
              dataIndex: 'url',
              render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
            },
            {
              title: t('webhooks.events'),
              dataIndex: 'events',
              render: (events: Hook['events']) =>
                events.map((e) => <Tag key={e}>{t(`webhooks.event.${e}`)}</Tag>),
            },
            {
              title: t('webhooks.format'),
              dataIndex: 'format',
              render: (f: Hook['format']) =>
                f === 'discord' ? t('webhooks.formatDiscord') : t('webhooks.formatJson'),
            },
            {
              title: t('webhooks.state'),
              key: 'state',
              render: (_: unknown, h) =>
                h.enabled ? (
                  <Tag color="green">{t('webhooks.enabled')}</Tag>
                ) : (
                  <Tag color="red">{t('webhooks.disabled')}</Tag>
                ),
            },
            {
              title: '',
              key: 'actions',
              render: (_: unknown, h) => (
                <Space wrap size="small">
                  <Button
                    size="small"
                    loading={test.isPending && test.variables === h.id}
                    onClick={() => test.mutate(h.id)}
                    data-testid="webhook-test"
                  >
                    {t('webhooks.test')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setShown(shown === h.id ? null : h.id)}
                    data-testid="webhook-show-deliveries"
                  >
                    {t('webhooks.deliveries')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(h)}>
                    {t('webhooks.edit')}
                  </Button>
                  <Button size="small" onClick={() => toggle.mutate(h)}>
                    {h.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                  </Button>
                  <Popconfirm title={t('webhooks.rotateConfirm')} onConfirm={() => rotate.mutateAsync(h.id)}>
                    <Button size="small">{t('webhooks.rotate')}</Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('webhooks.deleteConfirm')}
                    onConfirm={() => remove.mutateAsync(h.id)}
                    okButtonProps={{
                      danger: true,
                      ...({ 'data-testid': 'webhook-delete-confirm' } as Record<string, string>),
                    }}
                  >
                    <Button size="small" danger data-testid="webhook-delete">
                      {t('webhooks.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {shownHook && <DeliveryLog key={shownHook.id} t={t} uniqueId={uniqueId} hook={shownHook} />}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('webhooks.add') : t('webhooks.edit')}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null && (
          <HookForm
            t={t}
            initial={
              editing === 'new'
                ? { url: '', events: ['game_finished'], format: 'json' }
                : { url: editing.url, events: editing.events, format: editing.format }
            }
            saving={save.isPending}
            onSave={(fields) => save.mutate({ ...fields, url: fields.url.trim() })}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        open={secret !== null}
        title={t('webhooks.secretTitle')}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okButtonProps={{ 'data-testid': 'webhook-secret-done' } as Record<string, string>}
      >
        <Alert type="warning" showIcon title={t('webhooks.secretHint')} style={{ marginBottom: 12 }} />
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={secret ?? ''} data-testid="webhook-secret" />
          <Button
            onClick={() => {
              void navigator.clipboard?.writeText(secret ?? '').catch(() => undefined);
              void message.success(t('webhooks.copied'));
            }}
          >
            {t('webhooks.copy')}
          </Button>
        </Space.Compact>
      </Modal>
    </Space>
  );
}
