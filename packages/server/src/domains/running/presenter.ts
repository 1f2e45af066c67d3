import {
  type FailedGameWire,
  FailReasonWire,
  type RealtimeProgressRes,
  type RunningGameWire,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { ProgressRow } from '../../db/schema';
import { failureOf } from '../../games/failures';
import { GameState } from '../../games/game-state';
import type { CancelledPlan, GameRow } from './queries';

type RunningGame = z.infer<typeof RunningGameWire>;
type FailedGame = z.infer<typeof FailedGameWire>;

/** Where a game stands; before its first hand, East 1 with no sticks and the seats' starting points. */
function progressOf(game: GameRow): ProgressRow {
  return (
    game.progress ?? { chang: 0, ju: 0, ben: 0, liqibang: 0, scores: game.seats.map((s) => s.init_points) }
  );
}

/**
 * A running game: its players in seat order (a robot is `{account_id: 0, score}`, without a name) with their
 * teams now, where it stands, and whether it is paused now (`pause_until` 0 when not).
 */
export function presentRunningGame(
  game: GameRow,
  now: number,
  teamNames: ReadonlyMap<number, string> = new Map(),
): RunningGame {
  const progress = progressOf(game);
  const paused = game.pauseUntil !== null && game.pauseUntil > now;
  return {
    game_uuid: game.uuid,
    start_time: game.startTime,
    tag: game.tag,
    players: game.seats.map((s, seat) => {
      const score = progress.scores[seat] ?? s.init_points;
      return s.account_id === 0
        ? { account_id: 0, score }
        : {
            account_id: s.account_id,
            nickname: s.nickname,
            team_name: teamNames.get(s.account_id) ?? '',
            score,
          };
    }),
    chang: progress.chang,
    ju: progress.ju,
    ben: progress.ben,
    liqibang: progress.liqibang,
    scores: progress.scores,
    paused: paused ? 1 : 0,
    pause_until: paused ? (game.pauseUntil ?? 0) : 0,
    commitment: game.commitment,
  };
}

/** The realtime progress of a game (no `data` wrapper); `{}` for a game without a standing. */
export function presentRealtime(game: GameRow | undefined): z.infer<typeof RealtimeProgressRes> {
  if (!game?.progress) return {};
  const { chang, ju, ben, scores } = game.progress;
  const ended = game.state === GameState.FINISHED || game.state === GameState.STOPPED;
  return { uuid: game.uuid, chang, ju, ben, is_end: ended ? 1 : 0, update_time: game.updateTime, scores };
}

/** A game that failed to start or stopped on an engine error, with the engine's words; null for any other stop. */
export function presentFailedGame(game: GameRow): FailedGame | null {
  const failure = failureOf(game.stopReason);
  if (!failure) return null;
  return {
    kind: 'game',
    uuid: game.uuid,
    start_time: game.startTime,
    stop_time: game.endTime ?? game.updateTime,
    tag: game.tag,
    players: game.seats.map((s) =>
      s.account_id === 0 ? { account_id: 0 } : { account_id: s.account_id, nickname: s.nickname },
    ),
    reason: failure.reason,
    account_id: 0,
    detail: failure.detail,
  };
}

/** A plan the server cancelled because a seat may no longer play; players under their account nicknames. */
export function presentCancelledPlan(
  plan: CancelledPlan,
  names: ReadonlyMap<number, string>,
): FailedGame | null {
  const reason = FailReasonWire.safeParse(plan.stopReason);
  if (!reason.success) return null;
  return {
    kind: 'plan',
    uuid: plan.uuid,
    start_time: plan.startTime,
    stop_time: plan.stopTime ?? plan.startTime,
    tag: plan.remark,
    players: plan.seats.map((s) =>
      s.accountId === 0
        ? { account_id: 0 }
        : { account_id: s.accountId, nickname: names.get(s.accountId) ?? '' },
    ),
    reason: reason.data,
    account_id: plan.stopAccount ?? 0,
    detail: '',
  };
}
