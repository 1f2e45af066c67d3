import {
  API_KEYS_MAX,
  type ApiKeyWire,
  type CreateApiKeyReq,
  type CreateApiKeyRes,
  ErrorCode,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { newApiKey, sha256 } from '../accounts/secrets';
import { announceEnded, endSessionsOfKey } from '../accounts/sessions';
import * as q from './queries';

/** Characters of a key shown in the list to tell keys apart (`tk_` and four more). */
const PREFIX_LENGTH = 7;

function present(row: q.ApiKeyRow): z.infer<typeof ApiKeyWire> {
  return {
    id: row.id,
    label: row.label,
    prefix: row.prefix,
    create_time: row.createTime,
    last_used_time: row.lastUsedTime,
  };
}

/** Creates a key for the caller; the key itself is in this answer only (2502 beyond the live-key limit). */
export async function create(
  ctx: AuthedCtx,
  req: z.infer<typeof CreateApiKeyReq>,
): Promise<z.infer<typeof CreateApiKeyRes>> {
  const key = newApiKey();
  return ctx.db.transaction(async (tx) => {
    await q.lockKeysOf(tx, ctx.actor.id);
    if ((await q.liveKeyCount(tx, ctx.actor.id)) >= API_KEYS_MAX)
      throw new ContestError(ErrorCode.LIMIT_REACHED);
    const row = await q.insertKey(tx, {
      accountId: ctx.actor.id,
      label: req.label,
      prefix: key.slice(0, PREFIX_LENGTH),
      keyHash: sha256(key),
      createTime: ctx.now,
    });
    await audit(tx, ctx, {
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: row.id,
      before: null,
      after: { label: row.label, prefix: row.prefix },
    });
    return { ...present(row), key };
  });
}

export async function list(ctx: AuthedCtx): Promise<z.infer<typeof ApiKeyWire>[]> {
  return (await q.liveKeysOf(ctx.db, ctx.actor.id)).map(present);
}

/**
 * Revokes one of the caller's live keys (2517 when it has no such key): the sessions opened with it end, and
 * logins with it answer 1003.
 */
export async function revoke(ctx: AuthedCtx, id: number): Promise<Record<string, never>> {
  const ended = await ctx.db.transaction(async (tx) => {
    const row = await q.revokeKey(tx, ctx.actor.id, id, ctx.now);
    if (!row) throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'no such API key' });
    const hashes = await endSessionsOfKey(tx, row.id);
    await audit(tx, ctx, {
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: row.id,
      before: { label: row.label, revoked: false },
      after: { revoked: true },
    });
    return hashes;
  });
  announceEnded(ctx, ended);
  return {};
}

/** The live key of an account that `key` is, if any (for the login service). */
export async function liveKeyOf(db: Executor, accountId: number, key: string) {
  return q.liveKey(db, accountId, sha256(key));
}

/** Notes a login with a key. */
export async function markUsed(tx: Executor, id: number, now: number): Promise<void> {
  await q.touchKey(tx, id, now);
}
