import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, contests, levelGames, playerLevels } from '../../db/schema';
import type { Standing } from './ladder';

// Levels' SQL. An account without a `player_levels` row of a ladder stands at that ladder's start.

export type LevelGameRow = typeof levelGames.$inferInsert;

/** The stored standings of accounts on both ladders, by account and then type (1 four-player, 2 three-player). */
export async function standingsAmong(
  db: Executor,
  accountIds: readonly number[],
): Promise<Map<number, Map<number, Standing>>> {
  const out = new Map<number, Map<number, Standing>>();
  if (accountIds.length === 0) return out;
  const rows = await db
    .select()
    .from(playerLevels)
    .where(inArray(playerLevels.accountId, [...new Set(accountIds)]));
  for (const r of rows) {
    const byType = out.get(r.accountId) ?? new Map<number, Standing>();
    byType.set(r.type, { level: r.level, points: r.points });
    out.set(r.accountId, byType);
  }
  return out;
}

/**
 * The standings of accounts on one ladder, locked until the transaction ends (rows made at `start` where there
 * were none), taken in account order so that two settlements sharing players never wait for each other in a circle.
 */
export async function standingsForUpdate(
  tx: Executor,
  accountIds: readonly number[],
  type: number,
  start: Standing,
  now: number,
): Promise<Map<number, Standing>> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await tx
    .insert(playerLevels)
    .values(ids.map((accountId) => ({ accountId, type, ...start, updateTime: now })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ accountId: playerLevels.accountId, level: playerLevels.level, points: playerLevels.points })
    .from(playerLevels)
    .where(and(inArray(playerLevels.accountId, ids), eq(playerLevels.type, type)))
    .orderBy(asc(playerLevels.accountId))
    .for('update');
  return new Map(rows.map((r) => [r.accountId, { level: r.level, points: r.points }]));
}

export async function putStanding(
  tx: Executor,
  accountId: number,
  type: number,
  standing: Standing,
  now: number,
): Promise<void> {
  await tx
    .insert(playerLevels)
    .values({ accountId, type, ...standing, updateTime: now })
    .onConflictDoUpdate({
      target: [playerLevels.accountId, playerLevels.type],
      set: { level: standing.level, points: standing.points, updateTime: now },
    });
}

/** Writes what a game did to its players' levels; answers the accounts written (none when already counted). */
export async function insertLevelGames(tx: Executor, rows: LevelGameRow[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const written = await tx
    .insert(levelGames)
    .values(rows)
    .onConflictDoNothing()
    .returning({ accountId: levelGames.accountId });
  return new Set(written.map((r) => r.accountId));
}

/** The level changes a record made, by account. */
export async function levelGamesOf(db: Executor, recordUuid: string) {
  return db.select().from(levelGames).where(eq(levelGames.recordUuid, recordUuid));
}

/** The zones of accounts (those that exist). */
export async function zonesAmong(db: Executor, accountIds: readonly number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, zone: accounts.zone })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(accountIds)]));
  return new Map(rows.map((r) => [r.id, r.zone]));
}

export async function setZone(tx: Executor, accountId: number, zone: number): Promise<void> {
  await tx.update(accounts).set({ zone }).where(eq(accounts.id, accountId));
}

/** Whether a tournament's games are rated (its `rated` switch), read in the settling transaction. */
export async function contestRated(tx: Executor, uniqueId: number): Promise<boolean> {
  const [row] = await tx
    .select({ rated: contests.rated })
    .from(contests)
    .where(and(eq(contests.uniqueId, uniqueId), sql`${contests.deleteTime} is null`));
  return row?.rated === 1;
}

/**
 * A condition on `contests`: the tournament is listed in the zone of account `accountId` (its zone is in
 * `show_zones`; the others are the tournament's hidden zones). The public list's zone rule.
 */
export function shownInZoneOf(accountId: number): SQL {
  return sql`${contests.showZones} @> jsonb_build_array((select ${accounts.zone} from ${accounts} where ${accounts.id} = ${accountId}))`;
}
