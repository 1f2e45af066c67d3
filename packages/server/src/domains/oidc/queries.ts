import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oidcIdentities, oidcRequests } from '../../db/schema';

export type IdentityRow = typeof oidcIdentities.$inferSelect;
export type RequestRow = typeof oidcRequests.$inferSelect;

/** Stores a login under way; the expired ones of every browser go first. */
export async function insertRequest(db: Executor, values: typeof oidcRequests.$inferInsert): Promise<void> {
  await db.delete(oidcRequests).where(lte(oidcRequests.expireTime, values.createTime));
  await db.insert(oidcRequests).values(values);
}

/** Deletes a live request of a provider and answers it: of parallel callbacks with one state, one gets it. */
export async function takeRequest(
  db: Executor,
  stateHash: string,
  provider: string,
  now: number,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .delete(oidcRequests)
    .where(
      and(
        eq(oidcRequests.stateHash, stateHash),
        eq(oidcRequests.provider, provider),
        gt(oidcRequests.expireTime, now),
      ),
    )
    .returning();
  return row;
}

export async function identityOf(
  db: Executor,
  provider: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)));
  return row;
}

/** An account's linked identities, oldest link first. */
export async function identitiesOf(db: Executor, accountId: number): Promise<IdentityRow[]> {
  return db
    .select()
    .from(oidcIdentities)
    .where(eq(oidcIdentities.accountId, accountId))
    .orderBy(asc(oidcIdentities.linkTime), asc(oidcIdentities.provider));
}

/** Links an identity; false when the identity or the account's link of that provider exists meanwhile. */
export async function insertIdentity(
  db: Executor,
  values: typeof oidcIdentities.$inferInsert,
): Promise<boolean> {
  // Either unique key (provider account, or account and provider) taken: nothing written, no error raised (an
  // error would end the caller's transaction).
  const rows = await db.insert(oidcIdentities).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteIdentity(
  db: Executor,
  accountId: number,
  provider: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .delete(oidcIdentities)
    .where(and(eq(oidcIdentities.accountId, accountId), eq(oidcIdentities.provider, provider)))
    .returning();
  return row;
}
