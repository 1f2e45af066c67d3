import { and, desc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contests, gameRecords, recordMarks, recordPlayers } from '../../db/schema';
import type { Cursor } from './cursor';

// The records' SQL. Lists are newest first: `end_time` desc, then `uuid` desc (a stable order for paging).

export type SeasonKey = { uniqueId: number; seasonId: number };
export type Paging = { offset: number; limit: number };

/** A record as lists show it: everything but its hand log and seed. */
const listed = {
  uuid: gameRecords.uuid,
  startTime: gameRecords.startTime,
  endTime: gameRecords.endTime,
  tag: gameRecords.tag,
  removed: gameRecords.removed,
  roundType: gameRecords.roundType,
  detailRule: gameRecords.detailRule,
  seats: gameRecords.seats,
  result: gameRecords.result,
  commitment: gameRecords.commitment,
};
export type RecordRow = typeof gameRecords.$inferSelect;
export type ListedRecord = Pick<RecordRow, keyof typeof listed>;

const newestFirst = [desc(gameRecords.endTime), desc(gameRecords.uuid)];

/** Records of a season; `from`/`to` bound `end_time` (inclusive); `upTo`: at or before a cursor, by list order. */
export type RecordFilter = SeasonKey & { from?: number; to?: number; upTo?: Cursor };

function recordsWhere(f: RecordFilter): SQL | undefined {
  return and(
    eq(gameRecords.uniqueId, f.uniqueId),
    eq(gameRecords.seasonId, f.seasonId),
    f.from === undefined ? undefined : gte(gameRecords.endTime, f.from),
    f.to === undefined ? undefined : lte(gameRecords.endTime, f.to),
    f.upTo === undefined
      ? undefined
      : sql`(${gameRecords.endTime}, ${gameRecords.uuid}) <= (${f.upTo.endTime}::bigint, ${f.upTo.uuid}::text)`,
  );
}

