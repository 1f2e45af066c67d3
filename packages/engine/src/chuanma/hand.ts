import type { ShantenHand } from '../shanten/hand';
import { xiangtingYiban } from '../shanten/xiangting';
import { type Counts, countOf, countsOf, KINDS, rankOf, SUITS, type Suit, suitOf } from './tiles';

/**
 * A chuanma hand: the concealed tiles and the called or declared sets. There is no chi (吃): the only melds
 * are pung (碰 peng) and the three kongs — exposed from a discard (明杠 minggang, 直杠), concealed (暗杠
 * angang) and added to one's own pung (补杠 bugang, 加杠).
 */
export type MeldType = 'peng' | 'minggang' | 'angang' | 'bugang';

export interface Meld {
  type: MeldType;
  tile: string;
}

export interface Hand {
  /** Concealed tiles; for a winning hand, the winning tile included. */
  concealed: string[];
  melds: Meld[];
}

export function isKong(meld: Meld): boolean {
  return meld.type !== 'peng';
}

/** Every tile of the hand, the melds' included (a kong gives four). */
export function allTiles(hand: Hand): string[] {
  const tiles = hand.concealed.slice();
  for (const m of hand.melds) for (let i = 0; i < (isKong(m) ? 4 : 3); i++) tiles.push(m.tile);
  return tiles;
}

/** Tiles a hand counts for its size: each meld counts three, a kong too (its fourth tile was replaced). */
export function handSize(hand: Hand): number {
  return hand.concealed.length + 3 * hand.melds.length;
}

/** Whether the hand holds any tile of `suit`, concealed or in a meld. */
export function holdsSuit(hand: Hand, suit: Suit): boolean {
  return hand.concealed.some((t) => suitOf(t) === suit) || hand.melds.some((m) => suitOf(m.tile) === suit);
}

/**
 * 花猪 (flower pig): a hand still holding a tile of its void suit (定缺). Such a hand cannot win, and at an
 * exhaustive draw it pays the heaviest penalty.
 */
export function isFlowerPig(hand: Hand, voidSuit: Suit): boolean {
  return holdsSuit(hand, voidSuit);
}

/** A concealed set of a standard decomposition: a triplet (刻子 kezi) or a run (顺子 shunzi, from `tile`). */
export interface ConcealedSet {
  kind: 'kezi' | 'shunzi';
  tile: string;
}

/** One way to read a complete hand's concealed tiles as sets and a pair (将 jiang). */
export interface Decomposition {
  pair: string;
  sets: ConcealedSet[];
}

/**
 * Every standard reading (sets and one pair) of the concealed tiles, each once. The tiles must number
 * 3k + 2; the melds supply the other sets.
 */
export function standardDecompositions(concealed: readonly string[]): Decomposition[] {
  if (concealed.length % 3 !== 2) return [];
  const counts = countsOf(concealed);
  const out: Decomposition[] = [];
  for (const kind of KINDS) {
    const s = suitOf(kind);
    const n = rankOf(kind);
    if (counts[s][n] < 2) continue;
    counts[s][n] -= 2;
    for (const sets of setReadings(counts)) out.push({ pair: kind, sets });
    counts[s][n] += 2;
  }
  return out;
}

/** Every way to read the counts entirely as sets (empty list when there is none). */
function setReadings(counts: Counts): ConcealedSet[][] {
  let first: string | null = null;
  for (const kind of KINDS) {
    if (countOf(counts, kind) > 0) {
      first = kind;
      break;
    }
  }
  if (first === null) return [[]];
  const s = suitOf(first);
  const n = rankOf(first);
  const c = counts[s];
  const out: ConcealedSet[][] = [];
  if (c[n] >= 3) {
    c[n] -= 3;
    for (const rest of setReadings(counts)) out.push([{ kind: 'kezi', tile: first }, ...rest]);
    c[n] += 3;
  }
  if (n <= 7 && c[n + 1] > 0 && c[n + 2] > 0) {
    c[n]--;
    c[n + 1]--;
    c[n + 2]--;
    for (const rest of setReadings(counts)) out.push([{ kind: 'shunzi', tile: first }, ...rest]);
    c[n]++;
    c[n + 1]++;
    c[n + 2]++;
  }
  return out;
}

