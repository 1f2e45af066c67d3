import type {
  CodePurpose,
  FetchAccountInfoRes,
  FetchAnnouncementRes,
  LoginReq,
  RegisterReq,
  SendCodeReq,
  SendCodeRes,
  SessionRes,
} from '@taikai/protocol';
import { ErrorCode, encodeAccountId, isEmail, PREMIUM_CURRENCY_ID } from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { Actor, AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import * as q from './queries';
import { hashPassword, newCode, newToken, sha256, verifyPassword } from './secrets';

/** Seconds between two codes sent to the same e-mail for the same purpose. */
export const CODE_COOLDOWN_S = 60;
/** Failed logins of an account are counted over this window. */
export const LOGIN_FAILURE_WINDOW_S = 15 * 60;
/** Wrong guesses that burn a code. */
const CODE_MAX_ATTEMPTS = 5;

/** Lower-cased e-mail, or 121 when it is not one. */
export function normaliseEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!isEmail(email)) throw new ContestError(ErrorCode.BAD_EMAIL);
  return email;
}

/** The account behind a session token, or null when absent, unknown, expired or revoked. */
export async function authenticate(ctx: Ctx, token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const session = await q.liveSession(ctx.db, sha256(token), ctx.now);
  if (!session) return null;
  return {
    id: session.account.id,
    nickname: session.account.nickname,
    isOperator: session.account.isOperator,
  };
}

/** Opens a session for an account; the token itself is never stored. */
async function openSession(tx: Executor, ctx: Ctx, accountId: number): Promise<z.infer<typeof SessionRes>> {
  const token = newToken();
  await q.deleteExpiredSessionsOf(tx, accountId, ctx.now);
  await q.insertSession(tx, {
    tokenHash: sha256(token),
    accountId,
    createTime: ctx.now,
    expireTime: ctx.now + ctx.config.tokenTtl,
  });
  return { token, account_id: encodeAccountId(accountId) };
}

export async function sendCode(
  ctx: Ctx,
  req: z.infer<typeof SendCodeReq>,
): Promise<z.infer<typeof SendCodeRes>> {
  const email = normaliseEmail(req.email);
  const account = await q.accountByEmail(ctx.db, email);
  if (req.purpose === 'login' && !account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  if (req.purpose === 'register' && account) throw new ContestError(ErrorCode.EMAIL_REGISTERED);
  const previous = await q.codeOf(ctx.db, email, req.purpose);
  if (previous && ctx.now - previous.sendTime < CODE_COOLDOWN_S) {
    const wait = CODE_COOLDOWN_S - (ctx.now - previous.sendTime);
    throw new ContestError(ErrorCode.CODE_TOO_OFTEN, { data: { cooldown: wait } });
  }
  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await q.saveCode(tx, {
      email,
      purpose: req.purpose,
      codeHash: sha256(code),
      sendTime: ctx.now,
      expireTime: ctx.now + ctx.config.codeTtl,
    });
    await audit(tx, ctx, {
      action: 'account.send_code',
      targetType: 'email',
      targetId: email,
      before: previous ? { sendTime: previous.sendTime } : null,
      after: { purpose: req.purpose, sendTime: ctx.now },
    });
  });
  const minutes = Math.round(ctx.config.codeTtl / 60);
  await ctx.mailer.send({
    to: email,
    subject: `taikai verification code: ${code}`,
    text: `Your taikai verification code is ${code}. It is valid for ${minutes} minutes.`,
    code,
  });
  return { cooldown: CODE_COOLDOWN_S };
}

/** Checks a code without consuming it; a wrong guess counts against the code. */
async function checkCode(ctx: Ctx, email: string, purpose: CodePurpose, code: string): Promise<void> {
  const row = await q.codeOf(ctx.db, email, purpose);
  const usable = row && row.expireTime > ctx.now && row.attempts < CODE_MAX_ATTEMPTS;
  if (!usable || row.codeHash !== sha256(code.trim())) {
    if (usable) await q.countCodeAttempt(ctx.db, email, purpose);
    throw new ContestError(ErrorCode.WRONG_CODE);
  }
}

export async function register(
  ctx: Ctx,
  req: z.infer<typeof RegisterReq>,
): Promise<z.infer<typeof SessionRes>> {
  const email = normaliseEmail(req.email);
  await checkCode(ctx, email, 'register', req.code);
  if (await q.accountByEmail(ctx.db, email)) throw new ContestError(ErrorCode.EMAIL_REGISTERED);
  const nickname = req.nickname.trim();
  if (await q.nicknameTaken(ctx.db, nickname)) throw new ContestError(ErrorCode.NICKNAME_TAKEN);
  const passwordHash = await hashPassword(req.password);
  return ctx.db.transaction(async (tx) => {
    const account = await q.insertAccount(tx, { email, nickname, passwordHash, createTime: ctx.now });
    await q.deleteCode(tx, email, 'register');
    await audit(
      tx,
      { ...ctx, actor: { id: account.id, nickname, isOperator: false } },
      {
        action: 'account.register',
        targetType: 'account',
        targetId: account.id,
        before: null,
        after: { email, nickname },
      },
    );
    return openSession(tx, ctx, account.id);
  });
}

