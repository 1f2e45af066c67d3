import Layout from 'antd/es/layout';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './AppFooter';
import { PageLoading } from './PageLoading';

/** A frame around the routed page: the given top bar, the page (a spinner while its code loads), the footer. */
export function PageFrame({
  top,
  className,
  contentClassName,
}: {
  top: ReactNode;
  className: string;
  contentClassName: string;
}) {
  return (
    <Layout className={className}>
      {top}
      <Layout.Content className={contentClassName}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
