import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import Button from 'antd/es/button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { AppFooter } from '../../app/shell/AppFooter';
import { BrandMark } from '../../app/shell/BrandMark';
import { LanguageSwitch } from '../../app/shell/LanguageSwitch';
import { PageLoading } from '../../app/shell/PageLoading';
import { useConfirmLogout } from '../../app/shell/useConfirmLogout';
import './play.css';

/**
 * The players' frame: phone first (readable from 375 px), no minimum width. Brand, language switch and
 * logout; after logging out and in again the player comes back to the same page.
 */
export function PlayLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const confirmLogout = useConfirmLogout(location.pathname);

  return (
    <div className="play-shell" data-testid="play-shell">
      <header className="play-header">
        <Link to="/play" className="app-brand" aria-label="taikai">
          <BrandMark />
        </Link>
        <div className="play-header-actions">
          <LanguageSwitch />
          <Button
            data-testid="logout"
            icon={<LogoutOutlined />}
            onClick={confirmLogout}
            aria-label={t('shell.logout')}
          >
            <span className="play-hide-xs">{t('shell.logout')}</span>
          </Button>
        </div>
      </header>
      <main className="play-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
