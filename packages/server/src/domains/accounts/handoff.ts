import { randomBytes } from 'node:crypto';
import {
  type CreateHandoffCodeRes,
  ErrorCode,
  type ExchangeHandoffCodeRes,
  HANDOFF_CODE_TTL_S,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import { ContestError } from '../../http/errors';
import * as q from './queries';
import { sha256 } from './secrets';
import { banPairs } from './service';
import { openSession } from './sessions';

// The mobile hand-off: the console opens the phone-sized pages (or a separate mobile site) signed in as the same
// account without putting a session token in an address. It asks for a one-time code and puts that in the
// address instead; the page that lands exchanges the code for a session of its own, and only after the visitor
// has agreed to continue as that account. A code is random (256 bits), kept only as its hash, lives
// HANDOFF_CODE_TTL_S seconds, and is deleted by the exchange that uses it, so a link works once.

/** A fresh code: 32 random bytes, url-safe. */
function newHandoffCode(): string {
  return randomBytes(32).toString('base64url');
}

/** `create_handoff_code`: a one-time code for the caller's account (older codes of theirs that expired go). */
export async function createHandoffCode(ctx: AuthedCtx): Promise<z.infer<typeof CreateHandoffCodeRes>> {
  const code = newHandoffCode();
  const expireTime = ctx.now + HANDOFF_CODE_TTL_S;
  await ctx.db.transaction(async (tx) => {
    await q.insertHandoffCode(tx, {
      codeHash: sha256(code),
      accountId: ctx.actor.id,
      createTime: ctx.now,
      expireTime,
    });
    await audit(tx, ctx, {
      action: 'account.handoff_code',
      targetType: 'account',
      targetId: ctx.actor.id,
      before: null,
      after: { expireTime },
    });
  });
  return { code, expire_time: expireTime };
}

/**
 * `exchange_handoff_code`: uses a code up and opens a new session of its account, answered with the account's
 * nickname so the page can ask "continue as …?". 116 when the code is unknown, expired or already used; 503
 * when the address or the account is banned (as at login).
 */
export async function exchangeHandoffCode(
  ctx: Ctx,
  code: string,
): Promise<z.infer<typeof ExchangeHandoffCodeRes>> {
  return ctx.db.transaction(async (tx) => {
    const accountId = await q.takeHandoffCode(tx, sha256(code), ctx.now);
    const account = accountId === undefined ? undefined : await q.accountById(tx, accountId);
    if (!account) throw new ContestError(ErrorCode.WRONG_CODE);
    if (await q.anyBanned(tx, banPairs(ctx, account))) throw new ContestError(ErrorCode.BANNED);
    const session = await openSession(tx, ctx, account.id);
    await audit(
      tx,
      { ...ctx, actor: { id: account.id, nickname: account.nickname, isOperator: account.isOperator } },
      {
        action: 'account.login',
        targetType: 'account',
        targetId: account.id,
        before: null,
        after: { by: 'handoff' },
      },
    );
    return { ...session, nickname: account.nickname };
  });
}
