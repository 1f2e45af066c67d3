import type { SessionRes } from '@taikai/protocol';
import type { z } from 'zod';
import type { Actor, Ctx, Deps } from '../../context';
import type { Executor } from '../../db/client';
import * as q from './queries';
import { newToken, sha256 } from './secrets';
import { sessionCacheOf } from './session-cache';

/**
 * The account behind a session token, or null when absent, unknown, expired or revoked. A session this process
 * read recently comes from its cache (`session-cache.ts`: it forgets a session as soon as its end is signalled).
 */
export async function authenticate(ctx: Ctx, token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const hash = sha256(token);
  const cache = sessionCacheOf(ctx.sessions);
  const cached = cache.get(hash, ctx.now);
  if (cached) return cached.actor;
  const mark = cache.mark();
  const session = await q.liveSession(ctx.db, hash, ctx.now);
  if (!session) return null;
  const actor = {
    id: session.account.id,
    nickname: session.account.nickname,
    isOperator: session.account.isOperator,
  };
  cache.set(hash, { actor, expireTime: session.expireTime }, mark);
  return actor;
}

/**
 * Opens a session for an account (through an API key when `apiKeyId` is given); the token itself is never
 * stored. The answer carries the internal account id.
 */
export async function openSession(
  tx: Executor,
  ctx: Ctx,
  accountId: number,
  apiKeyId?: number,
): Promise<z.infer<typeof SessionRes>> {
  const token = newToken();
  await q.deleteExpiredSessionsOf(tx, accountId, ctx.now);
  await q.insertSession(tx, {
    tokenHash: sha256(token),
    accountId,
    createTime: ctx.now,
    expireTime: ctx.now + ctx.config.tokenTtl,
    apiKeyId: apiKeyId ?? null,
  });
  return { token, account_id: accountId };
}

// Ending sessions: each function ends them inside the caller's transaction and answers the token hashes it ended;
// once the transaction committed, the caller hands them to `announceEnded`, which closes the live channels
// (player links, season event streams) opened with them.

/** Ends the session of a token (logout). */
export async function endSession(tx: Executor, token: string): Promise<string[]> {
  const hash = sha256(token);
  return (await q.deleteSession(tx, hash)) > 0 ? [hash] : [];
}

/** Ends every session of an account (ban, new password). */
export async function endSessionsOf(tx: Executor, accountId: number): Promise<string[]> {
  return q.deleteSessionsOf(tx, accountId);
}

/** Ends the sessions opened with an API key (when the key is revoked). */
export async function endSessionsOfKey(tx: Executor, apiKeyId: number): Promise<string[]> {
  return q.deleteSessionsOfKey(tx, apiKeyId);
}

/** Tells the live channels that these sessions ended (call it after the ending transaction committed). */
export function announceEnded(deps: Pick<Deps, 'sessions'>, tokenHashes: string[]): void {
  deps.sessions.publish({ kind: 'ended', tokenHashes });
}

/** The SHA-256 of a session token, as sessions are stored and announced. */
export function tokenHash(token: string): string {
  return sha256(token);
}
