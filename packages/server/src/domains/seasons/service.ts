import {
  type ContestSeasonChatLimitRes,
  type CreateContestSeasonReq,
  ErrorCode,
  type FetchSiteConfigRes,
  isRankRuleCode,
  LIMITS,
  ListType,
  RankRule,
  type SeasonListItemWire,
  SeasonState,
  SeasonType,
  type SetContestSeasonChatLimitReq,
  type SetContestSeasonChatLimitRes,
  SignupType,
  type UpdateContestSeasonReq,
  validateRemark,
  validateTimeRange,
  validateWindow,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import * as games from '../../games/queries';
import { ContestError } from '../../http/errors';
import type { Action } from '../../policy';
import { namesOf } from '../accounts/service';
import { managedContest, managedContestSeason, managedContestWithSeasons } from '../contests/access';
import { refuseFirst } from '../contests/names';
import { refuseUnplayable } from '../contests/rules';
import * as players from '../players/service';
import * as webhookEvents from '../webhooks/events';
import { presentChatLimit, presentSeason, seasonKey, seasonState } from './presenter';
import * as q from './queries';

type SeasonWire = z.infer<typeof SeasonListItemWire>;

/**
 * The first season, created with its tournament: it starts with the tournament and ends 7 days later
 * (or with the tournament, when that is sooner). Sign-up is closed (players are added by the organisers).
 */
export async function createFirstSeason(
  tx: Executor,
  ctx: Ctx,
  contest: { uniqueId: number; startTime: number; finishTime: number },
): Promise<q.SeasonRow> {
  const endTime = Math.min(contest.startTime + LIMITS.DEFAULT_SEASON_LENGTH_S, contest.finishTime);
  const row = await q.insertSeason(tx, {
    uniqueId: contest.uniqueId,
    seasonId: 1,
    startTime: contest.startTime,
    endTime,
    createTime: ctx.now,
    signupType: SignupType.CLOSE,
    signupStartTime: contest.startTime,
    signupEndTime: endTime,
    // The match window is the season, as for every later season, so that switching auto-match on needs no times.
    matchStartTime: contest.startTime,
    matchEndTime: endTime,
    rankRule: RankRule.NONE,
    rankType: SeasonType.PERSONAL,
  });
  await audit(tx, ctx, {
    action: 'season.create',
    targetType: 'season',
    targetId: seasonKey(row),
    before: null,
    after: presentSeason(row, ctx.now),
  });
  return row;
}

/** `season_list` of a tournament, oldest first. */
export async function seasonList(db: Executor, uniqueId: number, now: number) {
  return (await q.seasonsOf(db, uniqueId)).map((row) => presentSeason(row, now));
}

/** Season rows as the season list shows them. */
export function presentSeasons(rows: q.SeasonRow[], now: number) {
  return rows.map((row) => presentSeason(row, now));
}

/** The newest season of each tournament, as list entries show it. */
export async function latestSeasons(db: Executor, uniqueIds: number[]) {
  const rows = await q.latestSeasonsOf(db, uniqueIds);
  return new Map(
    [...rows].map(([uniqueId, row]) => [
      uniqueId,
      { uniqueId_: row.uniqueId, seasonId_: row.seasonId, endTime_: row.endTime },
    ]),
  );
}

/**
 * A season of a tournament the actor may take `action` on, with its state at `ctx.now`. Refusals: those of
 * `managedContest` (2501/2513/2506), 2536 for a season the tournament does not have, and with `writable`
 * 2542 once the season is ended (an ended season's data is read-only). `lock` holds the season row until the
 * transaction ends, so changes to one season are made one after the other.
 */
export async function managedSeason(
  db: Executor,
  ctx: AuthedCtx,
  ids: { uniqueId: number; seasonId: number },
  action: Action,
  options: { lock?: boolean; writable?: boolean } = {},
) {
  let found: Awaited<ReturnType<typeof managedContestSeason>>;
  if (options.lock) {
    // Locked for a change: the tournament's access first, then the season row locked in the caller's transaction.
    const contest = await managedContest(db, ctx, ids.uniqueId, action);
    found = { ...contest, season: await q.seasonOf(db, ids.uniqueId, ids.seasonId, true) };
  } else found = await managedContestSeason(db, ctx, ids, action);
  const { season, ...contest } = found;
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  const state = seasonState(season, ctx.now);
  if (options.writable && state === SeasonState.ENDED)
    throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
  return { ...contest, season, state };
}

/** `fetch_contest_season_list`: the seasons of a tournament the actor may see, oldest first. */
export async function listSeasons(ctx: AuthedCtx, uniqueId: number): Promise<SeasonWire[]> {
  const { seasons } = await managedContestWithSeasons(ctx.db, ctx, uniqueId, 'view');
  return presentSeasons(seasons, ctx.now);
}

/**
 * `create_contest_season`: the next season, once every season of the tournament is ended. Refusals in order:
 * those of `managedContest` · 2535 a season not ended · 2562/2549 times. The new season carries over the sign-up
 * type, auto match, rank rule, rank type and team-rank switch of the previous one; its sign-up and match
 * windows are the season itself. The tournament row is locked, so of two creations at once one waits and then
 * finds the other's season not ended.
 */
export async function createSeason(
  ctx: AuthedCtx,
  req: z.infer<typeof CreateContestSeasonReq>,
): Promise<SeasonWire> {
  return ctx.db.transaction(async (tx) => {
    await managedContest(tx, ctx, req.unique_id, 'manageSeasons', true);
    const existing = await q.seasonsOf(tx, req.unique_id);
    if (existing.some((row) => seasonState(row, ctx.now) !== SeasonState.ENDED)) {
      throw new ContestError(ErrorCode.SEASON_NOT_ENDED);
    }
    refuseFirst(validateTimeRange({ start_time: req.start_time, end_time: req.end_time }, ctx.now));
    const previous = existing.at(-1);
    const row = await q.insertSeason(tx, {
      uniqueId: req.unique_id,
      seasonId: (previous?.seasonId ?? 0) + 1,
      startTime: req.start_time,
      endTime: req.end_time,
      createTime: ctx.now,
      signupType: previous?.signupType ?? SignupType.CLOSE,
      signupStartTime: req.start_time,
      signupEndTime: req.end_time,
      autoMatch: previous?.autoMatch ?? 0,
      matchStartTime: req.start_time,
      matchEndTime: req.end_time,
      rankRule: previous?.rankRule ?? RankRule.NONE,
      rankType: previous?.rankType ?? SeasonType.PERSONAL,
      showTeamRank: previous?.showTeamRank ?? 0,
      remark: '',
    });
    const after = presentSeason(row, ctx.now);
    await audit(tx, ctx, {
      action: 'season.create',
      targetType: 'season',
      targetId: seasonKey(row),
      before: null,
      after,
    });
    return after;
  });
}

type Span = { start: number; end: number };

/** A window moved into the season: its start within the season, its end between its start and the season end. */
function clampWindow(start: number, end: number, season: Span) {
  const s = Math.min(Math.max(start, season.start), season.end);
  return { start: s, end: Math.min(Math.max(end, s), season.end) };
}

/** A window's ends that stood on the season's ends move with them (a window "for the whole season" stays so). */
function followSeason(window: Span, before: Span, after: Span): Span {
  return {
    start: window.start === before.start ? after.start : window.start,
    end: window.end === before.end ? after.end : window.end,
  };
}

type SeasonChanges = Partial<Omit<q.SeasonRow, 'uniqueId' | 'seasonId'>>;

/**
 * `update_contest_season`: any field of the season setting, on a season that is not ended. Refusals in order:
 * those of `managedSeason` (2542 ended) · start: 2563 once the season started, 2562 before now · end: 2564 once
 * the season finished · 2562/2549 season times · 2562 a sign-up window (check) or match window (auto match)
 * outside the season · 2523 auto match turned on under a rule the game server cannot play · 2517 rank rule ·
 * 2554 remark. A running season's end may move anywhere after its start,
 * the past included (that finishes it early). Team seasons rank with no rule. Window ends that stood on the
 * season's ends follow it when it moves; windows not in use are moved into the season silently. Leaving check
 * mode deletes the sign-ups waiting for review. A change that changes nothing writes nothing.
 */
export async function updateSeason(
  ctx: AuthedCtx,
  req: z.infer<typeof UpdateContestSeasonReq>,
): Promise<SeasonWire> {
  return ctx.db.transaction(async (tx) => {
    const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
    const {
      row: contest,
      season,
      state,
    } = await managedSeason(tx, ctx, ids, 'manageSeasons', {
      lock: true,
      writable: true,
    });
    const s = req.setting;

    // Season times.
    const startChanged = s.start_time !== undefined && s.start_time !== season.startTime;
    const endChanged = s.end_time !== undefined && s.end_time !== season.endTime;
    if (startChanged && state !== SeasonState.PENDING) throw new ContestError(ErrorCode.START_LOCKED);
    if (endChanged && state === SeasonState.FINISHED) throw new ContestError(ErrorCode.END_LOCKED);
    const startTime = s.start_time ?? season.startTime;
    const endTime = s.end_time ?? season.endTime;
    const range = { start_time: startTime, end_time: endTime };
    if (startChanged || endChanged) {
      refuseFirst(validateTimeRange(range, ctx.now, { checkStart: startChanged }));
    }
    const timesMoved = startChanged || endChanged;
    const was = { start: season.startTime, end: season.endTime };
    const within = { start: startTime, end: endTime };

    // Sign-up window: when the season moves, ends of the window that stood on the season's ends move with them
    // (unless the call sets the window too). It matters only when sign-ups are checked; otherwise a moved window
    // is kept inside the season, and a window sent as it stands is left alone.
    const signupType = s.signup_type ?? season.signupType;
    const signupSent = s.signup_start_time !== undefined || s.signup_end_time !== undefined;
    let signup = {
      start: s.signup_start_time ?? season.signupStartTime,
      end: s.signup_end_time ?? season.signupEndTime,
    };
    if (timesMoved && !signupSent) signup = followSeason(signup, was, within);
    const signupMoved = signup.start !== season.signupStartTime || signup.end !== season.signupEndTime;
    if (signupType === SignupType.CHECK) refuseFirst(validateWindow(signup, range, 'signup'));
    else if (timesMoved || signupMoved) signup = clampWindow(signup.start, signup.end, within);

    // Auto-match window: likewise; it matters only when auto match is on.
    const autoMatch = s.auto_match ?? season.autoMatch;
    const matchSent = s.match_start_time !== undefined || s.match_end_time !== undefined;
    let match = {
      start: s.match_start_time ?? season.matchStartTime,
      end: s.match_end_time ?? season.matchEndTime,
    };
    if (timesMoved && !matchSent) match = followSeason(match, was, within);
    const matchMoved = match.start !== season.matchStartTime || match.end !== season.matchEndTime;
    if (autoMatch === 1) refuseFirst(validateWindow(match, range, 'match'));
    else if (timesMoved || matchMoved) match = clampWindow(match.start, match.end, within);
    // Auto-match would seat tables under the tournament's rule: not when the game server cannot play it.
    if (autoMatch === 1 && season.autoMatch !== 1) {
      refuseUnplayable(contest.detailRule, contest.roundType, ErrorCode.TYPE_NOT_CREATABLE);
    }

    // Ranking: a rule code; team seasons have none.
    if (s.rank_rule !== undefined && !isRankRuleCode(s.rank_rule)) {
      throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'rank_rule: not a rank rule code' });
    }
    const rankType = s.rank_type ?? season.rankType;
    const rankRule = rankType === SeasonType.TEAM ? RankRule.NONE : (s.rank_rule ?? season.rankRule);

    if (s.remark !== undefined) refuseFirst(validateRemark('season', s.remark));

    const wanted: SeasonChanges = {
      startTime,
      endTime,
      signupType,
      signupStartTime: signup.start,
      signupEndTime: signup.end,
      autoMatch,
      matchStartTime: match.start,
      matchEndTime: match.end,
      rankRule,
      rankType,
      showTeamRank: s.show_team_rank ?? season.showTeamRank,
      remark: s.remark ?? season.remark,
    };
    const changes: SeasonChanges = {};
    const before: SeasonChanges = {};
    for (const [key, value] of Object.entries(wanted) as [keyof SeasonChanges, never][]) {
      if (season[key] === value) continue;
      changes[key] = value;
      before[key] = season[key] as never;
    }
    if (Object.keys(changes).length === 0) return presentSeason(season, ctx.now);

    const leavesCheck = season.signupType === SignupType.CHECK && signupType !== SignupType.CHECK;
    const dropped = leavesCheck ? await players.dropPendingSignups(tx, ids.uniqueId, ids.seasonId) : 0;
    const row = await q.updateSeason(tx, ids.uniqueId, ids.seasonId, changes);
    await audit(tx, ctx, {
      action: 'season.update',
      targetType: 'season',
      targetId: seasonKey(row),
      before,
      after: leavesCheck ? { ...changes, droppedPendingSignups: dropped } : changes,
    });
    return presentSeason(row, ctx.now);
  });
}

