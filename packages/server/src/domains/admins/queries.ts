import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contestAdmins } from '../../db/schema';

export async function adminRows(db: Executor, uniqueId: number) {
  return db
    .select({
      accountId: contestAdmins.accountId,
      createTime: contestAdmins.createTime,
      role: contestAdmins.role,
    })
    .from(contestAdmins)
    .where(eq(contestAdmins.uniqueId, uniqueId))
    .orderBy(contestAdmins.createTime, contestAdmins.accountId);
}

/** The tournaments an account manages (not created), each with its role there. */
export async function contestsManagedBy(db: Executor, accountId: number) {
  return db
    .select({ uniqueId: contestAdmins.uniqueId, role: contestAdmins.role })
    .from(contestAdmins)
    .where(eq(contestAdmins.accountId, accountId));
}

export async function insertAdmin(
  db: Executor,
  uniqueId: number,
  accountId: number,
  now: number,
  role: number,
): Promise<void> {
  await db.insert(contestAdmins).values({ uniqueId, accountId, createTime: now, role }).onConflictDoNothing();
}

/** Gives managers of a tournament another role (they keep their place in the order of appointment). */
export async function updateRoles(
  db: Executor,
  uniqueId: number,
  accountIds: number[],
  role: number,
): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .update(contestAdmins)
    .set({ role })
    .where(and(eq(contestAdmins.uniqueId, uniqueId), inArray(contestAdmins.accountId, accountIds)));
}

/** Takes accounts off a tournament's managers; answers the ids that were managers. */
export async function deleteAdmins(db: Executor, uniqueId: number, accountIds: number[]): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .delete(contestAdmins)
    .where(and(eq(contestAdmins.uniqueId, uniqueId), inArray(contestAdmins.accountId, accountIds)))
    .returning({ accountId: contestAdmins.accountId });
  return rows.map((r) => r.accountId);
}
