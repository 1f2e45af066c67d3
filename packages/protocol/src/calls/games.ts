import { z } from 'zod';
import { LIMITS } from '../constants';
import { Flag01, LooseId, ShownText, UnixTime, WireText } from './common';

// Games of a season: ready players, planned games, running games and their controls, the realtime progress.

/** Game uuids as the server issues them (lowercase UUIDs); anything else is not a game of ours. */
export const GameUuid = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'game uuid expected');

/** Remarks and tags as sent; their length rule (25) answers 2554 in the service. */
const GameText = WireText.max(1000);

const SeasonRef = { unique_id: LooseId, season_id: LooseId };

/** A seat's player as lists show it; a robot is `{account_id: 0}` with no nickname. */
export const SeatPlayerWire = z.object({
  account_id: z.number().int(),
  nickname: ShownText.optional(),
  team_name: ShownText.optional(),
});

// GET /api/contest/ready_player_list?unique_id&season_id — players of the roster who are ready now.
export const ReadyPlayerListReq = z.object(SeasonRef);
export const ReadyPlayerWire = z.object({
  account_id: z.number().int(),
  nickname: ShownText,
  /** The season remark, '' when none (always present). */
  remark: ShownText,
  /** The team on team seasons, else ''. */
  team_name: ShownText,
  /**
   * 1 when already seated in a waiting plan. Players seated in a running game are not ready and are not listed
   * (the running games name them).
   */
  busy: z.number().int(),
});
export const ReadyPlayerListRes = z.array(ReadyPlayerWire);

// POST /api/contest/create_game_plan — E,S,W,N order unless shuffled; 0 is a robot.
export const CreateGamePlanReq = z.object({
  ...SeasonRef,
  account_list: z.array(LooseId).min(1).max(8),
  /** Raw starting points, one per seat, summing to init_point × seats; empty or absent: init_point each. */
  init_points: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(LIMITS.RULE_POINT_MAX * 4),
    )
    .max(8)
    .optional(),
  /** Unix seconds; a past time means now. Absent: now. */
  game_start_time: UnixTime.optional(),
  shuffle_seats: Flag01.optional(),
  /** Robot level of the robot seats: 0 auto-discard, 1 simple, 2 common. */
  ai_level: LooseId.pipe(z.number().max(2)).optional(),
  remark: GameText.optional(),
});
export const CreateGamePlanRes = z.object({ uuid: ShownText });

export const PlanSeatWire = z.object({
  account_id: z.number().int(),
  seat: z.number().int(),
  nickname: ShownText,
  team_name: ShownText,
  remark: ShownText,
  init_points: z.number().int(),
  /** 1 when the player is ready now (robots always are). */
  ready: z.number().int(),
});

// GET /api/contest/fetch_contest_game_plan_list?unique_id&season_id — waiting plans, soonest first.
export const FetchContestGamePlanListReq = z.object(SeasonRef);
export const GamePlanWire = z.object({
  uuid: ShownText,
  game_start_time: z.number().int(),
  remark: ShownText,
  /** Singular here, plural in create_game_plan (WIRE.md). */
  shuffle_seat: z.boolean(),
  ai_level: z.number().int(),
  /** Game state: 1 waiting (the only state listed). */
  state: z.number().int(),
  /** When the plan expires unless every seat is ready (start + 30 minutes). */
  expire_time: z.number().int(),
  accounts: z.array(PlanSeatWire),
});
export const FetchContestGamePlanListRes = z.array(GamePlanWire);

// POST /api/contest/remove_contest_plan_game — stops a waiting plan.
export const RemoveContestPlanGameReq = z.object({ ...SeasonRef, uuid: GameUuid });
export const RemoveContestPlanGameRes = z.object({});

/** Where a game stands: wind (0 East …), hand in the wind, honba, and scores in seat order. */
export const GameProgressWire = z.object({
  chang: z.number().int(),
  ju: z.number().int(),
  ben: z.number().int(),
  /** Riichi sticks on the table. */
  liqibang: z.number().int(),
  scores: z.array(z.number().int()),
});

