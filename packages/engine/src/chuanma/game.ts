import type { Reply } from '../robots/types';
import type { EndReason } from '../rules/game-end';
import type { HandLog, HandResult, Progress, ResumePoint, WinSummary } from '../table-game';
import { chooseDiscard } from './discard';
import {
  chooseExchange,
  EXCHANGE_CODES,
  type ExchangeDirection,
  exchangeTiles,
  isValidExchange,
  receiverOf,
} from './exchange';
import type { WinContext } from './fan';
import { canWin, type Hand, isReady, type Meld } from './hand';
import type { ChuanmaHandDetail, ChuanmaMessage, ChuanmaSeat, PaidMessage, WinMessage } from './messages';
import { gameOver } from './round';
import type { ChuanmaRule } from './rule';
import { HandLedger, type Payment, ronOrder, type WinRecord } from './settlement';
import { SUITS, type Suit, sortTiles, suitOf } from './tiles';
import { chooseVoidSuit } from './void-suit';
import { ChuanmaWall } from './wall';

export interface ChuanmaHooks {
  handStart(progress: Progress, hand: number, attempt: number): void;
  handEnd(progress: Progress, result: HandResult, hand: number, handLog: HandLog, attempt: number): void;
}

/** The deal attempt hands are played on, and the wall and exchange direction of each. */
export interface ChuanmaDeals {
  wallOf(hand: number, attempt: number): string[];
  directionOf(hand: number, attempt: number): ExchangeDirection;
}

/** How the draw about to be made came: a turn's draw or a kong's replacement. */
interface DrawState {
  seat: number;
  tile: string;
  replacement: boolean;
}

type Entry = Record<string, unknown>;

/**
 * One chuanma game (川麻 血战到底), driven one step at a time like the riichi `TableGame`: every message goes to
 * all four seats, each answers once (`ready`), and `step()` applies the answers and sends the next messages.
 * All money goes through `HandLedger`. Answers are judged against the options offered: anything else is the
 * default (the exchange, void and discard a level-0 robot would choose; pass on calls and wins).
 *
 * Play (see the README, "Chuanma"): the deal from `chuanmaWall`; 换三张 when `huansanzhang` is on; 定缺; then
 * turns — draw, self-draw win, concealed or added kong, discard; on a discard ron by every seat that wins on it,
 * else an exposed kong or a pung. A winner leaves the hand; the hand ends when three have won, the wall is
 * exhausted (查花猪, 查大叫, 退税) or, with `can_jifei`, a payment takes a player below zero. The first winner deals
 * the next hand.
 */
export class ChuanmaGame {
  readonly rule: ChuanmaRule;
  private readonly seats: ChuanmaSeat[];
  private readonly deals: ChuanmaDeals;
  private readonly hooks: ChuanmaHooks;
  private readonly title: string;
  private readonly names: string[];
  private scores: number[];
  private dealer = 0;
  private redeal: { hand: number; attempt: number } | null = null;
  /** The hand records, one per hand (`paipu.log`). */
  readonly handLogs: Entry[][] = [];
  /** The deal attempt each hand was played on. */
  readonly attempts: number[] = [];
  finished = false;
  endReason: EndReason = null;
  /** The last hand played, as it ended. */
  lastHand: Progress | null = null;
  /** Called whenever a seat answers. */
  onAnswer: (() => void) | null = null;
  /** Called as a message others may claim goes out (a discard, an added kong). */
  onClaimable: (() => void) | null = null;

  // The message in flight: its answers and what comes after them.
  private replies: (Reply | undefined)[] = [{}, {}, {}, {}];
  private next: ((replies: Reply[]) => void) | null = null;
  private generation = 0;

  // The hand in play.
  private wall!: ChuanmaWall;
  private entries!: Entry[];
  private hands: Hand[] = [];
  private voids: Suit[] = [];
  private won = [false, false, false, false];
  private ledger!: HandLedger;
  private draws = [0, 0, 0, 0];
  private called = false;
  private exchange: ExchangeDirection | undefined;
  private hand = 0;
  private attempt = 0;
  private startScores: number[] = [];
  private exhausted = false;

