/**
 * Seeded random hands for checking shanten against the rules engine: concealed hands of 13 and 14 tiles, hands
 * shaped towards sets (so tenpai and agari come up often), one-suit hands (the hardest to decompose), and hands
 * with 1–4 called melds (chi, pon, open and closed kans, added kans), some just after the call.
 */
import { createRequire } from 'node:module';
import type { ShantenHand } from '../../src/shanten/hand';

const require = createRequire(import.meta.url);
const { Shoupai } = require('@kobalab/majiang-core') as {
  Shoupai: new (tiles: string[]) => ShantenHand & { zimo(p: string, check?: boolean): unknown };
};

/** Small seeded generator (mulberry32): same seed, same hands. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = { s: 'm' | 'p' | 's' | 'z'; n: number };
const KINDS: Kind[] = [];
for (const s of ['m', 'p', 's'] as const) for (let n = 1; n <= 9; n++) KINDS.push({ s, n });
for (let n = 1; n <= 7; n++) KINDS.push({ s: 'z', n });

/** Tile counts left to draw from, one red five per number suit. */
class Stock {
  private counts = new Map<string, number>();
  private reds = new Set(['m', 'p', 's']);
  constructor(private rnd: () => number) {
    for (const k of KINDS) this.counts.set(k.s + k.n, 4);
  }
  left(s: string, n: number): number {
    return this.counts.get(s + n) ?? 0;
  }
  /** Takes one tile of the kind, written as the engine writes it (a red five is `0`). */
  take(s: string, n: number): string {
    this.counts.set(s + n, this.left(s, n) - 1);
    if (n === 5 && this.reds.has(s) && this.rnd() < 0.25) {
      this.reds.delete(s);
      return `${s}0`;
    }
    return s + n;
  }
  randomKind(suits: string): Kind | null {
    const options = KINDS.filter((k) => suits.includes(k.s) && this.left(k.s, k.n) > 0);
    if (options.length === 0) return null;
    return options[Math.floor(this.rnd() * options.length)];
  }
}

export interface HandCase {
  hand: ShantenHand;
  label: string;
}

const digit = (tile: string) => tile[1];

function meld(stock: Stock, rnd: () => number, suits: string): string | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const k = stock.randomKind(suits);
    if (!k) return null;
    const r = rnd();
    const from = ['+', '=', '-'][Math.floor(rnd() * 3)];
    if (r < 0.45 && k.s !== 'z' && k.n <= 7 && stock.left(k.s, k.n + 1) > 0 && stock.left(k.s, k.n + 2) > 0) {
      // chi: the called tile is marked '-' and written in its place
      const t = [stock.take(k.s, k.n), stock.take(k.s, k.n + 1), stock.take(k.s, k.n + 2)].map(digit);
      const at = Math.floor(rnd() * 3);
      return k.s + t.map((d, i) => (i === at ? `${d}-` : d)).join('');
    }
    if (r < 0.85 && stock.left(k.s, k.n) >= 3) {
      const t = [stock.take(k.s, k.n), stock.take(k.s, k.n), stock.take(k.s, k.n)]
        .map(digit)
        .sort()
        .reverse();
      return `${k.s}${t.join('')}${from}`;
    }
    if (stock.left(k.s, k.n) === 4) {
      const t = [1, 2, 3, 4]
        .map(() => digit(stock.take(k.s, k.n)))
        .sort()
        .reverse();
      const kind = rnd();
      if (kind < 0.34) return k.s + t.join(''); // ankan
      if (kind < 0.67) return `${k.s}${t.join('')}${from}`; // daiminkan
      return `${k.s}${t.slice(0, 3).join('')}${from}${t[3]}`; // kakan
    }
  }
  return null;
}

function draw(
  stock: Stock,
  rnd: () => number,
  suits: string,
  shaped: boolean,
  into: string[],
  count: number,
) {
  while (into.length < count) {
    const k = stock.randomKind(suits);
    if (!k) return;
    const room = count - into.length;
    const r = rnd();
    if (shaped && room >= 3 && r < 0.4 && k.s !== 'z' && k.n <= 7) {
      if (stock.left(k.s, k.n + 1) > 0 && stock.left(k.s, k.n + 2) > 0) {
        into.push(stock.take(k.s, k.n), stock.take(k.s, k.n + 1), stock.take(k.s, k.n + 2));
        continue;
      }
    }
    if (shaped && room >= 2 && r < 0.6 && stock.left(k.s, k.n) >= 2) {
      into.push(stock.take(k.s, k.n), stock.take(k.s, k.n));
      continue;
    }
    into.push(stock.take(k.s, k.n));
  }
}

/** The i-th hand of a seeded sequence cycling through the shapes we check. */
export function randomHand(rnd: () => number, i: number): HandCase {
  const stock = new Stock(rnd);
  const shape = i % 6;
  const shaped = shape === 2 || shape === 3 || shape === 5;
  const suits = shape === 3 ? 'mpsz'[Math.floor(rnd() * 3)] : rnd() < 0.15 ? 'mpz'.slice(0, 2) : 'mpsz';
  const melds: string[] = [];
  if (shape >= 4) {
    const n = 1 + Math.floor(rnd() * 4);
    for (let k = 0; k < n; k++) {
      const m = meld(stock, rnd, suits === 'mp' ? 'mpz' : suits);
      if (m) melds.push(m);
    }
  }
  const drawn = shape === 0 ? false : shape === 1 ? true : rnd() < 0.5;
  const tiles: string[] = [];
  draw(stock, rnd, suits, shaped, tiles, 13 - 3 * melds.length + (drawn ? 1 : 0));
  const zimo = drawn ? tiles.pop() : undefined;
  const hand = new Shoupai(tiles);
  hand._fulou = melds;
  let label = `${tiles.join('')}`;
  if (zimo) {
    hand.zimo(zimo, false);
    label += ` +${zimo}`;
  } else if (melds.length > 0 && rnd() < 0.3 && !/\d{4}$/.test(melds[melds.length - 1])) {
    // just after a call: the hand holds 3n+2 tiles and its last action is the meld
    const k = stock.randomKind(suits);
    if (k) {
      hand.zimo(stock.take(k.s, k.n), false);
      hand._zimo = melds[melds.length - 1];
      label += ` (called ${hand._zimo})`;
    }
  }
  if (melds.length) label += ` ,${melds.join(',')}`;
  return { hand, label };
}
