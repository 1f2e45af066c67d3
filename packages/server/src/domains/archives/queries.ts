import { and, asc, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accounts,
  auditLog,
  contestAdmins,
  contestObservers,
  contests,
  gameRecords,
  recordMarks,
  recordPlayers,
  seasonPlayers,
  seasons,
  teamMembers,
  teams,
} from '../../db/schema';

// The SQL of archives: a tournament read whole (for the export, inside one snapshot) and written whole (the
// import, inside one transaction).

export type SeasonKey = { uniqueId: number; seasonId: number };
export type RecordRow = typeof gameRecords.$inferSelect;

export async function contestRow(db: Executor, uniqueId: number) {
  const [row] = await db.select().from(contests).where(eq(contests.uniqueId, uniqueId));
  return row;
}

export async function adminIds(db: Executor, uniqueId: number): Promise<number[]> {
  const rows = await db
    .select({ id: contestAdmins.accountId })
    .from(contestAdmins)
    .where(eq(contestAdmins.uniqueId, uniqueId))
    .orderBy(asc(contestAdmins.accountId));
  return rows.map((r) => r.id);
}

export async function observerIds(db: Executor, uniqueId: number): Promise<number[]> {
  const rows = await db
    .select({ id: contestObservers.accountId })
    .from(contestObservers)
    .where(eq(contestObservers.uniqueId, uniqueId))
    .orderBy(asc(contestObservers.accountId));
  return rows.map((r) => r.id);
}

export function seasonRows(db: Executor, uniqueId: number) {
  return db.select().from(seasons).where(eq(seasons.uniqueId, uniqueId)).orderBy(asc(seasons.seasonId));
}

/** Every player of a season (any state) with their account's nickname, by account id. */
export function rosterRows(db: Executor, key: SeasonKey) {
  return db
    .select({ entry: seasonPlayers, accountNickname: accounts.nickname })
    .from(seasonPlayers)
    .innerJoin(accounts, eq(accounts.id, seasonPlayers.accountId))
    .where(and(eq(seasonPlayers.uniqueId, key.uniqueId), eq(seasonPlayers.seasonId, key.seasonId)))
    .orderBy(asc(seasonPlayers.accountId));
}

export function teamRows(db: Executor, key: SeasonKey) {
  return db
    .select()
    .from(teams)
    .where(and(eq(teams.uniqueId, key.uniqueId), eq(teams.seasonId, key.seasonId)))
    .orderBy(asc(teams.id));
}

export function memberRows(db: Executor, key: SeasonKey) {
  return db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.uniqueId, key.uniqueId), eq(teamMembers.seasonId, key.seasonId)))
    .orderBy(asc(teamMembers.teamId), asc(teamMembers.accountId));
}

/** The uuids of a season's records, in end-time order. */
export async function recordUuids(db: Executor, key: SeasonKey): Promise<string[]> {
  const rows = await db
    .select({ uuid: gameRecords.uuid })
    .from(gameRecords)
    .where(and(eq(gameRecords.uniqueId, key.uniqueId), eq(gameRecords.seasonId, key.seasonId)))
    .orderBy(asc(gameRecords.endTime), asc(gameRecords.uuid));
  return rows.map((r) => r.uuid);
}

/** A batch of a tournament's records after `afterUuid` (uuid order), with their per-seat rows and yakuman. */
export async function recordBatch(db: Executor, uniqueId: number, afterUuid: string, limit: number) {
  const rows = await db
    .select()
    .from(gameRecords)
    .where(and(eq(gameRecords.uniqueId, uniqueId), gt(gameRecords.uuid, afterUuid)))
    .orderBy(asc(gameRecords.uuid))
    .limit(limit);
  if (rows.length === 0) return [];
  const uuids = rows.map((r) => r.uuid);
  const players = await db
    .select()
    .from(recordPlayers)
    .where(inArray(recordPlayers.recordUuid, uuids))
    .orderBy(asc(recordPlayers.seat));
  const marks = await db
    .select()
    .from(recordMarks)
    .where(inArray(recordMarks.recordUuid, uuids))
    .orderBy(asc(recordMarks.hand), asc(recordMarks.seat));
  return rows.map((record) => ({
    record,
    players: players.filter((p) => p.recordUuid === record.uuid),
    marks: marks.filter((m) => m.recordUuid === record.uuid),
  }));
}

