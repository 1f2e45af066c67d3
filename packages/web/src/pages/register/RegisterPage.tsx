import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { RegisterReq } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { register } from '../../api/calls';
import { useStartSession } from '../../api/session';
import { contactHref } from '../../app/shell/contact';
import { CodeField, EmailField } from '../../components/EmailCodeFields';
import { useRevalidateOnLanguage } from '../../components/useRevalidateOnLanguage';
import { AreaLinks } from '../login/AreaLinks';
import { type RegisterSetting, useRegisterSetting } from '../login/api';
import { askedReturn, PORTAL_HOME } from '../login/returnPath';
import { SocialLogin } from '../login/SocialLogin';

interface RegisterFields {
  email: string;
  /** Absent where the server asks no code. */
  code?: string;
  nickname: string;
  password: string;
  passwordAgain: string;
}

// Field limits come from the call's schema, so the form refuses what the server refuses.
const PASSWORD = RegisterReq.shape.password;
const NICKNAME = RegisterReq.shape.nickname;

export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterFields>();
  useRevalidateOnLanguage(form);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const setting = useRegisterSetting();
  const verification = setting.data?.verification;

  const onFinish = async ({ email, code, nickname, password }: RegisterFields) => {
    setBusy(true);
    try {
      const session = await register({
        email: email.trim(),
        ...(verification === 'off' ? {} : { code: code?.trim() }),
        nickname: nickname.trim(),
        password,
      });
      startSession(session.token, email.trim());
      void message.success(t('register.success'));
      // A new account organises nothing yet: it starts in the player portal, unless a page asked to come back.
      const asked = askedReturn((location.state as { from?: string } | null)?.from, searchParams.get('next'));
      navigate(asked ?? PORTAL_HOME, { replace: true });
    } catch {
      // the client has shown the translated error
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="auth-card" title={<span data-testid="auth-title">{t('register.title')}</span>}>
      <Typography.Paragraph type="secondary">{t('register.subtitle')}</Typography.Paragraph>
      <Form<RegisterFields> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <EmailField testIdPrefix="register" />
        {setting.isPending ? (
          <Skeleton.Input active block style={{ marginBottom: 24 }} />
        ) : (
          <>
            <VerificationNote setting={setting.data} />
            {verification !== 'off' && <CodeField form={form} purpose="register" testIdPrefix="register" />}
          </>
        )}
        <Form.Item
          name="nickname"
          label={t('register.nickname')}
          rules={[
            { required: true, whitespace: true, message: t('register.nicknameRequired') },
            {
              validator: (_, value: string) =>
                !value?.trim() || NICKNAME.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register.nicknameLength', { max: NICKNAME.maxLength }))),
            },
          ]}
        >
          <Input data-testid="register-nickname" prefix={<UserOutlined />} autoComplete="nickname" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('register.password')}
          rules={[
            { required: true, message: t('register.passwordRequired') },
            {
              validator: (_, value: string) =>
                !value || PASSWORD.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(
                        t('register.passwordLength', { min: PASSWORD.minLength, max: PASSWORD.maxLength }),
                      ),
                    ),
            },
          ]}
        >
          <Input.Password
            data-testid="register-password"
            prefix={<LockOutlined />}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="passwordAgain"
          label={t('register.passwordAgain')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('register.passwordAgainRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password
            data-testid="register-password-again"
            prefix={<LockOutlined />}
            autoComplete="new-password"
          />
        </Form.Item>
        <Button
          data-testid="register-submit"
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={busy}
        >
          {t('register.submit')}
        </Button>
      </Form>
      <SocialLogin />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('register.haveAccount')}{' '}
        <Link to="/login" data-testid="register-to-login">
          {t('register.toLogin')}
        </Link>
      </Typography.Paragraph>
      <AreaLinks page="/register" next={searchParams.get('next')} label={t('register.areas')} />
    </Card>
  );
}

/**
 * How this server verifies the e-mail, said as it is: nothing when codes are e-mailed; that the operator holds the
 * code (with their contact, if set) when the server has no mail server; that no code is needed when the operator
 * turned verification off. A server that could not be asked shows the code field and no note.
 */
function VerificationNote({ setting }: { setting: RegisterSetting | undefined }) {
  const { t } = useTranslation();
  if (!setting || setting.verification === 'mail') return null;
  if (setting.verification === 'off')
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        data-testid="register-no-code"
        title={t('register.noCodeNeeded')}
      />
    );
  const href = contactHref(setting.contact);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 24 }}
      data-testid="register-code-with-operator"
      title={t('register.codeWithOperator')}
      description={
        href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" data-testid="register-contact">
            {t('register.contactOperator')}
          </a>
        ) : (
          t('register.askOperator')
        )
      }
    />
  );
}
