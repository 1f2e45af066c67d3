import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { type ContestAction, ErrorCode, textFor } from '@taikai/protocol';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../api/client';
import { toastError } from '../../api/notify';
import { useContestDetail } from '../../api/queries';
import { PageLoading } from '../../app/shell/PageLoading';
import { currentLanguage } from '../../i18n';
import { rightsOf } from './rights';
import { type ContestOutlet, useRouteUniqueId } from './useContestRoute';

/** The tabs, each offered to the roles the policy allows its action (`rightsOf`). */
const TABS: readonly { key: string; label: string; action: ContestAction }[] = [
  { key: '', label: 'contest.tabs.info', action: 'view' },
  { key: 'announcement', label: 'contest.tabs.announcement', action: 'view' },
  { key: 'manager', label: 'contest.tabs.manager', action: 'view' },
  { key: 'user', label: 'contest.tabs.user', action: 'view' },
  { key: 'season', label: 'contest.tabs.seasons', action: 'view' },
  { key: 'history', label: 'contest.tabs.history', action: 'viewHistory' },
  // Broadcast overlay links.
  { key: 'broadcast', label: 'contest.tabs.broadcast', action: 'shareOverlays' },
  // The tournament's webhooks and their delivery log.
  { key: 'webhooks', label: 'contest.tabs.webhooks', action: 'manageWebhooks' },
];

/** Tournament pages: the tournament's header, its tab bar, and the tab's page. */
export default function ContestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { uniqueId, resolving, routeId } = useRouteUniqueId();
  const detail = useContestDetail(uniqueId ?? 0);

  // A tournament that cannot be loaded sends the organiser back to "My tournaments" with the reason.
  const failed = !resolving && (uniqueId === null || detail.isError);
  useEffect(() => {
    if (!failed) return;
    const error = detail.error;
    if (error instanceof ApiError) toastError(error.message);
    else toastError(errorText(ErrorCode.CONTEST_NOT_FOUND));
    navigate('/', { replace: true });
  }, [failed, detail.error, navigate]);

  if (failed || resolving || !detail.data) return <PageLoading />;
  const contest = detail.data;

  const base = `/contest/${routeId}`;
  const rest = location.pathname.slice(base.length).replace(/^\//, '');
  const active = rest.split('/')[0] ?? '';
  const outlet: ContestOutlet = { contest, routeId };

  return (
    <div data-testid="contest-page">
      <div className="contest-header">
        <Link to="/">
          <ArrowLeftOutlined /> {t('contest.back')}
        </Link>
        <Space align="center" size="middle" style={{ display: 'flex', marginTop: 8 }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="contest-title">
            {textFor(contest.contest_name, currentLanguage())}
          </Typography.Title>
          <Tag color="red" data-testid="contest-id">
            ID {contest.contest_id}
          </Tag>
        </Space>
      </div>
      <Tabs
        activeKey={active}
        // A click on the active tab still navigates: from a season page, "Seasons" returns to the list.
        onTabClick={(key) => navigate(key ? `${base}/${key}` : base)}
        items={TABS.filter((tab) => rightsOf(contest).can(tab.action)).map((tab) => ({
          key: tab.key,
          label: <span data-testid={`contest-tab-${tab.key || 'info'}`}>{t(tab.label)}</span>,
        }))}
      />
      <Suspense fallback={<PageLoading />}>
        <Outlet context={outlet} />
      </Suspense>
    </div>
  );
}
