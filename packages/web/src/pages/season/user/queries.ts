import { LIMITS } from '@taikai/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSeasonBlacklist, fetchSeasonPlayerList, type SeasonPlayer } from '../../../api/calls';
import { keys } from '../../../api/queries';
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

/**
 * The whole roster for the CSV export, fetched in pages of 100; `onProgress` hears the rows fetched so far
 * and the total. `cancelled` is asked between pages.
 */
export async function fetchWholeRoster(
  uniqueId: number,
  seasonId: number,
  onProgress: (done: number, total: number) => void,
  cancelled: () => boolean,
): Promise<SeasonPlayer[] | null> {
  const limit = LIMITS.DOWNLOAD_PAGE_SIZE;
  const rows: SeasonPlayer[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (rows.length < total) {
    const page = await fetchSeasonPlayerList({
      unique_id: uniqueId,
      season_id: seasonId,
      state: 2,
      offset: rows.length,
      limit,
    });
    if (cancelled()) return null;
    total = page.total;
    rows.push(...page.list);
    onProgress(rows.length, total);
    if (page.list.length < limit) break;
  }
  return rows;
}
