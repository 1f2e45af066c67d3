import { type PlayerPageQuery, useSeasonPlayerPage } from '../user/queries';

/** One page of the season's sign-ups awaiting review (state 1). */
export function useSignups(uniqueId: number, seasonId: number, query: PlayerPageQuery) {
  return useSeasonPlayerPage(uniqueId, seasonId, 1, query);
}
