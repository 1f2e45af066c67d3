import CopyOutlined from '@ant-design/icons/CopyOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** Where players sign up for a tournament: this console's /play page of its public id. */
export function signupLinkOf(origin: string, contestId: number): string {
  return `${origin}/play/${contestId}`;
}

/** The player sign-up link of a tournament, with a copy button. */
export function SignupLink({ contestId }: { contestId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const link = signupLinkOf(window.location.origin, contestId);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      void message.success(t('info.linkCopied'));
    } catch {
      // No clipboard (a page served over plain http, or permission refused): the link stays selectable.
      void message.error(t('info.copyFailed'));
    }
  };
  return (
    <Space size="small">
      <Typography.Text code data-testid="info-signup-link">
        {link}
      </Typography.Text>
      <Button
        size="small"
        icon={<CopyOutlined />}
        onClick={() => void copy()}
        data-testid="info-copy-signup-link"
      >
        {t('info.copyLink')}
      </Button>
    </Space>
  );
}
