import App from 'antd/es/app';
import Button from 'antd/es/button';
import type { FormInstance } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCode } from '../api/calls';
import { useCooldown } from './useCooldown';

/**
 * Sends a verification code for the form's `email` field, says where it went (e-mailed, or held by the operator
 * when the server has no mail server), then counts down the server's cooldown.
 */
export function SendCodeButton({
  form,
  purpose,
  testId,
}: {
  form: FormInstance;
  purpose: 'register' | 'login';
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [left, startCooldown] = useCooldown();
  const [sending, setSending] = useState(false);

  const onClick = async () => {
    let email: string;
    try {
      ({ email } = await form.validateFields(['email']));
    } catch {
      return;
    }
    setSending(true);
    try {
      const { cooldown, delivery } = await sendCode({ email: email.trim(), purpose });
      startCooldown(cooldown);
      // Only a server with a mail server e-mails the code; without one the operator holds it.
      if (delivery === 'mail') void message.success(t('login.codeSent'));
      else void message.info(t('login.codeWithOperator'), 8);
    } catch {
      // the client has shown the translated error
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      data-testid={testId}
      onClick={onClick}
      loading={sending}
      disabled={left > 0}
      style={{ minWidth: 128 }}
    >
      {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
    </Button>
  );
}
