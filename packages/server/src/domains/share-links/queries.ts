import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shareLinks } from '../../db/schema';

export type ShareLinkRow = typeof shareLinks.$inferSelect;
type SeasonKey = { uniqueId: number; seasonId: number };

/** First key of the two-key advisory locks taken on a tournament's share links. */
const LINK_LOCK_SPACE = 7_351_016;

/** Serialises link creation of one tournament until the transaction ends (the live-link limit holds). */
export async function lockLinksOf(db: Executor, uniqueId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LINK_LOCK_SPACE}, ${uniqueId})`);
}

export async function insertLink(
  db: Executor,
  values: typeof shareLinks.$inferInsert,
): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row;
}

/** A tournament's live links, newest first. */
export async function liveLinksOf(db: Executor, uniqueId: number): Promise<ShareLinkRow[]> {
  return db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.uniqueId, uniqueId), isNull(shareLinks.revokeTime)))
    .orderBy(desc(shareLinks.id));
}

export async function liveLinkCount(db: Executor, uniqueId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shareLinks)
    .where(and(eq(shareLinks.uniqueId, uniqueId), isNull(shareLinks.revokeTime)));
  return Number(row?.n ?? 0);
}

/** Revokes a live link of a tournament; the revoked row, or undefined when there was none. */
export async function revokeLink(db: Executor, uniqueId: number, id: number, now: number) {
  const [row] = await db
    .update(shareLinks)
    .set({ revokeTime: now })
    .where(and(eq(shareLinks.id, id), eq(shareLinks.uniqueId, uniqueId), isNull(shareLinks.revokeTime)))
    .returning();
  return row;
}

/** The live link with this token hash, with its tournament's delay, while the tournament is not deleted. */
export async function liveLinkByHash(db: Executor, tokenHash: string) {
  const result = await db.execute(sql`
    select l.id, l.unique_id, l.kind, l.target, l.options, c.spectate_delay
    from share_links l join contests c on c.unique_id = l.unique_id
    where l.token_hash = ${tokenHash} and l.revoke_time is null and c.delete_time is null`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return undefined;
  return {
    id: Number(row.id),
    uniqueId: Number(row.unique_id),
    kind: String(row.kind) as ShareLinkRow['kind'],
    target: String(row.target),
    options: row.options as ShareLinkRow['options'],
    delay: Number(row.spectate_delay),
  };
}

/** One counted game of a player: a seat of a record that is not removed, robots left out. */
export type CountedGame = { accountId: number; endTime: number; totalPoint: number };

/**
 * A season's counted games that ended at or before `at` (unix seconds), each player's in end-time order: the
 * standings as they stood then are summed from them (`record_players`, kept by the records domain).
 */
export async function countedGamesUntil(db: Executor, key: SeasonKey, at: number): Promise<CountedGame[]> {
  const result = await db.execute(sql`
    select account_id, end_time, total_point from record_players
    where unique_id = ${key.uniqueId} and season_id = ${key.seasonId} and removed = 0 and account_id <> 0
      and end_time <= ${at}
    order by account_id, end_time, record_uuid`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    accountId: Number(r.account_id),
    endTime: Number(r.end_time),
    totalPoint: Number(r.total_point),
  }));
}

/** A team season's teams with their members and score change (`teams`, `team_members`). */
export async function teamsWithMembers(db: Executor, key: SeasonKey) {
  const result = await db.execute(sql`
    select t.id, t.name, t.modify_score, coalesce(array_agg(m.account_id) filter (where m.account_id is not null), '{}') as members
    from teams t left join team_members m on m.team_id = t.id
    where t.unique_id = ${key.uniqueId} and t.season_id = ${key.seasonId}
    group by t.id order by t.id`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    modifyScore: Number(r.modify_score),
    members: (r.members as unknown[]).map(Number),
  }));
}

/** A season's latest records (end time at or before `at`), newest first, with their seats' places. */
export async function latestRecordsUntil(db: Executor, key: SeasonKey, at: number, limit: number) {
  const result = await db.execute(sql`
    select r.uuid, r.end_time, r.seats, r.result from game_records r
    where r.unique_id = ${key.uniqueId} and r.season_id = ${key.seasonId} and r.removed = 0 and r.end_time <= ${at}
    order by r.end_time desc, r.uuid desc limit ${limit}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    uuid: String(r.uuid),
    endTime: Number(r.end_time),
    seats: r.seats as { account_id: number; nickname: string }[],
    result: r.result as { seat: number; part_point_1: number; total_point: number }[],
  }));
}

/** Season nicknames (else the account's) of some accounts. */
export async function seasonNames(db: Executor, key: SeasonKey, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select a.id, coalesce(sp.nickname, a.nickname) as nickname from accounts a
    left join season_players sp
      on sp.unique_id = ${key.uniqueId} and sp.season_id = ${key.seasonId} and sp.account_id = a.id
    where a.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [
      Number(r.id),
      String(r.nickname),
    ]),
  );
}
