import { INT4_MAX, PublicContestState } from '@taikai/protocol';
import { and, desc, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contestAdmins, contests, seasonPlayers, seasons } from '../../db/schema';
import { shownInZoneOf } from '../levels/queries';
import { likeLiteral } from '../players/queries';

// The player portal's public tournament list: tournaments whose show-in-list switch (`open`) is on, each with
// its newest season, newest first (index `contests_listed_idx`).

/** Who looks at the public list. */
export type ListingViewer = { accountId: number };

/**
 * The one place that decides which tournaments the public list shows to `viewer`: show-in-list on, not
 * deleted, and not hidden in the viewer's zone (server README, "Zones"). Every rule about who may see a
 * tournament listed belongs here.
 */
export function listedTo(viewer: ListingViewer): SQL {
  return and(eq(contests.open, 1), isNull(contests.deleteTime), shownInZoneOf(viewer.accountId)) as SQL;
}

/** The tournament's newest season (the one the list shows). */
const newestSeason = sql`${seasons.seasonId} = (select max(s2.season_id) from ${seasons} s2 where s2.unique_id = ${contests.uniqueId})`;

/** The newest season is in `state` (1 not started, 2 running, 3 ended) at `now`. */
function inState(state: number, now: number): SQL {
  const open = isNull(seasons.closeTime);
  if (state === PublicContestState.NOT_STARTED) return and(open, sql`${now} < ${seasons.startTime}`) as SQL;
  if (state === PublicContestState.RUNNING)
    return and(open, lte(seasons.startTime, now), sql`${now} < ${seasons.endTime}`) as SQL;
  return or(isNotNull(seasons.closeTime), lte(seasons.endTime, now)) as SQL;
}

/** The public id (all digits) or a part of the name in any language. */
function matching(search: string): SQL {
  const pattern = `%${likeLiteral(search)}%`;
  const byName = sql`exists (select 1 from jsonb_array_elements(${contests.name}) as n(item) where n.item->>'content' ilike ${pattern})`;
  const id = /^\d{1,10}$/.test(search) ? Number(search) : Number.NaN;
  return id <= INT4_MAX ? (or(eq(contests.contestId, id), byName) as SQL) : byName;
}

export type ListedContestRow = {
  contest: typeof contests.$inferSelect;
  season: typeof seasons.$inferSelect;
  /** The viewer's sign-up state in the season, null when none. */
  signupState: number | null;
};

/** A page of the public list as `viewer` sees it, with the number of all matching tournaments. */
export async function publicContestPage(
  db: Executor,
  viewer: ListingViewer,
  options: { search?: string; state?: number; now: number; offset: number; limit: number },
): Promise<{ rows: ListedContestRow[]; total: number }> {
  const conditions = [listedTo(viewer), newestSeason];
  if (options.search) conditions.push(matching(options.search));
  if (options.state) conditions.push(inState(options.state, options.now));
  const where = and(...conditions);
  const rows = await db
    .select({
      contest: contests,
      season: seasons,
      signupState: seasonPlayers.state,
      n: sql<number>`count(*) over ()`,
    })
    .from(contests)
    .innerJoin(seasons, eq(seasons.uniqueId, contests.uniqueId))
    .leftJoin(
      seasonPlayers,
      and(
        eq(seasonPlayers.uniqueId, seasons.uniqueId),
        eq(seasonPlayers.seasonId, seasons.seasonId),
        eq(seasonPlayers.accountId, viewer.accountId),
      ),
    )
    .where(where)
    .orderBy(desc(contests.createTime), desc(contests.uniqueId))
    .limit(options.limit)
    .offset(options.offset);
  let total = Number(rows[0]?.n ?? 0);
  if (rows.length === 0 && options.offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contests)
      .innerJoin(seasons, eq(seasons.uniqueId, contests.uniqueId))
      .where(where);
    total = Number(count?.n ?? 0);
  }
  return { rows, total };
}

/**
 * The account created or manages (any manager role) a tournament that is not deleted: it organises, and lands
 * in the console after logging in.
 */
export async function organisesAny(db: Executor, accountId: number): Promise<boolean> {
  const [created] = await db
    .select({ uniqueId: contests.uniqueId })
    .from(contests)
    .where(and(eq(contests.creatorId, accountId), isNull(contests.deleteTime)))
    .limit(1);
  if (created) return true;
  const [managed] = await db
    .select({ uniqueId: contestAdmins.uniqueId })
    .from(contestAdmins)
    .innerJoin(contests, eq(contests.uniqueId, contestAdmins.uniqueId))
    .where(and(eq(contestAdmins.accountId, accountId), isNull(contests.deleteTime)))
    .limit(1);
  return managed !== undefined;
}
