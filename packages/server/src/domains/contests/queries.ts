import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contests } from '../../db/schema';

export type ContestRow = typeof contests.$inferSelect;

/** A tournament that has not been deleted; with `lock`, locked for the rest of the transaction. */
export async function liveContest(
  db: Executor,
  uniqueId: number,
  lock = false,
): Promise<ContestRow | undefined> {
  const query = db
    .select()
    .from(contests)
    .where(and(eq(contests.uniqueId, uniqueId), isNull(contests.deleteTime)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Tournaments created by the account or among `adminOf`, not deleted, newest first. */
export async function contestsOfManager(
  db: Executor,
  accountId: number,
  adminOf: number[],
): Promise<ContestRow[]> {
  const mine = eq(contests.creatorId, accountId);
  return db
    .select()
    .from(contests)
    .where(
      and(isNull(contests.deleteTime), adminOf.length ? or(mine, inArray(contests.uniqueId, adminOf)) : mine),
    )
    .orderBy(desc(contests.createTime), desc(contests.uniqueId));
}

/** When the account last created a tournament (deleted ones count), or null. */
export async function lastCreationTime(db: Executor, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ t: sql<number | null>`max(${contests.createTime})` })
    .from(contests)
    .where(eq(contests.creatorId, accountId));
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}

export async function contestIdTaken(db: Executor, contestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contests.uniqueId })
    .from(contests)
    .where(eq(contests.contestId, contestId));
  return row !== undefined;
}

export async function insertContest(db: Executor, values: typeof contests.$inferInsert): Promise<ContestRow> {
  const [row] = await db.insert(contests).values(values).returning();
  return row;
}

export async function updateContest(
  db: Executor,
  uniqueId: number,
  values: Partial<typeof contests.$inferInsert>,
): Promise<ContestRow> {
  const [row] = await db.update(contests).set(values).where(eq(contests.uniqueId, uniqueId)).returning();
  return row;
}

/** A tournament that has not been deleted, by its short public `contest_id`. */
export async function liveContestByContestId(
  db: Executor,
  contestId: number,
): Promise<ContestRow | undefined> {
  const [row] = await db
    .select()
    .from(contests)
    .where(and(eq(contests.contestId, contestId), isNull(contests.deleteTime)));
  return row;
}

/** A tournament by its internal id, deleted or not. */
export async function anyContest(db: Executor, uniqueId: number): Promise<ContestRow | undefined> {
  const [row] = await db.select().from(contests).where(eq(contests.uniqueId, uniqueId));
  return row;
}

/** A live tournament by its public `contest_id`, locked for the rest of the transaction (operator commands). */
export async function liveContestByContestIdForUpdate(
  db: Executor,
  contestId: number,
): Promise<ContestRow | undefined> {
  const [row] = await db
    .select()
    .from(contests)
    .where(and(eq(contests.contestId, contestId), isNull(contests.deleteTime)))
    .for('update');
  return row;
}

/** Live tournaments with text awaiting the operator's review, oldest submission first. */
export async function contestsAwaitingReview(db: Executor): Promise<ContestRow[]> {
  const rows = await db
    .select()
    .from(contests)
    .where(and(isNotNull(contests.pendingText), isNull(contests.deleteTime)))
    .orderBy(contests.uniqueId);
  return rows.sort((a, b) => (a.pendingText?.submitTime ?? 0) - (b.pendingText?.submitTime ?? 0));
}
