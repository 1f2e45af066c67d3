import LockOutlined from '@ant-design/icons/LockOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/calls';
import {
  lastEmail,
  rememberedLoginName,
  rememberMe,
  setRememberMe,
  useStartSession,
} from '../../api/session';
import { autoLogin, setAutoLogin } from '../../api/token';
import { CodeField, EmailField } from '../../components/EmailCodeFields';
import { useRevalidateOnLanguage } from '../../components/useRevalidateOnLanguage';
import { AreaLinks } from './AreaLinks';
import { fetchAccountKind } from './api';
import { askedReturn, CONSOLE_HOME, landingOf } from './returnPath';
import { SocialLogin } from './SocialLogin';

type Method = 'password' | 'code';

interface LoginFields {
  email: string;
  password?: string;
  code?: string;
  /** Keep the login name and offer it next time. */
  remember: boolean;
  /** Stay logged in across browser restarts. */
  auto: boolean;
}

/** Where the account just logged in lands: organisers in the console, players in the portal. */
async function landing(): Promise<string> {
  try {
    return landingOf((await fetchAccountKind({ silent: true })).kind);
  } catch {
    return CONSOLE_HOME;
  }
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

  const onFinish = async ({ email, password, code, remember, auto }: LoginFields) => {
    setBusy(true);
    try {
      const account = email.trim();
      const session = await login(
        method === 'password' ? { account, password, type: 0 } : { account, code: code?.trim(), type: 0 },
      );
      setRememberMe(remember);
      setAutoLogin(auto);
      startSession(session.token, account, method);
      const asked = askedReturn((location.state as { from?: string } | null)?.from, searchParams.get('next'));
      navigate(asked ?? (await landing()), { replace: true });
    } catch {
      // the client has shown the translated error
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="auth-card" title={<span data-testid="auth-title">{t('login.title')}</span>}>
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
        initialValues={{
          email: rememberedLoginName() || lastEmail(),
          remember: rememberMe(),
          auto: autoLogin(),
        }}
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
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 24 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Form.Item name="auto" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-auto">{t('login.autoLogin')}</Checkbox>
          </Form.Item>
        </div>
        <Button data-testid="login-submit" type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <SocialLogin />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link to="/register" data-testid="login-to-register">
          {t('login.toRegister')}
        </Link>
      </Typography.Paragraph>
      <AreaLinks page="/login" next={searchParams.get('next')} label={t('login.areas')} />
    </Card>
  );
}
