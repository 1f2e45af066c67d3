import { useSeasonEvents } from '../../../api/season-events';
import { gamesReadOnly } from '../match-manage/access';
import { PlannedGamesCard } from '../match-manage/PlannedGamesCard';
import type { SeasonPageProps } from '../pageProps';

/**
 * Reservation manager (spec §2 reservation-manage): the planned games with their seats' ready state, stop a
 * plan. The menu shows it only while the season has a plan.
 */
export default function ReservationManagePage(props: SeasonPageProps) {
  const uniqueId = props.contest.unique_id;
  const seasonId = props.season.season_id;
  const { live } = useSeasonEvents(uniqueId, seasonId);
  return (
    <div data-testid="reservation-manage-page">
      <PlannedGamesCard uniqueId={uniqueId} seasonId={seasonId} live={live} readOnly={gamesReadOnly(props)} />
    </div>
  );
}
