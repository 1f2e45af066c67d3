import { INT4_MAX } from '@taikai/protocol';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { accounts, contests, seasonAccountLists, seasonPlayers, seasons } from '../../db/schema';

export type SeasonPlayerRow = typeof seasonPlayers.$inferSelect;

/** Season player states: 1 pending review, 2 accepted (the roster), 3 rejected (seen only by the player). */
export const PlayerState = { PENDING: 1, ACCEPTED: 2, REJECTED: 3 } as const;

/** Deletes a season's unreviewed sign-ups; answers how many there were. */
export async function deletePending(db: Executor, uniqueId: number, seasonId: number): Promise<number> {
  const rows = await db
    .delete(seasonPlayers)
    .where(
      and(
        eq(seasonPlayers.uniqueId, uniqueId),
        eq(seasonPlayers.seasonId, seasonId),
        eq(seasonPlayers.state, PlayerState.PENDING),
      ),
    )
    .returning({ accountId: seasonPlayers.accountId });
  return rows.length;
}

const seasonOfPlayers = (uniqueId: number, seasonId: number) =>
  and(eq(seasonPlayers.uniqueId, uniqueId), eq(seasonPlayers.seasonId, seasonId));

/** A season, as the queries below address it. */
export type SeasonKey = { uniqueId: number; seasonId: number };

/** One account's entry in a season (any state), or undefined. */
export async function playerOf(
  db: Executor,
  key: SeasonKey,
  accountId: number,
): Promise<SeasonPlayerRow | undefined> {
  const [row] = await db
    .select()
    .from(seasonPlayers)
    .where(and(seasonOfPlayers(key.uniqueId, key.seasonId), eq(seasonPlayers.accountId, accountId)));
  return row;
}

/** Whether an account has an entry (any state) in any season of a tournament. */
export async function hasEntryInContest(db: Executor, uniqueId: number, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ accountId: seasonPlayers.accountId })
    .from(seasonPlayers)
    .where(and(eq(seasonPlayers.uniqueId, uniqueId), eq(seasonPlayers.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}

/** The entries of some accounts in a season, by account id. */
export async function playersAmong(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
): Promise<Map<number, SeasonPlayerRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(seasonPlayers)
    .where(and(seasonOfPlayers(key.uniqueId, key.seasonId), inArray(seasonPlayers.accountId, accountIds)));
  return new Map(rows.map((r) => [r.accountId, r]));
}

/** How many players a season has accepted (its roster size). */
export async function acceptedCount(db: Executor, key: SeasonKey): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(seasonPlayers)
    .where(and(seasonOfPlayers(key.uniqueId, key.seasonId), eq(seasonPlayers.state, PlayerState.ACCEPTED)));
  return Number(row?.n ?? 0);
}

/** The roster of a season in entry order. */
export async function rosterOf(db: Executor, key: SeasonKey): Promise<SeasonPlayerRow[]> {
  return db
    .select()
    .from(seasonPlayers)
    .where(and(seasonOfPlayers(key.uniqueId, key.seasonId), eq(seasonPlayers.state, PlayerState.ACCEPTED)))
    .orderBy(asc(seasonPlayers.createTime), asc(seasonPlayers.accountId));
}

type PlayerValues = typeof seasonPlayers.$inferInsert;

/** Rows per INSERT statement (8 parameters each, well under PostgreSQL's 65535). */
const INSERT_CHUNK = 1000;

/**
 * Writes accounts' entries in a season, each replacing the one it had (a rejected sign-up signing up again, a
 * pending one accepted); answers the rows written.
 */
export async function putPlayers(db: Executor, values: PlayerValues[]): Promise<SeasonPlayerRow[]> {
  const out: SeasonPlayerRow[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const rows = await db
      .insert(seasonPlayers)
      .values(values.slice(i, i + INSERT_CHUNK))
      .onConflictDoUpdate({
        target: [seasonPlayers.uniqueId, seasonPlayers.seasonId, seasonPlayers.accountId],
        set: {
          state: sql`excluded.state`,
          nickname: sql`excluded.nickname`,
          remark: sql`excluded.remark`,
          createTime: sql`excluded.create_time`,
          updateTime: sql`excluded.update_time`,
        },
      })
      .returning();
    out.push(...rows);
  }
  return out;
}

/** Writes one account's entry in a season, replacing the one it had. */
export async function putPlayer(db: Executor, values: PlayerValues): Promise<SeasonPlayerRow> {
  const [row] = await putPlayers(db, [{ nickname: null, remark: '', ...values }]);
  return row;
}

/**
 * Moves a pending sign-up to `state` (accepted or rejected) in one statement: of two admins claiming the same
 * sign-up at once, exactly one gets the row back.
 */
