import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { API_KEY_LABEL_MAX, API_KEYS_MAX, CreateApiKeyReq, encodeAccountId } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiKey, createApiKey, revokeApiKey } from '../../api/calls';
import { keys, useAccountInfo, useApiKeys } from '../../api/queries';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';

/** The login body a bot sends with a key, as the page shows it. */
function botLoginBody(uid: number | string): string {
  return `{"type": 7, "uid": ${uid}, "code": "<API key>"}`;
}

/** API keys: bots log in with `{type: 7, uid, code}`; keys are created here, shown once, listed and revoked. */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const account = useAccountInfo();
  const list = useApiKeys();
  const [form] = Form.useForm<{ label: string }>();
  const label = Form.useWatch('label', form) ?? '';
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ label: string; key: string } | null>(null);
  const full = (list.data?.length ?? 0) >= API_KEYS_MAX;
  const labelOk = CreateApiKeyReq.shape.label.safeParse(label).success;

  const onCreate = async ({ label }: { label: string }) => {
    setCreating(true);
    try {
      const key = await createApiKey({ label });
      setCreated({ label: key.label, key: key.key });
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: keys.apiKeys });
    } catch {
      // the client has shown the translated error
    } finally {
      setCreating(false);
    }
  };

  const confirmRevoke = (key: ApiKey) =>
    modal.confirm({
      title: t('apiKeys.revokeConfirm', { label: key.label }),
      content: t('apiKeys.revokeHint'),
      okText: t('apiKeys.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'api-key-revoke-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await revokeApiKey(key.id);
        void message.success(t('apiKeys.revoked'));
        await queryClient.invalidateQueries({ queryKey: keys.apiKeys });
      },
    });

  const uid = account.data?.account_id;
  return (
    <div className="narrow-page" data-testid="api-keys-page">
      <div className="page-title">
        <Typography.Title level={3} style={{ margin: 0 }}>
          <KeyOutlined /> {t('apiKeys.title')}
        </Typography.Title>
      </div>
      <Card title={t('apiKeys.howTitle')} style={{ marginBottom: 24 }}>
        <Typography.Paragraph type="secondary">{t('apiKeys.howIntro')}</Typography.Paragraph>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('apiKeys.accountId')}>
            <span data-testid="api-keys-public-id">{uid ? encodeAccountId(uid) : '…'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('apiKeys.uid')}>
            <Typography.Text copyable={uid ? { text: String(uid) } : false} data-testid="api-keys-uid">
              {uid ?? '…'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('apiKeys.loginCall')}>
            <Typography.Text code>POST /api/login</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('apiKeys.loginBody')}>
            <Typography.Text code copyable={uid ? { text: botLoginBody(uid) } : false}>
              {botLoginBody(uid ?? 'uid')}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('apiKeys.howAnswer')}
        </Typography.Paragraph>
      </Card>
      <Card
        title={t('apiKeys.listTitle', { count: list.data?.length ?? 0, max: API_KEYS_MAX })}
        extra={
          <Form form={form} layout="inline" onFinish={onCreate} requiredMark={false}>
            <Form.Item name="label" style={{ marginInlineEnd: 8 }}>
              <Input
                data-testid="api-key-label"
                placeholder={t('apiKeys.labelPlaceholder')}
                maxLength={API_KEY_LABEL_MAX}
                showCount
                style={{ width: 280 }}
                disabled={full}
              />
            </Form.Item>
            <Button
              data-testid="api-key-create"
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={creating}
              disabled={full || !labelOk}
            >
              {t('apiKeys.create')}
            </Button>
          </Form>
        }
      >
        {full && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('apiKeys.full', { max: API_KEYS_MAX })}
          />
        )}
        {list.isError ? (
          <LoadFailedAlert retrying={list.isFetching} onRetry={() => void list.refetch()} />
        ) : (
          <Table<ApiKey>
            data-testid="api-key-table"
            rowKey="id"
            loading={list.isPending}
            dataSource={list.data ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description={t('apiKeys.empty')} /> }}
            columns={[
              {
                title: t('apiKeys.label'),
                dataIndex: 'label',
                render: (v: string) => <Typography.Text>{v}</Typography.Text>,
              },
              {
                title: t('apiKeys.key'),
                dataIndex: 'prefix',
                render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
              },
              {
                title: t('apiKeys.created'),
                dataIndex: 'create_time',
                render: (v: number) => formatMinute(v),
              },
              {
                title: t('apiKeys.lastUsed'),
                dataIndex: 'last_used_time',
                render: (v: number) => (v ? formatMinute(v) : t('apiKeys.never')),
              },
              {
                title: '',
                key: 'actions',
                align: 'right',
                render: (_: unknown, key: ApiKey) => (
                  <Button
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    data-testid="api-key-revoke"
                    onClick={() => confirmRevoke(key)}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Modal
        open={created !== null}
        title={t('apiKeys.createdTitle', { label: created?.label ?? '' })}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" data-testid="api-key-created-done" onClick={() => setCreated(null)}>
            {t('apiKeys.createdDone')}
          </Button>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('apiKeys.createdOnce')} />
          <Typography.Paragraph
            code
            copyable={
              created ? { text: created.key, tooltips: [t('apiKeys.copy'), t('apiKeys.copied')] } : false
            }
            data-testid="api-key-secret"
            style={{ wordBreak: 'break-all', marginBottom: 0 }}
          >
            {created?.key}
          </Typography.Paragraph>
        </Space>
      </Modal>
    </div>
  );
}
