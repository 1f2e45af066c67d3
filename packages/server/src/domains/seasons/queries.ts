import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { seasonAccountLists, seasons } from '../../db/schema';

export type SeasonRow = typeof seasons.$inferSelect;

export async function insertSeason(db: Executor, values: typeof seasons.$inferInsert): Promise<SeasonRow> {
  const [row] = await db.insert(seasons).values(values).returning();
  return row;
}

export async function seasonsOf(db: Executor, uniqueId: number): Promise<SeasonRow[]> {
  return prepared(db, 'seasons_of', (db) =>
    db
      .select()
      .from(seasons)
      .where(eq(seasons.uniqueId, sql.placeholder('uniqueId')))
      .orderBy(seasons.seasonId)
      .prepare('seasons_of'),
  ).execute({ uniqueId });
}

/** The newest season of each tournament. */
export async function latestSeasonsOf(db: Executor, uniqueIds: number[]): Promise<Map<number, SeasonRow>> {
  if (uniqueIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([seasons.uniqueId])
    .from(seasons)
    .where(inArray(seasons.uniqueId, uniqueIds))
    .orderBy(seasons.uniqueId, desc(seasons.seasonId));
  return new Map(rows.map((r) => [r.uniqueId, r]));
}

/** One season of a tournament; `lock` holds its row until the transaction ends. */
export async function seasonOf(
  db: Executor,
  uniqueId: number,
  seasonId: number,
  lock = false,
): Promise<SeasonRow | undefined> {
  const query = db
    .select()
    .from(seasons)
    .where(and(eq(seasons.uniqueId, uniqueId), eq(seasons.seasonId, seasonId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Writes changed fields of one season; answers the row as it now stands. */
export async function updateSeason(
  db: Executor,
  uniqueId: number,
  seasonId: number,
  changes: Partial<Omit<SeasonRow, 'uniqueId' | 'seasonId'>>,
): Promise<SeasonRow> {
  const [row] = await db
    .update(seasons)
    .set(changes)
    .where(and(eq(seasons.uniqueId, uniqueId), eq(seasons.seasonId, seasonId)))
    .returning();
  return row;
}

/** Lists a season keeps of accounts: 1 chat whitelist, 2 chat blacklist, 3 sign-up blacklist. */
export const SeasonList = { CHAT_WHITELIST: 1, CHAT_BLACKLIST: 2, SIGNUP_BLACKLIST: 3 } as const;
export type SeasonList = (typeof SeasonList)[keyof typeof SeasonList];

const listOf = (uniqueId: number, seasonId: number, list: SeasonList) =>
  and(
    eq(seasonAccountLists.uniqueId, uniqueId),
    eq(seasonAccountLists.seasonId, seasonId),
    eq(seasonAccountLists.list, list),
  );

/** Account ids on one list of a season, in the order they were added. */
export async function listedAccountIds(
  db: Executor,
  uniqueId: number,
  seasonId: number,
  list: SeasonList,
): Promise<number[]> {
  const rows = await db
    .select({ accountId: seasonAccountLists.accountId })
    .from(seasonAccountLists)
    .where(listOf(uniqueId, seasonId, list))
    .orderBy(asc(seasonAccountLists.createTime), asc(seasonAccountLists.accountId));
  return rows.map((r) => r.accountId);
}

/** Puts accounts on a list; answers the ids that were not on it yet. */
export async function insertListed(
  db: Executor,
  key: { uniqueId: number; seasonId: number; list: SeasonList },
  accountIds: number[],
  now: number,
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .insert(seasonAccountLists)
    .values(accountIds.map((accountId) => ({ ...key, accountId, createTime: now })))
    .onConflictDoNothing()
    .returning({ accountId: seasonAccountLists.accountId });
  return rows.map((r) => r.accountId);
}

/** Takes accounts off a list; answers the ids that were on it. */
export async function deleteListed(
  db: Executor,
  key: { uniqueId: number; seasonId: number; list: SeasonList },
  accountIds: number[],
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .delete(seasonAccountLists)
    .where(
      and(listOf(key.uniqueId, key.seasonId, key.list), inArray(seasonAccountLists.accountId, accountIds)),
    )
    .returning({ accountId: seasonAccountLists.accountId });
  return rows.map((r) => r.accountId);
}

/** Whether an account is on one list of a season. */
export async function isListed(
  db: Executor,
  key: { uniqueId: number; seasonId: number; list: SeasonList },
  accountId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ accountId: seasonAccountLists.accountId })
    .from(seasonAccountLists)
    .where(and(listOf(key.uniqueId, key.seasonId, key.list), eq(seasonAccountLists.accountId, accountId)));
  return row !== undefined;
}
