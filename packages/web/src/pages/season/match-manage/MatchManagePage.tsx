import Space from 'antd/es/space';
import { useSeasonEvents } from '../../../api/season-events';
import type { SeasonPageProps } from '../subpages';
import { gamesReadOnly } from './access';
import { PlannedGamesCard } from './PlannedGamesCard';
import { RunningGamesCard } from './RunningGamesCard';

/** Game manager (spec §2 match-manage): the running games, then the planned games waiting to start. */
export default function MatchManagePage(props: SeasonPageProps) {
  const uniqueId = props.contest.unique_id;
  const seasonId = props.season.season_id;
  const { live } = useSeasonEvents(uniqueId, seasonId);
  const readOnly = gamesReadOnly(props);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="match-manage-page">
      <RunningGamesCard uniqueId={uniqueId} seasonId={seasonId} live={live} readOnly={readOnly} />
      <PlannedGamesCard uniqueId={uniqueId} seasonId={seasonId} live={live} readOnly={readOnly} />
    </Space>
  );
}
