import {
  ErrorCode,
  type FetchContestPublicInfoRes,
  type FetchMyContestsRes,
  type MyContestWire,
  type MySignupWire,
  SeasonState,
  SignupType,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { roleOf } from '../../policy';
import { managersOf } from '../admins/access';
import { publicContest } from '../contests/service';
import * as levels from '../levels/service';
import { seasonKey, seasonState } from '../seasons/presenter';
import { latestSeasonsOf, seasonOf } from '../seasons/queries';
import * as webhookEvents from '../webhooks/events';
import { presentMySignup, presentPublicInfo, presentPublicSeason } from './presenter';
import * as q from './queries';
import { reachableContest } from './reach';

// Sign-up, from the player's side: any logged-in account, no organiser policy.

type MySignup = z.infer<typeof MySignupWire>;
type SeasonIds = { uniqueId: number; seasonId: number };

/**
 * A season as a player reaches it: 2501 when the tournament is unknown or deleted, or hidden from the list and
 * reached without its `contest_id` by an account it did not invite (`reachableContest`); 2536 when it has no such
 * season. `lock` holds the season row until the transaction ends, as the organisers' calls do, so that sign-ups
 * and roster changes of one season are made one after the other (and the cap holds).
 */
async function playerSeason(ctx: AuthedCtx, db: Executor, ids: SeasonIds, contestId?: number, lock = false) {
  const contest = await reachableContest(db, ids.uniqueId, ctx.actor.id, contestId);
  const now = ctx.now;
  const season = await seasonOf(db, ids.uniqueId, ids.seasonId, lock);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  return { contest, season, state: seasonState(season, now) };
}

async function mySignupIn(db: Executor, ids: SeasonIds, accountId: number): Promise<MySignup> {
  const row = await q.playerOf(db, ids, accountId);
  const blacklisted = await q.blacklistedAmong(db, ids, [accountId]);
  return presentMySignup(row, blacklisted.has(accountId));
}

/**
 * `fetch_contest_public_info`: what a player sees of a tournament opened by its public `contest_id` — its
 * newest season with the roster size and cap, and the caller's sign-up for it. 2501 when unknown or deleted.
 */
export async function publicInfo(
  ctx: AuthedCtx,
  contestId: number,
): Promise<z.infer<typeof FetchContestPublicInfoRes>> {
  const contest = await publicContest(ctx.db, contestId);
  const season = (await latestSeasonsOf(ctx.db, [contest.uniqueId])).get(contest.uniqueId) ?? null;
  const managers = await managersOf(ctx.db, contest.uniqueId);
  const isManager = roleOf(ctx.actor, { creatorId: contest.creatorId, ...managers }) !== 'none';
  if (!season) return presentPublicInfo(contest, null, presentMySignup(undefined, false), isManager);
  const ids = { uniqueId: contest.uniqueId, seasonId: season.seasonId };
  const accepted = await q.acceptedCount(ctx.db, ids);
  return presentPublicInfo(
    contest,
    presentPublicSeason(season, { accepted, max: contest.maxPlayerCount }, ctx.now),
    await mySignupIn(ctx.db, ids, ctx.actor.id),
    isManager,
  );
}

/**
 * `fetch_contest_season_signup`: the caller's own sign-up for a season (2501/2536 when unknown). `contestId`, the
 * tournament's public id, when the call carries it (`reachableContest`).
 */
export async function mySignup(ctx: AuthedCtx, ids: SeasonIds, contestId?: number): Promise<MySignup> {
  await playerSeason(ctx, ctx.db, ids, contestId);
  return mySignupIn(ctx.db, ids, ctx.actor.id);
}

/**
 * `signup_contest_season`: the caller signs up; auto-pass seasons accept at once, checked ones leave the
 * sign-up pending. Refusals in order: 2501 no tournament (or a hidden one reached without its `contest_id` by an
 * account it did not invite, `reachableContest`) · 2536 no season · 2565 ended · 2508 finished ·
 * 2552 sign-up closed · 2539 outside the sign-up window (checked seasons) · 2524 the caller's zone is banned
 * (not in `available_zones`) · 2518 the caller's level is below a level limit · 2530 blacklisted · 2551 already
 * pending · 2553 already accepted · 2566 roster full. A rejected player may sign up again (the entry is
 * replaced). The season row is locked, so parallel sign-ups never pass the cap.
 */
export async function signup(ctx: AuthedCtx, ids: SeasonIds, contestId?: number): Promise<MySignup> {
  return ctx.db.transaction(async (tx) => {
    const { contest, season, state } = await playerSeason(ctx, tx, ids, contestId, true);
    if (state === SeasonState.ENDED) throw new ContestError(ErrorCode.SEASON_ENDED);
    if (state === SeasonState.FINISHED) throw new ContestError(ErrorCode.ALREADY_ENDED);
    const type = season.signupType;
    if (type !== SignupType.AUTO && type !== SignupType.CHECK)
      throw new ContestError(ErrorCode.SIGNUP_CLOSED);
    if (type === SignupType.CHECK && (ctx.now < season.signupStartTime || ctx.now > season.signupEndTime)) {
      throw new ContestError(ErrorCode.OUTSIDE_SIGNUP_PERIOD);
    }
    const accountId = ctx.actor.id;
    // The tournament's banned zones and level limits (server README, "Zones", "Player levels").
    await levels.refuseBannedZone(tx, contest, accountId);
    await levels.refuseBelowLevelLimit(tx, contest.contestSetting, [accountId]);
    if ((await q.blacklistedAmong(tx, ids, [accountId])).has(accountId)) {
      throw new ContestError(ErrorCode.BLACKLISTED);
    }
    const before = await q.playerOf(tx, ids, accountId);
    if (before?.state === q.PlayerState.PENDING) throw new ContestError(ErrorCode.SIGNUP_PENDING);
    if (before?.state === q.PlayerState.ACCEPTED) throw new ContestError(ErrorCode.ALREADY_SIGNED_UP);
    if ((await q.acceptedCount(tx, ids)) >= contest.maxPlayerCount) {
      throw new ContestError(ErrorCode.PARTICIPANTS_FULL);
    }
    const row = await q.putPlayer(tx, {
      ...ids,
      accountId,
      state: type === SignupType.AUTO ? q.PlayerState.ACCEPTED : q.PlayerState.PENDING,
      nickname: null,
      remark: '',
      createTime: ctx.now,
      updateTime: ctx.now,
    });
    await audit(tx, ctx, {
      action: 'season_player.signup',
      targetType: 'season',
      targetId: seasonKey(ids),
      before: before ?? null,
      after: row,
    });
    if (row.state === q.PlayerState.PENDING) {
      const signup = { ...ids, accountId, nickname: ctx.actor.nickname };
      await webhookEvents.signupPending(tx, signup, ctx.now);
    }
    return presentMySignup(row, false);
  });
}

/** `cancel_contest_season_signup`: the caller withdraws a pending sign-up (2509 when none is pending). */
export async function cancelSignup(ctx: AuthedCtx, ids: SeasonIds, contestId?: number): Promise<MySignup> {
  return ctx.db.transaction(async (tx) => {
    await playerSeason(ctx, tx, ids, contestId, true);
    const accountId = ctx.actor.id;
    const removed = await q.deletePlayersInState(tx, ids, [accountId], q.PlayerState.PENDING);
    if (removed.length === 0) throw new ContestError(ErrorCode.PLAYER_NOT_WAITING);
    await audit(tx, ctx, {
      action: 'season_player.cancel_signup',
      targetType: 'season',
      targetId: seasonKey(ids),
      before: { accountId, state: q.PlayerState.PENDING },
      after: null,
    });
    return mySignupIn(tx, ids, accountId);
  });
}

/** Tournaments listed in "my tournaments" at most. */
const MY_CONTESTS_MAX = 200;

/**
 * `fetch_my_contests`: the tournaments the caller has a sign-up in (pending, on the roster or rejected), each
 * with its newest season they signed up for; latest sign-up change first, at most 200. Deleted tournaments
 * are left out.
 */
export async function myContests(ctx: AuthedCtx): Promise<z.infer<typeof FetchMyContestsRes>> {
  const rows = await q.entriesOfAccount(ctx.db, ctx.actor.id, MY_CONTESTS_MAX);
  return {
    list: rows.map(({ entry, contest, season }) => ({
      unique_id: contest.uniqueId,
      contest_id: contest.contestId,
      contest_name: contest.name as z.infer<typeof MyContestWire>['contest_name'],
      mode: contest.roundType,
      season_id: season.seasonId,
      season_state: seasonState(season, ctx.now),
      start_time: season.startTime,
      end_time: season.endTime,
      signup_state: entry.state,
      signup_time: entry.createTime,
    })),
  };
}
