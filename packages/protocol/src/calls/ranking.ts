import { z } from 'zod';
import { LIMITS } from '../constants';
import { LooseId, ShownText, WireText } from './common';

// Season rankings and player statistics, read from the records (removed records never count).

const SeasonRef = { unique_id: LooseId, season_id: LooseId };

/** Ranking pages: rows 0…5000 (the ranking information cap), at most 100 per page. */
const RankPaging = {
  offset: LooseId.pipe(z.number().max(LIMITS.RANK_INFO_MAX)).default(0),
  limit: LooseId.pipe(z.number().min(1).max(LIMITS.RANK_DOWNLOAD_PAGE_SIZE)).default(20),
};

/** Who a ranking row is. */
const RankPlayer = {
  account_id: z.number().int(),
  nickname: WireText,
  remark: WireText,
  team_name: WireText,
};

/** Games finished in each place, 1st to 4th (three-player seasons: the 4th is 0). */
const PlaceCounts = {
  rank_1_count: z.number().int(),
  rank_2_count: z.number().int(),
  rank_3_count: z.number().int(),
  rank_4_count: z.number().int(),
};

export const RankRowWire = z.object({
  /** 1 …; players with the same score share a rank. */
  rank: z.number().int(),
  ...RankPlayer,
  /** The ranking score under the season's rank rule: settled points ×1000 of the games that count. */
  score: z.number().int(),
  /** Settled points ×1000 of every game of the season. */
  accumulate_point: z.number().int(),
  /** Games played in the season, and how many of them the rule counts. */
  game_count: z.number().int(),
  counted_count: z.number().int(),
  /** 1 when the player has the games the rule needs (N for a counting rule); others rank after them. */
  qualified: z.number().int(),
  ...PlaceCounts,
  /** The last game that counts ('' when none). */
  uuid: ShownText,
});

// POST (or GET) /api/contest/fetch_season_player_rank — the season's personal ranking, always up to date.
export const FetchSeasonPlayerRankReq = z.object({ ...SeasonRef, ...RankPaging });
export const FetchSeasonPlayerRankRes = z.object({
  list: z.array(RankRowWire),
  /** Ranked players (at most 5000 readable). */
  total: z.number().int(),
  /** The rank rule the ranking was made under. */
  rank_rule: z.number().int(),
});

/** The calculated ranking's setting: four position points (−100…100, summing to 0), a divisor ≥ 1, minimum games. */
export const CalcRankSettingWire = z.object({
  points: z.array(z.number().min(LIMITS.CALC_POINT_MIN).max(LIMITS.CALC_POINT_MAX)).length(4),
  divisor: z.number().min(LIMITS.CALC_DIVISOR_MIN).max(1_000_000),
  min_games: z.number().int().min(LIMITS.CALC_MIN_GAMES_MIN).max(1_000_000).default(0),
});

export const CalcRankRowWire = z.object({
  rank: z.number().int(),
  ...RankPlayer,
  /** total/1000 × divisor + the position points of every game, ×1000 and rounded. */
  score: z.number().int(),
  /** Settled points ×1000 of every game. */
  total_point: z.number().int(),
  game_count: z.number().int(),
  ...PlaceCounts,
});

// POST /api/contest/fetch_season_player_calc_rank — only players with `min_games` games are ranked.
export const FetchSeasonPlayerCalcRankReq = z.object({
  ...SeasonRef,
  setting: CalcRankSettingWire,
  ...RankPaging,
});
export const FetchSeasonPlayerCalcRankRes = z.object({
  list: z.array(CalcRankRowWire),
  total: z.number().int(),
});

export const RecentGameWire = z.object({
  uuid: ShownText,
  end_time: z.number().int(),
  /** Final place. */
  rank: z.number().int(),
  /** Settled points ×1000. */
  total_point: z.number().int(),
  /** Raw final points. */
  part_point: z.number().int(),
});

// GET /api/contest/fetch_season_player_data?unique_id&season_id&account_id — one player's statistics.
export const FetchSeasonPlayerDataReq = z.object({ ...SeasonRef, account_id: LooseId });
export const FetchSeasonPlayerDataRes = z.object({
  ...RankPlayer,
  game_count: z.number().int(),
  ...PlaceCounts,
  /** Share of games in each place (0…1), 1st to 4th. */
  rank_rates: z.array(z.number()),
  /** Average place; 0 without games. */
  average_rank: z.number(),
  /** Average settled points ×1000; 0 without games. */
  average_score: z.number().int(),
  total_point: z.number().int(),
  /** The best total ×1000 of N consecutive games under the season's counting rule (or of all games). */
  highest_series_points: z.number().int(),
  /** The player's rank in the season ranking now (0 when not ranked). */
  rank: z.number().int(),
  /** The 10 latest games, newest first. */
  recent_games: z.array(RecentGameWire),
  /** Every game of the season, oldest first (the card's chart). */
  games: z.array(RecentGameWire),
});
