import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** What this server keeps about its users, in the reader's language. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Card style={{ width: 720 }} title={t('privacy.title')} data-testid="privacy-page">
      <Typography.Paragraph>{t('privacy.stored')}</Typography.Paragraph>
      <Typography.Paragraph>{t('privacy.mail')}</Typography.Paragraph>
      <Typography.Paragraph>{t('privacy.contact')}</Typography.Paragraph>
    </Card>
  );
}
