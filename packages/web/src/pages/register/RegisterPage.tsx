import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { RegisterReq } from '@taikai/protocol';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { register } from '../../api/calls';
import { useStartSession } from '../../api/session';
import { CodeField, EmailField } from '../../components/EmailCodeFields';
import { useRevalidateOnLanguage } from '../../components/useRevalidateOnLanguage';

interface RegisterFields {
  email: string;
  code: string;
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
  const startSession = useStartSession();

  const onFinish = async ({ email, code, nickname, password }: RegisterFields) => {
    setBusy(true);
    try {
      const session = await register({
        email: email.trim(),
        code: code.trim(),
        nickname: nickname.trim(),
        password,
      });
      startSession(session.token, email.trim());
      void message.success(t('register.success'));
      navigate('/', { replace: true });
    } catch {
      // the client has shown the translated error
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="auth-card" title={t('register.title')}>
      <Typography.Paragraph type="secondary">{t('register.subtitle')}</Typography.Paragraph>
      <Form<RegisterFields> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <EmailField testIdPrefix="register" />
        <CodeField form={form} purpose="register" testIdPrefix="register" />
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
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('register.haveAccount')}{' '}
        <Link to="/login" data-testid="register-to-login">
          {t('register.toLogin')}
        </Link>
      </Typography.Paragraph>
    </Card>
  );
}
