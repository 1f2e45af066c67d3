import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type WebhookEventRow, webhookDeliveries, webhooks } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A delivery claimed for sending, with what its hook needs to send it. */
export type ClaimedDelivery = {
  id: number;
  hookId: number;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  createTime: number;
  url: string;
  secret: string;
  format: string;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function hooksOf(db: Executor, uniqueId: number): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.uniqueId, uniqueId)).orderBy(webhooks.id);
}

export async function hookCount(db: Executor, uniqueId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.uniqueId, uniqueId));
  return Number(row?.n ?? 0);
}

/** A hook of the tournament (`lock`: held until the transaction ends). */
export async function hookOf(
  db: Executor,
  uniqueId: number,
  id: number,
  lock = false,
): Promise<WebhookRow | undefined> {
  const query = db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.uniqueId, uniqueId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertHook(db: Executor, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row;
}

export async function updateHook(
  db: Executor,
  id: number,
  values: Partial<typeof webhooks.$inferInsert>,
): Promise<WebhookRow> {
  const [row] = await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning();
  return row;
}

export async function deleteHook(db: Executor, id: number): Promise<void> {
  await db.delete(webhooks).where(eq(webhooks.id, id));
}

/** A page of a hook's deliveries, newest first, and how many it has. */
export async function deliveryPage(
  db: Executor,
  hookId: number,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: DeliveryRow[] }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.hookId, hookId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.hookId, hookId)),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

export async function insertDelivery(
  db: Executor,
  values: typeof webhookDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row;
}

/**
 * The outbox write: a pending delivery of `event` to every enabled hook of the tournament that chose it, in the
 * caller's transaction (nothing is sent for a change rolled back). `key` names the event: a hook gets one delivery
 * per key, however often the change is reported. Answers how many deliveries were queued.
 */
export async function enqueue(
  db: Executor,
  event: { uniqueId: number; event: WebhookEventRow; key: string; data: unknown; now: number },
): Promise<number> {
  const { uniqueId, key, now } = event;
  const result = await db.execute(sql`
    insert into webhook_deliveries (hook_id, event, event_key, payload, status, attempts, next_attempt_time, create_time)
    select w.id, ${event.event}::text, ${key}::text,
      jsonb_build_object('event', ${event.event}::text, 'contest_id', c.contest_id, 'occurred_at', ${now}::bigint,
        'data', ${JSON.stringify(event.data ?? {})}::jsonb),
      'pending', 0, ${now}::bigint, ${now}::bigint
    from webhooks w join contests c on c.unique_id = w.unique_id
    where w.unique_id = ${uniqueId} and w.enabled = 1 and w.events @> ${JSON.stringify([event.event])}::jsonb
    on conflict (hook_id, event_key) do nothing
    returning id`);
  return rowsOf<{ id: number }>(result).length;
}

/**
 * Claims up to `limit` due deliveries of enabled hooks for this process: each gets its attempt counted and its
 * next attempt moved `leaseSeconds` ahead, in one statement over rows locked `FOR UPDATE SKIP LOCKED`, so that
 * two processes never claim one delivery. A process that dies while sending leaves the lease to run out; the
 * delivery is then claimed again.
 */
export async function claimDue(
  db: Executor,
  now: number,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d join webhooks w on w.id = d.hook_id
      where d.status = 'pending' and d.next_attempt_time <= ${now}::bigint and w.enabled = 1
      order by d.next_attempt_time, d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries d
    set attempts = d.attempts + 1, next_attempt_time = ${now + leaseSeconds}::bigint, last_attempt_time = ${now}::bigint
    from due, webhooks w
    where d.id = due.id and w.id = d.hook_id
    returning d.id, d.hook_id, d.event, d.payload, d.attempts, d.create_time, w.url, w.secret, w.format`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    hookId: Number(r.hook_id),
    event: String(r.event),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    attempts: Number(r.attempts),
    createTime: Number(r.create_time),
    url: String(r.url),
    secret: String(r.secret),
    format: String(r.format),
  }));
}

/** A delivery's attempt ended: delivered, to be tried again at `next`, or given up. */
export async function settleDelivery(
  db: Executor,
  id: number,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    next: number | null;
    code: number | null;
    error: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      nextAttemptTime: outcome.next,
      lastStatus: outcome.code,
      lastError: outcome.error,
      doneTime: outcome.status === 'pending' ? null : outcome.now,
    })
    .where(eq(webhookDeliveries.id, id));
}

/** A success: the hook's failures in a row start again from 0. */
export async function hookSucceeded(db: Executor, hookId: number): Promise<void> {
  await db
    .update(webhooks)
    .set({ failures: 0 })
    .where(and(eq(webhooks.id, hookId), sql`${webhooks.failures} <> 0`));
}

/**
 * A failed attempt: the hook's failures in a row go up by one; at `max` the hook is disabled with `reason`.
 * Answers true when this failure disabled it.
 */
export async function hookFailed(
  db: Executor,
  hookId: number,
  max: number,
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    update webhooks set failures = failures + 1,
      enabled = case when failures + 1 >= ${max} then 0 else enabled end,
      disabled_time = case when failures + 1 >= ${max} and enabled = 1 then ${now}::bigint else disabled_time end,
      disabled_reason = case when failures + 1 >= ${max} and enabled = 1 then ${reason}::text else disabled_reason end,
      update_time = case when failures + 1 >= ${max} and enabled = 1 then ${now}::bigint else update_time end
    where id = ${hookId}
    returning (enabled = 0 and disabled_time = ${now}::bigint) as disabled`);
  return rowsOf<{ disabled: boolean }>(result)[0]?.disabled === true;
}