/** The audit entries of a tournament, its seasons and their players, oldest first. */
export function historyRows(db: Executor, uniqueId: number) {
  return db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.targetType, 'contest'), eq(auditLog.targetId, String(uniqueId))),
        and(eq(auditLog.targetType, 'season'), like(auditLog.targetId, `${uniqueId}/%`)),
      ),
    )
    .orderBy(asc(auditLog.time), asc(auditLog.id));
}

export async function nicknamesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, nickname: accounts.nickname })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

// The import's side.

/** Whether an archive was imported here before (its `contest.import` audit entry names it). */
export async function archiveImported(db: Executor, archiveId: string): Promise<number | null> {
  const [row] = await db
    .select({ targetId: auditLog.targetId })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'contest.import'), sql`${auditLog.after}->>'archive_id' = ${archiveId}`))
    .limit(1);
  return row ? Number(row.targetId) : null;
}

/** Holds the import of one archive to one transaction at a time (until it ends). */
export async function lockArchive(db: Executor, archiveId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`archive:${archiveId}`}))`);
}

/** Which of these record uuids this server already holds. */
export async function existingRecords(db: Executor, uuids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < uuids.length; i += 1000) {
    const rows = await db
      .select({ uuid: gameRecords.uuid })
      .from(gameRecords)
      .where(inArray(gameRecords.uuid, uuids.slice(i, i + 1000)));
    found.push(...rows.map((r) => r.uuid));
  }
  return found;
}

/** Nicknames (lower case) among these that accounts hold already. */
export async function takenNicknames(db: Executor, nicknames: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const lower = [...new Set(nicknames.map((n) => n.toLowerCase()))];
  for (let i = 0; i < lower.length; i += 1000) {
    const rows = await db
      .select({ n: sql<string>`lower(${accounts.nickname})` })
      .from(accounts)
      .where(inArray(sql`lower(${accounts.nickname})`, lower.slice(i, i + 1000)));
    for (const r of rows) taken.add(r.n);
  }
  return taken;
}

export async function insertAccounts(db: Executor, values: (typeof accounts.$inferInsert)[]) {
  const out: { id: number }[] = [];
  for (let i = 0; i < values.length; i += 500)
    out.push(
      ...(await db
        .insert(accounts)
        .values(values.slice(i, i + 500))
        .returning({ id: accounts.id })),
    );
  return out;
}

/** Inserts rows in chunks (a statement holds at most 65 535 parameters). */
export async function insertMany<T extends Parameters<Executor['insert']>[0]>(
  db: Executor,
  table: T,
  values: T['$inferInsert'][],
  chunk = 500,
): Promise<void> {
  for (let i = 0; i < values.length; i += chunk)
    await db
      .insert(table)
      .values(values.slice(i, i + chunk) as never)
      .execute();
}

export async function insertContest(db: Executor, values: typeof contests.$inferInsert) {
  const [row] = await db
    .insert(contests)
    .values(values)
    .returning({ uniqueId: contests.uniqueId, contestId: contests.contestId });
  return row;
}

export async function insertTeam(db: Executor, values: typeof teams.$inferInsert): Promise<number> {
  const [row] = await db.insert(teams).values(values).returning({ id: teams.id });
  return row.id;
}

/** The first operator account (the one an embedded install makes on its first start). */
export async function firstOperator(db: Executor) {
  const [row] = await db
    .select({ id: accounts.id, nickname: accounts.nickname })
    .from(accounts)
    .where(eq(accounts.isOperator, true))
    .orderBy(asc(accounts.id))
    .limit(1);
  return row;
}
