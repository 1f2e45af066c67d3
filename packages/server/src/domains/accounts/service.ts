import type {
  CodePurpose,
  FetchAccountInfoRes,
  FetchAnnouncementRes,
  FetchRegisterSettingRes,
  LoginReq,
  RegisterReq,
  SendCodeReq,
  SendCodeRes,
  SessionRes,
} from '@taikai/protocol';
import { ErrorCode, isEmail, LoginType, PREMIUM_CURRENCY_ID } from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import * as apiKeys from '../apikeys/service';
import { bookAttempt } from './attempts';
import { checkCredential, checkNoCredential, newCredential } from './credentials';
import * as q from './queries';
import { newCode, sha256 } from './secrets';
import { announceEnded, authenticate, endSession, openSession } from './sessions';

/** Seconds between two codes sent to the same e-mail for the same purpose. */
export const CODE_COOLDOWN_S = 60;
/** Guesses a code allows, wrong or right, parallel or not. */
const CODE_MAX_GUESSES = 5;

/** Lower-cased e-mail, or 121 when it is not one. */
export function normaliseEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!isEmail(email)) throw new ContestError(ErrorCode.BAD_EMAIL);
  return email;
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
  return { cooldown: CODE_COOLDOWN_S, delivery: codeDelivery(ctx) };
}

/**
 * Where verification codes go: by e-mail when the server has SMTP, else only to `<data dir>/outbox`, where the
 * operator reads them: the pages then say that the operator holds the code, never that a mail was sent.
 */
function codeDelivery(ctx: Ctx): 'mail' | 'operator' {
  return ctx.config.smtp ? 'mail' : 'operator';
}

/**
 * `fetch_register_setting`: how registration works here — codes e-mailed, held by the operator (no mail server),
 * or not asked at all (`TAIKAI_REGISTER_WITHOUT_CODE=1`) — and the operator's contact for the code.
 */
export function registerSetting(ctx: Ctx): z.infer<typeof FetchRegisterSettingRes> {
  return {
    verification: ctx.config.registerWithoutCode ? 'off' : codeDelivery(ctx),
    contact: ctx.config.contact,
  };
}

/**
 * Checks a mailed code: each check takes one of the code's guesses first, so no number of parallel guesses
 * gets more than CODE_MAX_GUESSES checked. Returns the code's hash, for `useCode` once the rest is checked.
 */
async function checkCode(ctx: Ctx, email: string, purpose: CodePurpose, code: string): Promise<string> {
  const stored = await q.claimCodeGuess(ctx.db, email, purpose, ctx.now, CODE_MAX_GUESSES);
  if (!stored || stored !== sha256(code.trim())) throw new ContestError(ErrorCode.WRONG_CODE);
  return stored;
}

/** The code a call must carry: 116 (wrong code) when it carries none. */
function requiredCode(code: string | undefined): string {
  if (!code) throw new ContestError(ErrorCode.WRONG_CODE);
  return code;
}

/** Uses a checked code up inside the caller's transaction: of parallel uses of one code, one wins. */
async function useCode(tx: Executor, email: string, purpose: CodePurpose, codeHash: string): Promise<void> {
  if (!(await q.consumeCode(tx, email, purpose, codeHash))) throw new ContestError(ErrorCode.WRONG_CODE);
}

export async function register(
  ctx: Ctx,
  req: z.infer<typeof RegisterReq>,
): Promise<z.infer<typeof SessionRes>> {
  const email = normaliseEmail(req.email);
  // A banned address, device or e-mail registers no account (503), as it logs in to none.
  if (await q.anyBanned(ctx.db, banPairs(ctx, { email }))) throw new ContestError(ErrorCode.BANNED);
  // Without verification (the operator's choice) a code sent along is not looked at; else it is required (116).
  const codeHash = ctx.config.registerWithoutCode
    ? null
    : await checkCode(ctx, email, 'register', requiredCode(req.code));
  if (await q.accountByEmail(ctx.db, email)) throw new ContestError(ErrorCode.EMAIL_REGISTERED);
  const nickname = req.nickname.trim();
  if (await q.nicknameTaken(ctx.db, nickname)) throw new ContestError(ErrorCode.NICKNAME_TAKEN);
  const passwordHash = await newCredential(req.password);
  return ctx.db.transaction(async (tx) => {
    if (codeHash) await useCode(tx, email, 'register', codeHash);
    const account = await q.insertAccount(tx, {
      email,
      nickname,
      passwordHash,
      createTime: ctx.now,
      zone: ctx.config.defaultZone,
      lastLoginIp: ctx.ip,
      lastLoginDevice: ctx.device ?? null,
      lastLoginTime: ctx.now,
    });
    await audit(
      tx,
      { ...ctx, actor: { id: account.id, nickname, isOperator: false } },
      {
        action: 'account.register',
        targetType: 'account',
        targetId: account.id,
        before: null,
        after: { email, nickname, verified: codeHash !== null },
      },
    );
    return openSession(tx, ctx, account.id);
  });
}

/** The account a login names: an e-mail address (121 when malformed) or a login name (the nickname). */
async function accountNamed(ctx: Ctx, name: string): Promise<q.AccountRow | undefined> {
  return name.includes('@')
    ? q.accountByEmail(ctx.db, normaliseEmail(name))
    : q.accountByNickname(ctx.db, name.trim());
}

/**
 * What a login or registration is checked against: the address, the browser's device (when it sent one), and
 * the account and its e-mail (or the e-mail being registered).
 */
