import { isIP } from 'node:net';
import {
  type BanKind,
  decodeAccountId,
  ErrorCode,
  encodeAccountId,
  isDeviceId,
  LIMITS,
} from '@taikai/protocol';
import { audit } from '../../audit';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { cancelPlansSeating } from '../../games/queries';
import { ContestError } from '../../http/errors';
import { newCredential } from './credentials';
import * as q from './queries';
import { newPassword } from './secrets';
import { normaliseEmail } from './service';
import { announceEnded, endSessionsOf } from './sessions';

// The operator's acts on accounts, bans and announcements: the command line runs them with no actor, the operator
// console (domains/operator-console) as the operator account that calls; the audit log records them as
// `operator.…` either way.

/**
 * An account named by e-mail, public id (as shown in the console) or internal id; a number (as the operator
 * console's calls send) is the internal id.
 */
export async function findAccount(ctx: Ctx, ref: string | number): Promise<q.AccountRow> {
  if (typeof ref === 'number') {
    const account = await q.accountById(ctx.db, ref);
    if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND, { message: `no account ${ref}` });
    return account;
  }
  const text = ref.trim();
  let account: q.AccountRow | undefined;
  if (text.includes('@')) account = await q.accountByEmail(ctx.db, text.toLowerCase());
  else if (/^\d+$/.test(text)) {
    const n = Number(text);
    const decoded = decodeAccountId(n);
    account =
      (decoded > 0 ? await q.accountById(ctx.db, decoded) : undefined) ?? (await q.accountById(ctx.db, n));
  }
  if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND, { message: `no account ${text}` });
  return account;
}

export async function createAccount(
  ctx: Ctx,
  input: { email: string; nickname: string; password?: string; isOperator?: boolean },
): Promise<{ id: number; publicId: number; email: string; password: string }> {
  const email = normaliseEmail(input.email);
  if (await q.accountByEmail(ctx.db, email)) throw new ContestError(ErrorCode.EMAIL_REGISTERED);
  if (await q.nicknameTaken(ctx.db, input.nickname)) throw new ContestError(ErrorCode.NICKNAME_TAKEN);
  const password = input.password ?? newPassword();
  const passwordHash = await newCredential(password);
  return ctx.db.transaction(async (tx) => {
    const row = await q.insertAccount(tx, {
      email,
      nickname: input.nickname,
      passwordHash,
      isOperator: input.isOperator ?? false,
      createTime: ctx.now,
      zone: ctx.config.defaultZone,
    });
    await audit(tx, ctx, {
      action: 'operator.account.create',
      targetType: 'account',
      targetId: row.id,
      before: null,
      after: { email, nickname: row.nickname, isOperator: row.isOperator },
    });
    return { id: row.id, publicId: encodeAccountId(row.id), email, password };
  });
}

/** Adds (positive) or takes (negative) premium currency; never below zero. */
export async function adjustCurrency(ctx: Ctx, ref: string | number, delta: number): Promise<number> {
  const found = await findAccount(ctx, ref);
  return ctx.db.transaction(async (tx) => {
    const account = (await q.accountByIdForUpdate(tx, found.id))!;
    const next = account.currency + delta;
    if (next < 0) throw new ContestError(ErrorCode.INSUFFICIENT_CURRENCY);
    await q.setCurrency(tx, account.id, next);
    await audit(tx, ctx, {
      action: delta >= 0 ? 'operator.currency.grant' : 'operator.currency.take',
      targetType: 'account',
      targetId: account.id,
      before: { currency: account.currency },
      after: { currency: next },
    });
    return next;
  });
}

/**
 * Sets a new password (random unless given) and ends the account's sessions; returns the password. Also the way
 * to renew a credential stored before passwords were kept as their client-side digest, for owners who log in
 * only through the console (which sends the digest alone).
 */
export async function setPassword(ctx: Ctx, ref: string | number, given?: string): Promise<string> {
  const account = await findAccount(ctx, ref);
  const password = given ?? newPassword();
  const passwordHash = await newCredential(password);
  const ended = await ctx.db.transaction(async (tx) => {
    await q.setPasswordHash(tx, account.id, passwordHash);
    const hashes = await endSessionsOf(tx, account.id);
    await audit(tx, ctx, {
      action: 'operator.account.password',
      targetType: 'account',
      targetId: account.id,
      before: null,
      after: { sessions: 'ended' },
    });
    return hashes;
  });
  announceEnded(ctx, ended);
  return password;
}

/** What a ban target of the command line names: `device:<id>`, an IP address, an e-mail, or an account. */
async function banTarget(ctx: Ctx, ref: string): Promise<[BanKind, string]> {
  const text = ref.trim();
  if (text.startsWith('device:')) return ['device', deviceValue(text.slice('device:'.length))];
  if (isIP(text)) return ['ip', text];
  if (text.includes('@')) return ['email', normaliseEmail(text)];
  return ['account', String((await findAccount(ctx, text)).id)];
}

function deviceValue(text: string): string {
  const id = text.trim();
  if (!isDeviceId(id)) {
    throw new ContestError(ErrorCode.PARAM_ERROR, {
      message: 'a device id is 8–64 letters, digits, - and _',
    });
  }
  return id;
}

/**
 * The stored value of a ban of a kind, checked: an account's internal id (1002 when there is none), an e-mail
 * (121 when not one), an IP address or a device id (2517 when not one).
 */
