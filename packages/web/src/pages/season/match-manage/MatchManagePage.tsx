import type { SeasonChange } from '@taikai/protocol';
import App from 'antd/es/app';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useSeasonEvents } from '../../../api/season-events';
import type { SeasonPageProps } from '../pageProps';
import { gamesReadOnly } from './access';
import { FailedGamesCard } from './FailedGamesCard';
import { PlannedGamesCard } from './PlannedGamesCard';
import { RunningGamesCard } from './RunningGamesCard';

/**
 * Game manager (spec §2 match-manage): the running games, the planned games waiting to start, then the tables
 * that failed (announced as they fail, while the page is open).
 */
export default function MatchManagePage(props: SeasonPageProps) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const uniqueId = props.contest.unique_id;
  const seasonId = props.season.season_id;
  const announce = (change: SeasonChange) => {
    if (change.kind !== 'failed') return;
    notification.warning({
      key: `failed-${change.uuid}`,
      title: t('matchManage.failedAnnounce'),
      description: t(`matchManage.failReasons.${change.reason}`, { name: t('matchManage.aPlayer') }),
      placement: 'bottomRight',
    });
  };
  const { live } = useSeasonEvents(uniqueId, seasonId, announce);
  const readOnly = gamesReadOnly(props);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="match-manage-page">
      <RunningGamesCard uniqueId={uniqueId} seasonId={seasonId} live={live} readOnly={readOnly} />
      <PlannedGamesCard uniqueId={uniqueId} seasonId={seasonId} live={live} readOnly={readOnly} />
      <FailedGamesCard uniqueId={uniqueId} seasonId={seasonId} live={live} />
    </Space>
  );
}
