import {
  type CreateWebhookReq,
  type CreateWebhookRes,
  ErrorCode,
  type FetchWebhookDeliveriesReq,
  type FetchWebhookDeliveriesRes,
  type FetchWebhookListRes,
  type RotateWebhookSecretRes,
  type TestWebhookRes,
  type UpdateWebhookReq,
  type UpdateWebhookRes,
  WEBHOOKS_MAX,
  type WebhookDeliveryWire,
  type WebhookWire,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { managedContest } from '../contests/access';
import { newWebhookSecret } from './body';
import * as q from './queries';
import { sendDelivery } from './send';

// The calls of a tournament's webhooks (creator and admins). The secret is answered at creation and rotation
// only, and never written to the audit log or the logs.

type Hook = z.infer<typeof WebhookWire>;
type Delivery = z.infer<typeof WebhookDeliveryWire>;

export function presentHook(row: q.WebhookRow): Hook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    format: row.format === 'discord' ? 'discord' : 'json',
    enabled: row.enabled,
    failures: row.failures,
    disabled_time: row.disabledTime,
    disabled_reason: row.disabledReason,
    create_time: row.createTime,
    update_time: row.updateTime,
  };
}

export function presentDelivery(row: q.DeliveryRow): Delivery {
  return {
    id: row.id,
    event: row.event as Delivery['event'],
    status: row.status as Delivery['status'],
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    create_time: row.createTime,
    last_attempt_time: row.lastAttemptTime,
    next_attempt_time: row.status === 'pending' ? row.nextAttemptTime : null,
    done_time: row.doneTime,
  };
}

/** What the audit log keeps of a hook: everything but its secret. */
const audited = (row: q.WebhookRow) => ({
  url: row.url,
  events: row.events,
  format: row.format,
  enabled: row.enabled,
});

/** A hook of the tournament (2517 when it has none with this id). */
async function hookOf(db: Executor, uniqueId: number, id: number, lock = false): Promise<q.WebhookRow> {
  const row = await q.hookOf(db, uniqueId, id, lock);
  if (!row) throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'no such webhook' });
  return row;
}

/** `fetch_webhook_list`: the tournament's hooks, oldest first. */
export async function list(ctx: AuthedCtx, uniqueId: number): Promise<z.infer<typeof FetchWebhookListRes>> {
  await managedContest(ctx.db, ctx, uniqueId, 'manageWebhooks');
  return (await q.hooksOf(ctx.db, uniqueId)).map(presentHook);
}

/** `create_webhook`: a new hook and its secret, shown in this answer only (2502 beyond `WEBHOOKS_MAX`). */
export async function create(
  ctx: AuthedCtx,
  req: z.infer<typeof CreateWebhookReq>,
): Promise<z.infer<typeof CreateWebhookRes>> {
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    const { row: contest } = await managedContest(tx, ctx, req.unique_id, 'manageWebhooks', true);
    if ((await q.hookCount(tx, contest.uniqueId)) >= WEBHOOKS_MAX)
      throw new ContestError(ErrorCode.LIMIT_REACHED);
    const row = await q.insertHook(tx, {
      uniqueId: contest.uniqueId,
      url: req.url,
      events: req.events,
      format: req.format,
      secret,
      creatorId: ctx.actor.id,
      createTime: ctx.now,
      updateTime: ctx.now,
    });
    await audit(tx, ctx, {
      action: 'webhook.create',
      targetType: 'contest',
      targetId: contest.uniqueId,
      before: null,
      after: { id: row.id, ...audited(row) },
    });
    return { ...presentHook(row), secret };
  });
}

/** `update_webhook`: changes the fields given; enabling a hook clears its failures and its notice. */
export async function update(
  ctx: AuthedCtx,
  req: z.infer<typeof UpdateWebhookReq>,
): Promise<z.infer<typeof UpdateWebhookRes>> {
  return ctx.db.transaction(async (tx) => {
    await managedContest(tx, ctx, req.unique_id, 'manageWebhooks', true);
    const before = await hookOf(tx, req.unique_id, req.id, true);
    const enabling = req.enabled === 1 && before.enabled === 0;
    const row = await q.updateHook(tx, before.id, {
      ...(req.url !== undefined ? { url: req.url } : {}),
      ...(req.events !== undefined ? { events: req.events } : {}),
      ...(req.format !== undefined ? { format: req.format } : {}),
      ...(req.enabled !== undefined ? { enabled: req.enabled } : {}),
      ...(enabling ? { failures: 0, disabledTime: null, disabledReason: null } : {}),
      updateTime: ctx.now,
    });
    await audit(tx, ctx, {
      action: 'webhook.update',
      targetType: 'contest',
      targetId: req.unique_id,
      before: { id: before.id, ...audited(before) },
      after: { id: row.id, ...audited(row) },
    });
    return presentHook(row);
  });
}

