import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { accounts, auditLog, contests } from '../../src/db/schema';
import type { Organiser, Reply, World } from '../support/world';

// Helpers of the manager tests: accounts that never log in, the observer switch (set in the database until the
// info tab's call sets it), and the audit entries of a tournament.

/** Accounts that exist but never log in (cheaper than organisers): their internal ids. */
export async function accountIds(world: World, count: number): Promise<number[]> {
  const now = world.clock.now();
  const rows = await world.database.db
    .insert(accounts)
    .values(
      Array.from({ length: count }, () => {
        const nickname = `acct${randomBytes(4).toString('hex')}`;
        return { email: `${nickname}@example.test`, nickname, createTime: now };
      }),
    )
    .returning({ id: accounts.id });
  return rows.map((r) => r.id);
}

export async function setObserverSwitch(world: World, uniqueId: number, on: boolean) {
  await world.database.db
    .update(contests)
    .set({ observerSwitch: on ? 1 : 0 })
    .where(eq(contests.uniqueId, uniqueId));
}

/** The audit entries with this action on the tournament itself, oldest first. */
export async function contestAudit(world: World, uniqueId: number, action: string) {
  return world.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'contest'),
        eq(auditLog.targetId, String(uniqueId)),
        eq(auditLog.action, action),
      ),
    )
    .orderBy(auditLog.id);
}

export const codeOf = (res: Reply): number | undefined => res.body.error?.code;

/** A fresh creator's tournament. */
export async function tournament(world: World) {
  const creator = await world.organiser({ currency: 60 });
  const ids = await world.contest(creator);
  return { creator, ...ids };
}

/** The admin list an answer carries: `add_contest_admin`'s `admin_list`, or `remove_contest_admin`'s list. */
export const admins = (res: Reply): number[] => {
  const data = res.body.data as { account_id: number }[] | { admin_list: { account_id: number }[] };
  return (Array.isArray(data) ? data : data.admin_list).map((a) => a.account_id);
};

export const named = (...people: Organiser[]) =>
  people.map((p) => ({ account_id: p.account.id, nickname: p.account.nickname }));

/** Admin list entries of people appointed with `role` (1 admin when not given). */
export const appointed = (people: Organiser[], role = 1) =>
  people.map((p) => ({ account_id: p.account.id, nickname: p.account.nickname, role }));
