import { maxHandPoints, scoreWin, type WinContext, type WinScore, ZIMO_BONUS } from './fan';
import { canWin, type Hand, handSize, isFlowerPig, isReady } from './hand';
import type { Suit } from './tiles';

/**
 * The money of one chuanma hand (血战到底, the bloody battle): kongs paid as they are made (刮风下雨), each win
 * paid when it is made (several on one discard), and at an exhaustive draw the checks of the hands still
 * playing (查花猪, 查大叫) and the refund of kong money by those not ready (退税). Every payment goes from one
 * seat to another, so the deltas of a hand always sum to zero.
 */

/** 刮风 (wind) for an exposed kong; 下雨 (rain) for concealed and added kongs. */
export type KongKind = 'minggang' | 'angang' | 'bugang';

/** 明杠 (exposed, on a discard): the discarder pays 2 000. */
export const MINGGANG_POINTS = 2000;
/** 暗杠 (concealed): each player still in the hand pays 2 000. */
export const ANGANG_POINTS = 2000;
/** 补杠 (added to one's pung with the tile just drawn): each player still in the hand pays 1 000. */
export const BUGANG_POINTS = 1000;
/** 查花猪: a flower pig pays each other player still in the hand at least 8 000 (4 fan). */
export const FLOWER_PIG_MIN_POINTS = 8000;

export type HandEvent =
  | {
      type: 'kong';
      seat: number;
      kind: KongKind;
      /** 明杠: the seat whose discard was konged. */
      from?: number;
      /**
       * 补杠: the added tile is the one just drawn. An added kong with a tile held from before (过手杠) is paid
       * nothing.
       */
      fresh?: boolean;
    }
  | {
      type: 'win';
      seat: number;
      /** Ron: the discarder (for 抢杠胡, the seat whose added kong was robbed). Absent: self-draw. */
      from?: number;
      /** The winning hand, the winning tile among the concealed tiles. */
      hand: Hand;
      /** How it was won (self-draw and dealer are taken from the event and the ledger). */
      context?: Omit<WinContext, 'tsumo' | 'dealer'>;
    }
  | {
      type: 'exhaustive';
      /** The 13-tile hands by seat of the players still in the hand (null, or absent, for those who won). */
      hands: (Hand | null | undefined)[];
    };

export type PaymentReason = 'win' | 'kong' | 'flower_pig' | 'not_ready' | 'kong_refund';

export interface Payment {
  reason: PaymentReason;
  from: number;
  to: number;
  amount: number;
}

export interface WinRecord {
  seat: number;
  /** The discarder; null for a self-draw. */
  from: number | null;
  score: WinScore;
}

export interface HandSettlement {
  /** Net change by seat. */
  deltas: number[];
  payments: Payment[];
  /** Wins in the order they were made. */
  wins: WinRecord[];
  /** Seats that won, in order. */
  winners: number[];
  /** The first winner deals the next hand; with no winner the dealer deals again. */
  nextDealer: number;
  /** With `can_jifei` (击飞): the seats that went below zero, ending the hand and the game; null otherwise. */
  bust: number[] | null;
  /** The hand is over: three players won, the wall ran out, or a player went bust. */
  over: boolean;
}

export interface LedgerOptions {
  dealer: number;
  /** Each seat's void suit (定缺). */
  voids: readonly Suit[];
  /** Scores at the start of the hand, for `canJifei`. */
  scores?: readonly number[];
  /** `can_jifei`: a player below zero ends the hand and the game at once. */
  canJifei?: boolean;
}

interface Kong {
  seat: number;
  payments: Payment[];
}

/**
 * A hand's ledger, fed the hand's events one by one as they happen (`apply`), or all at once
 * (`settleHand`). A kong is paid once it stands: at the next event unless that event robs it (抢杠胡 on an added
 * kong: the kong is not paid), or by `settleKong()` after its replacement draw.
 */