  constructor(
    seats: ChuanmaSeat[],
    rule: ChuanmaRule,
    deals: ChuanmaDeals,
    hooks: ChuanmaHooks,
    title: string,
    names: string[],
    initPoints?: number[],
  ) {
    if (seats.length !== 4) throw new Error('a chuanma table has four seats');
    this.seats = seats;
    this.rule = rule;
    this.deals = deals;
    this.hooks = hooks;
    this.title = title;
    this.names = names.slice();
    this.scores = initPoints ? initPoints.slice() : [0, 1, 2, 3].map(() => rule.initPoint);
  }

  /** The game's starting scores by seat (the record keeps them). */
  get initialScores(): number[] {
    return this.initial.slice();
  }
  private initial: number[] = [];

  /**
   * Opens the game, or with `from` resumes it at the start of hand `from.hand`: the records of the hands before,
   * the dealer (`progress.ju`) and the scores as that hand's `hand_start` reported them.
   */
  begin(from?: ResumePoint): void {
    this.initial = this.scores.slice();
    if (from) {
      for (const h of from.log) this.handLogs.push((h as Entry[]).slice());
      from.log.forEach((_, n) => {
        this.attempts[n] = from.attempts[n] ?? 0;
      });
      this.redeal = { hand: from.hand, attempt: from.attempt };
      this.dealer = from.progress.ju;
      this.scores = from.progress.scores.slice();
    }
    const rule = {
      chuanma: 1 as const,
      huansanzhang: (this.rule.huansanzhang ? 1 : 0) as 0 | 1,
      can_jifei: (this.rule.canJifei ? 1 : 0) as 0 | 1,
    };
    this.send(
      (seat) => ({
        kaiju: {
          id: seat,
          mode: 'chuanma',
          rule,
          title: this.title,
          player: this.names.slice(),
          qijia: 0,
          hands: this.rule.hands,
        },
      }),
      () => this.startHand(),
    );
  }

  get ready(): boolean {
    return this.next !== null && this.replies.every((r) => r !== undefined);
  }

  /** Applies the answers to the last message and sends the next. */
  step(): void {
    if (this.finished || !this.ready) return;
    const next = this.next!;
    const replies = this.replies as Reply[];
    this.next = null;
    next(replies);
  }

  progress(): Progress {
    return { chang: 0, ju: this.dealer, ben: 0, liqibang: 0, scores: this.scores.slice() };
  }

  // ——— messages ———

  private send(
    build: (seat: number) => ChuanmaMessage,
    after: (replies: Reply[]) => void,
    claimable = false,
  ): void {
    const generation = ++this.generation;
    this.replies = [undefined, undefined, undefined, undefined];
    this.next = after;
    if (claimable) this.onClaimable?.();
    for (let seat = 0; seat < 4; seat++) {
      const msg = build(seat);
      this.seats[seat].action(msg, (reply) => {
        if (generation !== this.generation || this.replies[seat] !== undefined) return;
        this.replies[seat] = reply ?? {};
        this.onAnswer?.();
      });
    }
  }

  private log(entry: Entry): void {
    this.entries.push(entry);
  }

  private paid(payments: Payment[]): PaidMessage {
    return { payments, scores: this.liveScores() };
  }

  /** Scores now: the hand's start plus the ledger's deltas so far. */
  private liveScores(): number[] {
    const deltas = this.ledger.peek().deltas;
    return this.startScores.map((s, i) => s + deltas[i]);
  }

  // ——— the hand ———

  private startHand(): void {
    const hand = this.handLogs.length;
    const attempt = this.redeal?.hand === hand ? this.redeal.attempt : 0;
    this.hand = hand;
    this.attempt = attempt;
    this.attempts[hand] = attempt;
    this.wall = new ChuanmaWall(this.deals.wallOf(hand, attempt));
    this.startScores = this.scores.slice();
    this.won = [false, false, false, false];
    this.draws = [0, 0, 0, 0];
    this.called = false;
    this.exchange = undefined;
    this.exhausted = false;
    this.voids = [];
    // Reported before the deal goes out (a host stores it before any seat sees the hand).
    this.hooks.handStart(this.progress(), hand, attempt);
    const dealt = this.wall.deal(this.dealer).map(sortTiles);
    this.hands = dealt.map((concealed) => ({ concealed, melds: [] }));
    this.entries = [];
    this.handLogs.push(this.entries);
    this.log({
      qipai: { hand, dealer: this.dealer, scores: this.scores.slice(), shoupai: dealt.map((h) => h.slice()) },
    });
    const left = this.wall.remaining;
    this.send(
      (seat) => ({
        qipai: { hand, dealer: this.dealer, scores: this.scores.slice(), shoupai: dealt[seat].slice(), left },
      }),
      () => (this.rule.huansanzhang ? this.askExchange() : this.askVoid()),
    );
  }