/**
 * `end_contest_season`: closes a finished season for good (state 4; its data becomes read-only). Refusals in
 * order: those of `managedSeason` · 2565 already ended · 2541 pending or running (move its end first).
 */
export async function endSeason(
  ctx: AuthedCtx,
  ids: { uniqueId: number; seasonId: number },
): Promise<SeasonWire> {
  const { wire, cancelledPlans } = await ctx.db.transaction(async (tx) => {
    const { season, state } = await managedSeason(tx, ctx, ids, 'manageSeasons', { lock: true });
    if (state === SeasonState.ENDED) throw new ContestError(ErrorCode.SEASON_ENDED);
    if (state !== SeasonState.FINISHED) throw new ContestError(ErrorCode.SEASON_NOT_FINISHED);
    // All matches must be done: a game still playing keeps the season open; plans that can no longer start go.
    if ((await games.runningCount(tx, ids.uniqueId, ids.seasonId)) > 0)
      throw new ContestError(ErrorCode.SEASON_NOT_FINISHED);
    const cancelledPlans = await games.cancelWaitingPlans(tx, ids.uniqueId, ids.seasonId);
    const row = await q.updateSeason(tx, ids.uniqueId, ids.seasonId, { closeTime: ctx.now });
    await audit(tx, ctx, {
      action: 'season.end',
      targetType: 'season',
      targetId: seasonKey(season),
      before: { closeTime: null },
      after: { closeTime: ctx.now, cancelledPlans },
    });
    await webhookEvents.seasonEnded(tx, ids, ctx.now);
    return { wire: presentSeason(row, ctx.now), cancelledPlans };
  });
  if (cancelledPlans > 0) ctx.games.live.season(ids.uniqueId, ids.seasonId, { kind: 'plans' });
  return wire;
}

