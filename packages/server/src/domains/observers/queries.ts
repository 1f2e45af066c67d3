import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contestObservers } from '../../db/schema';

/** A tournament's observer roster, oldest first. */
export async function observerIds(db: Executor, uniqueId: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: contestObservers.accountId })
    .from(contestObservers)
    .where(eq(contestObservers.uniqueId, uniqueId))
    .orderBy(contestObservers.createTime, contestObservers.accountId);
  return rows.map((r) => r.accountId);
}

/** Whether the account is on the tournament's observer roster. */
export async function isObserver(db: Executor, uniqueId: number, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ accountId: contestObservers.accountId })
    .from(contestObservers)
    .where(and(eq(contestObservers.uniqueId, uniqueId), eq(contestObservers.accountId, accountId)));
  return row !== undefined;
}

/** Puts accounts on the roster; answers the ids that were not on it yet. */
export async function insertObservers(
  db: Executor,
  uniqueId: number,
  accountIds: number[],
  now: number,
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .insert(contestObservers)
    .values(accountIds.map((accountId) => ({ uniqueId, accountId, createTime: now })))
    .onConflictDoNothing()
    .returning({ accountId: contestObservers.accountId });
  return rows.map((r) => r.accountId);
}

/** Takes accounts off the roster; answers the ids that were on it. */
export async function deleteObservers(
  db: Executor,
  uniqueId: number,
  accountIds: number[],
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .delete(contestObservers)
    .where(and(eq(contestObservers.uniqueId, uniqueId), inArray(contestObservers.accountId, accountIds)))
    .returning({ accountId: contestObservers.accountId });
  return rows.map((r) => r.accountId);
}