/**
 * 七对 (seven pairs): fourteen concealed tiles in pairs, no melds. Four of a kind counts as two pairs (the
 * hand is then 龙七对, dragon seven pairs).
 */
export function isSevenPairs(hand: Hand): boolean {
  if (hand.melds.length > 0 || hand.concealed.length !== 14) return false;
  const counts = countsOf(hand.concealed);
  return SUITS.every((s) => counts[s].every((c) => c % 2 === 0));
}

/** A complete shape (four sets and a pair, or seven pairs), whatever the suits. */
export function isCompleteShape(hand: Hand): boolean {
  if (handSize(hand) !== 14) return false;
  return isSevenPairs(hand) || standardDecompositions(hand.concealed).length > 0;
}

/** Whether the hand may win: complete, and no tile of its void suit (a hand holding the void suit cannot win). */
export function canWin(hand: Hand, voidSuit: Suit): boolean {
  return !holdsSuit(hand, voidSuit) && isCompleteShape(hand);
}

/**
 * The tile kinds a 13-tile hand wins on (its waits), in kind order. None while it holds its void suit. A kind
 * the hand already holds four of (concealed and melds) is no wait: there is no fifth tile.
 */
export function waits(hand: Hand, voidSuit: Suit): string[] {
  if (handSize(hand) !== 13) throw new Error(`waits are read on a 13-tile hand, not ${handSize(hand)}`);
  if (holdsSuit(hand, voidSuit)) return [];
  const all = countsOf(allTiles(hand));
  const out: string[] = [];
  for (const kind of KINDS) {
    if (suitOf(kind) === voidSuit || countOf(all, kind) >= 4) continue;
    if (isCompleteShape({ concealed: [...hand.concealed, kind], melds: hand.melds })) out.push(kind);
  }
  return out;
}

/** 听牌 (ready): one tile from winning, void suit gone. */
export function isReady(hand: Hand, voidSuit: Suit): boolean {
  return waits(hand, voidSuit).length > 0;
}

/**
 * Shanten (向听, tiles from ready) of the concealed tiles with `melds` sets already made, over the two
 * chuanma shapes: four sets and a pair (the engine's fast standard-form shanten) and seven pairs, where four of
 * a kind is two pairs. The void suit is not considered: callers take its tiles out first.
 */
export function shanten(concealed: readonly string[], melds: number): number {
  return shantenOfCounts(countsOf(concealed), concealed.length, melds);
}

const NO_HONOURS: readonly number[] = new Array(8).fill(0);

/**
 * `shanten` on tile counts (`tiles` of them), for callers that try many hands one tile apart: the counts are
 * read, not kept or changed.
 */
export function shantenOfCounts(counts: Counts, tiles: number, melds: number): number {
  const hand: ShantenHand = {
    _bingpai: { _: 0, m: counts.m, p: counts.p, s: counts.s, z: NO_HONOURS as number[] },
    _fulou: MELDS[melds] ?? new Array(melds).fill('meld'),
    _zimo: null,
  };
  let best = xiangtingYiban(hand);
  if (melds === 0) best = Math.min(best, sevenPairsShanten(counts, tiles));
  return best;
}

const MELDS: readonly string[][] = [0, 1, 2, 3, 4].map((n) => new Array(n).fill('meld'));

/** Seven-pairs shanten: 6 − pairs (four of a kind two pairs); −1 when complete. */
function sevenPairsShanten(counts: Counts, tiles: number): number {
  let pairs = 0;
  for (const s of SUITS) for (let n = 1; n <= 9; n++) pairs += counts[s][n] >> 1;
  if (pairs >= 7 && tiles >= 14) return -1;
  return 6 - Math.min(pairs, 6);
}
