import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { SetFirstPasswordReq } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { formatMinute } from '../../components/time';
import {
  goToProvider,
  type LoginMethods,
  loginMethodsKey,
  setFirstPassword,
  unlinkOidcIdentity,
  useLoginMethods,
  useOidcProviders,
} from '../login/oidcApi';
import { useSocialT } from '../login/socialLanguage';

type Identity = LoginMethods['identities'][number];
type PasswordFields = { password: string; confirm: string };

/**
 * How the account logs in: its password (an account made through a provider has none until it sets one here), and
 * the providers linked to it — link another, or unlink one (confirmed; never the last way to log in).
 */
export default function LoginMethodsPage() {
  const t = useSocialT();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const methods = useLoginMethods();
  const providers = useOidcProviders();
  const [form] = Form.useForm<PasswordFields>();
  const [saving, setSaving] = useState(false);
  const [linking, setLinking] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: loginMethodsKey });

  const data = methods.data;
  const linked = new Set(data?.identities.map((i) => i.provider));
  const linkable = (providers.data ?? []).filter((p) => !linked.has(p.id));
  const onlyWay = data ? !data.has_password && data.identities.length <= 1 : true;
  if (!t) return null;

  const onSetPassword = async ({ password }: PasswordFields) => {
    setSaving(true);
    try {
      await setFirstPassword(password);
      void message.success(t('social.passwordSet'));
      form.resetFields();
      await refresh();
    } catch {
      // the client has shown the translated error
    } finally {
      setSaving(false);
    }
  };

  const link = async (provider: string) => {
    setLinking(provider);
    try {
      await goToProvider(provider, { kind: 'link' });
    } catch {
      setLinking(null);
    }
  };

  const confirmUnlink = (identity: Identity) =>
    modal.confirm({
      title: t('social.unlinkConfirm', { label: identity.label }),
      content: t('social.unlinkHint'),
      okText: t('social.unlink'),
      okButtonProps: { danger: true, 'data-testid': 'social-unlink-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await unlinkOidcIdentity(identity.provider);
        void message.success(t('social.unlinked'));
        await refresh();
      },
    });

  return (
    <div className="narrow-page" data-testid="login-methods-page">
      <div className="page-title">
        <Typography.Title level={3} style={{ margin: 0 }}>
          <SafetyCertificateOutlined /> {t('social.title')}
        </Typography.Title>
      </div>
      {methods.isError && (
        <LoadFailedAlert retrying={methods.isFetching} onRetry={() => void methods.refetch()} />
      )}
      <Card title={t('social.passwordTitle')} style={{ marginBottom: 24 }} loading={methods.isPending}>
        {data?.has_password ? (
          <Typography.Paragraph style={{ margin: 0 }} data-testid="social-has-password">
            <Tag color="green">{t('social.passwordOn')}</Tag> {t('social.passwordOnHint')}
          </Typography.Paragraph>
        ) : (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('social.passwordNone')} />
            <Form<PasswordFields>
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={onSetPassword}
              style={{ maxWidth: 360 }}
            >
              <Form.Item
                name="password"
                label={t('social.newPassword')}
                rules={[
                  {
                    validator: (_, v) =>
                      SetFirstPasswordReq.shape.password.safeParse(v ?? '').success
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('social.passwordRule'))),
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" data-testid="social-new-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('social.confirmPassword')}
                dependencies={['password']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v) =>
                      v === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('social.passwordMismatch'))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" data-testid="social-confirm-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="social-set-password">
                {t('social.setPassword')}
              </Button>
            </Form>
          </>
        )}
      </Card>
      <Card
        title={t('social.linkedTitle')}
        loading={methods.isPending}
        extra={
          <Space wrap>
            {linkable.map((p) => (
              <Button
                key={p.id}
                icon={<LinkOutlined />}
                loading={linking === p.id}
                disabled={linking !== null && linking !== p.id}
                onClick={() => void link(p.id)}
                data-testid={`social-link-${p.id}`}
              >
                {t('social.linkWith', { label: p.label })}
              </Button>
            ))}
          </Space>
        }
      >
        <Table<Identity>
          rowKey="provider"
          size="middle"
          pagination={false}
          dataSource={data?.identities ?? []}
          locale={{ emptyText: <Empty description={t('social.noneLinked')} /> }}
          columns={[
            { title: t('social.provider'), dataIndex: 'label', render: (label: string) => <b>{label}</b> },
            { title: t('social.email'), dataIndex: 'email', render: (email: string) => email || '—' },
            {
              title: t('social.linkedAt'),
              dataIndex: 'link_time',
              render: (time: number) => formatMinute(time),
            },
            {
              title: '',
              key: 'unlink',
              align: 'right',
              render: (_, identity) => (
                <Button
                  danger
                  icon={<DisconnectOutlined />}
                  disabled={onlyWay}
                  title={onlyWay ? t('social.lastWay') : undefined}
                  onClick={() => confirmUnlink(identity)}
                  data-testid={`social-unlink-${identity.provider}`}
                >
                  {t('social.unlink')}
                </Button>
              ),
            },
          ]}
        />
        {onlyWay && data && data.identities.length > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('social.lastWay')}
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