/** One page of a season's records, newest first. */
export async function recordPage(db: Executor, f: RecordFilter, page: Paging): Promise<ListedRecord[]> {
  return db
    .select(listed)
    .from(gameRecords)
    .where(recordsWhere(f))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

export async function recordCount(db: Executor, f: RecordFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(gameRecords).where(recordsWhere(f));
  return Number(row?.n ?? 0);
}

/** The newest record the filter lists (its place in the list order), or undefined. */
export async function newestRecord(db: Executor, f: RecordFilter): Promise<Cursor | undefined> {
  const [row] = await db
    .select({ endTime: gameRecords.endTime, uuid: gameRecords.uuid })
    .from(gameRecords)
    .where(recordsWhere(f))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

/** A record of a season with its log and seed; `lock` holds it until the transaction ends. */
export async function recordOf(
  db: Executor,
  key: SeasonKey,
  uuid: string,
  lock = false,
): Promise<RecordRow | undefined> {
  const query = db
    .select()
    .from(gameRecords)
    .where(
      and(
        eq(gameRecords.uuid, uuid),
        eq(gameRecords.uniqueId, key.uniqueId),
        eq(gameRecords.seasonId, key.seasonId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The removed flag and tag of a record of a season, locked until the transaction ends. */
export async function lockedRecordHead(db: Executor, key: SeasonKey, uuid: string) {
  const [row] = await db
    .select({ uuid: gameRecords.uuid, removed: gameRecords.removed, tag: gameRecords.tag })
    .from(gameRecords)
    .where(
      and(
        eq(gameRecords.uuid, uuid),
        eq(gameRecords.uniqueId, key.uniqueId),
        eq(gameRecords.seasonId, key.seasonId),
      ),
    )
    .for('update');
  return row;
}

/** Changes a record; its per-seat rows take a new `removed` flag in the same statement's transaction. */
export async function updateRecord(
  db: Executor,
  uuid: string,
  change: { removed: number } | { tag: string },
): Promise<void> {
  await db.update(gameRecords).set(change).where(eq(gameRecords.uuid, uuid));
  if ('removed' in change)
    await db.update(recordPlayers).set({ removed: change.removed }).where(eq(recordPlayers.recordUuid, uuid));
}

const playerWhere = (key: SeasonKey, accountId: number) =>
  and(
    eq(recordPlayers.uniqueId, key.uniqueId),
    eq(recordPlayers.seasonId, key.seasonId),
    eq(recordPlayers.accountId, accountId),
  );

/** One page of the records an account played in a season, newest first. */
export async function playerRecordPage(
  db: Executor,
  key: SeasonKey,
  accountId: number,
  page: Paging,
): Promise<ListedRecord[]> {
  return db
    .select(listed)
    .from(recordPlayers)
    .innerJoin(gameRecords, eq(gameRecords.uuid, recordPlayers.recordUuid))
    .where(playerWhere(key, accountId))
    .orderBy(desc(recordPlayers.endTime), desc(recordPlayers.recordUuid))
    .limit(page.limit)
    .offset(page.offset);
}

export async function playerRecordCount(db: Executor, key: SeasonKey, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recordPlayers)
    .where(playerWhere(key, accountId));
  return Number(row?.n ?? 0);
}

const marksWhere = (key: SeasonKey) =>
  and(eq(recordMarks.uniqueId, key.uniqueId), eq(recordMarks.seasonId, key.seasonId));

/**
 * One page of a season's yakuman marks with their record's seats and removed flag: newest record first, and
 * within a game its latest hand first (seats in order within a hand).
 */
export async function markPage(db: Executor, key: SeasonKey, page: Paging) {
  return db
    .select({
      recordUuid: recordMarks.recordUuid,
      seat: recordMarks.seat,
      accountId: recordMarks.accountId,
      yiman: recordMarks.yiman,
      yaku: recordMarks.yaku,
      chang: recordMarks.chang,
      ju: recordMarks.ju,
      ben: recordMarks.ben,
      startTime: recordMarks.startTime,
      removed: gameRecords.removed,
      seats: gameRecords.seats,
    })
    .from(recordMarks)
    .innerJoin(gameRecords, eq(gameRecords.uuid, recordMarks.recordUuid))
    .where(marksWhere(key))
    .orderBy(desc(gameRecords.endTime), desc(gameRecords.uuid), desc(recordMarks.hand), recordMarks.seat)
    .limit(page.limit)
    .offset(page.offset);
}
export type MarkRow = Awaited<ReturnType<typeof markPage>>[number];

export async function markCount(db: Executor, key: SeasonKey): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recordMarks).where(marksWhere(key));
  return Number(row?.n ?? 0);
}

// A player's own records, across seasons (the player portal).

/** The records an account played in live tournaments (optionally one season), newest first. */
const accountWhere = (accountId: number, season?: SeasonKey) =>
  and(
    eq(recordPlayers.accountId, accountId),
    season ? eq(recordPlayers.uniqueId, season.uniqueId) : undefined,
    season ? eq(recordPlayers.seasonId, season.seasonId) : undefined,
    isNull(contests.deleteTime),
  );

/** One page of an account's records with its seat in each and the tournament's public id and name. */
export async function accountRecordPage(
  db: Executor,
  accountId: number,
  season: SeasonKey | undefined,
  page: Paging,
) {
  return db
    .select({
      record: listed,
      uniqueId: gameRecords.uniqueId,
      seasonId: gameRecords.seasonId,
      seat: recordPlayers.seat,
      place: recordPlayers.place,
      contestId: contests.contestId,
      contestName: contests.name,
    })
    .from(recordPlayers)
    .innerJoin(gameRecords, eq(gameRecords.uuid, recordPlayers.recordUuid))
    .innerJoin(contests, eq(contests.uniqueId, recordPlayers.uniqueId))
    .where(accountWhere(accountId, season))
    .orderBy(desc(recordPlayers.endTime), desc(recordPlayers.recordUuid))
    .limit(page.limit)
    .offset(page.offset);
}
export type AccountRecordRow = Awaited<ReturnType<typeof accountRecordPage>>[number];

export async function accountRecordCount(
  db: Executor,
  accountId: number,
  season: SeasonKey | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recordPlayers)
    .innerJoin(contests, eq(contests.uniqueId, recordPlayers.uniqueId))
    .where(accountWhere(accountId, season));
  return Number(row?.n ?? 0);
}

/** A record by its uuid alone (any season), with its log and seed. */
export async function recordByUuid(db: Executor, uuid: string): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(gameRecords).where(eq(gameRecords.uuid, uuid));
  return row;
}

/** Whether the account has a seat in any record of the season. */
export async function playedInSeason(db: Executor, key: SeasonKey, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ uuid: recordPlayers.recordUuid })
    .from(recordPlayers)
    .where(playerWhere(key, accountId))
    .limit(1);
  return row !== undefined;
}
