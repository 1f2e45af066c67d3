import type { ChuanmaOptions } from '@taikai/engine';
import { SUITS, type Suit } from './chuanmaState';

// What the player may do on a chuanma decision: read from the message's `options` alone (the engine offers
// exactly what the rules allow; the table never enables anything else), and the replies to send.

export type ChuanmaReply =
  | { huan: string[] }
  | { dingque: Suit }
  | { hule: '-' }
  | { gang: string }
  | { peng: string }
  | { dapai: string }
  | Record<string, never>;

export type ChuanmaAsk =
  | { kind: 'none' }
  /** 换三张: three tiles of one suit. */
  | { kind: 'exchange' }
  /** 定缺: one of the three suits; `suggested`, the suit held fewest. */
  | { kind: 'void'; suggested: Suit }
  /** One's turn (after a draw or a pung): discard one of `discards`, maybe win or kong. */
  | { kind: 'turn'; discards: string[]; win: boolean; kongs: string[] }
  /** Another's discard or added kong: win, pung, kong or pass. */
  | { kind: 'call'; tile: string; win: boolean; pung: boolean; kongs: string[] };

/** The suit held fewest (ties: m before p before s): what the void-suit buttons suggest. */
export function suggestedVoid(hand: readonly string[]): Suit {
  let best: Suit = 'm';
  let fewest = Number.POSITIVE_INFINITY;
  for (const suit of SUITS) {
    const n = hand.filter((t) => t[0] === suit).length;
    if (n < fewest) {
      fewest = n;
      best = suit;
    }
  }
  return best;
}

/**
 * The decision asked by `msg` (the last message, which carries `options` when it asks). `hand`: the player's
 * concealed tiles; `tile`: the tile under discussion on a call (the discard, or the added kong's tile).
 */
export function chuanmaAsk(
  options: ChuanmaOptions | undefined,
  hand: readonly string[],
  tile: string | null,
): ChuanmaAsk {
  if (!options) return { kind: 'none' };
  if (options.huan) return { kind: 'exchange' };
  if (options.dingque) return { kind: 'void', suggested: suggestedVoid(hand) };
  if (options.dapai) {
    return {
      kind: 'turn',
      discards: options.dapai.slice(),
      win: options.hule === true,
      kongs: options.gang ?? [],
    };
  }
  return {
    kind: 'call',
    tile: tile ?? '',
    win: options.hule === true,
    pung: options.peng === true,
    kongs: options.gang ?? [],
  };
}

/**
 * Which tiles of `hand` (by index) may be chosen next for the exchange, with `chosen` (indexes) chosen so far:
 * none once three are chosen; else the tiles of the chosen suit, or of any suit held three times or more.
 */
export function exchangeSelectable(hand: readonly string[], chosen: readonly number[]): Set<number> {
  const out = new Set<number>();
  if (chosen.length >= 3) return out;
  const suit = chosen.length > 0 ? hand[chosen[0]][0] : null;
  hand.forEach((t, i) => {
    if (chosen.includes(i)) return;
    if (suit !== null ? t[0] === suit : hand.filter((x) => x[0] === t[0]).length >= 3) out.add(i);
  });
  return out;
}

/** The exchange reply when `chosen` is three tiles of one suit, else null. */
export function exchangeReply(hand: readonly string[], chosen: readonly number[]): { huan: string[] } | null {
  if (chosen.length !== 3) return null;
  const tiles = chosen.map((i) => hand[i]);
  if (tiles.some((t) => t === undefined || t[0] !== tiles[0][0])) return null;
  return { huan: tiles };
}
