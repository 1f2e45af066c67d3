import MailOutlined from '@ant-design/icons/MailOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { isEmail } from '@taikai/protocol';
import type { FormInstance } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton';

/** The form's `email` field of the login and registration pages: required and a well-formed address. */
export function EmailField({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="email"
      label={t('login.email')}
      rules={[
        { required: true, message: t('login.emailRequired') },
        {
          validator: (_, value: string) =>
            !value || isEmail(value.trim())
              ? Promise.resolve()
              : Promise.reject(new Error(t('login.emailInvalid'))),
        },
      ]}
    >
      <Input
        data-testid={`${testIdPrefix}-email`}
        prefix={<MailOutlined />}
        placeholder={t('login.emailPlaceholder')}
        autoComplete="email"
      />
    </Form.Item>
  );
}

/** The form's `code` field (the 6-digit e-mailed code) with the button that sends it for `purpose`. */
export function CodeField({
  form,
  purpose,
  testIdPrefix,
}: {
  form: FormInstance;
  purpose: 'register' | 'login';
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.code')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.codeRequired') }]}
        >
          <Input
            data-testid={`${testIdPrefix}-code`}
            prefix={<SafetyOutlined />}
            maxLength={6}
            inputMode="numeric"
          />
        </Form.Item>
        <SendCodeButton form={form} purpose={purpose} testId={`${testIdPrefix}-send-code`} />
      </Space.Compact>
    </Form.Item>
  );
}
