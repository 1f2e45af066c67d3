import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useParams } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { CrashPage, RouteCrash } from './shell/CrashPage';
import { PageLoading } from './shell/PageLoading';
import { PublicLayout } from './shell/PublicLayout';
import { RequireToken } from './shell/RequireToken';
import { Shell } from './shell/Shell';

const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const RegisterPage = lazy(() => import('../pages/register/RegisterPage'));
const PrivacyPage = lazy(() => import('../pages/privacy/PrivacyPage'));
const HomePage = lazy(() => import('../pages/home/HomePage'));
const ContestPage = lazy(() => import('../pages/contest/ContestPage'));
const InfoTab = lazy(() => import('../pages/contest/info/InfoTab'));
const NoticeTab = lazy(() => import('../pages/contest/notice/NoticeTab'));
const ManagerTab = lazy(() => import('../pages/contest/manager/ManagerTab'));
const HistoryTab = lazy(() => import('../pages/contest/history/HistoryTab'));
const SeasonsTab = lazy(() => import('../pages/contest/seasons/SeasonsTab'));
const UserCardsTab = lazy(() => import('../pages/contest/user/UserCardsTab'));
const SeasonPage = lazy(() => import('../pages/season/SeasonPage'));
const ApiKeysPage = lazy(() => import('../pages/account/ApiKeysPage'));
// Social login: the provider's landing page, and the account's ways to log in.
const SocialLanding = lazy(() => import('../pages/login/SocialLanding'));
const LoginMethodsPage = lazy(() => import('../pages/account/LoginMethodsPage'));
// The operator console: operator accounts only (the server refuses everyone else with 2506).
const OperatorPage = lazy(() => import('../pages/operator/OperatorPage'));
// The player portal: chunks of its own, loaded when a player's page is opened.
const PlayLayout = lazy(() => import('../pages/play/PlayLayout'));
const PlayIndexPage = lazy(() => import('../pages/play/PlayIndexPage'));
const PlayPage = lazy(() => import('../pages/play/PlayPage'));
const TablePage = lazy(() => import('../pages/play/table/TablePage'));
const ReplayPage = lazy(() => import('../pages/play/replay/ReplayPage'));
const WatchPage = lazy(() => import('../pages/play/watch/WatchPage'));
const PlayRecordsPage = lazy(() => import('../pages/play/records/RecordsPage'));
// Broadcasting: overlays for streaming software, a season's public live page, the console's links tab.
const OverlayTablePage = lazy(() => import('../pages/broadcast/OverlayTablePage'));
const OverlayStandingsPage = lazy(() => import('../pages/broadcast/OverlayStandingsPage'));
const LivePage = lazy(() => import('../pages/broadcast/LivePage'));
const BroadcastTab = lazy(() => import('../pages/broadcast/BroadcastTab'));
const WebhooksTab = lazy(() => import('../pages/contest/webhooks/WebhooksTab'));

const router = createBrowserRouter([
  {
    errorElement: <RouteCrash />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/login/social', element: <SocialLanding /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
        ],
      },
      {
        // Overlays (browser sources) and a season's live page: no login; an overlay opens with its link's token.
        element: (
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        ),
        children: [
          { path: '/overlay/table/:token', element: <OverlayTablePage /> },
          { path: '/overlay/standings/:token', element: <OverlayStandingsPage /> },
          { path: '/play/:contestId/live', element: <LivePage /> },
        ],
      },
      {
        // A game's table: the whole screen, outside the players' frame.
        path: '/play/game/:gameUuid',
        element: (
          <RequireToken>
            <Suspense fallback={null}>
              <TablePage />
            </Suspense>
          </RequireToken>
        ),
      },
      {
        // A record's replay: the table's board, step by step.
        path: '/play/replay/:uuid',
        element: (
          <RequireToken>
            <Suspense fallback={null}>
              <ReplayPage />
            </Suspense>
          </RequireToken>
        ),
      },
      {
        // A running game watched (`?unique_id=`): every hand open, behind the table by the tournament's delay.
        path: '/play/watch/:uuid',
        element: (
          <RequireToken>
            <Suspense fallback={null}>
              <WatchPage />
            </Suspense>
          </RequireToken>
        ),
      },
      {
        // The players' pages: phone first, outside the organisers' shell.
        element: (
          <RequireToken>
            <Suspense fallback={<PageLoading />}>
              <PlayLayout />
            </Suspense>
          </RequireToken>
        ),
        children: [
          { path: '/play', element: <PlayIndexPage /> },
          { path: '/play/records', element: <PlayRecordsPage /> },
          { path: '/play/:contestId', element: <PlayPage /> },
        ],
      },
      {
        element: (
          <RequireToken>
            <Shell />
          </RequireToken>
        ),
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/account/api-keys', element: <ApiKeysPage /> },
          { path: '/account/logins', element: <LoginMethodsPage /> },
          { path: '/operator', element: <OperatorPage /> },
          {
            path: '/contest/:contestId',
            element: <ContestPage />,
            children: [
              { index: true, element: <InfoTab /> },
              { path: 'announcement', element: <NoticeTab /> },
              { path: 'manager', element: <ManagerTab /> },
              { path: 'history', element: <HistoryTab /> },
              { path: 'broadcast', element: <BroadcastTab /> },
              { path: 'webhooks', element: <WebhooksTab /> },
              { path: 'user', element: <UserCardsTab /> },
              { path: 'season', element: <SeasonsTab /> },
              { path: 'season/:seasonId/*', element: <SeasonPage /> },
              // An unknown tab goes to the info tab ("." inside a splat route would stay on the address).
              { path: '*', element: <ToContestInfo /> },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);

/** The tournament's info tab, replacing the address. */
function ToContestInfo() {
  const { contestId = '' } = useParams();
  return <Navigate to={`/contest/${contestId}`} replace />;
}

// After logging in again, the organiser returns to the page the refused call came from.
setUnauthorizedHandler(() => {
  const from = router.state.location.pathname;
  if (from !== '/login' && from !== '/register')
    void router.navigate('/login', { replace: true, state: { from } });
});

export function AppRouter() {
  return (
    <CrashPage>
      <RouterProvider router={router} />
    </CrashPage>
  );
}
