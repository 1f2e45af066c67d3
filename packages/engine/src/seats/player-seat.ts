import Majiang from '@kobalab/majiang-core';
import { systemClock, type TableClock } from '../clock';
import type { GameMessage, Reply, ReplyFn, SeatPlayer } from '../robots/types';
import { type Ask, DecisionClock } from './decision-clock';

export type { Ask };

/** The way to the player (a browser connection later): delivers every message, asking when a decision is due. */
export interface SeatLink {
  deliver(msg: GameMessage, ask: Ask | null): void;
}

export interface PlayerSeatOptions {
  /** Seconds to answer a decision: `time_fixed + time_add`. */
  limitSeconds: number;
  /** The table's clock (deadlines are read and kept on it); the system's by default. */
  clock?: TableClock;
}

/**
 * A human player's seat. It receives the same messages as a robot. Messages that leave the player nothing to
 * decide are answered at once; otherwise the player has `time_fixed + time_add` seconds to answer, after which
 * (or at once, while disconnected) the seat is auto-played: tsumogiri and pass, as in the original service.
 */
export class PlayerSeat extends Majiang.Player implements SeatPlayer {
  private readonly link: SeatLink;
  private readonly decisions: DecisionClock<GameMessage>;

  constructor(link: SeatLink, options: PlayerSeatOptions) {
    super();
    this.link = link;
    this.decisions = new DecisionClock(
      (msg, ask) => link.deliver(msg, ask),
      options.limitSeconds,
      options.clock ?? systemClock,
    );
  }

  override action(msg: GameMessage, reply?: ReplyFn): void {
    this.current = msg;
    if (!reply) this.link.deliver(msg, null);
    super.action(msg, reply);
  }

  protected current: GameMessage | null = null;

  /** The player's answer to decision `askId`; stale or unknown answers are ignored. Returns whether taken. */
  answer(askId: number, reply: Reply): boolean {
    return this.decisions.answer(askId, reply);
  }

  /** Connection state; while disconnected every decision is auto-played at once. */
  setConnected(connected: boolean): void {
    this.decisions.setConnected(connected);
  }

  /** Whether the player is there (a disconnected seat is auto-played). */
  get connected(): boolean {
    return this.decisions.connected;
  }

  get waiting(): boolean {
    return this.decisions.waiting;
  }

  dispose(): void {
    this.decisions.dispose();
  }

  /** Stops the decision clock (the table is paused): the time left is kept. */
  holdClock(): void {
    this.decisions.holdClock();
  }

  /** Restarts a held clock with the time that was left, telling the player the new deadline (same ask id). */
  releaseClock(): void {
    this.decisions.releaseClock();
  }

  /** Forwards the message; answers now when there is nothing to decide. */
  protected inform(): void {
    const reply = this._callback;
    this.link.deliver(this.current as GameMessage, null);
    reply?.({});
  }

  /** Forwards the message as a decision and waits for the answer (or the deadline). */
  protected ask(): void {
    const reply = this._callback;
    if (reply) this.decisions.ask(this.current as GameMessage, reply);
  }

  action_kaiju(): void {
    this.inform();
  }
  action_qipai(): void {
    this.inform();
  }
  action_zimo(zimo: { l: number }): void {
    if (zimo.l === this._menfeng) this.ask();
    else this.inform();
  }
  action_dapai(dapai: { l: number; p: string }): void {
    if (dapai.l === this._menfeng) {
      this.inform();
      return;
    }
    const d = ['', '+', '=', '-'][(4 + dapai.l - this._menfeng) % 4];
    const p = dapai.p.slice(0, 2) + d;
    const hand = this.shoupai;
    const canCall =
      this.allow_hule(hand, p) ||
      (this.get_peng_mianzi(hand, p) ?? []).length > 0 ||
      (this.get_gang_mianzi(hand, p) ?? []).length > 0 ||
      (d === '-' && (this.get_chi_mianzi(hand, p) ?? []).length > 0);
    if (canCall) this.ask();
    else this.inform();
  }
  action_fulou(fulou: { l: number; m: string }): void {
    if (fulou.l === this._menfeng && !/^[mpsz]\d{4}/.test(fulou.m)) this.ask();
    else this.inform();
  }
  action_gang(gang: { l: number; m: string }): void {
    if (gang.l === this._menfeng) {
      this.inform();
      return;
    }
    const d = ['', '+', '=', '-'][(4 + gang.l - this._menfeng) % 4];
    const p = gang.m[0] + gang.m.slice(-1) + d;
    if (this.allow_hule(this.shoupai, p, true)) this.ask();
    else this.inform();
  }
  action_hule(): void {
    this.inform();
  }
  action_pingju(): void {
    this.inform();
  }
  action_jieju(): void {
    this.inform();
  }
}
