import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { levelLabel } from '../../../components/levels/PlayerLevels';
import { fetchAccountLevel, type MyLevel, portalKeys } from '../api';

/**
 * The player's own levels on both ladders (level name, points and the next step's target) and zone, in the
 * portal; nothing when they cannot be read (the page goes on without them).
 */
export function LevelCard() {
  const { t } = useTranslation();
  const level = useQuery({
    queryKey: portalKeys.level,
    queryFn: () => fetchAccountLevel({ silent: true }),
  });
  if (level.isError) return null;
  return (
    <Card className="play-card" data-testid="play-level">
      <Typography.Title level={4} className="play-title">
        <TrophyOutlined /> {t('portal.level.title')}
      </Typography.Title>
      {!level.data ? <Skeleton active paragraph={{ rows: 2 }} /> : <Levels data={level.data} />}
    </Card>
  );
}

function Levels({ data }: { data: MyLevel }) {
  const { t } = useTranslation();
  return (
    <div className="play-stack">
      {data.levels.map((l) => (
        <div key={l.type} data-testid={`play-level-${l.type === 1 ? '4p' : '3p'}`}>
          <Typography.Text type="secondary">
            {l.type === 1 ? t('portal.level.fourPlayer') : t('portal.level.threePlayer')}
          </Typography.Text>{' '}
          <Typography.Text strong data-testid={`play-level-${l.type === 1 ? '4p' : '3p'}-name`}>
            {levelLabel(t, l.level)}
          </Typography.Text>
          {l.target === null ? (
            <div>
              <Typography.Text type="secondary">
                {t('portal.level.top', { points: l.points })}
              </Typography.Text>
            </div>
          ) : (
            <Progress
              percent={Math.min(100, Math.round((l.points / l.target) * 100))}
              format={() => t('portal.level.points', { points: l.points, target: l.target })}
              size="small"
            />
          )}
        </div>
      ))}
      <Typography.Text type="secondary" data-testid="play-level-zone">
        {t('portal.level.zone', { zone: t(`info.zone${data.zone}`) })} · {t('portal.level.hint')}
      </Typography.Text>
    </div>
  );
}