export async function login(ctx: Ctx, req: z.infer<typeof LoginReq>): Promise<z.infer<typeof SessionRes>> {
  if (req.type !== 0 || req.account === undefined) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  const email = normaliseEmail(req.account);
  if (
    await q.anyBanned(ctx.db, [
      ['ip', ctx.ip],
      ['email', email],
    ])
  )
    throw new ContestError(ErrorCode.BANNED);
  const account = await q.accountByEmail(ctx.db, email);
  if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  if (await q.anyBanned(ctx.db, [['account', String(account.id)]])) throw new ContestError(ErrorCode.BANNED);
  const since = ctx.now - LOGIN_FAILURE_WINDOW_S;
  if ((await q.failuresSince(ctx.db, account.id, since)) >= ctx.config.limits.loginFailuresPerAccount) {
    throw new ContestError(ErrorCode.LOGIN_TOO_OFTEN);
  }
  if (req.code !== undefined) {
    try {
      await checkCode(ctx, email, 'login', req.code);
    } catch (err) {
      await q.recordFailure(ctx.db, account.id, ctx.now);
      throw err;
    }
  } else if (!(await verifyPassword(req.password ?? '', account.passwordHash))) {
    await q.recordFailure(ctx.db, account.id, ctx.now);
    throw new ContestError(ErrorCode.WRONG_PASSWORD);
  }
  return ctx.db.transaction(async (tx) => {
    if (req.code !== undefined) await q.deleteCode(tx, email, 'login');
    await q.clearFailures(tx, account.id);
    const session = await openSession(tx, ctx, account.id);
    await audit(
      tx,
      { ...ctx, actor: { id: account.id, nickname: account.nickname, isOperator: account.isOperator } },
      {
        action: 'account.login',
        targetType: 'account',
        targetId: account.id,
        before: null,
        after: { by: req.code !== undefined ? 'code' : 'password' },
      },
    );
    return session;
  });
}

/** Revokes the token of the call. */
export async function logout(ctx: Ctx, token: string | undefined): Promise<Record<string, never>> {
  if (!token) return {};
  const actor = await authenticate(ctx, token);
  await ctx.db.transaction(async (tx) => {
    const revoked = await q.deleteSession(tx, sha256(token));
    if (revoked && actor) {
      await audit(
        tx,
        { ...ctx, actor },
        {
          action: 'account.logout',
          targetType: 'account',
          targetId: actor.id,
          before: { session: 'open' },
          after: { session: 'revoked' },
        },
      );
    }
  });
  return {};
}

export async function accountInfo(ctx: AuthedCtx): Promise<z.infer<typeof FetchAccountInfoRes>> {
  const account = await q.accountById(ctx.db, ctx.actor.id);
  if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  return {
    account_id: encodeAccountId(account.id),
    nickname: account.nickname,
    currency: [{ id: PREMIUM_CURRENCY_ID, count: account.currency }],
  };
}

/** Platform announcements in a language, plus those for every language (`default`). */
export async function announcements(
  ctx: Ctx,
  language: string | undefined,
): Promise<z.infer<typeof FetchAnnouncementRes>> {
  const own = language ? await q.announcementsIn(ctx.db, language) : [];
  const shared = language === 'default' ? [] : await q.announcementsIn(ctx.db, 'default');
  return [...own, ...shared];
}

/** Locks the actor's account row until the transaction ends, so that checks on its history and spending see no race. */
export async function lockAccount(tx: Executor, accountId: number): Promise<void> {
  await q.accountByIdForUpdate(tx, accountId);
}

/** Takes the creation cost (or any amount) from an account inside the caller's transaction: 501 when short. */
export async function spendCurrency(
  tx: Executor,
  ctx: AuthedCtx,
  amount: number,
  reason: string,
): Promise<void> {
  const account = await q.accountByIdForUpdate(tx, ctx.actor.id);
  if (!account || account.currency < amount) throw new ContestError(ErrorCode.INSUFFICIENT_CURRENCY);
  await q.setCurrency(tx, account.id, account.currency - amount);
  await audit(tx, ctx, {
    action: `account.spend.${reason}`,
    targetType: 'account',
    targetId: account.id,
    before: { currency: account.currency },
    after: { currency: account.currency - amount },
  });
}

/** Whether the account may create tournaments at all (operator switch). */
export async function mayCreate(db: Executor, accountId: number): Promise<boolean> {
  return (await q.accountById(db, accountId))?.canCreate ?? false;
}

/** Accounts by internal id, for presenting names. */
export async function namesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const rows = await q.accountsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.nickname]));
}