  private askExchange(): void {
    this.send(
      () => ({ huan: {}, options: { huan: true } }),
      (replies) => {
        const given = replies.map((r, seat) => {
          const held = this.hands[seat].concealed;
          return Array.isArray(r.huan) && isValidExchange(held, r.huan)
            ? sortTiles(r.huan)
            : chooseExchange(held);
        });
        const direction = this.deals.directionOf(this.hand, this.attempt);
        this.exchange = direction;
        const after = exchangeTiles(
          this.hands.map((h) => h.concealed),
          given,
          direction,
        );
        after.forEach((concealed, seat) => {
          this.hands[seat].concealed = concealed;
        });
        this.log({ huan: { direction, out: given.map((g) => g.slice()) } });
        const giverOf = (seat: number) => [0, 1, 2, 3].find((s) => receiverOf(s, direction) === seat)!;
        this.send(
          (seat) => ({
            huanpai: {
              direction,
              code: EXCHANGE_CODES[direction],
              out: given[seat].slice(),
              in: given[giverOf(seat)].slice(),
            },
          }),
          () => this.askVoid(),
        );
      },
    );
  }

  private askVoid(): void {
    this.send(
      () => ({ dingque: {}, options: { dingque: true } }),
      (replies) => {
        this.voids = replies.map((r, seat) =>
          SUITS.includes(r.dingque as Suit)
            ? (r.dingque as Suit)
            : chooseVoidSuit(this.hands[seat].concealed),
        );
        this.ledger = new HandLedger({
          dealer: this.dealer,
          voids: this.voids,
          scores: this.startScores,
          canJifei: this.rule.canJifei,
        });
        this.log({ dingque: this.voids.slice() });
        this.send(
          () => ({ que: { voids: this.voids.slice() } }),
          () => this.draw(this.dealer, false, []),
        );
      },
    );
  }

  /** The seat after `seat` still in the hand. */
  private nextSeat(seat: number): number {
    let next = seat;
    do next = (next + 1) % 4;
    while (this.won[next] && next !== seat);
    return next;
  }

  /** Tiles `seat` may discard: its void suit's while it holds any, else any. */
  private discards(seat: number): string[] {
    const concealed = this.hands[seat].concealed;
    const voidTiles = concealed.filter((t) => suitOf(t) === this.voids[seat]);
    return [...new Set(voidTiles.length > 0 ? voidTiles : concealed)];
  }

  /** The default discard (an answer outside the options, a timeout, an absent player): a level-0 robot's. */
  private defaultDiscard(seat: number): string {
    return chooseDiscard(this.hands[seat], this.voids[seat], 0);
  }

  /** Concealed (暗杠) and added (补杠) kongs `seat` may declare now; none once the wall is empty. */
  private ownKongs(seat: number): string[] {
    if (this.wall.remaining === 0) return [];
    const { concealed, melds } = this.hands[seat];
    const out = new Set<string>();
    for (const t of concealed) {
      if (suitOf(t) === this.voids[seat]) continue;
      if (concealed.filter((x) => x === t).length === 4) out.add(t);
      if (melds.some((m) => m.type === 'peng' && m.tile === t)) out.add(t);
    }
    return sortTiles([...out]);
  }

