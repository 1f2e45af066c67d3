import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { SeasonState } from '@taikai/protocol';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useSiteConfig } from '../../api/queries';
import { SEASON_SUBPAGE_LABEL, type SeasonSubpage, seasonMenu, seasonPageAt } from '../../app/seasonRoutes';
import { PageLoading } from '../../app/shell/PageLoading';
import { ComingSoon } from '../../components/ComingSoon';
import { useContestOutlet } from '../contest/useContestRoute';
import { useGamePlans } from './match-manage/queries';
import { SUBPAGE_COMPONENTS } from './subpages';

/**
 * Season pages. A season the loaded tournament does not have goes to the season list; an unknown sub-path,
 * or a sub-page the menu hides for this season, goes to the first sub-page (season info).
 */
export default function SeasonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { contest, routeId } = useContestOutlet();
  const { seasonId = '', '*': sub = '' } = useParams();
  const site = useSiteConfig();
  const chat = site.data?.chat === 1;
  const season = contest.season_list.find((s) => String(s.season_id) === seasonId);
  // Reservation management is offered while the season has a game plan (spec §2); only live seasons have plans.
  const plansOffered =
    season !== undefined &&
    (season.state === SeasonState.PENDING ||
      season.state === SeasonState.RUNNING ||
      season.state === SeasonState.FINISHED);
  const plans = useGamePlans(contest.unique_id, season?.season_id ?? 0, { enabled: plansOffered });
  const hasGamePlans = (plans.data?.length ?? 0) > 0;
  const seasonList = `/contest/${routeId}/season`;
  if (!season) return <Navigate to={seasonList} replace />;
  const base = `${seasonList}/${season.season_id}`;
  // Whether the chat settings are offered is known once the site config has loaded; reservation management
  // once the plans have.
  if (site.isPending && sub.startsWith('chat-setting')) return <PageLoading />;
  if (plansOffered && plans.isPending && sub.startsWith('reservation-manage')) return <PageLoading />;
  const menu = seasonMenu({ ...season, chat, hasGamePlans });
  const current = seasonPageAt(sub, menu);
  if (current === null) return <Navigate to={base} replace />;
  const Page = SUBPAGE_COMPONENTS[current];
  const label = (p: SeasonSubpage) => t(`season.pages.${SEASON_SUBPAGE_LABEL[p]}`);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="season-page">
      <Link to={seasonList}>
        <ArrowLeftOutlined /> {t('season.back')}
      </Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('season.title', { seasonId: season.season_id })}
      </Typography.Title>
      <Tabs
        type="card"
        activeKey={current}
        onChange={(key) => navigate(key ? `${base}/${key}` : base)}
        items={menu.map((p) => ({
          key: p,
          label: <span data-testid={`season-tab-${p || 'info'}`}>{label(p)}</span>,
        }))}
      />
      {Page ? (
        <Suspense fallback={<PageLoading />}>
          <Page contest={contest} season={season} />
        </Suspense>
      ) : (
        <ComingSoon title={label(current)} />
      )}
    </Space>
  );
}
