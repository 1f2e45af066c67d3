import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { contests, seasons } from '../../db/schema';

export type ContestRow = typeof contests.$inferSelect;
type SeasonRow = typeof seasons.$inferSelect;
/** A value of a statement: given, or a placeholder filled when a prepared statement runs. */
type Value = number | Placeholder;

/** A live tournament with what decides the caller's role in it, and optionally one of its seasons. */
export type ContestAccessRow = {
  row: ContestRow;
  /** Its managers of every role, in the order they were appointed. */
  adminIds: number[];
  /** Their roles (`ManagerRole` 1 admin, 2 chat, 3 player), index for index. */
  managerRoles: number[];
  /** Whether the caller is on its observer roster (whatever its observer switch). */
  onObserverRoster: boolean;
  /** The season asked for, null when the tournament has none of that id. */
  season: SeasonRow | null;
};

// Every call on a tournament starts by reading the tournament, its admins and whether the caller observes it
// (and, for a season's calls, the season): one statement instead of three or four round trips. It reads the
// admins' and observers' tables, which belong to those domains, only here and only to answer this question.
const accessSelection = (accountId: Value) => ({
  row: contests,
  // Written with table names: drizzle leaves the table out of a column in a one-table select, which inside a
  // subquery would read the subquery's own column.
  adminIds: sql<number[]>`coalesce((select array_agg(a.account_id order by a.create_time, a.account_id)
    from contest_admins a where a.unique_id = "contests"."unique_id"), '{}')`,
  managerRoles: sql<number[]>`coalesce((select array_agg(a.role order by a.create_time, a.account_id)
    from contest_admins a where a.unique_id = "contests"."unique_id"), '{}')`,
  onObserverRoster: sql<boolean>`exists (select 1 from contest_observers o
    where o.unique_id = "contests"."unique_id" and o.account_id = ${accountId})`,
});

function accessQuery(db: Executor, uniqueId: Value, accountId: Value) {
  return db
    .select(accessSelection(accountId))
    .from(contests)
    .where(and(eq(contests.uniqueId, uniqueId), isNull(contests.deleteTime)));
}

/** The tournament's seasons as one JSON array, oldest first (`seasonRowsOf` reads it). */
function seasonsAccessQuery(db: Executor, uniqueId: Value, accountId: Value) {
  return db
    .select({
      ...accessSelection(accountId),
      seasons: sql<unknown>`coalesce((select json_agg(s order by s.season_id) from seasons s
        where s.unique_id = "contests"."unique_id"), '[]')`,
    })
    .from(contests)
    .where(and(eq(contests.uniqueId, uniqueId), isNull(contests.deleteTime)));
}

const SEASON_COLUMNS = Object.entries(getTableColumns(seasons));

/** Season rows from their JSON (column names as keys; every column a number or a string). */
function seasonRowsOf(value: unknown): SeasonRow[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];
  return list.map(
    (json) =>
      Object.fromEntries(
        SEASON_COLUMNS.map(([key, column]) => [key, json[column.name] ?? null]),
      ) as SeasonRow,
  );
}

function seasonAccessQuery(db: Executor, uniqueId: Value, accountId: Value, seasonId: Value) {
  return db
    .select({ ...accessSelection(accountId), season: seasons })
    .from(contests)
    .leftJoin(seasons, and(eq(seasons.uniqueId, contests.uniqueId), eq(seasons.seasonId, seasonId)))
    .where(and(eq(contests.uniqueId, uniqueId), isNull(contests.deleteTime)));
}

/**
 * A live tournament, its admins and whether `accountId` is on its observer roster, with season `seasonId`
 * when given, in one read (not locked: a transaction that locks the tournament reads it with `liveContest`).
 */
export async function contestAccess(
  db: Executor,
  ids: { uniqueId: number; accountId: number; seasonId?: number },
): Promise<ContestAccessRow | undefined> {
  const uniqueId = sql.placeholder('uniqueId');
  const accountId = sql.placeholder('accountId');
  if (ids.seasonId === undefined) {
    const statement = prepared(db, 'contest_access', (db) =>
      accessQuery(db, uniqueId, accountId).prepare('contest_access'),
    );
    const [found] = await statement.execute(ids);
    return found && { ...found, season: null };
  }
  const statement = prepared(db, 'season_access', (db) =>
    seasonAccessQuery(db, uniqueId, accountId, sql.placeholder('seasonId')).prepare('season_access'),
  );
  const [found] = await statement.execute(ids);
  return found;
}