export async function claimPending(
  db: Executor,
  key: SeasonKey,
  accountId: number,
  state: number,
  now: number,
): Promise<SeasonPlayerRow | undefined> {
  const [row] = await db
    .update(seasonPlayers)
    .set({ state, updateTime: now })
    .where(
      and(
        seasonOfPlayers(key.uniqueId, key.seasonId),
        eq(seasonPlayers.accountId, accountId),
        eq(seasonPlayers.state, PlayerState.PENDING),
      ),
    )
    .returning();
  return row;
}

/** Rejects the pending sign-ups of some accounts; answers whose sign-ups they were. */
export async function rejectPending(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
  now: number,
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .update(seasonPlayers)
    .set({ state: PlayerState.REJECTED, updateTime: now })
    .where(
      and(
        seasonOfPlayers(key.uniqueId, key.seasonId),
        inArray(seasonPlayers.accountId, accountIds),
        eq(seasonPlayers.state, PlayerState.PENDING),
      ),
    )
    .returning({ accountId: seasonPlayers.accountId });
  return rows.map((r) => r.accountId);
}

/** Deletes the entries of some accounts that are in `state`; answers whose entries they were. */
export async function deletePlayersInState(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
  state: number,
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .delete(seasonPlayers)
    .where(
      and(
        seasonOfPlayers(key.uniqueId, key.seasonId),
        inArray(seasonPlayers.accountId, accountIds),
        eq(seasonPlayers.state, state),
      ),
    )
    .returning({ accountId: seasonPlayers.accountId });
  return rows.map((r) => r.accountId);
}

/** Changes the season nickname or remark of a pending or accepted player; undefined when there is none. */
export async function updateEntry(
  db: Executor,
  key: SeasonKey,
  accountId: number,
  values: { nickname?: string | null; remark?: string; updateTime: number },
): Promise<SeasonPlayerRow | undefined> {
  const [row] = await db
    .update(seasonPlayers)
    .set(values)
    .where(
      and(
        seasonOfPlayers(key.uniqueId, key.seasonId),
        eq(seasonPlayers.accountId, accountId),
        inArray(seasonPlayers.state, [PlayerState.PENDING, PlayerState.ACCEPTED]),
      ),
    )
    .returning();
  return row;
}

/** Sets the remarks of some accounts' pending or accepted entries, a statement per 1000 accounts. */
export async function setRemarks(
  db: Executor,
  key: SeasonKey,
  remarks: readonly { accountId: number; remark: string }[],
  now: number,
): Promise<void> {
  for (let i = 0; i < remarks.length; i += INSERT_CHUNK) {
    const values = remarks
      .slice(i, i + INSERT_CHUNK)
      .map((r) => sql`(${r.accountId}::int, ${r.remark}::text)`);
    await db.execute(sql`
      update season_players p set remark = v.remark, update_time = ${now}
      from (values ${sql.join(values, sql`, `)}) as v(account_id, remark)
      where p.unique_id = ${key.uniqueId} and p.season_id = ${key.seasonId} and p.account_id = v.account_id
        and p.state in (${PlayerState.PENDING}, ${PlayerState.ACCEPTED}) and p.remark <> v.remark`);
  }
}

/** A row of the roster or sign-up list: the entry with its account's nickname. */
export type ListedPlayerRow = SeasonPlayerRow & { accountNickname: string };

/** `\`, `%` and `_` escaped, so that a LIKE pattern matches them literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of a season's sign-ups (state 1, newest first) or roster (state 2, in entry order), with the total.
 * `search` matches a part of the season or account nickname, in any case, or equals an account id; `accountId`
 * keeps that account only.
 */
