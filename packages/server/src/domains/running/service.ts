import {
  type ContestFailedGameListRes,
  type ContestRunningGameListRes,
  ErrorCode,
  GameUuid,
  gameUuidOf,
  type PauseContestRunningGameReq,
  type RealtimeProgressRes,
  SeasonState,
  type TerminateContestRunningGameReq,
  type UpdateContestGameRemarkReq,
  validateRemark,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import { GameState } from '../../games/game-state';
import { ContestError, messageOf } from '../../http/errors';
import { namesOf } from '../accounts/service';
import { managedContest } from '../contests/access';
import { refuseFirst } from '../contests/names';
import { seasonKey, seasonState } from '../seasons/presenter';
import { seasonOf } from '../seasons/queries';
import { managedSeason } from '../seasons/service';
import { teamNamesAmong } from '../teams/service';
import { presentCancelledPlan, presentFailedGame, presentRealtime, presentRunningGame } from './presenter';
import * as q from './queries';

// Running games of a season: the list, pause and resume, terminate, the tag, and the public realtime progress.

type SeasonIds = { uniqueId: number; seasonId: number };
type GameRef = { unique_id: number; uuid?: string; game_uuid?: string };

/** A game-side refusal (1209 already paused, 1210 already running), answered in an HTTP 200 body. */
export type GameSideRefusal = { error: { code: number; message: string } };

function noGame(why: string): ContestError {
  return new ContestError(ErrorCode.PARAM_ERROR, {
    message: `uuid: ${messageOf(ErrorCode.PARAM_ERROR)} (${why})`,
  });
}

/** `contest_running_game_list`: the season's running games, oldest first, where each stands and if paused. */
export async function runningList(
  ctx: AuthedCtx,
  ids: SeasonIds,
): Promise<z.infer<typeof ContestRunningGameListRes>> {
  const { season } = await managedSeason(ctx.db, ctx, ids, 'viewSeason');
  const rows = await q.runningGamesOf(ctx.db, ids);
  const teams = await teamNamesAmong(
    ctx.db,
    season,
    rows.flatMap((game) => game.seats.map((s) => s.account_id)),
  );
  return rows.map((game) => presentRunningGame(game, ctx.now, teams));
}

/**
 * `contest_failed_game_list`: the season's tables that did not happen as planned, newest first (at most 100
 * of each kind): games that failed to start or stopped on an engine error (with the engine's words), and plans
 * the server cancelled, or refused when they were due, because a seat was taken off the roster, blacklisted or
 * banned. Their players are free again. Games an organiser terminated and plans an organiser stopped are not
 * listed.
 */
export async function failedList(
  ctx: AuthedCtx,
  ids: SeasonIds,
): Promise<z.infer<typeof ContestFailedGameListRes>> {
  await managedSeason(ctx.db, ctx, ids, 'viewSeason');
  const failedGames = await q.failedGamesOf(ctx.db, ids);
  const plans = await q.cancelledPlansOf(ctx.db, ids);
  const names = await namesOf(
    ctx.db,
    plans.flatMap((p) => p.seats.map((s) => s.accountId)).filter((id) => id !== 0),
  );
  const listed = [
    ...failedGames.map(presentFailedGame),
    ...plans.map((plan) => presentCancelledPlan(plan, names)),
  ].filter((row) => row !== null);
  return listed.sort((a, b) => b.stop_time - a.stop_time || b.uuid.localeCompare(a.uuid));
}

/**
 * The running game a control names, of a tournament the actor manages. Refusals in order: those of
 * `managedContest` · 2517 no game of this tournament by that uuid · 2542 its season ended · 2517 not running.
 */
async function managedGame(ctx: AuthedCtx, req: GameRef): Promise<q.GameRow> {
  await managedContest(ctx.db, ctx, req.unique_id, 'manageGames');
  const game = await q.gameOf(ctx.db, gameUuidOf(req));
  if (!game || game.uniqueId !== req.unique_id) throw noGame('no game of the tournament');
  const season = await seasonOf(ctx.db, game.uniqueId, game.seasonId, false);
  if (season && seasonState(season, ctx.now) === SeasonState.ENDED)
    throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
  if (game.state !== GameState.RUNNING) throw noGame('the game is not running');
  return game;
}

async function auditGame(ctx: AuthedCtx, game: q.GameRow, action: string, before: unknown, after: unknown) {
  await ctx.db.transaction((tx) =>
    audit(tx, ctx, { action, targetType: 'season', targetId: seasonKey(game), before, after }),
  );
}

/**
 * `pause_contest_running_game`: resume 1 pauses a running game (for at most an hour), 2 resumes it. Refusals:
 * those of `managedGame` · 1209 already paused, 1210 already running, in an HTTP 200 body
 * (`{data:{error}, error}`, as clients read them) · 2517 the game is not on a table here (it just ended).
 */
export async function pauseGame(
  ctx: AuthedCtx,
  req: z.infer<typeof PauseContestRunningGameReq>,
): Promise<Record<string, never> | GameSideRefusal> {
  const game = await managedGame(ctx, req);
  const pause = req.resume === 1;
  const result = pause ? await ctx.games.pause(game.uuid) : await ctx.games.resume(game.uuid);
  if (!result.ok) {
    const code = result.code;
    if (code === ErrorCode.GAME_ALREADY_PAUSED || code === ErrorCode.GAME_ALREADY_RUNNING)
      return { error: { code, message: messageOf(code) } };
    throw noGame('the game is not running');
  }
  await auditGame(
    ctx,
    game,
    pause ? 'game.pause' : 'game.resume',
    { uuid: game.uuid, paused: !pause },
    {
      uuid: game.uuid,
      paused: pause,
    },
  );
  return {};
}

/** `terminate_contest_running_game`: ends a running game without a record. Refusals: those of `managedGame`. */
export async function terminateGame(
  ctx: AuthedCtx,
  req: z.infer<typeof TerminateContestRunningGameReq>,
): Promise<Record<string, never>> {
  const game = await managedGame(ctx, req);
  const result = await ctx.games.terminate(game.uuid);
  if (!result.ok) throw noGame('the game is not running');
  await auditGame(
    ctx,
    game,
    'game.terminate',
    { uuid: game.uuid, state: GameState.RUNNING },
    { uuid: game.uuid, state: GameState.STOPPED },
  );
  return {};
}

/**
 * `update_contest_game_remark`: the running game's tag (its record takes the tag it has when the game ends).
 * Refusals: those of `managedGame` · 2554 over 25 characters.
 */
export async function updateRemark(
  ctx: AuthedCtx,
  req: z.infer<typeof UpdateContestGameRemarkReq>,
): Promise<Record<string, never>> {
  const game = await managedGame(ctx, req);
  refuseFirst(validateRemark('game', req.remark));
  await ctx.db.transaction(async (tx) => {
    const before = await q.retagRunning(tx, game.uuid, req.remark);
    if (!before) throw noGame('the game is not running');
    await audit(tx, ctx, {
      action: 'game.remark',
      targetType: 'season',
      targetId: seasonKey(game),
      before: { uuid: game.uuid, tag: before.tag },
      after: { uuid: game.uuid, tag: req.remark },
    });
  });
  ctx.games.live.season(game.uniqueId, game.seasonId, { kind: 'running' });
  return {};
}

/**
 * `GET /api/game/realtime/{uuid}/progress/latest`, for anyone: where a game stands, `is_end` 1 once it has
 * finished or was terminated; `{}` for an unknown or malformed uuid.
 */
export async function realtimeProgress(
  ctx: Ctx,
  uuid: unknown,
): Promise<z.infer<typeof RealtimeProgressRes>> {
  const parsed = GameUuid.safeParse(uuid);
  if (!parsed.success) return {};
  return presentRealtime(await q.gameOf(ctx.db, parsed.data));
}