export class HandLedger {
  private readonly dealer: number;
  private readonly voids: readonly Suit[];
  private readonly canJifei: boolean;
  private readonly scores: number[];
  private readonly deltas = [0, 0, 0, 0];
  private readonly payments: Payment[] = [];
  private readonly wins: WinRecord[] = [];
  private readonly won = [false, false, false, false];
  private readonly kongs: Kong[] = [];
  private pendingKong: (Kong & { kind: KongKind; robbed: boolean }) | null = null;
  private bust: number[] | null = null;
  private exhausted = false;

  constructor(options: LedgerOptions) {
    if (!isSeat(options.dealer)) throw new Error(`no seat ${options.dealer}`);
    if (options.voids.length !== 4) throw new Error('four void suits, one per seat');
    this.dealer = options.dealer;
    this.voids = options.voids;
    this.canJifei = options.canJifei ?? false;
    if (this.canJifei && !options.scores)
      throw new Error('can_jifei needs the scores at the start of the hand');
    this.scores = options.scores ? options.scores.slice() : [0, 0, 0, 0];
    if (this.scores.length !== 4) throw new Error('four scores, one per seat');
  }

  get over(): boolean {
    return this.exhausted || this.bust !== null || this.wins.length >= 3;
  }

  /** Seats still playing the hand. */
  stillIn(): number[] {
    return [0, 1, 2, 3].filter((s) => !this.won[s]);
  }

  /** Applies one event; returns the payments it made (a standing kong's first). */
  apply(event: HandEvent): Payment[] {
    if (this.over) throw new Error('the hand is over');
    const robs = event.type === 'win' && event.context?.robbingKong;
    const made: Payment[] = robs ? this.robKong(event) : this.settleKong();
    if (this.bust) return made;
    if (event.type === 'kong') this.declareKong(event);
    else if (event.type === 'win') made.push(...this.win(event));
    else made.push(...this.exhaust(event));
    return made;
  }

  /** Pays the kong declared last, now that it stands (after its replacement draw). Idempotent. */
  settleKong(): Payment[] {
    const kong = this.pendingKong;
    if (!kong) return [];
    this.pendingKong = null;
    if (kong.robbed) return [];
    this.kongs.push(kong);
    return this.pay(kong.payments);
  }

  /** The deltas and wins so far, without settling a kong still pending (as `result()` does). */
  peek(): { deltas: number[]; wins: WinRecord[] } {
    return { deltas: this.deltas.slice(), wins: this.wins.slice() };
  }

  result(): HandSettlement {
    this.settleKong();
    return {
      deltas: this.deltas.slice(),
      payments: this.payments.slice(),
      wins: this.wins.slice(),
      winners: this.wins.map((w) => w.seat),
      nextDealer: this.wins.length > 0 ? this.wins[0].seat : this.dealer,
      bust: this.bust ? this.bust.slice() : null,
      over: this.over,
    };
  }

  private declareKong(event: Extract<HandEvent, { type: 'kong' }>): void {
    const { seat, kind } = event;
    this.mustBeIn(seat);
    const others = this.stillIn().filter((s) => s !== seat);
    let payments: Payment[];
    if (kind === 'minggang') {
      if (event.from === undefined || event.from === seat)
        throw new Error('an exposed kong names its discarder');
      this.mustBeIn(event.from);
      payments = [{ reason: 'kong', from: event.from, to: seat, amount: MINGGANG_POINTS }];
    } else if (kind === 'angang') {
      payments = others.map((from) => ({ reason: 'kong', from, to: seat, amount: ANGANG_POINTS }));
    } else {
      payments = event.fresh
        ? others.map((from) => ({ reason: 'kong', from, to: seat, amount: BUGANG_POINTS }))
        : [];
    }
    this.pendingKong = { seat, kind, payments, robbed: false };
  }

  private robKong(event: Extract<HandEvent, { type: 'win' }>): Payment[] {
    const kong = this.pendingKong;
    if (kong?.kind !== 'bugang' || event.from !== kong.seat)
      throw new Error('抢杠胡 robs the added kong just declared, from its declarer');
    // The kong never stands: it is not paid (a second winner robs the same tile).
    kong.robbed = true;
    return [];
  }

