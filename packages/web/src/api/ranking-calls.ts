import {
  type CalcRankSettingWire,
  FetchSeasonPlayerCalcRankRes,
  FetchSeasonPlayerDataRes,
  FetchSeasonPlayerRankRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import { type CallOptions, request } from './client';
import { gameListKey } from './queries';

// The ranking calls of the player statistics page and the player cards. Their cache entries live under the
// season's game lists (`[...keys.games(u, s), 'rank' | 'calcRank' | 'playerData', …]`), so a finished, removed
// or restored game (the season stream's `records` change) reads them again.

type SeasonRef = { unique_id: number; season_id: number };
const contest = (name: string) => `/api/contest/${name}`;

export type RankPageQuery = SeasonRef & { offset: number; limit: number };

/** One page of the season's personal ranking, as it stands now (no cooldown, no cache on the server). */
export const fetchSeasonPlayerRank = (query: RankPageQuery, options?: CallOptions) =>
  request('POST', contest('fetch_season_player_rank'), FetchSeasonPlayerRankRes, query, options);

export type CalcRankSetting = z.output<typeof CalcRankSettingWire>;

/** One page of the calculated ranking under `setting` (only players with `min_games` games). */
export const fetchSeasonPlayerCalcRank = (
  query: RankPageQuery & { setting: CalcRankSetting },
  options?: CallOptions,
) => request('POST', contest('fetch_season_player_calc_rank'), FetchSeasonPlayerCalcRankRes, query, options);

/** One player's statistics in a season: counts, rates, averages, current rank, recent and all games. */
export const fetchSeasonPlayerData = (query: SeasonRef & { account_id: number }, options?: CallOptions) =>
  request('GET', contest('fetch_season_player_data'), FetchSeasonPlayerDataRes, query, options);

export type RankPage = z.output<typeof FetchSeasonPlayerRankRes>;
export type RankRow = RankPage['list'][number];
export type CalcRankPage = z.output<typeof FetchSeasonPlayerCalcRankRes>;
export type CalcRankRow = CalcRankPage['list'][number];
export type PlayerData = z.output<typeof FetchSeasonPlayerDataRes>;
export type PlayerGame = PlayerData['games'][number];

/** Cache keys: the season's ranking pages, calculated ranking pages and one player's statistics. */
export const rankingKeys = {
  rank: (uniqueId: number, seasonId: number) => gameListKey(uniqueId, seasonId, 'rank'),
  calcRank: (uniqueId: number, seasonId: number) => gameListKey(uniqueId, seasonId, 'calcRank'),
  playerData: (uniqueId: number, seasonId: number, accountId: number) =>
    [...gameListKey(uniqueId, seasonId, 'playerData'), accountId] as const,
};
