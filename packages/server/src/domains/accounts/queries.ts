import { type BanKind, ErrorCode } from '@taikai/protocol';
import { and, desc, eq, gt, ilike, inArray, lt, lte, max, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { prepared } from '../../db/prepared';
import {
  accounts,
  announcements,
  bans,
  handoffCodes,
  loginFailures,
  sessions,
  verificationCodes,
} from '../../db/schema';
import { ContestError } from '../../http/errors';

export type AccountRow = typeof accounts.$inferSelect;

export async function accountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.email, email));
  return row;
}

/** The account whose nickname is `nickname`, in any case (the login name of type 0/1 logins). */
export async function accountByNickname(db: Executor, nickname: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(sql`lower(${accounts.nickname}) = lower(${nickname})`);
  return row;
}

export async function accountById(db: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await prepared(db, 'account_by_id', (db) =>
    db
      .select()
      .from(accounts)
      .where(eq(accounts.id, sql.placeholder('id')))
      .prepare('account_by_id'),
  ).execute({ id });
  return row;
}

export async function accountByIdForUpdate(db: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for('update');
  return row;
}

export async function accountsByIds(db: Executor, ids: number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(accounts).where(inArray(accounts.id, ids));
}

export async function nicknameTaken(db: Executor, nickname: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.nickname}) = lower(${nickname})`);
  return row !== undefined;
}

export async function accountCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return Number(row?.n ?? 0);
}

/**
 * Inserts an account; an e-mail or nickname taken meanwhile is refused with 1027 or 1010. `zone` is required: a
 * new account takes the operator's default (`ctx.config.defaultZone`, server README "Zones").
 */
export async function insertAccount(
  db: Executor,
  values: typeof accounts.$inferInsert & { zone: number },
): Promise<AccountRow> {
  try {
    const [row] = await db.insert(accounts).values(values).returning();
    return row;
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'accounts_email_key') throw new ContestError(ErrorCode.EMAIL_REGISTERED);
    if (constraint === 'accounts_nickname_key') throw new ContestError(ErrorCode.NICKNAME_TAKEN);
    throw err;
  }
}

export async function setCurrency(db: Executor, id: number, currency: number): Promise<void> {
  await db.update(accounts).set({ currency }).where(eq(accounts.id, id));
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}

export async function setCanCreate(db: Executor, id: number, canCreate: boolean): Promise<void> {
  await db.update(accounts).set({ canCreate }).where(eq(accounts.id, id));
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session of a token hash with its account. */
export async function liveSession(db: Executor, tokenHash: string, now: number) {
  const [row] = await prepared(db, 'live_session', (db) =>
    db
      .select({
        account: { id: accounts.id, nickname: accounts.nickname, isOperator: accounts.isOperator },
        expireTime: sessions.expireTime,
      })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expireTime, sql.placeholder('now')),
        ),
      )
      .prepare('live_session'),
  ).execute({ tokenHash, now });
  return row;
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning();
  return rows.length;
}

/** Drops an account's expired sessions. */
export async function deleteExpiredSessionsOf(db: Executor, accountId: number, now: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.accountId, accountId), lte(sessions.expireTime, now)));
}

/** Ends the sessions opened with an API key; answers their token hashes. */
export async function deleteSessionsOfKey(db: Executor, apiKeyId: number): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.apiKeyId, apiKeyId))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** Ends every session of an account; answers their token hashes. */
export async function deleteSessionsOf(db: Executor, accountId: number): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.accountId, accountId))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

export type CodeRow = typeof verificationCodes.$inferSelect;

export async function codeOf(db: Executor, email: string, purpose: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)));
  return row;
}

export async function saveCode(db: Executor, values: typeof verificationCodes.$inferInsert): Promise<void> {
  await db
    .insert(verificationCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [verificationCodes.email, verificationCodes.purpose],
      set: {
        codeHash: values.codeHash,
        sendTime: values.sendTime,
        expireTime: values.expireTime,
        attempts: 0,
      },
    });
}

/**
 * Takes one of a code's guesses: the stored code hash when the code is live and has guesses left (the count is
 * raised in the same statement, so parallel guesses never exceed the limit), else undefined.
 */
export async function claimCodeGuess(
  db: Executor,
  email: string,
  purpose: string,
  now: number,
  maxGuesses: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        gt(verificationCodes.expireTime, now),
        lt(verificationCodes.attempts, maxGuesses),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash });
  return row?.codeHash;
}

/** Uses up a code; false when another call used it first (one code opens one session). */
export async function consumeCode(db: Executor, email: string, purpose: string, codeHash: string) {
  const rows = await db
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.codeHash, codeHash),
      ),
    )
    .returning({ email: verificationCodes.email });
  return rows.length > 0;
}

/** Records a login attempt of an account from an address (as failed until it succeeds); returns its id. */
export async function insertAttempt(
  db: Executor,
  accountId: number,
  ip: string,
  now: number,
): Promise<number> {
  const [row] = await db.insert(loginFailures).values({ accountId, ip, time: now }).returning();
  return row.id;
}

/** Failed (or pending) logins of an account since a time: from one address, and from all. */
export async function attemptsSince(db: Executor, accountId: number, ip: string, since: number) {
  const [row] = await db
    .select({
      fromAddress: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountId, accountId), gt(loginFailures.time, since)));
  return { fromAddress: Number(row?.fromAddress ?? 0), all: Number(row?.all ?? 0) };
}

export async function deleteAttempt(db: Executor, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Forgets the failed logins of an account from one address (after a successful login from there). */
export async function clearAttempts(db: Executor, accountId: number, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.accountId, accountId), eq(loginFailures.ip, ip)));
}

export type { BanKind };

/** Whether any of the given (kind, value) pairs is banned. */
export async function anyBanned(db: Executor, pairs: [BanKind, string][]): Promise<boolean> {
  if (pairs.length === 0) return false;
  const [row] = await db
    .select({ kind: bans.kind })
    .from(bans)
    .where(or(...pairs.map(([kind, value]) => and(eq(bans.kind, kind), eq(bans.value, value)))))
    .limit(1);
  return row !== undefined;
}

export async function insertBan(db: Executor, kind: BanKind, value: string, now: number): Promise<boolean> {
  const rows = await db
    .insert(bans)
    .values({ kind, value, createTime: now })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function deleteBan(db: Executor, kind: BanKind, value: string): Promise<boolean> {
  const rows = await db
    .delete(bans)
    .where(and(eq(bans.kind, kind), eq(bans.value, value)))
    .returning();
  return rows.length > 0;
}

/** The bans in force among the given (kind, value) pairs. */
export async function bansAmong(db: Executor, pairs: [BanKind, string][]) {
  if (pairs.length === 0) return [];
  return db
    .select()
    .from(bans)
    .where(or(...pairs.map(([kind, value]) => and(eq(bans.kind, kind), eq(bans.value, value)))))
    .orderBy(bans.kind, bans.value);
}

/** One page of the bans (of one kind), newest first, and how many there are. */
export async function banPage(db: Executor, page: { kind?: BanKind; offset: number; limit: number }) {
  const where = page.kind ? eq(bans.kind, page.kind) : undefined;
  const rows = await db
    .select()
    .from(bans)
    .where(where)
    .orderBy(desc(bans.createTime), bans.kind, bans.value)
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(bans).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** `text` with the LIKE wildcards and the escape character taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Accounts whose e-mail or nickname holds `text` (any case), or whose id is one of `ids`; by id, at most `limit`.
 */
export async function searchAccounts(
  db: Executor,
  text: string,
  ids: number[],
  limit: number,
): Promise<AccountRow[]> {
  const pattern = `%${likeLiteral(text)}%`;
  return db
    .select()
    .from(accounts)
    .where(
      or(
        ilike(accounts.email, pattern),
        ilike(accounts.nickname, pattern),
        ...(ids.length > 0 ? [inArray(accounts.id, ids)] : []),
      ),
    )
    .orderBy(accounts.id)
    .limit(limit);
}

/** Notes where an account logged in from: the address always, the device when the browser sent one. */
export async function recordLogin(
  db: Executor,
  id: number,
  from: { ip: string; device?: string; now: number },
): Promise<void> {
  await db
    .update(accounts)
    .set({
      lastLoginIp: from.ip,
      lastLoginTime: from.now,
      ...(from.device ? { lastLoginDevice: from.device } : {}),
    })
    .where(eq(accounts.id, id));
}

/** Announcements in a language, newest first. */
export async function announcementsIn(db: Executor, lang: string) {
  return db
    .select({ title: announcements.title, content: announcements.content, language: announcements.lang })
    .from(announcements)
    .where(eq(announcements.lang, lang))
    .orderBy(desc(announcements.createTime), desc(announcements.id));
}

/** The languages that have announcements of their own (not `default`), the one with the newest first. */
export async function announcementLanguages(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ lang: announcements.lang })
    .from(announcements)
    .where(ne(announcements.lang, 'default'))
    .groupBy(announcements.lang)
    .orderBy(desc(max(announcements.createTime)), announcements.lang);
  return rows.map((r) => r.lang);
}

/** One page of every announcement, newest first, and how many there are. */
export async function announcementPage(db: Executor, page: { offset: number; limit: number }) {
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.createTime), desc(announcements.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(announcements);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Deletes an announcement; answers it, or undefined when there was none. */
export async function deleteAnnouncement(db: Executor, id: number) {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  return row;
}

export async function insertAnnouncement(db: Executor, values: typeof announcements.$inferInsert) {
  const [row] = await db.insert(announcements).values(values).returning();
  return row;
}

/** Stores a hand-off code's hash; the account's expired codes are deleted first. */
export async function insertHandoffCode(
  db: Executor,
  values: typeof handoffCodes.$inferInsert,
): Promise<void> {
  await db
    .delete(handoffCodes)
    .where(
      and(eq(handoffCodes.accountId, values.accountId), lte(handoffCodes.expireTime, values.createTime)),
    );
  await db.insert(handoffCodes).values(values);
}

/** Deletes a live hand-off code and answers its account: of parallel exchanges of one code, one gets it. */
export async function takeHandoffCode(
  db: Executor,
  codeHash: string,
  now: number,
): Promise<number | undefined> {
  const [row] = await db
    .delete(handoffCodes)
    .where(and(eq(handoffCodes.codeHash, codeHash), gt(handoffCodes.expireTime, now)))
    .returning({ accountId: handoffCodes.accountId });
  return row?.accountId;
}
