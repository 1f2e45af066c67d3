import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchGameRecords, fetchMarkedGames } from '../../../api/game-calls';
import { keys } from '../../../api/queries';

// The record page's lists, under `[...keys.games(u, s), 'records' | 'marked']` so the season's live stream
// reads them again when a game ends. Read without a toast: the page shows a failure in place.

export interface RecordQuery {
  offset: number;
  limit: number;
  /** The list as it stood at its first page (the token that page answered), for the pages after it. */
  token?: string;
  start_time?: number;
  end_time?: number;
}

export const fetchRecordPage = (uniqueId: number, seasonId: number, query: RecordQuery, silent = true) =>
  fetchGameRecords({ unique_id: uniqueId, season_id: seasonId, ...query }, { silent });

export const fetchMarkedPage = (
  uniqueId: number,
  seasonId: number,
  offset: number,
  limit: number,
  silent = true,
) => fetchMarkedGames({ unique_id: uniqueId, season_id: seasonId, offset, limit }, { silent });

export function useRecordPage(uniqueId: number, seasonId: number, query: RecordQuery) {
  return useQuery({
    queryKey: [...keys.games(uniqueId, seasonId), 'records', query] as const,
    queryFn: () => fetchRecordPage(uniqueId, seasonId, query),
    placeholderData: keepPreviousData,
  });
}

export function useMarkedPage(uniqueId: number, seasonId: number, offset: number, limit: number) {
  return useQuery({
    queryKey: [...keys.games(uniqueId, seasonId), 'marked', { offset, limit }] as const,
    queryFn: () => fetchMarkedPage(uniqueId, seasonId, offset, limit),
    placeholderData: keepPreviousData,
  });
}
