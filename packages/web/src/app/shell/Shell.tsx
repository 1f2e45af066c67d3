import Layout from 'antd/es/layout';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useServerClock } from '../../api/queries';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { PageLoading } from './PageLoading';

/** The signed-in frame: header, the page, footer; never narrower than 1248 px. */
export function Shell() {
  // The server's clock is read at start-up: creation and season times are checked against it.
  useServerClock();
  return (
    <Layout className="app-shell">
      <AppHeader />
      <Layout.Content className="app-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
