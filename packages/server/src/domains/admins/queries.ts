import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contestAdmins } from '../../db/schema';

export async function adminRows(db: Executor, uniqueId: number) {
  return db
    .select({ accountId: contestAdmins.accountId, createTime: contestAdmins.createTime })
    .from(contestAdmins)
    .where(eq(contestAdmins.uniqueId, uniqueId))
    .orderBy(contestAdmins.createTime, contestAdmins.accountId);
}

export async function contestIdsAdministeredBy(db: Executor, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ uniqueId: contestAdmins.uniqueId })
    .from(contestAdmins)
    .where(eq(contestAdmins.accountId, accountId));
  return rows.map((r) => r.uniqueId);
}

export async function insertAdmin(
  db: Executor,
  uniqueId: number,
  accountId: number,
  now: number,
): Promise<void> {
  await db.insert(contestAdmins).values({ uniqueId, accountId, createTime: now }).onConflictDoNothing();
}

/** Takes accounts off a tournament's admins; answers the ids that were admins. */
export async function deleteAdmins(db: Executor, uniqueId: number, accountIds: number[]): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .delete(contestAdmins)
    .where(and(eq(contestAdmins.uniqueId, uniqueId), inArray(contestAdmins.accountId, accountIds)))
    .returning({ accountId: contestAdmins.accountId });
  return rows.map((r) => r.accountId);
}
