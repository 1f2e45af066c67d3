import { z } from 'zod';
import { LIMITS } from '../constants';
import { Flag01, LooseId, UnixTime, WireText } from './common';

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
  nickname: WireText.optional(),
  team_name: WireText.optional(),
});

// GET /api/contest/ready_player_list?unique_id&season_id — players of the roster who are ready now.
export const ReadyPlayerListReq = z.object(SeasonRef);
export const ReadyPlayerWire = z.object({
  account_id: z.number().int(),
  nickname: WireText,
  /** The season remark, '' when none (always present). */
  remark: WireText,
  /** The team on team seasons, else ''. */
  team_name: WireText,
  /** 1 when already seated in a waiting plan or a running game. */
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
export const CreateGamePlanRes = z.object({ uuid: WireText });

export const PlanSeatWire = z.object({
  account_id: z.number().int(),
  seat: z.number().int(),
  nickname: WireText,
  team_name: WireText,
  remark: WireText,
  init_points: z.number().int(),
  /** 1 when the player is ready now (robots always are). */
  ready: z.number().int(),
});

// GET /api/contest/fetch_contest_game_plan_list?unique_id&season_id — waiting plans, soonest first.
export const FetchContestGamePlanListReq = z.object(SeasonRef);
export const GamePlanWire = z.object({
  uuid: WireText,
  game_start_time: z.number().int(),
  remark: WireText,
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
  game_uuid: WireText,
  start_time: z.number().int(),
  tag: WireText,
  /** Seat order E,S,W,N; `score` is the seat's current points. */
  players: z.array(SeatPlayerWire.extend({ score: z.number().int() })),
  ...GameProgressWire.shape,
  /** 1 while paused (an extra field the original does not show). */
  paused: z.number().int(),
  /** When the pause ends by itself (unix s), 0 when running. */
  pause_until: z.number().int(),
  /** The wall commitment published at the start: sha256 of the secret seed. */
  commitment: WireText,
});
export const ContestRunningGameListRes = z.array(RunningGameWire);

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
    uuid: WireText,
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
