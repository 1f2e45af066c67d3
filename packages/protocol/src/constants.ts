// Constants and limits of the console and the contest service (spec §5 and §9).
// Durations are in seconds (`_S`) or milliseconds (`_MS`); lengths count characters unless named WEIGHTED.

const DAY_S = 86_400;

export const LIMITS = {
  // Tournament creation
  /** Premium currency spent on creating a tournament. */
  CREATE_COST: 60,
  /** One creation per account per 7 days. */
  CREATE_COOLDOWN_S: 7 * DAY_S,
  /** Default start: one day ahead; default end: eight days ahead. */
  DEFAULT_START_AHEAD_S: DAY_S,
  DEFAULT_END_AHEAD_S: 8 * DAY_S,
  /** A new season ends 7 days after its start by default. */
  DEFAULT_SEASON_LENGTH_S: 7 * DAY_S,
  /** Tournament and season span (end − start) at most one year. */
  SPAN_MAX_DAYS: 365,
  SPAN_MAX_S: 365 * DAY_S,

  // Spectating
  /** How long a spectator stays behind the table: 0–600 s, 120 s unless the organiser sets it. */
  SPECTATE_DELAY_MAX_S: 600,
  SPECTATE_DELAY_DEFAULT_S: 120,

  // People
  PARTICIPANTS_MAX: 3000,
  ADMINS_MAX: 20,
  /** search_accounts and id lists are sent in batches of this size. */
  SEARCH_ACCOUNTS_BATCH: 1000,

  // Text
  /** Tournament name: 25 characters (Chinese), 50 for the other languages. */
  NAME_MAX: 25,
  NAME_MAX_CJK: 25,
  NAME_MAX_OTHER: 50,
  PUBLIC_NOTICE_MAX: 500,
  PRIVATE_NOTICE_MAX: 3000,
  MANAGER_NOTICE_MAX: 2000,
  SEASON_REMARK_MAX: 25,
  SEASON_PLAYER_REMARK_MAX: 100,
  GAME_PLAN_REMARK_MAX: 25,
  GAME_REMARK_MAX: 25,
  RECORD_TAG_MAX: 25,

  // Games
  /** Reserved games auto-start when all seats are ready within 30 minutes of the reserved start. */
  READY_WINDOW_S: 30 * 60,
  /** A paused game resumes by itself after one hour. */
  PAUSE_MAX_S: 60 * 60,
  /** Typed confirmation for terminating a running game (compared case-insensitively). */
  TERMINATE_CONFIRM_WORD: 'CLOSE',

  // Refresh intervals of the console
  RUNNING_REFRESH_S: 30,
  READY_REFRESH_S: 5,
  RUNNING_REFRESH_MS: 30_000,
  READY_REFRESH_MS: 5_000,
  /** Identical error toasts within this window are shown once. */
  TOAST_DEDUPE_MS: 5_000,

  // Records, rankings and exports
  RANK_INFO_MAX: 5000,
  EXPORT_MAX: 1000,
  /** Only the latest 1000 records/logs can be read (2556). */
  RECORDS_LATEST_MAX: 1000,
  CSV_DOWNLOAD_COOLDOWN_S: 300,
  DOWNLOAD_RECORDS_MAX: 10_000,
  DOWNLOAD_PAGE_SIZE: 100,
  YAKUMAN_EXPORT_PAGES: 10,
  RANK_DOWNLOAD_PAGES: 30,
  /** Ranking download pages when max_player_count is above PARTICIPANTS_MAX. */
  RANK_DOWNLOAD_PAGES_LARGE: 50,
  RANK_DOWNLOAD_PAGE_SIZE: 100,
  RANK_REFRESH_COOLDOWN_S: 300,
  /** Player statistics over the last 2 to 10 matches. */
  STATS_MATCH_COUNT_MIN: 2,
  STATS_MATCH_COUNT_MAX: 10,
  /** Calculated ranking: four position points each −100…100 summing to zero, divisor ≥ 1, minimum games ≥ 0. */
  CALC_POINT_MIN: -100,
  CALC_POINT_MAX: 100,
  CALC_DIVISOR_MIN: 1,
  CALC_MIN_GAMES_MIN: 0,

  // Teams
  TEAMS_MAX: 300,
  TEAM_NAME_WEIGHTED_MAX: 14,
  TEAM_DETAIL_WEIGHTED_MAX: 50,
  TEAM_TEXT_LENGTH_MIN: 1,
  TEAM_TEXT_LENGTH_MAX: 50,
  TEAM_CREATE_BATCH: 20,
  TEAM_MEMBER_ADD_BATCH: 100,
  TEAM_MEMBER_EXPORT_PAGE: 500,
  TEAM_LIST_LIMIT: 300,
  TEAM_RANK_LIMIT: 300,
  /** Team score change: −1000000 … 1000000 with one decimal (sent ×1000), detail up to 50. */
  TEAM_MODIFY_SCORE_MAX: 1_000_000,
  TEAM_MODIFY_DETAIL_MAX: 50,

  // detail_rule limits (spec §5)
  RULE_POINT_MAX: 200_000,
  RULE_STICK_MAX: 10_000,
  RULE_UMA_MIN: -100,
  RULE_UMA_MAX: 100,
  /** Honba (changbang_value) step: 300 four-player, 200 three-player. */
  HONBA_STEP_4P: 300,
  HONBA_STEP_3P: 200,
  /** Default input step for point fields (rounded down on blur). */
  POINT_STEP: 100,
  RED_DORA_4P: [0, 3, 4] as readonly number[],
  RED_DORA_3P: [0, 2, 3] as readonly number[],
  FANFU_VALUES: [1, 2, 4] as readonly number[],
  MAX_GAME_COUNT_MIN: 0,

  // Console layout
  MOBILE_BREAKPOINT_PX: 828,
  MIN_PAGE_WIDTH_PX: 1248,
  /** Display truncation: remarks after 10 characters, seat nicknames after 3, team detail after 15. */
  TRUNCATE_REMARK: 10,
  TRUNCATE_SEAT_NICKNAME: 3,
  TRUNCATE_TEAM_DETAIL: 15,

  // Accounts
  VERIFY_CODE_LENGTH: 6,
} as const;

/** Default start and end of a new tournament created at `now` (unix seconds). */
export function defaultContestTimes(now: number): { start_time: number; end_time: number } {
  return { start_time: now + LIMITS.DEFAULT_START_AHEAD_S, end_time: now + LIMITS.DEFAULT_END_AHEAD_S };
}

/** Default end of a season starting at `start` (unix seconds). */
export function defaultSeasonEnd(start: number): number {
  return start + LIMITS.DEFAULT_SEASON_LENGTH_S;
}
