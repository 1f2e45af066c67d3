import { systemClock, type TableClock } from '../clock';
import type { Reply } from '../robots/types';
import { type Ask, DecisionClock } from '../seats/decision-clock';
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
  private readonly decisions: DecisionClock<ChuanmaMessage>;

  constructor(link: ChuanmaSeatLink, options: { limitSeconds: number; clock?: TableClock }) {
    this.link = link;
    this.decisions = new DecisionClock(
      (msg, ask) => link.deliver(msg, ask),
      options.limitSeconds,
      options.clock ?? systemClock,
    );
  }

  action(msg: ChuanmaMessage, reply?: ChuanmaReplyFn): void {
    if (!reply) {
      this.link.deliver(msg, null);
      return;
    }
    if (!msg.options) {
      this.link.deliver(msg, null);
      reply({});
      return;
    }
    this.decisions.ask(msg, reply);
  }

  /** The player's answer to decision `askId`; stale or unknown answers are ignored. */
  answer(askId: number, reply: Reply): boolean {
    return this.decisions.answer(askId, reply);
  }

  setConnected(connected: boolean): void {
    this.decisions.setConnected(connected);
  }

  get connected(): boolean {
    return this.decisions.connected;
  }

  get waiting(): boolean {
    return this.decisions.waiting;
  }

  dispose(): void {
    this.decisions.dispose();
  }

  holdClock(): void {
    this.decisions.holdClock();
  }

  releaseClock(): void {
    this.decisions.releaseClock();
  }
}