export async function banValue(ctx: Ctx, kind: BanKind, raw: string): Promise<string> {
  const text = raw.trim();
  switch (kind) {
    case 'account':
      if (!/^\d{1,10}$/.test(text))
        throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'an account id' });
      return String((await findAccount(ctx, Number(text))).id);
    case 'email':
      return normaliseEmail(text);
    case 'ip':
      if (!isIP(text)) throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'an IP address' });
      return text;
    case 'device':
      return deviceValue(text);
  }
}

/** Bans or unbans what the command line's target names (see `banTarget`). */
export async function setBan(
  ctx: Ctx,
  ref: string,
  banned: boolean,
): Promise<{ kind: BanKind; value: string; changed: boolean }> {
  const [kind, value] = await banTarget(ctx, ref);
  return applyBan(ctx, kind, value, banned);
}

/**
 * Bans (refused at login and registration) or unbans a checked (kind, value); a banned account (by id or e-mail)
 * is logged out everywhere and its waiting games cancelled. `changed` is false when it was already so.
 */
export async function applyBan(
  ctx: Ctx,
  kind: BanKind,
  value: string,
  banned: boolean,
): Promise<{ kind: BanKind; value: string; changed: boolean }> {
  let changedAny = false;
  let cancelled: BannedPlans = { accountId: 0, plans: [] };
  const ended = await ctx.db.transaction(async (tx) => {
    if (banned) cancelled = await cancelPlansOfBanned(tx, kind, value, ctx.now);
    const changed = banned ? await q.insertBan(tx, kind, value, ctx.now) : await q.deleteBan(tx, kind, value);
    // A banned account (by id or e-mail) is logged out everywhere, its open links and streams included.
    let hashes: string[] = [];
    if (banned && kind === 'account') hashes = await endSessionsOf(tx, Number(value));
    if (banned && kind === 'email') {
      const holder = await q.accountByEmail(tx, value);
      if (holder) hashes = await endSessionsOf(tx, holder.id);
    }
    changedAny = changed;
    if (changed) {
      await audit(tx, ctx, {
        action: banned ? 'operator.ban' : 'operator.unban',
        targetType: kind,
        targetId: value,
        before: { banned: !banned },
        after: { banned },
      });
    }
    return hashes;
  });
  announceEnded(ctx, ended);
  for (const plan of cancelled.plans) {
    ctx.games.withdraw(plan, [cancelled.accountId], [{ uuid: plan.uuid, reason: 'player_banned' }]);
  }
  return { kind, value, changed: changedAny };
}

type BannedPlans = { accountId: number; plans: { uuid: string; uniqueId: number; seasonId: number }[] };

/**
 * The waiting plans of the account a ban names (by id or e-mail), in every season, cancelled (`player_banned`).
 * The account's row is locked first: the game host holds it while it checks and seats the account, so a ban
 * waits for a start in progress, and a start after it sees the ban.
 */
async function cancelPlansOfBanned(
  tx: Executor,
  kind: BanKind,
  value: string,
  now: number,
): Promise<BannedPlans> {
  const holder =
    kind === 'account'
      ? await q.accountByIdForUpdate(tx, Number(value))
      : kind === 'email'
        ? await q.accountByEmail(tx, value)
        : undefined;
  if (!holder) return { accountId: 0, plans: [] };
  if (kind === 'email') await q.accountByIdForUpdate(tx, holder.id);
  return { accountId: holder.id, plans: await cancelPlansSeating(tx, [holder.id], 'player_banned', now) };
}

export async function setCreateRight(ctx: Ctx, ref: string | number, allowed: boolean): Promise<void> {
  const account = await findAccount(ctx, ref);
  await ctx.db.transaction(async (tx) => {
    await q.setCanCreate(tx, account.id, allowed);
    await audit(tx, ctx, {
      action: 'operator.create_right',
      targetType: 'account',
      targetId: account.id,
      before: { canCreate: account.canCreate },
      after: { canCreate: allowed },
    });
  });
}

export async function announce(ctx: Ctx, input: { lang: string; title: string; content: string }) {
  return ctx.db.transaction(async (tx) => {
    const row = await q.insertAnnouncement(tx, { ...input, createTime: ctx.now });
    await audit(tx, ctx, {
      action: 'operator.announce',
      targetType: 'announcement',
      targetId: row.id,
      before: null,
      after: input,
    });
    return row;
  });
}

/** Deletes a platform announcement; 2517 when there is none of that id. */
export async function deleteAnnouncement(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await q.deleteAnnouncement(tx, id);
    if (!row) throw new ContestError(ErrorCode.PARAM_ERROR, { message: `no announcement ${id}` });
    await audit(tx, ctx, {
      action: 'operator.announcement.delete',
      targetType: 'announcement',
      targetId: row.id,
      before: { lang: row.lang, title: row.title, content: row.content },
      after: null,
    });
  });
}

/**
 * On a fresh embedded install: an operator account with a random password, returned once, and currency enough
 * for a first tournament (LIMITS.CREATE_COST).
 */
export async function ensureOperator(
  ctx: Ctx,
): Promise<{ email: string; password: string; currency: number } | null> {
  if ((await q.accountCount(ctx.db)) > 0) return null;
  const created = await createAccount(ctx, {
    email: 'operator@taikai.local',
    nickname: 'operator',
    isOperator: true,
  });
  const currency = await adjustCurrency(ctx, created.id, LIMITS.CREATE_COST);
  return { email: created.email, password: created.password, currency };
}
