import type {
  CalcRankRowWire,
  FetchSeasonPlayerDataRes,
  PublicRankRowWire,
  RankRowWire,
  RecentGameWire,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { CalcRow, GameRow, PlayerTotals, RankedRow } from './queries';

/** A player's season nickname (else the account's), remark and team now ('' when none). */
export type Names = (accountId: number) => PlayerNames;
type PlayerNames = { nickname: string; remark: string; team_name: string };

const placeCounts = (places: readonly number[]) => ({
  rank_1_count: places[0] ?? 0,
  rank_2_count: places[1] ?? 0,
  rank_3_count: places[2] ?? 0,
  rank_4_count: places[3] ?? 0,
});

export function presentRankRow(row: RankedRow, names: PlayerNames): z.infer<typeof RankRowWire> {
  return {
    rank: row.rank,
    account_id: row.accountId,
    ...names,
    score: row.score,
    accumulate_point: row.total,
    game_count: row.games,
    counted_count: row.counted,
    qualified: row.qualified,
    ...placeCounts(row.places),
    uuid: row.uuid,
  };
}

export function presentCalcRow(row: CalcRow, names: PlayerNames): z.infer<typeof CalcRankRowWire> {
  return {
    rank: row.rank,
    account_id: row.accountId,
    ...names,
    score: row.score,
    total_point: row.total,
    game_count: row.games,
    ...placeCounts(row.places),
  };
}

export function presentGame(game: GameRow): z.infer<typeof RecentGameWire> {
  return {
    uuid: game.uuid,
    end_time: game.endTime,
    rank: game.place,
    total_point: game.totalPoint,
    part_point: game.partPoint,
  };
}

/** One player's statistics; without games every figure is 0 and the lists are empty. */
export function presentPlayerData(
  accountId: number,
  names: PlayerNames,
  totals: PlayerTotals | undefined,
  rank: number,
  games: GameRow[],
): z.infer<typeof FetchSeasonPlayerDataRes> {
  const n = totals?.games ?? 0;
  const places = totals?.places ?? [0, 0, 0, 0];
  return {
    account_id: accountId,
    ...names,
    game_count: n,
    ...placeCounts(places),
    rank_rates: places.map((c) => (n === 0 ? 0 : c / n)),
    average_rank: n === 0 ? 0 : (totals?.placeSum ?? 0) / n,
    average_score: n === 0 ? 0 : Math.round((totals?.total ?? 0) / n),
    total_point: totals?.total ?? 0,
    highest_series_points: totals?.bestSeries ?? 0,
    rank,
    recent_games: games.slice(-10).reverse().map(presentGame),
    games: games.map(presentGame),
  };
}

/** A ranking row as players see it: the season nickname, no remark, no team. */
export function presentPublicRankRow(row: RankedRow, nickname: string): z.infer<typeof PublicRankRowWire> {
  return {
    rank: row.rank,
    account_id: row.accountId,
    nickname,
    score: row.score,
    accumulate_point: row.total,
    game_count: row.games,
    counted_count: row.counted,
    qualified: row.qualified,
    ...placeCounts(row.places),
  };
}