export async function playerPage(
  db: Executor,
  key: SeasonKey,
  options: { state: number; search: string; accountId?: number; offset: number; limit: number },
): Promise<{ rows: ListedPlayerRow[]; total: number }> {
  const plain = !options.search && options.accountId === undefined;
  // The plain page (no search), as bots poll it, is a statement prepared once per list kind.
  const uniqueId = plain ? sql.placeholder('uniqueId') : key.uniqueId;
  const seasonId = plain ? sql.placeholder('seasonId') : key.seasonId;
  const conditions = [
    and(eq(seasonPlayers.uniqueId, uniqueId), eq(seasonPlayers.seasonId, seasonId)),
    eq(seasonPlayers.state, options.state),
  ];
  if (options.accountId !== undefined) conditions.push(eq(seasonPlayers.accountId, options.accountId));
  if (options.search) {
    const pattern = `%${likeLiteral(options.search)}%`;
    const matches = [ilike(accounts.nickname, pattern), ilike(seasonPlayers.nickname, pattern)];
    const id = /^\d{1,10}$/.test(options.search) ? Number(options.search) : Number.NaN;
    if (id <= INT4_MAX) matches.push(eq(seasonPlayers.accountId, id));
    conditions.push(or(...matches) as SQL);
  }
  const where = and(...conditions);
  const order =
    options.state === PlayerState.PENDING
      ? [desc(seasonPlayers.createTime), desc(seasonPlayers.accountId)]
      : [asc(seasonPlayers.createTime), asc(seasonPlayers.accountId)];
  // The count comes with the page (a window over every matching row); only a page past the end asks again.
  const page = (db: Executor, limit: number | Placeholder, offset: number | Placeholder) =>
    db
      .select({ player: seasonPlayers, accountNickname: accounts.nickname, n: sql<number>`count(*) over ()` })
      .from(seasonPlayers)
      .innerJoin(accounts, eq(accounts.id, seasonPlayers.accountId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const name = `player_page_${options.state}`;
  const rows = plain
    ? await prepared(db, name, (db) =>
        page(db, sql.placeholder('limit'), sql.placeholder('offset')).prepare(name),
      ).execute({ ...key, limit: options.limit, offset: options.offset })
    : await page(db, options.limit, options.offset);
  let total = Number(rows[0]?.n ?? 0);
  if (rows.length === 0 && options.offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(seasonPlayers)
      .innerJoin(accounts, eq(accounts.id, seasonPlayers.accountId))
      .where(
        and(
          seasonOfPlayers(key.uniqueId, key.seasonId),
          eq(seasonPlayers.state, options.state),
          ...conditions.slice(2),
        ),
      );
    total = Number(count?.n ?? 0);
  }
  return {
    rows: rows.map((r) => ({ ...r.player, accountNickname: r.accountNickname })),
    total,
  };
}

// The season's sign-up blacklist (list 3 of season_account_lists; lists 1 and 2 are its chat lists).

const SIGNUP_BLACKLIST = 3;

const blacklistOf = (key: SeasonKey) =>
  and(
    eq(seasonAccountLists.uniqueId, key.uniqueId),
    eq(seasonAccountLists.seasonId, key.seasonId),
    eq(seasonAccountLists.list, SIGNUP_BLACKLIST),
  );

/** Blacklisted account ids of a season, in the order they were listed. */
export async function blacklistedIds(db: Executor, key: SeasonKey): Promise<number[]> {
  const rows = await db
    .select({ accountId: seasonAccountLists.accountId })
    .from(seasonAccountLists)
    .where(blacklistOf(key))
    .orderBy(asc(seasonAccountLists.createTime), asc(seasonAccountLists.accountId));
  return rows.map((r) => r.accountId);
}

/** Which of some accounts are on a season's blacklist. */
export async function blacklistedAmong(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ accountId: seasonAccountLists.accountId })
    .from(seasonAccountLists)
    .where(and(blacklistOf(key), inArray(seasonAccountLists.accountId, accountIds)));
  return new Set(rows.map((r) => r.accountId));
}

/** Puts accounts on a season's blacklist; answers the ids that were not on it yet. */
export async function insertBlacklisted(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
  now: number,
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .insert(seasonAccountLists)
    .values(
      accountIds.map((accountId) => ({
        uniqueId: key.uniqueId,
        seasonId: key.seasonId,
        list: SIGNUP_BLACKLIST,
        accountId,
        createTime: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ accountId: seasonAccountLists.accountId });
  return rows.map((r) => r.accountId);
}

/** Takes accounts off a season's blacklist; answers the ids that were on it. */
export async function deleteBlacklisted(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .delete(seasonAccountLists)
    .where(and(blacklistOf(key), inArray(seasonAccountLists.accountId, accountIds)))
    .returning({ accountId: seasonAccountLists.accountId });
  return rows.map((r) => r.accountId);
}

/**
 * The account's entries in seasons of live tournaments (any state), one per tournament: its newest season with
 * an entry, with the tournament and that season. Latest entries first, at most `limit`.
 */
export async function entriesOfAccount(db: Executor, accountId: number, limit: number) {
  const rows = await db
    .selectDistinctOn([seasonPlayers.uniqueId], { entry: seasonPlayers, contest: contests, season: seasons })
    .from(seasonPlayers)
    .innerJoin(contests, and(eq(contests.uniqueId, seasonPlayers.uniqueId), isNull(contests.deleteTime)))
    .innerJoin(
      seasons,
      and(eq(seasons.uniqueId, seasonPlayers.uniqueId), eq(seasons.seasonId, seasonPlayers.seasonId)),
    )
    .where(eq(seasonPlayers.accountId, accountId))
    .orderBy(seasonPlayers.uniqueId, desc(seasonPlayers.seasonId));
  return rows
    .sort((a, b) => b.entry.updateTime - a.entry.updateTime || b.entry.uniqueId - a.entry.uniqueId)
    .slice(0, limit);
}