  private win(event: Extract<HandEvent, { type: 'win' }>): Payment[] {
    const { seat } = event;
    this.mustBeIn(seat);
    if (!canWin(event.hand, this.voids[seat])) throw new Error(`seat ${seat}'s hand cannot win`);
    const tsumo = event.from === undefined;
    const score = scoreWin(event.hand, { ...event.context, tsumo, dealer: seat === this.dealer });
    let payments: Payment[];
    if (tsumo) {
      const payers = this.stillIn().filter((s) => s !== seat);
      payments = payers.map((from) => ({ reason: 'win', from, to: seat, amount: score.points + ZIMO_BONUS }));
    } else {
      if (event.from === seat) throw new Error('a seat does not ron its own discard');
      this.mustBeIn(event.from!);
      payments = [{ reason: 'win', from: event.from!, to: seat, amount: score.points }];
    }
    this.wins.push({ seat, from: tsumo ? null : event.from!, score });
    this.won[seat] = true;
    return this.pay(payments);
  }

  private exhaust(event: Extract<HandEvent, { type: 'exhaustive' }>): Payment[] {
    const inPlay = this.stillIn();
    const hands = new Map<number, Hand>();
    for (const seat of inPlay) {
      const hand = event.hands[seat];
      if (!hand || handSize(hand) !== 13)
        throw new Error(`seat ${seat} is still in the hand: its 13 tiles are checked`);
      hands.set(seat, hand);
    }
    const pig = new Map(inPlay.map((s) => [s, isFlowerPig(hands.get(s)!, this.voids[s])]));
    const ready = new Map(inPlay.map((s) => [s, isReady(hands.get(s)!, this.voids[s])]));
    const value = new Map(inPlay.map((s) => [s, maxHandPoints(hands.get(s)!, this.voids[s])]));
    const payments: Payment[] = [];
    for (const payer of inPlay) {
      for (const to of inPlay) {
        if (to === payer) continue;
        if (pig.get(payer)) {
          // 查花猪: whatever the other's state, at least 4 fan.
          const amount = Math.max(value.get(to)!, FLOWER_PIG_MIN_POINTS);
          payments.push({ reason: 'flower_pig', from: payer, to, amount });
        } else if (!ready.get(payer) && ready.get(to)) {
          // 查大叫: the most the ready hand could win.
          payments.push({ reason: 'not_ready', from: payer, to, amount: value.get(to)! });
        }
      }
    }
    // 退税: a player not ready gives back the money of their kongs.
    for (const kong of this.kongs) {
      if (this.won[kong.seat] || ready.get(kong.seat)) continue;
      for (const p of kong.payments)
        payments.push({ reason: 'kong_refund', from: p.to, to: p.from, amount: p.amount });
    }
    this.exhausted = true;
    return this.pay(payments);
  }

  private pay(payments: Payment[]): Payment[] {
    for (const p of payments) {
      this.deltas[p.from] -= p.amount;
      this.deltas[p.to] += p.amount;
      this.scores[p.from] -= p.amount;
      this.scores[p.to] += p.amount;
      this.payments.push({ ...p });
    }
    if (this.canJifei && !this.bust) {
      const below = [0, 1, 2, 3].filter((s) => this.scores[s] < 0);
      if (below.length > 0) this.bust = below;
    }
    return payments.map((p) => ({ ...p }));
  }

  private mustBeIn(seat: number): void {
    if (!isSeat(seat)) throw new Error(`no seat ${seat}`);
    if (this.won[seat]) throw new Error(`seat ${seat} has won and left the hand`);
  }
}

function isSeat(seat: number): boolean {
  return Number.isInteger(seat) && seat >= 0 && seat < 4;
}

/** Settles a whole hand from its events. */
export function settleHand(options: LedgerOptions, events: readonly HandEvent[]): HandSettlement {
  const ledger = new HandLedger(options);
  for (const event of events) ledger.apply(event);
  return ledger.result();
}

/** Several players ronning one discard (一炮多响) win in turn order from the discarder: the first is the next one. */
export function ronOrder(discarder: number, seats: readonly number[]): number[] {
  return [...seats].sort((a, b) => ((a - discarder + 4) % 4) - ((b - discarder + 4) % 4));
}