/** The list that holds the accounts of a chat limit type (none for no limit). */
function chatListOf(type: number): q.SeasonList | null {
  if (type === ListType.WHITELIST) return q.SeasonList.CHAT_WHITELIST;
  if (type === ListType.BLACKLIST) return q.SeasonList.CHAT_BLACKLIST;
  return null;
}

/** `contest_season_chat_limit`: the season's chat limit type and the players on that type's list. */
export async function chatLimit(
  ctx: AuthedCtx,
  ids: { uniqueId: number; seasonId: number },
): Promise<z.infer<typeof ContestSeasonChatLimitRes>> {
  const { season } = await managedSeason(ctx.db, ctx, ids, 'viewSeason');
  const list = chatListOf(season.chatLimitType);
  const accountIds = list === null ? [] : await q.listedAccountIds(ctx.db, ids.uniqueId, ids.seasonId, list);
  return presentChatLimit(season.chatLimitType, accountIds, await namesOf(ctx.db, accountIds));
}

/**
 * `set_contest_season_chat_limit`: sets the chat limit type and adds and removes players on that type's list,
 * in one transaction, on a season that is not ended (2542). Unknown accounts fail with 1002. With no limit (0)
 * only the type is set; both lists are kept for later.
 */
export async function setChatLimit(
  ctx: AuthedCtx,
  req: z.infer<typeof SetContestSeasonChatLimitReq>,
): Promise<z.infer<typeof SetContestSeasonChatLimitRes>> {
  const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
  const { result, changed } = await ctx.db.transaction(async (tx) => {
    const { season } = await managedSeason(tx, ctx, ids, 'manageChatLimits', { lock: true, writable: true });
    const list = chatListOf(req.type);
    const success: number[] = [];
    const failed: { account_id: number; error: number }[] = [];
    let added: number[] = [];
    let removed: number[] = [];
    if (list !== null) {
      const asked = [...new Set([...req.add_list, ...req.remove_list])];
      const known = await namesOf(tx, asked);
      for (const id of asked) {
        if (known.has(id)) success.push(id);
        else failed.push({ account_id: id, error: ErrorCode.ACCOUNT_NOT_FOUND });
      }
      const key = { ...ids, list };
      added = await q.insertListed(
        tx,
        key,
        [...new Set(req.add_list)].filter((id) => known.has(id)),
        ctx.now,
      );
      removed = await q.deleteListed(
        tx,
        key,
        [...new Set(req.remove_list)].filter((id) => known.has(id)),
      );
    }
    const typeChanged = req.type !== season.chatLimitType;
    if (typeChanged) await q.updateSeason(tx, ids.uniqueId, ids.seasonId, { chatLimitType: req.type });
    const changed = typeChanged || added.length > 0 || removed.length > 0;
    if (changed) {
      await audit(tx, ctx, {
        action: 'season.chat_limit',
        targetType: 'season',
        targetId: seasonKey(season),
        before: { type: season.chatLimitType },
        after: { type: req.type, list, added, removed },
      });
    }
    return { result: { success, failed }, changed };
  });
  // The players in the season's lobby are told what they may do now.
  if (changed) ctx.games.live.lobby(ids.uniqueId, ids.seasonId, { kind: 'chat_limits' });
  return result;
}

/** `fetch_site_config`: what this deployment offers. */
export function siteConfig(ctx: Ctx): z.infer<typeof FetchSiteConfigRes> {
  return { chat: ctx.config.seasonChat ? 1 : 0, contact: ctx.config.contact };
}