  private draw(seat: number, replacement: boolean, payments: Payment[]): void {
    if (this.wall.remaining === 0) {
      this.exhaust();
      return;
    }
    const tile = this.wall.draw();
    const hand = this.hands[seat];
    hand.concealed.push(tile);
    this.draws[seat]++;
    this.log(replacement ? { gangzimo: { seat, p: tile } } : { zimo: { seat, p: tile } });
    const state: DrawState = { seat, tile, replacement };
    const context: Omit<WinContext, 'tsumo' | 'dealer'> = {
      afterKong: replacement,
      lastTile: this.wall.remaining === 0,
      firstDraw: !replacement && !this.called && this.draws[seat] === 1,
    };
    const options = {
      ...(canWin(hand, this.voids[seat]) ? { hule: true as const } : {}),
      ...(this.ownKongs(seat).length > 0 ? { gang: this.ownKongs(seat) } : {}),
      dapai: this.discards(seat),
    };
    const left = this.wall.remaining;
    const pay = payments.length > 0 ? this.paid(payments) : undefined;
    this.send(
      (s) => ({
        zimo: {
          seat,
          p: s === seat ? tile : '',
          left,
          ...(replacement ? { gang: true as const } : {}),
          ...(pay ? { pay } : {}),
        },
        ...(s === seat ? { options } : {}),
      }),
      (replies) => {
        const r = replies[seat];
        if (r.hule && options.hule) this.selfDraw(state, context);
        else if (r.gang && options.gang?.includes(r.gang)) this.ownKong(state, r.gang);
        else
          this.discard(
            seat,
            r.dapai && options.dapai.includes(r.dapai) ? r.dapai : this.defaultDiscard(seat),
            replacement,
          );
      },
    );
  }

  private discard(seat: number, tile: string, afterKong: boolean): void {
    const hand = this.hands[seat];
    hand.concealed.splice(hand.concealed.indexOf(tile), 1);
    hand.concealed = sortTiles(hand.concealed);
    this.log({ dapai: { seat, p: tile } });
    const lastTile = this.wall.remaining === 0;
    const offers = [0, 1, 2, 3].map((s) => {
      if (s === seat || this.won[s]) return null;
      const h = this.hands[s];
      const ron = canWin({ concealed: [...h.concealed, tile], melds: h.melds }, this.voids[s]);
      const same = h.concealed.filter((t) => t === tile).length;
      const mine = suitOf(tile) !== this.voids[s];
      const options = {
        ...(ron ? { hule: true as const } : {}),
        ...(mine && same >= 2 ? { peng: true as const } : {}),
        ...(mine && same >= 3 && !lastTile ? { gang: [tile] } : {}),
      };
      return Object.keys(options).length > 0 ? options : null;
    });
    this.send(
      (s) => ({ dapai: { seat, p: tile }, ...(offers[s] ? { options: offers[s]! } : {}) }),
      (replies) => {
        const rons = ronOrder(
          seat,
          [0, 1, 2, 3].filter((s) => offers[s]?.hule && replies[s].hule),
        );
        if (rons.length > 0) {
          this.wins(rons, seat, tile, { kongDiscard: afterKong, lastTile }, seat);
          return;
        }
        const konger = [0, 1, 2, 3].find((s) => offers[s]?.gang && replies[s].gang === tile);
        if (konger !== undefined) {
          this.exposedKong(konger, tile, seat);
          return;
        }
        const punger = [0, 1, 2, 3].find((s) => offers[s]?.peng && replies[s].peng === tile);
        if (punger !== undefined) {
          this.pung(punger, tile, seat);
          return;
        }
        this.draw(this.nextSeat(seat), false, []);
      },
      true,
    );
  }

  private pung(seat: number, tile: string, from: number): void {
    const hand = this.hands[seat];
    for (let i = 0; i < 2; i++) hand.concealed.splice(hand.concealed.indexOf(tile), 1);
    hand.melds.push({ type: 'peng', tile });
    this.called = true;
    this.log({ peng: { seat, p: tile, from } });
    const options = { dapai: this.discards(seat) };
    this.send(
      (s) => ({ peng: { seat, p: tile, from }, ...(s === seat ? { options } : {}) }),
      (replies) => {
        const r = replies[seat];
        this.discard(
          seat,
          r.dapai && options.dapai.includes(r.dapai) ? r.dapai : this.defaultDiscard(seat),
          false,
        );
      },
    );
  }

  private exposedKong(seat: number, tile: string, from: number): void {
    const hand = this.hands[seat];
    for (let i = 0; i < 3; i++) hand.concealed.splice(hand.concealed.indexOf(tile), 1);
    hand.melds.push({ type: 'minggang', tile });
    this.called = true;
    this.log({ gang: { seat, p: tile, type: 'minggang', from } });
    const payments = [
      ...this.ledger.apply({ type: 'kong', seat, kind: 'minggang', from }),
      ...this.ledger.settleKong(),
    ];
    this.standingKong(seat, { seat, p: tile, type: 'minggang', from }, payments);
  }

