import { systemClock, type TableClock } from '../clock';
import type { Reply } from '../robots/types';

/** A decision the player is asked to make, with its deadline (unix ms). */
export interface Ask {
  id: number;
  deadline: number;
}

/**
 * The one decision a player's seat is waiting for, of any table kind: asked with a deadline of `limitSeconds`,
 * answered by the player or, at the deadline (at once while the player is away), by the table's default (an
 * empty reply); the clock stops while the table is paused and goes on with the time that was left.
 */
export class DecisionClock<M> {
  private readonly limitMs: number;
  private connectedValue = true;
  private askSeq = 0;
  private pending: {
    id: number;
    reply: (reply?: Reply) => void;
    msg: M;
    /** Cancels the deadline's timer. */
    timer: (() => void) | null;
    deadline: number;
    /** Time left while the clock is held (table paused). */
    left: number | null;
  } | null = null;

  constructor(
    private readonly deliver: (msg: M, ask: Ask | null) => void,
    limitSeconds: number,
    private readonly clock: TableClock = systemClock,
  ) {
    this.limitMs = limitSeconds * 1000;
  }

  /** Delivers `msg` as a decision and waits for the answer (or the deadline); away: answers at once. */
  ask(msg: M, reply: (reply?: Reply) => void): void {
    if (!this.connectedValue) {
      this.deliver(msg, null);
      reply({});
      return;
    }
    const id = ++this.askSeq;
    const timer = this.clock.after(this.limitMs, () => this.settle({}));
    const deadline = this.clock.now() + this.limitMs;
    this.pending = { id, reply, msg, timer, deadline, left: null };
    this.deliver(msg, { id, deadline });
  }

  /** The player's answer to decision `askId`; stale or unknown answers are ignored. Returns whether taken. */
  answer(askId: number, reply: Reply): boolean {
    if (!this.pending || this.pending.id !== askId) return false;
    this.settle(reply);
    return true;
  }

  /** Connection state; while disconnected every decision is auto-played at once. */
  setConnected(connected: boolean): void {
    this.connectedValue = connected;
    if (!connected && this.pending) this.settle({});
  }

  /** Whether the player is there (a disconnected seat is auto-played). */
  get connected(): boolean {
    return this.connectedValue;
  }

  get waiting(): boolean {
    return this.pending != null;
  }

  dispose(): void {
    this.pending?.timer?.();
    this.pending = null;
  }

  /** Stops the decision clock (the table is paused): the time left is kept. */
  holdClock(): void {
    const pending = this.pending;
    if (!pending || pending.left != null) return;
    pending.timer?.();
    pending.timer = null;
    pending.left = Math.max(0, pending.deadline - this.clock.now());
  }

  /** Restarts a held clock with the time that was left, telling the player the new deadline (same ask id). */
  releaseClock(): void {
    const pending = this.pending;
    if (!pending || pending.left == null) return;
    pending.deadline = this.clock.now() + pending.left;
    pending.timer = this.clock.after(pending.left, () => this.settle({}));
    pending.left = null;
    this.deliver(pending.msg, { id: pending.id, deadline: pending.deadline });
  }

  private settle(reply: Reply): void {
    const pending = this.pending;
    if (!pending) return;
    pending.timer?.();
    this.pending = null;
    pending.reply(reply);
  }
}
