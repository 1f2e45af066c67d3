import {
  type CreateGamePlanReq,
  type CreateGamePlanRes,
  ErrorCode,
  type FetchContestGamePlanListRes,
  GameVariant,
  gameVariantOf,
  LIMITS,
  playerCountOf,
  type ReadyPlayerListRes,
  type RemoveContestPlanGameReq,
  SeasonState,
  validateInitPoints,
  validatePlanSeats,
  validateRemark,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import { ContestError, messageOf } from '../../http/errors';
import { refuseFirst } from '../contests/names';
import { refuseUnplayable } from '../contests/rules';
import { refuseBelowLevelLimit } from '../levels/service';
import { seasonKey } from '../seasons/presenter';
import type { SeasonRow } from '../seasons/queries';
import { managedSeason } from '../seasons/service';
import { teamNamesAmong } from '../teams/service';
import { presentPlan, presentReadyPlayer } from './presenter';
import * as q from './queries';

// Planned games of a season: who is ready, planning a table, the waiting plans, stopping one.

type SeasonIds = { uniqueId: number; seasonId: number };

/**
 * Whether the season's auto-match is seating ready players now: auto match on, and inside its match window
 * (a window whose end is not after its start means the whole season), as the game host decides it.
 */
export function autoMatching(season: SeasonRow, now: number): boolean {
  if (season.autoMatch !== 1) return false;
  const { matchStartTime: start, matchEndTime: end } = season;
  return !(end > start && (now < start || now >= end));
}

/** A refusal about one account, which travels in the error body as `account_id`. */
function refuseAccount(code: number, accountId: number): never {
  throw new ContestError(code, {
    message: `${messageOf(code)} (${accountId})`,
    data: { account_id: accountId },
  });
}

/**
 * `ready_player_list`: the season's roster players who are ready now, earliest first, with their season names,
 * remarks and teams; `busy` 1 for those already seated in a waiting plan of the season. A player seated in a
 * running game is not ready (they cannot be planned until it ends) and is left out: the running games list them.
 */
export async function readyPlayers(
  ctx: AuthedCtx,
  ids: SeasonIds,
): Promise<z.infer<typeof ReadyPlayerListRes>> {
  const { season } = await managedSeason(ctx.db, ctx, ids, 'viewSeason');
  const ready = ctx.games.presence.readyOf(ids.uniqueId, ids.seasonId);
  if (ready.length === 0) return [];
  // One read for every ready player's face, running game and waiting plan.
  const faces = await q.readyFacesOf(
    ctx.db,
    ids,
    ready.map((r) => r.accountId),
  );
  const listed = ready.flatMap(({ accountId }) => {
    const face = faces.get(accountId);
    return face?.onRoster && !face.playing ? [face] : [];
  });
  const teams = await teamNamesAmong(
    ctx.db,
    season,
    listed.map((f) => f.accountId),
  );
  return listed.map((face) => presentReadyPlayer(face, face.planned, teams.get(face.accountId)));
}

/**
 * `create_game_plan`: a table of the season's roster players (0 = robot) that starts at its time once every
 * seat is ready. Refusals in order: those of `managedSeason` (2542 ended) · 2507 season pending · 2508 season
 * finished · 2521 auto-match seating players now · 2523 a rule the game server cannot play (the engine's reasons
 * in the message, `error.unsupported`) · 2575 not the tournament's player count · 2517 all robots ·
 * 2545 a player twice · 2517 start points (they may differ from init_point only in the standard variant, and
 * then sum to init_point × seats) · 2554 remark over 25 · 1002 no such account · 2511 not on the roster ·
 * 2518 below one of the tournament's level limits (`contest_setting.level_limit`) · 2543 already in a waiting plan or a running game of the season · 2519 `max_game_count` reached (records,
 * running games and waiting plans count). A start in the past means now; ai_level defaults to the rule's.
 * The season row is locked, so two plans with the same player at once cannot both pass 2543.
 */
export async function createPlan(
  ctx: AuthedCtx,
  req: z.infer<typeof CreateGamePlanReq>,
): Promise<z.infer<typeof CreateGamePlanRes>> {
  const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
  const plan = await ctx.db.transaction(async (tx) => {
    const {
      row: contest,
      season,
      state,
    } = await managedSeason(tx, ctx, ids, 'manageGames', { lock: true, writable: true });
    if (state === SeasonState.PENDING) throw new ContestError(ErrorCode.NOT_STARTED);
    if (state === SeasonState.FINISHED) throw new ContestError(ErrorCode.ALREADY_ENDED);
    if (autoMatching(season, ctx.now)) throw new ContestError(ErrorCode.AUTO_MATCH_ON);
    // A tournament made before its mode was refused keeps its rule; no table of it is planned.
    refuseUnplayable(contest.detailRule, contest.roundType, ErrorCode.TYPE_NOT_CREATABLE);

    const playerCount = playerCountOf(contest.roundType);
    const accountList = req.account_list;
    refuseFirst(validatePlanSeats(accountList, playerCount));
    const rule = contest.detailRule;
    const initPoint = Number(rule.init_point);
    const initPoints = req.init_points ?? [];
    if (gameVariantOf(rule) === GameVariant.LIQI)
      refuseFirst(validateInitPoints(initPoints, initPoint, playerCount));
    else if (
      initPoints.some((p) => p !== initPoint) ||
      (initPoints.length > 0 && initPoints.length !== playerCount)
    )
      throw new ContestError(ErrorCode.PARAM_ERROR, {
        message: `init_points: ${messageOf(ErrorCode.PARAM_ERROR)} (start points differ only in the standard variant)`,
      });
    const remark = req.remark ?? '';
    refuseFirst(validateRemark('game_plan', remark));

    const humans = accountList.filter((id) => id !== 0);
    const faces = await q.facesOf(tx, ids, humans);
    for (const id of humans) if (!faces.has(id)) refuseAccount(ErrorCode.ACCOUNT_NOT_FOUND, id);
    for (const id of humans) if (!faces.get(id)?.onRoster) refuseAccount(ErrorCode.NOT_ON_ROSTER, id);
    await refuseBelowLevelLimit(tx, contest.contestSetting, humans);
    const busy = await q.busyAccounts(tx, ids);
    for (const id of humans) if (busy.has(id)) refuseAccount(ErrorCode.DUPLICATE_RESERVATION, id);
    const maxGames = Number(rule.max_game_count ?? 0);
    if (maxGames > 0) {
      const counts = await q.gameCounts(tx, ids, humans);
      for (const id of humans)
        if ((counts.get(id) ?? 0) >= maxGames) refuseAccount(ErrorCode.TOO_MANY_MATCHES, id);
    }

    const row = {
      uuid: crypto.randomUUID(),
      uniqueId: ids.uniqueId,
      seasonId: ids.seasonId,
      state: 1,
      startTime: Math.max(req.game_start_time ?? ctx.now, ctx.now),
      shuffleSeat: req.shuffle_seats ?? 0,
      aiLevel: req.ai_level ?? Number(rule.ai_level ?? 0),
      remark,
      createTime: ctx.now,
      creatorId: ctx.actor.id,
    };
    const seats = accountList.map((accountId, i) => ({
      accountId,
      initPoints: initPoints.length > 0 ? initPoints[i] : initPoint,
    }));
    await q.insertPlan(tx, row, seats);
    await audit(tx, ctx, {
      action: 'plan.create',
      targetType: 'season',
      targetId: seasonKey(ids),
      before: null,
      after: {
        uuid: row.uuid,
        seats,
        startTime: row.startTime,
        shuffleSeat: row.shuffleSeat,
        aiLevel: row.aiLevel,
        remark,
      },
    });
    return row;
  });
  ctx.games.live.season(ids.uniqueId, ids.seasonId, { kind: 'plans' });
  ctx.games.kick();
  return { uuid: plan.uuid };
}

/** `fetch_contest_game_plan_list`: the season's waiting plans, soonest first, with each seat's ready state. */
export async function planList(
  ctx: AuthedCtx,
  ids: SeasonIds,
): Promise<z.infer<typeof FetchContestGamePlanListRes>> {
  const { season } = await managedSeason(ctx.db, ctx, ids, 'viewSeason');
  const plans = await q.waitingPlans(ctx.db, ids);
  if (plans.length === 0) return [];
  const accountIds = plans.flatMap((p) => p.seats.map((s) => s.accountId));
  const faces = await q.facesOf(ctx.db, ids, accountIds);
  const teams = await teamNamesAmong(ctx.db, season, accountIds);
  const presence = ctx.games.presence;
  const isReady = (accountId: number) => presence.isReady(ids.uniqueId, ids.seasonId, accountId);
  return plans.map((plan) => presentPlan(plan, faces, isReady, teams));
}

/**
 * `remove_contest_plan_game`: stops a waiting plan (state 5, cancelled). Refusals: those of `managedSeason`
 * (2542 ended) · 2517 no waiting plan of the season by that uuid (never planned, started, expired or stopped).
 */
export async function removePlan(
  ctx: AuthedCtx,
  req: z.infer<typeof RemoveContestPlanGameReq>,
): Promise<Record<string, never>> {
  const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
  await ctx.db.transaction(async (tx) => {
    await managedSeason(tx, ctx, ids, 'manageGames', { writable: true });
    const row = await q.cancelPlan(tx, ids, req.uuid);
    if (!row)
      throw new ContestError(ErrorCode.PARAM_ERROR, {
        message: `uuid: ${messageOf(ErrorCode.PARAM_ERROR)} (no waiting plan)`,
      });
    await audit(tx, ctx, {
      action: 'plan.remove',
      targetType: 'season',
      targetId: seasonKey(ids),
      before: { uuid: row.uuid, state: 1 },
      after: { uuid: row.uuid, state: row.state },
    });
  });
  ctx.games.live.season(ids.uniqueId, ids.seasonId, { kind: 'plans' });
  ctx.games.kick();
  return {};
}

/**
 * The account's next waiting game of a season as its players see it (the player portal's lobby): start time,
 * when it expires unless every seat is ready, and the seats with their season names (robots: account 0, no
 * name). Seat order is the plan's; a plan that shuffles seats deals them again when it starts.
 */
export async function nextGameOf(ctx: AuthedCtx, ids: SeasonIds, accountId: number) {
  const plan = await q.nextPlanOf(ctx.db, ids, accountId);
  if (!plan) return null;
  const faces = await q.facesOf(
    ctx.db,
    ids,
    plan.seats.map((s) => s.accountId),
  );
  return {
    uuid: plan.uuid,
    game_start_time: plan.startTime,
    expire_time: plan.startTime + LIMITS.READY_WINDOW_S,
    seats: plan.seats.map((s) => ({
      seat: s.seat,
      account_id: s.accountId,
      nickname: s.accountId === 0 ? '' : (faces.get(s.accountId)?.nickname ?? ''),
    })),
  };
}