/** `contestAccess` with every season of the tournament, oldest first, in the same read. */
export async function contestAccessWithSeasons(
  db: Executor,
  ids: { uniqueId: number; accountId: number },
): Promise<(Omit<ContestAccessRow, 'season'> & { seasons: SeasonRow[] }) | undefined> {
  const statement = prepared(db, 'contest_access_seasons', (db) =>
    seasonsAccessQuery(db, sql.placeholder('uniqueId'), sql.placeholder('accountId')).prepare(
      'contest_access_seasons',
    ),
  );
  const [found] = await statement.execute(ids);
  return found && { ...found, seasons: seasonRowsOf(found.seasons) };
}

/** A tournament that has not been deleted; with `lock`, locked for the rest of the transaction. */
export async function liveContest(
  db: Executor,
  uniqueId: number,
  lock = false,
): Promise<ContestRow | undefined> {
  const query = db
    .select()
    .from(contests)
    .where(and(eq(contests.uniqueId, uniqueId), isNull(contests.deleteTime)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Tournaments created by the account or among `adminOf`, not deleted, newest first. */
export async function contestsOfManager(
  db: Executor,
  accountId: number,
  adminOf: number[],
): Promise<ContestRow[]> {
  const mine = eq(contests.creatorId, accountId);
  return db
    .select()
    .from(contests)
    .where(
      and(isNull(contests.deleteTime), adminOf.length ? or(mine, inArray(contests.uniqueId, adminOf)) : mine),
    )
    .orderBy(desc(contests.createTime), desc(contests.uniqueId));
}

/** When the account last created a tournament (deleted ones count), or null. */
export async function lastCreationTime(db: Executor, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ t: sql<number | null>`max(${contests.createTime})` })
    .from(contests)
    .where(eq(contests.creatorId, accountId));
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}

export async function contestIdTaken(db: Executor, contestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contests.uniqueId })
    .from(contests)
    .where(eq(contests.contestId, contestId));
  return row !== undefined;
}

export async function insertContest(db: Executor, values: typeof contests.$inferInsert): Promise<ContestRow> {
  const [row] = await db.insert(contests).values(values).returning();
  return row;
}

export async function updateContest(
  db: Executor,
  uniqueId: number,
  values: Partial<typeof contests.$inferInsert>,
): Promise<ContestRow> {
  const [row] = await db.update(contests).set(values).where(eq(contests.uniqueId, uniqueId)).returning();
  return row;
}

/** A tournament that has not been deleted, by its short public `contest_id`. */
export async function liveContestByContestId(
  db: Executor,
  contestId: number,
): Promise<ContestRow | undefined> {
  const [row] = await db
    .select()
    .from(contests)
    .where(and(eq(contests.contestId, contestId), isNull(contests.deleteTime)));
  return row;
}

/** A tournament by its internal id, deleted or not. */
export async function anyContest(db: Executor, uniqueId: number): Promise<ContestRow | undefined> {
  const [row] = await db.select().from(contests).where(eq(contests.uniqueId, uniqueId));
  return row;
}

/** A live tournament by its public `contest_id`, locked for the rest of the transaction (operator commands). */
export async function liveContestByContestIdForUpdate(
  db: Executor,
  contestId: number,
): Promise<ContestRow | undefined> {
  const [row] = await db
    .select()
    .from(contests)
    .where(and(eq(contests.contestId, contestId), isNull(contests.deleteTime)))
    .for('update');
  return row;
}

/** Live tournaments with text awaiting the operator's review, oldest submission first. */
export async function contestsAwaitingReview(db: Executor): Promise<ContestRow[]> {
  const rows = await db
    .select()
    .from(contests)
    .where(and(isNotNull(contests.pendingText), isNull(contests.deleteTime)))
    .orderBy(contests.uniqueId);
  return rows.sort((a, b) => (a.pendingText?.submitTime ?? 0) - (b.pendingText?.submitTime ?? 0));
}