/** `delete_webhook`: the hook and its delivery log. */
export async function remove(
  ctx: AuthedCtx,
  req: { unique_id: number; id: number },
): Promise<Record<string, never>> {
  return ctx.db.transaction(async (tx) => {
    await managedContest(tx, ctx, req.unique_id, 'manageWebhooks', true);
    const before = await hookOf(tx, req.unique_id, req.id, true);
    await q.deleteHook(tx, before.id);
    await audit(tx, ctx, {
      action: 'webhook.delete',
      targetType: 'contest',
      targetId: req.unique_id,
      before: { id: before.id, ...audited(before) },
      after: null,
    });
    return {};
  });
}

/** `rotate_webhook_secret`: a new secret, in this answer only; deliveries from now on are signed with it. */
export async function rotateSecret(
  ctx: AuthedCtx,
  req: { unique_id: number; id: number },
): Promise<z.infer<typeof RotateWebhookSecretRes>> {
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    await managedContest(tx, ctx, req.unique_id, 'manageWebhooks', true);
    const before = await hookOf(tx, req.unique_id, req.id, true);
    await q.updateHook(tx, before.id, { secret, updateTime: ctx.now });
    await audit(tx, ctx, {
      action: 'webhook.rotate_secret',
      targetType: 'contest',
      targetId: req.unique_id,
      before: { id: before.id },
      after: { id: before.id },
    });
    return { secret };
  });
}

/** `fetch_webhook_deliveries`: a hook's delivery log, newest first. */
export async function deliveries(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchWebhookDeliveriesReq>,
): Promise<z.infer<typeof FetchWebhookDeliveriesRes>> {
  await managedContest(ctx.db, ctx, req.unique_id, 'manageWebhooks');
  const hook = await hookOf(ctx.db, req.unique_id, req.id);
  const page = await q.deliveryPage(ctx.db, hook.id, { offset: req.offset, limit: req.limit });
  return { total: page.total, list: page.rows.map(presentDelivery) };
}

/**
 * `test_webhook`: sends a `ping` to the hook now, once (a disabled hook too, to check it before enabling it
 * again), and answers its delivery as logged. A test's failure does not count towards disabling the hook.
 */
export async function testSend(
  ctx: AuthedCtx,
  req: { unique_id: number; id: number },
): Promise<z.infer<typeof TestWebhookRes>> {
  const { row: contest } = await managedContest(ctx.db, ctx, req.unique_id, 'manageWebhooks');
  const hook = await hookOf(ctx.db, req.unique_id, req.id);
  const payload = {
    event: 'ping',
    contest_id: contest.contestId,
    occurred_at: ctx.now,
    data: { webhook_id: hook.id },
  };
  const row = await q.insertDelivery(ctx.db, {
    hookId: hook.id,
    event: 'ping',
    eventKey: `ping:${crypto.randomUUID()}`,
    payload,
    status: 'pending',
    attempts: 1,
    nextAttemptTime: null,
    createTime: ctx.now,
    lastAttemptTime: ctx.now,
  });
  const attempt = await sendDelivery({
    id: row.id,
    url: hook.url,
    secret: hook.secret,
    format: hook.format,
    payload,
  });
  const now = ctx.clock.now();
  await q.settleDelivery(ctx.db, row.id, {
    status: attempt.ok ? 'delivered' : 'failed',
    next: null,
    code: attempt.code,
    error: attempt.error,
    now,
  });
  return presentDelivery({
    ...row,
    status: attempt.ok ? 'delivered' : 'failed',
    nextAttemptTime: null,
    lastStatus: attempt.code,
    lastError: attempt.error,
    doneTime: now,
  });
}
