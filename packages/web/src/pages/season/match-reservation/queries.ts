import { LIMITS } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import { fetchGamePlans, fetchReadyPlayers, fetchRunningGames } from '../../../api/game-calls';
import { gameListKey } from '../../../api/queries';
import { pollInterval } from '../../../api/season-events';

// The lists of the match reservation page. They follow the season's event stream; while it is down they are
// read again at the spec's intervals (ready players and plans 5 s, running games 30 s). After a failed read the
// next one waits for the slow interval, so a server that is down is not asked (and toasted) every 5 s.

const every = (live: boolean, ms: number) => (query: { state: { status: string } }) =>
  query.state.status === 'error' ? LIMITS.RUNNING_REFRESH_MS : pollInterval(live, ms);

/** Players of the roster who are ready now; `busy` 1 = already seated in a waiting plan. */
export function useReadyPlayers(uniqueId: number, seasonId: number, live: boolean) {
  return useQuery({
    queryKey: gameListKey(uniqueId, seasonId, 'ready'),
    queryFn: () => fetchReadyPlayers({ unique_id: uniqueId, season_id: seasonId }),
    refetchInterval: every(live, LIMITS.READY_REFRESH_MS),
  });
}

/** Waiting game plans, soonest first. */
export function useGamePlans(uniqueId: number, seasonId: number, live: boolean) {
  return useQuery({
    queryKey: gameListKey(uniqueId, seasonId, 'plans'),
    queryFn: () => fetchGamePlans({ unique_id: uniqueId, season_id: seasonId }),
    refetchInterval: every(live, LIMITS.READY_REFRESH_MS),
  });
}

/** Running games with their progress. */
export function useRunningGames(uniqueId: number, seasonId: number, live: boolean) {
  return useQuery({
    queryKey: gameListKey(uniqueId, seasonId, 'running'),
    queryFn: () => fetchRunningGames({ unique_id: uniqueId, season_id: seasonId }),
    refetchInterval: every(live, LIMITS.RUNNING_REFRESH_MS),
  });
}
