import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog, contests, seasonAccountLists, seasonPlayers, seasons } from '../../src/db/schema';
import type { Organiser, World } from '../support/world';

// Test helpers of the season-player tests: season settings written straight to the database (until the
// seasons calls that set them are used here), and what the database holds for a season.

export const SIGNUP = { CLOSE: 1, AUTO: 2, CHECK: 3 } as const;

export type Season = { unique_id: number; contest_id: number; season_id: number; creator: Organiser };

/** A tournament of a fresh creator, its first season set to `signup` mode (sign-up window open now). */
export async function seasonWith(
  world: World,
  signup: number = SIGNUP.CLOSE,
  changes: Partial<typeof seasons.$inferInsert> = {},
): Promise<Season> {
  const creator = await world.organiser({ currency: 60 });
  const ids = await world.contest(creator);
  const now = world.clock.now();
  await setSeason(world, ids, {
    signupType: signup,
    signupStartTime: now - 60,
    signupEndTime: now + world.DAY,
    ...changes,
  });
  return { ...ids, creator };
}

export async function setSeason(
  world: World,
  ids: { unique_id: number; season_id: number },
  changes: Partial<typeof seasons.$inferInsert>,
) {
  await world.database.db
    .update(seasons)
    .set(changes)
    .where(and(eq(seasons.uniqueId, ids.unique_id), eq(seasons.seasonId, ids.season_id)));
}

/** A second season of the tournament, written directly. */
export async function addSeason(world: World, ids: { unique_id: number }, seasonId: number) {
  const now = world.clock.now();
  await world.database.db.insert(seasons).values({
    uniqueId: ids.unique_id,
    seasonId,
    startTime: now + world.DAY,
    endTime: now + 5 * world.DAY,
    createTime: now,
    signupType: SIGNUP.CLOSE,
    signupStartTime: now,
    signupEndTime: now + 5 * world.DAY,
  });
}

/** The season has finished (its end time has passed), state 3. */
export const finishSeason = (world: World, ids: { unique_id: number; season_id: number }) =>
  setSeason(world, ids, { startTime: world.clock.now() - 200, endTime: world.clock.now() - 100 });

/** The season was closed by an organiser, state 4. */
export const endSeason = async (world: World, ids: { unique_id: number; season_id: number }) => {
  await finishSeason(world, ids);
  await setSeason(world, ids, { closeTime: world.clock.now() });
};

export async function setCap(world: World, uniqueId: number, maxPlayerCount: number) {
  await world.database.db.update(contests).set({ maxPlayerCount }).where(eq(contests.uniqueId, uniqueId));
}

/** `account_id → state` of every entry of the season. */
export async function entries(world: World, ids: { unique_id: number; season_id: number }) {
  const rows = await world.database.db
    .select()
    .from(seasonPlayers)
    .where(and(eq(seasonPlayers.uniqueId, ids.unique_id), eq(seasonPlayers.seasonId, ids.season_id)))
    .orderBy(asc(seasonPlayers.accountId));
  return Object.fromEntries(rows.map((r) => [r.accountId, r.state]));
}

export async function acceptedCount(world: World, ids: { unique_id: number; season_id: number }) {
  return Object.values(await entries(world, ids)).filter((s) => s === 2).length;
}

/** Account ids on the season's sign-up blacklist (list 3). */
export async function blacklist(world: World, ids: { unique_id: number; season_id: number }) {
  const rows = await world.database.db
    .select({ id: seasonAccountLists.accountId })
    .from(seasonAccountLists)
    .where(
      and(
        eq(seasonAccountLists.uniqueId, ids.unique_id),
        eq(seasonAccountLists.seasonId, ids.season_id),
        eq(seasonAccountLists.list, 3),
      ),
    )
    .orderBy(asc(seasonAccountLists.accountId));
  return rows.map((r) => r.id);
}

export async function auditCount(world: World): Promise<number> {
  const [row] = await world.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row.n);
}

/** A snapshot of what a refused call must leave untouched: the season's entries, blacklist and the audit log. */
export async function snapshot(world: World, ids: { unique_id: number; season_id: number }) {
  return {
    entries: await entries(world, ids),
    blacklist: await blacklist(world, ids),
    audit: await auditCount(world),
  };
}

/** `n` fresh accounts, logged in. */
export async function accounts(world: World, n: number): Promise<Organiser[]> {
  const out: Organiser[] = [];
  for (let i = 0; i < n; i++) out.push(await world.organiser());
  return out;
}

export const ids = (s: { unique_id: number; season_id: number }) => ({
  unique_id: s.unique_id,
  season_id: s.season_id,
});
