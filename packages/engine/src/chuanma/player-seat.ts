import { systemClock, type TableClock } from '../clock';
import type { Reply } from '../robots/types';
import type { Ask } from '../seats/player-seat';
import type { ChuanmaMessage, ChuanmaReplyFn, ChuanmaSeat } from './messages';

export interface ChuanmaSeatLink {
  deliver(msg: ChuanmaMessage, ask: Ask | null): void;
}

/**
 * A human player's seat at a chuanma table, as `PlayerSeat` at a riichi table: every message is delivered; one
 * with `options` is a decision, asked with a deadline of `time_fixed + time_add` seconds, after which — or at
 * once while the player is away — the seat is auto-played (the table's default: the level-0 robot's exchange,
 * void and discard, pass on calls and wins). Other messages are answered at once.
 */
export class ChuanmaPlayerSeat implements ChuanmaSeat {
  private readonly link: ChuanmaSeatLink;
  private readonly limitMs: number;
  private readonly clock: TableClock;
  private connectedValue = true;
  private askSeq = 0;
  private pending: {
    id: number;
    reply: ChuanmaReplyFn;
    msg: ChuanmaMessage;
    timer: (() => void) | null;
    deadline: number;
    left: number | null;
  } | null = null;

  constructor(link: ChuanmaSeatLink, options: { limitSeconds: number; clock?: TableClock }) {
    this.link = link;
    this.limitMs = options.limitSeconds * 1000;
    this.clock = options.clock ?? systemClock;
  }

  action(msg: ChuanmaMessage, reply?: ChuanmaReplyFn): void {
    if (!reply) {
      this.link.deliver(msg, null);
      return;
    }
    if (!msg.options || !this.connectedValue) {
      this.link.deliver(msg, null);
      reply({});
      return;
    }
    const id = ++this.askSeq;
    const timer = this.clock.after(this.limitMs, () => this.settle({}));
    const deadline = this.clock.now() + this.limitMs;
    this.pending = { id, reply, msg, timer, deadline, left: null };
    this.link.deliver(msg, { id, deadline });
  }

  /** The player's answer to decision `askId`; stale or unknown answers are ignored. */
  answer(askId: number, reply: Reply): boolean {
    if (!this.pending || this.pending.id !== askId) return false;
    this.settle(reply);
    return true;
  }

  setConnected(connected: boolean): void {
    this.connectedValue = connected;
    if (!connected && this.pending) this.settle({});
  }

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

  holdClock(): void {
    const pending = this.pending;
    if (!pending || pending.left != null) return;
    pending.timer?.();
    pending.timer = null;
    pending.left = Math.max(0, pending.deadline - this.clock.now());
  }

  releaseClock(): void {
    const pending = this.pending;
    if (!pending || pending.left == null) return;
    pending.deadline = this.clock.now() + pending.left;
    pending.timer = this.clock.after(pending.left, () => this.settle({}));
    pending.left = null;
    this.link.deliver(pending.msg, { id: pending.id, deadline: pending.deadline });
  }

  private settle(reply: Reply): void {
    const pending = this.pending;
    if (!pending) return;
    pending.timer?.();
    this.pending = null;
    pending.reply(reply);
  }
}
