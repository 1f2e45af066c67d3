import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSeasonPlayerList } from '../../../api/calls';
import { keys } from '../../../api/queries';
import { playerSearchParam } from '../../../components/players/accounts';

export interface SignupQuery {
  search: string;
  page: number;
  pageSize: number;
}

/** One page of the season's sign-ups awaiting review (state 1). */
export function useSignups(uniqueId: number, seasonId: number, { search, page, pageSize }: SignupQuery) {
  const params = { search: playerSearchParam(search), offset: (page - 1) * pageSize, limit: pageSize };
  return useQuery({
    queryKey: [...keys.seasonPlayers(uniqueId, seasonId), 'signups', params],
    queryFn: () =>
      fetchSeasonPlayerList(
        { unique_id: uniqueId, season_id: seasonId, state: 1, ...params },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}
