import { eq } from 'drizzle-orm';
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
