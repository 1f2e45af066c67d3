import { ErrorCode, LIMITS, RankRule, SeasonState, SeasonType, SignupType } from '@taikai/protocol';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import type { Action } from '../../policy';
import { managedContest } from '../contests/service';
import { presentSeason, seasonState } from './presenter';
import * as q from './queries';

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
    rankRule: RankRule.NONE,
    rankType: SeasonType.PERSONAL,
  });
  await audit(tx, ctx, {
    action: 'season.create',
    targetType: 'season',
    targetId: `${contest.uniqueId}/1`,
    before: null,
    after: presentSeason(row, ctx.now),
  });
  return row;
}

/** `season_list` of a tournament, oldest first. */
export async function seasonList(db: Executor, uniqueId: number, now: number) {
  return (await q.seasonsOf(db, uniqueId)).map((row) => presentSeason(row, now));
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
  const contest = await managedContest(db, ctx, ids.uniqueId, action);
  const season = await q.seasonOf(db, ids.uniqueId, ids.seasonId, options.lock ?? false);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  const state = seasonState(season, ctx.now);
  if (options.writable && state === SeasonState.ENDED)
    throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
  return { ...contest, season, state };
}
