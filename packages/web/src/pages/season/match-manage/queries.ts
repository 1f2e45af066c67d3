import { LIMITS } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import { fetchFailedGames, fetchGamePlans, fetchRunningGames, type GamePlan } from '../../../api/game-calls';
import { gameListKey } from '../../../api/queries';

// The lists of the match pages. Their keys are `[...keys.games(u, s), kind]` exactly: the season's live stream
// invalidates them by kind and patches the running list in place.

export const runningKey = (uniqueId: number, seasonId: number) => gameListKey(uniqueId, seasonId, 'running');
export const plansKey = (uniqueId: number, seasonId: number) => gameListKey(uniqueId, seasonId, 'plans');
export const failedKey = (uniqueId: number, seasonId: number) => gameListKey(uniqueId, seasonId, 'failed');

// Both lists are read without an error toast (they refresh on their own, and the season menu reads the plans
// too): the pages show a failure in place.
const fetchPlansQuietly = (uniqueId: number, seasonId: number) =>
  fetchGamePlans({ unique_id: uniqueId, season_id: seasonId }, { silent: true });
const fetchRunningQuietly = (uniqueId: number, seasonId: number) =>
  fetchRunningGames({ unique_id: uniqueId, season_id: seasonId }, { silent: true });

/** True when a waiting plan still has a player seat that is not ready. */
export function awaitsReadyPlayers(plans: readonly GamePlan[] | undefined): boolean {
  return (plans ?? []).some((p) => p.accounts.some((a) => a.account_id !== 0 && a.ready !== 1));
}

/**
 * How often the plan list is read again. Ready state of the seats changes without a plan change, so while a
 * plan waits for players it follows the ready refresh (5 s); otherwise the stream says when plans change, and
 * without the stream the running refresh (30 s) applies.
 */
export function plansRefreshMs(plans: readonly GamePlan[] | undefined, live: boolean): number | false {
  if (awaitsReadyPlayers(plans)) return LIMITS.READY_REFRESH_MS;
  return live ? false : LIMITS.RUNNING_REFRESH_MS;
}

/** The running games of the season; read again every 30 s only while the live stream is down. */
export function useRunningGames(uniqueId: number, seasonId: number, live: boolean) {
  return useQuery({
    queryKey: runningKey(uniqueId, seasonId),
    queryFn: () => fetchRunningQuietly(uniqueId, seasonId),
    refetchInterval: live ? false : LIMITS.RUNNING_REFRESH_MS,
  });
}

/**
 * The waiting game plans of the season. `live`: whether the stream is up (undefined where the page does not
 * follow it, as in the season menu: no refresh of its own there).
 */
export function useGamePlans(
  uniqueId: number,
  seasonId: number,
  options: { live?: boolean; enabled?: boolean } = {},
) {
  const { live, enabled = true } = options;
  return useQuery({
    queryKey: plansKey(uniqueId, seasonId),
    queryFn: () => fetchPlansQuietly(uniqueId, seasonId),
    enabled,
    refetchInterval: live === undefined ? false : (query) => plansRefreshMs(query.state.data, live),
  });
}

/** The season's failed tables, newest first; the stream says when a table fails, else read every 30 s. */
export function useFailedGames(uniqueId: number, seasonId: number, live: boolean) {
  return useQuery({
    queryKey: failedKey(uniqueId, seasonId),
    queryFn: () => fetchFailedGames({ unique_id: uniqueId, season_id: seasonId }, { silent: true }),
    refetchInterval: live ? false : LIMITS.RUNNING_REFRESH_MS,
  });
}