  /** A kong that stands at once (明杠, 暗杠): announced with its payments, then the replacement draw. */
  private standingKong(seat: number, gang: NonNullable<ChuanmaMessage['gang']>, payments: Payment[]): void {
    const pay = this.paid(payments);
    this.send(
      () => ({ gang: { ...gang, pay } }),
      () => (this.ledger.over ? this.endHand() : this.draw(seat, true, [])),
    );
  }

  private ownKong(state: DrawState, tile: string): void {
    const { seat } = state;
    const hand = this.hands[seat];
    this.called = true;
    const pung = hand.melds.find((m) => m.type === 'peng' && m.tile === tile);
    if (!pung) {
      for (let i = 0; i < 4; i++) hand.concealed.splice(hand.concealed.indexOf(tile), 1);
      hand.melds.push({ type: 'angang', tile });
      this.log({ gang: { seat, p: tile, type: 'angang' } });
      const payments = [
        ...this.ledger.apply({ type: 'kong', seat, kind: 'angang' }),
        ...this.ledger.settleKong(),
      ];
      this.standingKong(seat, { seat, p: tile, type: 'angang' }, payments);
      return;
    }
    // 补杠: the others may rob it (抢杠胡); it is paid once nobody did.
    hand.concealed.splice(hand.concealed.indexOf(tile), 1);
    pung.type = 'bugang';
    const fresh = tile === state.tile;
    this.log({ gang: { seat, p: tile, type: 'bugang' } });
    const before = this.ledger.apply({ type: 'kong', seat, kind: 'bugang', fresh });
    const offers = [0, 1, 2, 3].map(
      (s) =>
        s !== seat &&
        !this.won[s] &&
        canWin({ concealed: [...this.hands[s].concealed, tile], melds: this.hands[s].melds }, this.voids[s]),
    );
    this.send(
      (s) => ({
        gang: { seat, p: tile, type: 'bugang' },
        ...(offers[s] ? { options: { hule: true as const } } : {}),
      }),
      (replies) => {
        const robbers = ronOrder(
          seat,
          [0, 1, 2, 3].filter((s) => offers[s] && replies[s].hule),
        );
        if (robbers.length > 0) {
          // The kong never stands: the pung stays, the tile goes to the winners; play goes on after the robbed seat.
          pung.type = 'peng';
          this.wins(robbers, seat, tile, { robbingKong: true }, seat);
          return;
        }
        const payments = [...before, ...this.ledger.settleKong()];
        if (this.ledger.over) {
          this.send(
            () => ({ gang: { seat, p: tile, type: 'bugang', pay: this.paid(payments) } }),
            () => this.endHand(),
          );
          return;
        }
        this.draw(seat, true, payments);
      },
      true,
    );
  }

  private selfDraw(state: DrawState, context: Omit<WinContext, 'tsumo' | 'dealer'>): void {
    this.wins([state.seat], null, state.tile, context, state.seat);
  }

  /**
   * Wins on one event: a self-draw (`from` null), or rons by `seats` (in turn order from the discarder) on a
   * discard or a robbed kong. Each is paid as it is made; the hand stops early once it is over (three winners,
   * or a bust). Play goes on after `after`'s last winner.
   */
  private wins(
    seats: number[],
    from: number | null,
    tile: string,
    context: Omit<WinContext, 'tsumo' | 'dealer'>,
    after: number,
  ): void {
    const made: WinMessage[] = [];
    const payments: Payment[] = [];
    for (const seat of seats) {
      if (this.ledger.over) break;
      const h = this.hands[seat];
      const hand: Hand = {
        concealed: from === null ? h.concealed.slice() : [...h.concealed, tile],
        melds: h.melds.map((m) => ({ ...m })),
      };
      payments.push(
        ...this.ledger.apply({ type: 'win', seat, ...(from === null ? {} : { from }), hand, context }),
      );
      h.concealed = hand.concealed;
      this.won[seat] = true;
      const record = this.lastWin();
      const win = this.winOf(record, tile, hand);
      this.log({ hule: win });
      made.push(win);
    }
    const winners = made.map((w) => w.seat);
    const last = winners[winners.length - 1] ?? after;
    const pay = this.paid(payments);
    this.send(
      (s) => ({
        hule: {
          wins: made.map((w) => (w.seat === s ? structuredClone(w) : { seat: w.seat, from: w.from, p: w.p })),
          ...(context.robbingKong ? { qianggang: true as const } : {}),
          ...structuredClone(pay),
        },
      }),
      () => {
        if (this.ledger.over) this.endHand();
        else this.draw(this.nextSeat(from === null || context.robbingKong ? after : last), false, []);
      },
    );
  }

