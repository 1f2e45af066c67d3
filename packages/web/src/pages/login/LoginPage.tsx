import LockOutlined from '@ant-design/icons/LockOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/calls';
import { lastEmail, useStartSession } from '../../api/session';
import { CodeField, EmailField } from '../../components/EmailCodeFields';
import { useRevalidateOnLanguage } from '../../components/useRevalidateOnLanguage';
import { returnPathOf } from './returnPath';

type Method = 'password' | 'code';

interface LoginFields {
  email: string;
  password?: string;
  code?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginFields>();
  useRevalidateOnLanguage(form);
  const [method, setMethod] = useState<Method>('password');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();

  const onFinish = async ({ email, password, code }: LoginFields) => {
    setBusy(true);
    try {
      const account = email.trim();
      const session = await login(
        method === 'password' ? { account, password, type: 0 } : { account, code: code?.trim(), type: 0 },
      );
      startSession(session.token, account);
      const from =
        (location.state as { from?: string } | null)?.from ?? returnPathOf(searchParams.get('next'));
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch {
      // the client has shown the translated error
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="auth-card" title={t('login.title')}>
      <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
      <Segmented<Method>
        block
        value={method}
        onChange={setMethod}
        style={{ marginBottom: 24 }}
        options={[
          { value: 'password', label: <span data-testid="login-by-password">{t('login.byPassword')}</span> },
          { value: 'code', label: <span data-testid="login-by-code">{t('login.byCode')}</span> },
        ]}
      />
      <Form<LoginFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ email: lastEmail() }}
      >
        <EmailField testIdPrefix="login" />
        {method === 'password' ? (
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              data-testid="login-password"
              prefix={<LockOutlined />}
              autoComplete="current-password"
            />
          </Form.Item>
        ) : (
          <CodeField form={form} purpose="login" testIdPrefix="login" />
        )}
        <Button data-testid="login-submit" type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link to="/register" data-testid="login-to-register">
          {t('login.toRegister')}
        </Link>
      </Typography.Paragraph>
    </Card>
  );
}
