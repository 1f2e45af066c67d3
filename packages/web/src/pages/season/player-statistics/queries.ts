import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  type CalcRankSetting,
  fetchSeasonPlayerCalcRank,
  fetchSeasonPlayerRank,
  rankingKeys,
} from '../../../api/ranking-calls';

// The page's rankings, read without a toast (the page shows a failure in place). Their keys sit under the
// season's game lists: the season stream reads them again when a game ends or a record is removed or restored.

export function useRankPage(uniqueId: number, seasonId: number, offset: number, limit: number) {
  return useQuery({
    queryKey: [...rankingKeys.rank(uniqueId, seasonId), { offset, limit }] as const,
    queryFn: () =>
      fetchSeasonPlayerRank({ unique_id: uniqueId, season_id: seasonId, offset, limit }, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the calculated ranking under `setting`; nothing is read until a setting is calculated. */
export function useCalcRankPage(
  uniqueId: number,
  seasonId: number,
  setting: CalcRankSetting | null,
  offset: number,
  limit: number,
) {
  return useQuery({
    queryKey: [...rankingKeys.calcRank(uniqueId, seasonId), { setting, offset, limit }] as const,
    queryFn:
      setting === null
        ? skipToken
        : () =>
            fetchSeasonPlayerCalcRank(
              { unique_id: uniqueId, season_id: seasonId, setting, offset, limit },
              { silent: true },
            ),
    placeholderData: keepPreviousData,
  });
}
