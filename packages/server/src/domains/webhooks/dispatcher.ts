import { WEBHOOK_FAILURES_MAX } from '@taikai/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { WebhookPayload } from './body';
import * as q from './queries';
import { type Attempt, SEND_TIMEOUT_MS, sendDelivery } from './send';

/** A delivery is retried for this long after its event (s); then it is given up. */
export const RETRY_WINDOW_S = 24 * 3600;
/** Seconds before the n-th retry: 30 s, doubling, at most an hour apart. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}
/** A claimed delivery is another process's again after this long (s) if this one never settles it. */
const LEASE_S = Math.ceil((SEND_TIMEOUT_MS * 3) / 1000);

export type DispatcherOptions = { pollMs: number; batch: number };

/**
 * Sends the webhook outbox. Every process runs one: each pass claims due deliveries (`claimDue`, rows locked
 * `FOR UPDATE SKIP LOCKED` and leased), sends them, and settles each: delivered, retried with exponential backoff
 * for `RETRY_WINDOW_S`, or given up. `WEBHOOK_FAILURES_MAX` failed attempts in a row disable the hook with a
 * notice. The rows are the queue, on one process and on many alike: a delivery is written with the change it
 * reports, survives restarts of the process and of Redis, and is sent by exactly one process at a time.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions = { pollMs: 1000, batch: 16 },
  ) {}

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** A pass now (or right after the one running). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes().finally(() => {
      this.running = null;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.closed && (await this.pass()) === this.options.batch);
      } catch (error) {
        if (!this.closed) this.log.warn({ err: error }, 'webhooks: a dispatch pass failed');
      }
    } while (this.again && !this.closed);
  }

  /** Claims and sends one batch; answers how many were claimed. */
  private async pass(): Promise<number> {
    const claimed = await this.db.transaction((tx) =>
      q.claimDue(tx, this.clock.now(), this.options.batch, LEASE_S),
    );
    await Promise.all(
      claimed.map(async (d) => {
        const attempt = await sendDelivery({ ...d, payload: d.payload as WebhookPayload });
        await this.settle(d, attempt);
      }),
    );
    return claimed.length;
  }

  private async settle(d: q.ClaimedDelivery, attempt: Attempt): Promise<void> {
    const now = this.clock.now();
    const result = { code: attempt.code, error: attempt.error, now };
    await this.db.transaction(async (tx) => {
      if (attempt.ok) {
        await q.settleDelivery(tx, d.id, { ...result, status: 'delivered', next: null });
        await q.hookSucceeded(tx, d.hookId);
        return;
      }
      const next = now + backoffSeconds(d.attempts);
      const giveUp = next > d.createTime + RETRY_WINDOW_S;
      await q.settleDelivery(tx, d.id, {
        ...result,
        status: giveUp ? 'failed' : 'pending',
        next: giveUp ? null : next,
      });
      const reason = `${WEBHOOK_FAILURES_MAX} deliveries failed in a row (last: ${attempt.error ?? 'error'})`;
      if (await q.hookFailed(tx, d.hookId, WEBHOOK_FAILURES_MAX, reason, now)) {
        this.log.warn({ webhook: d.hookId }, 'webhooks: a hook was disabled after repeated failures');
      }
    });
  }
}
