import type { QueryClient } from '@tanstack/react-query';
import type { ContestDetail, SeasonItem } from '../../../api/calls';
import { keys } from '../../../api/queries';

function upsert(list: readonly SeasonItem[], season: SeasonItem): SeasonItem[] {
  return list.some((s) => s.season_id === season.season_id)
    ? list.map((s) => (s.season_id === season.season_id ? season : s))
    : [...list, season];
}

/**
 * After a season was created or changed: the season list and the tournament (whose `season_list` the
 * season pages read) show the season as the server answered at once, then both are loaded again.
 */
export async function seasonChanged(
  queryClient: QueryClient,
  uniqueId: number,
  season?: SeasonItem,
): Promise<void> {
  if (season) {
    queryClient.setQueryData<SeasonItem[]>(keys.seasons(uniqueId), (list) => list && upsert(list, season));
    queryClient.setQueryData<ContestDetail>(
      keys.contest(uniqueId),
      (contest) => contest && { ...contest, season_list: upsert(contest.season_list, season) },
    );
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.seasons(uniqueId) }),
    queryClient.invalidateQueries({ queryKey: keys.contest(uniqueId) }),
  ]);
}
