import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import Button from 'antd/es/button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { AppFooter } from '../../app/shell/AppFooter';
import { BrandMark } from '../../app/shell/BrandMark';
import { LanguageSwitch } from '../../app/shell/LanguageSwitch';
import { PageLoading } from '../../app/shell/PageLoading';
import { useConfirmLogout } from '../../app/shell/useConfirmLogout';
import { usePortalMessages } from '../../i18n/portal';
import './play.css';

/**
 * The players' frame (the portal, loaded on demand): phone first (from 360 px), no minimum width. Brand, the
 * portal's two places (my tournaments, my records), language switch and logout; after logging out and in again
 * the player comes back to the same page. Renders once the portal's strings of the language are loaded.
 */
export default function PlayLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const confirmLogout = useConfirmLogout(location.pathname);
  const messagesReady = usePortalMessages();

  return (
    <div className="play-shell" data-testid="play-shell">
      <header className="play-header">
        <Link to="/play" className="app-brand" aria-label="taikai">
          <BrandMark />
        </Link>
        <nav className="play-nav" aria-label={t('portal.nav.label')}>
          <NavLink to="/play" end className="play-nav-link" data-testid="play-nav-tournaments">
            <AppstoreOutlined />
            <span className="play-nav-text">{t('portal.nav.tournaments')}</span>
          </NavLink>
          <NavLink to="/play/records" className="play-nav-link" data-testid="play-nav-records">
            <HistoryOutlined />
            <span className="play-nav-text">{t('portal.nav.records')}</span>
          </NavLink>
        </nav>
        <div className="play-header-actions">
          <LanguageSwitch />
          <Button
            data-testid="logout"
            icon={<LogoutOutlined />}
            onClick={confirmLogout}
            aria-label={t('shell.logout')}
          >
            <span className="play-hide-narrow">{t('shell.logout')}</span>
          </Button>
        </div>
      </header>
      <main className="play-content">
        {messagesReady ? (
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        ) : (
          <PageLoading />
        )}
      </main>
      <AppFooter />
    </div>
  );
}
