import { isIP } from 'node:net';
import { decodeAccountId, ErrorCode, encodeAccountId } from '@taikai/protocol';
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

// Operator commands (the CLI). They run with no actor; the audit log records them as the operator's.

/** An account named by e-mail, public id (as shown in the console) or internal id. */
export async function findAccount(ctx: Ctx, ref: string): Promise<q.AccountRow> {
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
export async function adjustCurrency(ctx: Ctx, ref: string, delta: number): Promise<number> {
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
export async function setPassword(ctx: Ctx, ref: string, given?: string): Promise<string> {
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

/** What a ban target names: an IP address, an e-mail, or an account. */
async function banTarget(ctx: Ctx, ref: string): Promise<[q.BanKind, string]> {
  const text = ref.trim();
  if (isIP(text)) return ['ip', text];
  if (text.includes('@')) return ['email', normaliseEmail(text)];
  return ['account', String((await findAccount(ctx, text)).id)];
}

export async function setBan(
  ctx: Ctx,
  ref: string,
  banned: boolean,
): Promise<{ kind: string; value: string }> {
  const [kind, value] = await banTarget(ctx, ref);
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
  return { kind, value };
}

type BannedPlans = { accountId: number; plans: { uuid: string; uniqueId: number; seasonId: number }[] };

/**
 * The waiting plans of the account a ban names (by id or e-mail), in every season, cancelled (`player_banned`).
 * The account's row is locked first: the game host holds it while it checks and seats the account, so a ban
 * waits for a start in progress, and a start after it sees the ban.
 */
async function cancelPlansOfBanned(
  tx: Executor,
  kind: q.BanKind,
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

export async function setCreateRight(ctx: Ctx, ref: string, allowed: boolean): Promise<void> {
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

/** On a fresh embedded install: an operator account with a random password, returned once. */
export async function ensureOperator(ctx: Ctx): Promise<{ email: string; password: string } | null> {
  if ((await q.accountCount(ctx.db)) > 0) return null;
  const created = await createAccount(ctx, {
    email: 'operator@taikai.local',
    nickname: 'operator',
    isOperator: true,
  });
  return { email: created.email, password: created.password };
}
