import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema';

/** First key of the two-key advisory locks taken on API keys. */
const KEY_LOCK_SPACE = 7_351_003;

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Serialises key creation of one account until the transaction ends (the live-key limit holds in parallel). */
export async function lockKeysOf(db: Executor, accountId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_SPACE}, ${accountId})`);
}

export async function insertKey(db: Executor, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row;
}

/** An account's live keys, newest first. */
export async function liveKeysOf(db: Executor, accountId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokeTime)))
    .orderBy(desc(apiKeys.createTime), desc(apiKeys.id));
}

export async function liveKeyCount(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokeTime)));
  return Number(row?.n ?? 0);
}

/** The live key of an account with this hash. */
export async function liveKey(
  db: Executor,
  accountId: number,
  keyHash: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokeTime)));
  return row;
}

/** Revokes a live key of an account; the revoked row, or undefined when there was none. */
export async function revokeKey(db: Executor, accountId: number, id: number, now: number) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokeTime: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokeTime)))
    .returning();
  return row;
}

export async function touchKey(db: Executor, id: number, now: number): Promise<void> {
  await db.update(apiKeys).set({ lastUsedTime: now }).where(eq(apiKeys.id, id));
}
