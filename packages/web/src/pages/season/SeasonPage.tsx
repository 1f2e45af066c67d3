import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { SEASON_SUBPAGES } from '../../app/seasonRoutes';
import { ComingSoon } from '../../components/ComingSoon';
import { useContestOutlet } from '../contest/useContestRoute';

/**
 * Season pages. A season the loaded tournament does not have goes to the season list;
 * an unknown sub-path goes to the first sub-page (season info).
 */
export default function SeasonPage() {
  const { t } = useTranslation();
  const { contest, routeId } = useContestOutlet();
  const { seasonId = '', '*': sub = '' } = useParams();
  const season = contest.season_list.find((s) => String(s.season_id) === seasonId);
  const seasonBase = `/contest/${routeId}/season`;
  if (!season) return <Navigate to={seasonBase} replace />;
  const page = sub.split('/')[0] ?? '';
  if (!(SEASON_SUBPAGES as readonly string[]).includes(page) || sub.includes('/'))
    return <Navigate to={`${seasonBase}/${season.season_id}`} replace />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="season-page">
      <Link to={seasonBase}>
        <ArrowLeftOutlined /> {t('season.back')}
      </Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('season.title', { seasonId: season.season_id })}
      </Typography.Title>
      <ComingSoon />
    </Space>
  );
}
