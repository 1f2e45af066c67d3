import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSeasonBlacklist, fetchSeasonPlayerList, type SeasonPlayer } from '../../../api/calls';
import { keys } from '../../../api/queries';
import type { PageOf } from '../../../components/export/exportPages';
import { playerSearchParam } from '../../../components/players/accounts';

export interface PlayerPageQuery {
  search: string;
  page: number;
  pageSize: number;
}

/** One page of the season's players in a state: 1 the sign-ups awaiting review, 2 the roster. */
export function useSeasonPlayerPage(
  uniqueId: number,
  seasonId: number,
  state: 1 | 2,
  { search, page, pageSize }: PlayerPageQuery,
) {
  const params = { ...playerSearchParam(search), offset: (page - 1) * pageSize, limit: pageSize };
  return useQuery({
    queryKey: [...keys.seasonPlayers(uniqueId, seasonId), state === 1 ? 'signups' : 'roster', params],
    queryFn: () =>
      fetchSeasonPlayerList({ unique_id: uniqueId, season_id: seasonId, state, ...params }, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the season's roster (accepted players, state 2). */
export function useRoster(uniqueId: number, seasonId: number, query: PlayerPageQuery) {
  return useSeasonPlayerPage(uniqueId, seasonId, 2, query);
}

/** The season's blacklist (the whole list: the server sends it at once). */
export function useBlacklist(uniqueId: number, seasonId: number) {
  return useQuery({
    queryKey: [...keys.seasonPlayers(uniqueId, seasonId), 'blacklist'],
    queryFn: () => fetchSeasonBlacklist({ unique_id: uniqueId, season_id: seasonId }),
  });
}

/** One page of the roster as the CSV export reads it: every accepted player, whatever the table's search. */
export async function fetchRosterPage(
  uniqueId: number,
  seasonId: number,
  offset: number,
  limit: number,
): Promise<PageOf<SeasonPlayer>> {
  const page = await fetchSeasonPlayerList({
    unique_id: uniqueId,
    season_id: seasonId,
    state: 2,
    offset,
    limit,
  });
  return { items: page.list, total: page.total };
}