export function banPairs(ctx: Ctx, account?: { id?: number; email: string }): [q.BanKind, string][] {
  const pairs: [q.BanKind, string][] = [['ip', ctx.ip]];
  if (ctx.device) pairs.push(['device', ctx.device]);
  if (account) pairs.push(['email', account.email]);
  if (account?.id !== undefined) pairs.push(['account', String(account.id)]);
  return pairs;
}

/** 503 when the address or the device, or the account or its e-mail, is banned. */
async function refuseBanned(ctx: Ctx, account: q.AccountRow | undefined): Promise<void> {
  if (await q.anyBanned(ctx.db, banPairs(ctx, account))) throw new ContestError(ErrorCode.BANNED);
}

type LoginBy = 'password' | 'code' | 'api_key';

/** Opens the session of a login whose secret was checked, and writes what the check concluded. */
async function loggedIn(
  ctx: Ctx,
  account: q.AccountRow,
  by: LoginBy,
  write: (tx: Executor) => Promise<void>,
  apiKeyId?: number,
): Promise<z.infer<typeof SessionRes>> {
  return ctx.db.transaction(async (tx) => {
    await write(tx);
    await q.recordLogin(tx, account.id, { ip: ctx.ip, device: ctx.device, now: ctx.now });
    const session = await openSession(tx, ctx, account.id, apiKeyId);
    await audit(
      tx,
      { ...ctx, actor: { id: account.id, nickname: account.nickname, isOperator: account.isOperator } },
      { action: 'account.login', targetType: 'account', targetId: account.id, before: null, after: { by } },
    );
    return session;
  });
}

/**
 * Logs in with a password (the client-side digest or the plain password), a mailed code, or an API key
 * (`{type: 7 | 8, uid, code}`). Answers 1002 for no such account, 1003 for a wrong password or key, 116 for a
 * wrong code, 1028 when the account has failed too often, 503 when banned.
 */
export async function login(ctx: Ctx, req: z.infer<typeof LoginReq>): Promise<z.infer<typeof SessionRes>> {
  if (req.type === LoginType.API_KEY || req.type === LoginType.API_KEY_ALT) {
    return loginWithKey(ctx, req.uid!, req.code!);
  }
  const account = await accountNamed(ctx, req.account!);
  await refuseBanned(ctx, account);
  if (req.code !== undefined && req.password === undefined) {
    if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
    const attempt = await bookAttempt(ctx, account.id, { global: false });
    const codeHash = await checkCode(ctx, account.email, 'login', req.code);
    return loggedIn(ctx, account, 'code', async (tx) => {
      await useCode(tx, account.email, 'login', codeHash);
      await attempt.succeeded(tx);
    });
  }
  const password = req.password!;
  if (!account) {
    // As slow as a wrong password, so that the answer does not tell which accounts exist by its timing.
    await checkNoCredential(password);
    throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  }
  const attempt = await bookAttempt(ctx, account.id, { global: true });
  const check = await checkCredential(password, account.passwordHash);
  if (!check.ok) throw new ContestError(ErrorCode.WRONG_PASSWORD);
  return loggedIn(ctx, account, 'password', async (tx) => {
    if (check.upgraded) await q.setPasswordHash(tx, account.id, check.upgraded);
    await attempt.succeeded(tx);
  });
}

/** Bot access: `uid` the internal account id, `key` a live API key of that account (1003 when not). */
async function loginWithKey(ctx: Ctx, uid: number, key: string): Promise<z.infer<typeof SessionRes>> {
  const account = uid > 0 ? await q.accountById(ctx.db, uid) : undefined;
  await refuseBanned(ctx, account);
  if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  const attempt = await bookAttempt(ctx, account.id, { global: true });
  const live = await apiKeys.liveKeyOf(ctx.db, account.id, key);
  if (!live) throw new ContestError(ErrorCode.WRONG_PASSWORD);
  return loggedIn(
    ctx,
    account,
    'api_key',
    async (tx) => {
      await apiKeys.markUsed(tx, live.id, ctx.now);
      await attempt.succeeded(tx);
    },
    live.id,
  );
}

/** Revokes the token of the call. */
export async function logout(ctx: Ctx, token: string | undefined): Promise<Record<string, never>> {
  if (!token) return {};
  const actor = await authenticate(ctx, token);
  const ended = await ctx.db.transaction(async (tx) => {
    const revoked = await endSession(tx, token);
    if (revoked.length > 0 && actor) {
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
    return revoked;
  });
  announceEnded(ctx, ended);
  return {};
}

export async function accountInfo(ctx: AuthedCtx): Promise<z.infer<typeof FetchAccountInfoRes>> {
  const account = await q.accountById(ctx.db, ctx.actor.id);
  if (!account) throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND);
  return {
    account_id: account.id,
    nickname: account.nickname,
    currency: [{ id: PREMIUM_CURRENCY_ID, count: account.currency }],
    is_operator: account.isOperator,
  };
}

/** Where a reader whose language has no announcement of its own reads them, in this order; then any language. */
export const ANNOUNCEMENT_FALLBACK = ['chs', 'en'] as const;

/**
 * Platform announcements in a language, plus those for every language (`default`). A language with none of
 * its own gets those of the fallback language (chs, then en, then the one with the newest announcement);
 * each announcement names the language it is written in.
 */
export async function announcements(
  ctx: Ctx,
  language: string | undefined,
): Promise<z.infer<typeof FetchAnnouncementRes>> {
  const shared = await q.announcementsIn(ctx.db, 'default');
  if (!language || language === 'default') return shared;
  const written = await q.announcementLanguages(ctx.db);
  const shownIn = written.includes(language)
    ? language
    : (ANNOUNCEMENT_FALLBACK.find((l) => written.includes(l)) ?? written[0]);
  const own = shownIn ? await q.announcementsIn(ctx.db, shownIn) : [];
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
