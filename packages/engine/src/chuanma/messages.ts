import type { GameMessage, Reply } from '../robots/types';
import type { ExchangeDirection } from './exchange';
import type { ScoredFan } from './fan';
import type { Meld } from './hand';
import type { Payment } from './settlement';
import type { Suit } from './tiles';

/**
 * The messages of a chuanma table to one seat, as a riichi table's (`GameMessage`): one key per game event,
 * each message answered by exactly one `Reply` (`{}` = pass / nothing to decide). Seats are absolute (0–3, seat
 * 0 deals the first hand), not relative to the dealer as in the rules engine's riichi messages.
 *
 * A message that leaves the seat something to decide carries `options`, what the rules allow it — the seat
 * chooses among them and the table accepts nothing else (an answer outside them is the default: see
 * `ChuanmaGame`). A player seat asks its player exactly when `options` is present.
 *
 * What a seat is shown is what it may know: its own tiles and draws, every discard, call and kong, the void
 * suits once named; of another player's win only the winner, the payer, the winning tile and the payments — the
 * winning hand (tiles and fan) reaches the others at the end of the hand (`jiesuan`), as in the reference.
 */
export interface ChuanmaOptions {
  /** Pass three tiles of one suit (换三张): reply `{ huan: [t, t, t] }`. */
  huan?: true;
  /** Name the void suit (定缺): reply `{ dingque: 'm' | 'p' | 's' }`. */
  dingque?: true;
  /** Win (self-draw on one's draw, ron on a discard, or robbing an added kong): reply `{ hule: '-' }`. */
  hule?: true;
  /** Tiles that may be discarded (while the void suit is held, only its tiles): reply `{ dapai: tile }`. */
  dapai?: string[];
  /** Kongs: on one's turn the tiles of each concealed or added kong allowed; on a discard, that tile: `{ gang: tile }`. */
  gang?: string[];
  /** Pung the discard: reply `{ peng: tile }`. */
  peng?: true;
}

/** What a chuanma hand adds to the hand result every table reports (`HandResult.chuanma`). */
export interface ChuanmaHandDetail {
  voids: Suit[];
  /** The exchange's direction; absent without `huansanzhang`. */
  exchange?: ExchangeDirection;
  /** Every payment of the hand, in order (wins, kongs, the checks at an exhaustive draw). */
  payments: Payment[];
  /** The wall ran out: the seats still in that were ready then. */
  exhausted: boolean;
  tenpai: number[];
  bust: number[] | null;
  nextDealer: number;
}

/** Money moved by an event, and the scores after it. */
export interface PaidMessage {
  payments: Payment[];
  scores: number[];
}

/** One win as the table reports it; `shoupai`, `melds` and the fan only to the winner until the hand ends. */
export interface WinMessage {
  seat: number;
  /** The discarder (the robbed player for 抢杠胡); null for a self-draw. */
  from: number | null;
  /** The winning tile. */
  p: string;
  shoupai?: string[];
  melds?: Meld[];
  fans?: ScoredFan[];
  /** Fan that scored (capped) and points per payer. */
  fan?: number;
  points?: number;
}

export interface ChuanmaMessage {
  options?: ChuanmaOptions;
  /** The game opens: `id` is the seat's own seat. */
  kaiju?: {
    id: number;
    mode: 'chuanma';
    rule: { chuanma: 1; huansanzhang: 0 | 1; can_jifei: 0 | 1 };
    title: string;
    player: string[];
    qijia: 0;
    /** Hands in the game (4 or 8). */
    hands: number;
  };
  /** A hand is dealt: the seat's own 13 tiles; `left` tiles stay in the wall. */
  qipai?: { hand: number; dealer: number; scores: number[]; shoupai: string[]; left: number };
  /** 换三张 asked (with `options.huan`). */
  huan?: Record<string, never>;
  /** The exchange made: the direction, the seat's three tiles out and the three it received. */
  huanpai?: { direction: ExchangeDirection; code: number; out: string[]; in: string[] };
  /** 定缺 asked (with `options.dingque`). */
  dingque?: Record<string, never>;
  /** Every seat's void suit, by seat. */
  que?: { voids: Suit[] };
  /**
   * A draw by `seat` (`p` only to that seat; '' to the others); `gang`: a kong's replacement draw, with `pay`:
   * the kong's payments, now that it stands.
   */
  zimo?: { seat: number; p: string; left: number; gang?: true; pay?: PaidMessage };
  dapai?: { seat: number; p: string };
  /** A pung of `from`'s discard; the caller discards next (`options.dapai`). */
  peng?: { seat: number; p: string; from: number };
  /**
   * A kong: exposed on `from`'s discard (明杠), concealed (暗杠) or added to a pung (补杠: others may rob it,
   * `options.hule`). `pay`: its payments when it stands at once (明杠, 暗杠).
   */
  gang?: {
    seat: number;
    p: string;
    type: 'minggang' | 'angang' | 'bugang';
    from?: number;
    pay?: PaidMessage;
  };
  /**
   * Wins on one event (several rons on one discard), in turn order from the discarder; the winners leave the
   * hand. `qianggang`: they robbed `from`'s added kong, which goes back to a pung.
   */
  hule?: { wins: WinMessage[]; qianggang?: true } & PaidMessage;
  /** The wall is exhausted: the hands still in (13 tiles each, null for winners) are checked. */
  pingju?: { shoupai: (string[] | null)[]; melds: (Meld[] | null)[] } & PaidMessage;
  /** The hand is over: every hand shown, every win with its fan, all its payments. */
  jiesuan?: {
    hands: { shoupai: string[]; melds: Meld[] }[];
    wins: Required<WinMessage>[];
    payments: Payment[];
    deltas: number[];
    scores: number[];
    /** Seats that went below zero (`can_jifei`): the game ends. */
    bust: number[] | null;
    nextDealer: number;
  };
  /** The game is over: final scores by seat. */
  jieju?: { scores: number[] };
}

export type ChuanmaReplyFn = (reply?: Reply) => void;

/** A robot or a player at a chuanma table: answers every message once, through `reply`. */
export interface ChuanmaSeat {
  action(msg: ChuanmaMessage, reply?: ChuanmaReplyFn): void;
  dispose?(): void;
}

/** A chuanma table's seat message as `seat_message` events carry it (typed there as the riichi `GameMessage`). */
export function chuanmaMessageOf(msg: GameMessage): ChuanmaMessage {
  return msg as unknown as ChuanmaMessage;
}

/** The other way: a chuanma message in a `seat_message` event. */
export function asSeatMessage(msg: ChuanmaMessage): GameMessage {
  return msg as unknown as GameMessage;
}
