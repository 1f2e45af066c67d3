import Layout from 'antd/es/layout';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './AppFooter';
import { LanguageSwitch } from './LanguageSwitch';
import { PageLoading } from './PageLoading';

/** Frame of the login and registration pages. */
export function PublicLayout() {
  return (
    <Layout className="public-shell">
      <div className="public-top">
        <span className="app-brand">
          <span className="app-logo">雀</span>
          <span className="app-name">taikai</span>
        </span>
        <LanguageSwitch />
      </div>
      <Layout.Content className="public-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
