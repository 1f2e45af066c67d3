import { randomBytes } from 'node:crypto';
import { ErrorCode, HANDOFF_CODE_TTL_S, isEmail } from '@taikai/protocol';
import { audit } from '../../audit';
import type { Actor, AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { newCredential } from './credentials';
import * as q from './queries';
import { sha256 } from './secrets';
import { banPairs } from './service';

// What social login (domains/oidc) asks of accounts: the account an e-mail names, a new account for a provider's
// person, the bans a login is checked against, a one-time hand-off code that carries the session to the browser
// (handoff.ts exchanges it), and a first password for an account created without one.

export type SocialAccount = {
  id: number;
  nickname: string;
  email: string;
  isOperator: boolean;
  hasPassword: boolean;
};

const social = (row: q.AccountRow): SocialAccount => ({
  id: row.id,
  nickname: row.nickname,
  email: row.email,
  isOperator: row.isOperator,
  hasPassword: row.passwordHash !== null,
});

export const actorOf = (account: SocialAccount): Actor => ({
  id: account.id,
  nickname: account.nickname,
  isOperator: account.isOperator,
});

export async function accountById(db: Executor, id: number): Promise<SocialAccount | undefined> {
  const row = await q.accountById(db, id);
  return row && social(row);
}

/** The account registered with an e-mail (lower-cased), if any. */
export async function accountByEmail(db: Executor, email: string): Promise<SocialAccount | undefined> {
  const row = isEmail(email) ? await q.accountByEmail(db, email) : undefined;
  return row && social(row);
}

/** 503 when the client address (and device), or the account and its e-mail, is banned — as at password login. */
export async function refuseBanned(
  db: Executor,
  ctx: Ctx,
  account?: { id?: number; email: string },
): Promise<void> {
  if (await q.anyBanned(db, banPairs(ctx, account))) throw new ContestError(ErrorCode.BANNED);
}

/** Longest nickname (as at registration). */
const NICKNAME_MAX = 16;

/** The provider's name made a nickname: readable characters only, at most 16, never empty. */
function nicknameBase(name: string): string {
  const clean = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, NICKNAME_MAX).join('').trim() || 'Player';
}

/** The first of `name`, `name2`, `name3`… (shortened to fit) that no account has, any case. */
async function freeNickname(db: Executor, name: string): Promise<string> {
  const base = nicknameBase(name);
  if (!(await q.nicknameTaken(db, base))) return base;
  for (let n = 2; n < 1000; n++) {
    const suffix = String(n);
    const candidate =
      [...base]
        .slice(0, NICKNAME_MAX - suffix.length)
        .join('')
        .trim() + suffix;
    if (!(await q.nicknameTaken(db, candidate))) return candidate;
  }
  const suffix = randomBytes(3).toString('hex');
  return [...base].slice(0, NICKNAME_MAX - suffix.length).join('') + suffix;
}

/**
 * An address that stands for an account whose provider gave no verified e-mail: unique per provider account,
 * in the reserved `.invalid` domain (RFC 2606), so it can never receive a mail or be registered by someone.
 */
export function placeholderEmail(provider: string, subject: string): string {
  return `${provider}-${sha256(`${provider}\n${subject}`).slice(0, 20)}@social.invalid`;
}

/**
 * A new account for a person of a provider, without a password: its nickname from the provider's name (made
 * unique), its e-mail the provider's verified one when no account has it, else a placeholder.
 */
export async function createSocialAccount(
  tx: Executor,
  ctx: Ctx,
  person: { name: string; email: string | null; provider: string; subject: string },
): Promise<SocialAccount> {
  const email =
    person.email && !(await q.accountByEmail(tx, person.email))
      ? person.email
      : placeholderEmail(person.provider, person.subject);
  const nickname = await freeNickname(tx, person.name);
  const row = await q.insertAccount(tx, {
    email,
    nickname,
    passwordHash: null,
    createTime: ctx.now,
    zone: ctx.config.defaultZone,
  });
  const account = social(row);
  await audit(
    tx,
    { ...ctx, actor: actorOf(account) },
    {
      action: 'account.register',
      targetType: 'account',
      targetId: account.id,
      before: null,
      after: { email, nickname, by: `oidc:${person.provider}` },
    },
  );
  return account;
}

/** Notes where the account logs in from (the operator's account list shows it), as a password login does. */
export async function recordLogin(tx: Executor, ctx: Ctx, accountId: number): Promise<void> {
  await q.recordLogin(tx, accountId, { ip: ctx.ip, device: ctx.device, now: ctx.now });
}

/** A one-time hand-off code of the account (as `create_handoff_code` makes), written in the caller's transaction. */
export async function issueHandoffCode(tx: Executor, ctx: Ctx, accountId: number): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await q.insertHandoffCode(tx, {
    codeHash: sha256(code),
    accountId,
    createTime: ctx.now,
    expireTime: ctx.now + HANDOFF_CODE_TTL_S,
  });
  return code;
}

/**
 * `set_first_password`: a password for the caller's account when it has none (an account made through a
 * provider); 155 when it has one — changing a password is not this call's to do. The caller's session proves
 * who they are, as their provider login did; the other sessions stay.
 */
export async function setFirstPassword(ctx: AuthedCtx, password: string): Promise<Record<string, never>> {
  const credential = await newCredential(password);
  await ctx.db.transaction(async (tx) => {
    const account = await q.accountByIdForUpdate(tx, ctx.actor.id);
    if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
    if (account.passwordHash !== null) throw new ContestError(ErrorCode.PASSWORD_ALREADY_SET);
    await q.setPasswordHash(tx, account.id, credential);
    await audit(tx, ctx, {
      action: 'account.set_password',
      targetType: 'account',
      targetId: account.id,
      before: { password: false },
      after: { password: true },
    });
  });
  return {};
}

/** The account, its row locked until the caller's transaction ends (a password set meanwhile waits or is seen). */
export async function lockedAccount(tx: Executor, id: number): Promise<SocialAccount | undefined> {
  const row = await q.accountByIdForUpdate(tx, id);
  return row && social(row);
}