  private lastWin(): WinRecord {
    const wins = this.ledger.peek().wins;
    return wins[wins.length - 1];
  }

  private winOf(record: WinRecord, tile: string, hand: Hand): Required<WinMessage> {
    return {
      seat: record.seat,
      from: record.from,
      p: tile,
      shoupai: sortTiles(hand.concealed),
      melds: hand.melds.map((m) => ({ ...m })),
      fans: record.score.fans.map((f) => ({ ...f })),
      fan: record.score.capped,
      points: record.score.points,
    };
  }

  private exhaust(): void {
    this.exhausted = true;
    const shoupai = this.hands.map((h, s) => (this.won[s] ? null : h.concealed.slice()));
    const melds = this.hands.map((h, s) => (this.won[s] ? null : h.melds.map((m) => ({ ...m }))));
    const payments = this.ledger.apply({
      type: 'exhaustive',
      hands: this.hands.map((h, s) => (this.won[s] ? null : h)),
    });
    this.log({ pingju: { shoupai, melds } });
    const pay = this.paid(payments);
    this.send(
      () => ({
        pingju: { shoupai: structuredClone(shoupai), melds: structuredClone(melds), ...structuredClone(pay) },
      }),
      () => this.endHand(),
    );
  }

  private endHand(): void {
    const result = this.ledger.result();
    this.scores = this.startScores.map((s, i) => s + result.deltas[i]);
    const hands = this.hands.map((h) => ({
      shoupai: sortTiles(h.concealed),
      melds: h.melds.map((m) => ({ ...m })),
    }));
    const wins = this.entries.flatMap((e) => (e.hule ? [e.hule as Required<WinMessage>] : []));
    const tenpai = this.exhausted
      ? [0, 1, 2, 3].filter((s) => !this.won[s] && isReady(this.hands[s], this.voids[s]))
      : [];
    const jiesuan = {
      hands,
      wins,
      payments: result.payments,
      deltas: result.deltas,
      scores: this.scores.slice(),
      bust: result.bust,
      nextDealer: result.nextDealer,
    };
    this.log({ jiesuan: structuredClone(jiesuan) });
    const detail: ChuanmaHandDetail = {
      voids: this.voids.slice(),
      ...(this.exchange ? { exchange: this.exchange } : {}),
      payments: result.payments,
      exhausted: this.exhausted,
      tenpai,
      bust: result.bust,
      nextDealer: result.nextDealer,
    };
    const summaries: WinSummary[] = wins.map((w) => ({
      seat: w.seat,
      from: w.from,
      han: w.fan,
      points: w.points,
      yaku: w.fans.map((f) => (f.count > 1 ? `${f.id}×${f.count}` : f.id)),
      fans: w.fans,
    }));
    const handResult: HandResult =
      summaries.length > 0
        ? { kind: 'win', wins: summaries, deltas: result.deltas.slice(), chuanma: detail }
        : {
            kind: 'draw',
            name: result.bust ? 'bust' : 'exhaustive',
            tenpai,
            abortive: false,
            deltas: result.deltas.slice(),
            chuanma: detail,
          };
    const dealer = this.dealer;
    const hand = this.hand;
    this.send(
      () => ({ jiesuan: structuredClone(jiesuan) }),
      () => {
        this.lastHand = { chang: 0, ju: dealer, ben: 0, liqibang: 0, scores: this.scores.slice() };
        this.hooks.handEnd(this.lastHand, handResult, hand, this.entries, this.attempt);
        this.dealer = result.nextDealer;
        const bust = result.bust !== null;
        if (gameOver(this.rule.roundType, this.handLogs.length, bust)) {
          this.endReason = bust ? 'bust' : 'scheduled';
          this.send(
            () => ({ jieju: { scores: this.scores.slice() } }),
            () => {
              this.finished = true;
            },
          );
        } else this.startHand();
      },
    );
  }

  /** The melds of a seat (for tests). */
  meldsOf(seat: number): Meld[] {
    return this.hands[seat]?.melds.map((m) => ({ ...m })) ?? [];
  }
}
