import { LIMITS, RankRule, SeasonType, SignupType } from '@taikai/protocol';
import { audit } from '../../audit';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { presentSeason } from './presenter';
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
