import Layout from 'antd/es/layout';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useContactHref } from './contact';

const PRIVACY_URL = import.meta.env.VITE_PRIVACY_URL ?? '/privacy';

export function AppFooter() {
  const { t } = useTranslation();
  const contact = useContactHref();
  return (
    <Layout.Footer className="app-footer" data-testid="app-footer">
      <Space separator={<span className="footer-sep">·</span>} size="middle">
        {contact && (
          <a href={contact} data-testid="footer-contact">
            {t('shell.contact')}
          </a>
        )}
        <a href={PRIVACY_URL} target="_blank" rel="noreferrer" data-testid="footer-privacy">
          {t('shell.privacy')}
        </a>
        <span data-testid="footer-version">{t('shell.version', { version: __APP_VERSION__ })}</span>
      </Space>
    </Layout.Footer>
  );
}