// GET /api/contest/contest_running_game_list?unique_id&season_id
export const ContestRunningGameListReq = z.object(SeasonRef);
export const RunningGameWire = z.object({
  game_uuid: ShownText,
  start_time: z.number().int(),
  tag: ShownText,
  /** Seat order E,S,W,N; `score` is the seat's current points. */
  players: z.array(SeatPlayerWire.extend({ score: z.number().int() })),
  ...GameProgressWire.shape,
  /** 1 while paused (an extra field the original does not show). */
  paused: z.number().int(),
  /** When the pause ends by itself (unix s), 0 when running. */
  pause_until: z.number().int(),
  /** The wall commitment published at the start: sha256 of the secret seed. */
  commitment: ShownText,
});
export const ContestRunningGameListRes = z.array(RunningGameWire);

/**
 * Why a table did not happen or stopped without a record, other than an organiser's decision:
 * `start_failed` the engine refused to start it · `engine_error` it stopped on an engine error ·
 * `player_removed` / `player_blacklisted` / `player_banned` a plan was cancelled (or refused when it was due)
 * because a seat was taken off the roster, put on the season blacklist, or banned.
 */
export const FailReasonWire = z.enum([
  'start_failed',
  'engine_error',
  'player_removed',
  'player_blacklisted',
  'player_banned',
]);
export type FailReason = z.infer<typeof FailReasonWire>;

// GET /api/contest/contest_failed_game_list?unique_id&season_id — the season's failed tables, newest first.
export const ContestFailedGameListReq = z.object(SeasonRef);
export const FailedGameWire = z.object({
  /** `game`: a table that failed to start or stopped on an error; `plan`: a plan cancelled before it started. */
  kind: z.enum(['game', 'plan']),
  /** The game's uuid, or the plan's. */
  uuid: WireText,
  /** When it started (a game) or was due (a plan), and when it stopped (unix s). */
  start_time: z.number().int(),
  stop_time: z.number().int(),
  /** The game's tag or the plan's remark. */
  tag: WireText,
  /** Seat order; a robot is `{account_id: 0}` with no nickname. */
  players: z.array(SeatPlayerWire),
  reason: FailReasonWire,
  /** The player a `player_*` reason is about, else 0. */
  account_id: z.number().int(),
  /** The engine's own words for `start_failed` and `engine_error` (shown as text, untranslated), else ''. */
  detail: WireText,
});
export const ContestFailedGameListRes = z.array(FailedGameWire);

/** A running game's call names it by `uuid` or `game_uuid`, as clients send either (WIRE.md). */
const GameRef = { unique_id: LooseId, uuid: GameUuid.optional(), game_uuid: GameUuid.optional() };
type NamesGame = { uuid?: string; game_uuid?: string };
const namesGame = (v: NamesGame) => v.uuid !== undefined || v.game_uuid !== undefined;
const NAMES_GAME = 'uuid or game_uuid is required';

/** The game a running-game call names. */
export const gameUuidOf = (v: NamesGame): string => (v.uuid ?? v.game_uuid) as string;

// POST /api/contest/pause_contest_running_game — resume 1 pauses, 2 resumes; 1209/1210 in an HTTP 200 body.
export const PauseContestRunningGameReq = z
  .object({ ...GameRef, resume: LooseId.pipe(z.union([z.literal(1), z.literal(2)])) })
  .refine(namesGame, NAMES_GAME);
export const PauseContestRunningGameRes = z.object({});

// POST /api/contest/terminate_contest_running_game — ends a running game without a record.
export const TerminateContestRunningGameReq = z.object(GameRef).refine(namesGame, NAMES_GAME);
export const TerminateContestRunningGameRes = z.object({});

// POST /api/contest/update_contest_game_remark — the running game's tag.
export const UpdateContestGameRemarkReq = z
  .object({ ...GameRef, remark: GameText })
  .refine(namesGame, NAMES_GAME);
export const UpdateContestGameRemarkRes = z.object({});

// GET /api/game/realtime/{uuid}/progress/latest — no auth, not wrapped in `data`.
export const RealtimeProgressRes = z.union([
  z.object({
    uuid: ShownText,
    chang: z.number().int(),
    ju: z.number().int(),
    ben: z.number().int(),
    /** 1 once the game has ended (finished or terminated). */
    is_end: z.number().int(),
    update_time: z.number().int(),
    scores: z.array(z.number().int()),
  }),
  /** No progress yet (or no such game): an object without `uuid`. */
  z.object({}),
]);
