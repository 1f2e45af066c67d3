import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContestList } from '../../api/queries';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { AnnouncementPanel } from './AnnouncementPanel';
import { ContestCard } from './ContestCard';
import { CreateContestCard } from './CreateContestCard';

const CreateContestDialog = lazy(() => import('./CreateContestDialog'));

/** My tournaments: the ones this account created or manages, newest first. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, isFetching } = useContestList();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const contests = useMemo(
    () => [...(data ?? [])].sort((a, b) => b.create_time - a.create_time || b.unique_id - a.unique_id),
    [data],
  );

  return (
    <Row gutter={24}>
      <Col span={17}>
        <div className="page-title">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('home.title')}
          </Typography.Title>
          {/* The player portal: tournaments to play in, and this account's sign-ups. */}
          <Button icon={<TrophyOutlined />} data-testid="home-to-portal" onClick={() => navigate('/play')}>
            {t('home.toPortal')}
          </Button>
        </div>
        <div className="contest-grid" data-testid="contest-list">
          <CreateContestCard onClick={() => setCreating(true)} />
          {isPending
            ? [0, 1].map((i) => <Skeleton.Node key={i} active style={{ width: '100%', height: 196 }} />)
            : contests.map((c) => <ContestCard key={c.unique_id} contest={c} />)}
        </div>
        {isError && (
          <LoadFailedAlert style={{ marginTop: 16 }} retrying={isFetching} onRetry={() => void refetch()} />
        )}
        {!isPending && !isError && contests.length === 0 && (
          <Empty style={{ marginTop: 32 }} description={t('home.empty')} data-testid="contest-list-empty" />
        )}
      </Col>
      <Col span={7}>
        <AnnouncementPanel />
      </Col>
      {creating && (
        <Suspense fallback={null}>
          <CreateContestDialog open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Row>
  );
}
