import { createHash } from 'node:crypto';
import { connectivity } from './strength';
import { rankOf, SUITS, type Suit, sortTiles, suitOf } from './tiles';

/**
 * 换三张 (the three-tile exchange, `huansanzhang`): after the deal each player passes three tiles of one suit,
 * all at once, in one direction for the whole table — to the next player in turn (counter-clockwise), the
 * player opposite, or the previous player (clockwise). The direction is drawn for each hand.
 */
export type ExchangeDirection = 'counterclockwise' | 'opposite' | 'clockwise';

/** The codes Mahjong Soul records the direction with (0, 1, 2). */
export const EXCHANGE_CODES: Readonly<Record<ExchangeDirection, number>> = {
  counterclockwise: 0,
  opposite: 1,
  clockwise: 2,
};

const DIRECTIONS: readonly ExchangeDirection[] = ['counterclockwise', 'opposite', 'clockwise'];

/**
 * The exchange direction of hand `hand` (deal attempt `attempt`), fixed by the table's secret seed: uniform over
 * the three directions, from SHA-256(seed, "huansanzhang", hand, attempt). Like the wall, anyone can check it
 * once the seed is revealed.
 */
export function exchangeDirection(seed: string, hand: number, attempt = 0): ExchangeDirection {
  if (!/^[0-9a-f]{64}$/i.test(seed)) throw new Error('a wall seed is 64 hex digits (256 bits)');
  const suffix = Buffer.alloc(8);
  suffix.writeUInt32LE(hand >>> 0, 0);
  suffix.writeUInt32LE(attempt >>> 0, 4);
  const digest = createHash('sha256')
    .update(Buffer.from(seed, 'hex'))
    .update('huansanzhang')
    .update(suffix)
    .digest();
  // Rejection keeps the three directions equally likely: 255 = 3 × 85.
  for (const byte of digest) if (byte < 255) return DIRECTIONS[byte % 3];
  return DIRECTIONS[0];
}

/** The seat that receives `seat`'s three tiles. */
export function receiverOf(seat: number, direction: ExchangeDirection): number {
  const step = direction === 'counterclockwise' ? 1 : direction === 'opposite' ? 2 : 3;
  return (seat + step) % 4;
}

/** Three tiles, all held (each copy given held once more). */
export function holdsThree(hand: readonly string[], given: readonly string[]): boolean {
  if (!Array.isArray(given) || given.length !== 3) return false;
  const rest = hand.slice();
  for (const t of given) {
    const i = rest.indexOf(t);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

/** Three tiles of one suit, all held. */
export function isValidExchange(hand: readonly string[], given: readonly string[]): boolean {
  return holdsThree(hand, given) && new Set(given.map(suitOf)).size === 1;
}

/** The hands after the exchange: each seat's three tiles go to its receiver. */
export function exchangeTiles(
  hands: readonly (readonly string[])[],
  given: readonly (readonly string[])[],
  direction: ExchangeDirection,
): string[][] {
  if (hands.length !== 4 || given.length !== 4) throw new Error('four hands, four sets of three tiles');
  const out = hands.map((h) => h.slice());
  for (let seat = 0; seat < 4; seat++) {
    if (!isValidExchange(hands[seat], given[seat]))
      throw new Error(`seat ${seat} passes three held tiles of one suit`);
    for (const t of given[seat]) out[seat].splice(out[seat].indexOf(t), 1);
  }
  for (let seat = 0; seat < 4; seat++) out[receiverOf(seat, direction)].push(...given[seat]);
  return out.map(sortTiles);
}

/**
 * A robot's three tiles: from the shortest suit that has three (the suit it will most likely void), ties to
 * the suit whose tiles hold together least; within it the least connected tiles, outer ranks first.
 */
export function chooseExchange(hand: readonly string[]): string[] {
  const bySuit = new Map<Suit, string[]>(SUITS.map((s) => [s, hand.filter((t) => suitOf(t) === s)]));
  const candidates = SUITS.filter((s) => bySuit.get(s)!.length >= 3);
  if (candidates.length === 0) throw new Error('no suit with three tiles');
  const strength = (s: Suit) => bySuit.get(s)!.reduce((sum, t) => sum + connectivity(bySuit.get(s)!, t), 0);
  candidates.sort((a, b) => bySuit.get(a)!.length - bySuit.get(b)!.length || strength(a) - strength(b));
  const left = sortTiles(bySuit.get(candidates[0])!);
  const picked: string[] = [];
  for (let k = 0; k < 3; k++) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (weaker(left, left[i], left[best])) best = i;
    picked.push(left[best]);
    left.splice(best, 1);
  }
  return sortTiles(picked);
}

/** Whether `a` is a worse tile to keep than `b` among `tiles`: less connected, then further from the middle. */
function weaker(tiles: readonly string[], a: string, b: string): boolean {
  const ca = connectivity(tiles, a);
  const cb = connectivity(tiles, b);
  if (ca !== cb) return ca < cb;
  return Math.abs(rankOf(a) - 5) > Math.abs(rankOf(b) - 5);
}
