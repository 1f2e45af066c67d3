/**
 * Faster versions of the rules engine's hand (`Majiang.Shoupai`) methods the majiang-ai robot spends its time
 * in while it weighs discards and draws: `toString` (its cache key), `clone`, `get_dapai` after a draw, and the
 * tile and meld validity checks. Same results as the engine's (checked by fast-shoupai.test.ts); installed and
 * removed together with the fast shanten.
 */
import { createRequire } from 'node:module';
import type { ShantenHand, Suit } from './hand';

interface ShoupaiInstance extends ShantenHand {
  _lizhi: boolean;
}
interface ShoupaiMethods {
  toString(this: ShoupaiInstance): string;
  clone(this: ShoupaiInstance): ShoupaiInstance;
  get_dapai(this: ShoupaiInstance, check?: boolean): string[] | null;
}
interface ShoupaiClass {
  prototype: ShoupaiMethods;
  valid_pai(p: string): string | undefined;
  valid_mianzi(m: string): string | undefined;
}

const require = createRequire(import.meta.url);
const Shoupai = (require('@kobalab/majiang-core') as { Shoupai: ShoupaiClass }).Shoupai;

/** The engine's own methods, captured before anything is swapped. */
export const stockShoupai = Object.freeze({
  toString: Shoupai.prototype.toString,
  clone: Shoupai.prototype.clone,
  get_dapai: Shoupai.prototype.get_dapai,
  valid_pai: Shoupai.valid_pai,
  valid_mianzi: Shoupai.valid_mianzi,
});

const SUITS: readonly Suit[] = ['m', 'p', 's', 'z'];
const TILE: Record<Suit, string[]> = {
  m: ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'],
  p: ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'],
  s: ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'],
  z: ['z0', 'z1', 'z2', 'z3', 'z4', 'z5', 'z6', 'z7'],
};
/** RUN[d][k]: the digit d written k times. */
const RUN: string[][] = Array.from({ length: 10 }, (_, d) =>
  Array.from({ length: 15 }, (_, k) => String(d).repeat(k)),
);
const run = (digit: number, times: number): string =>
  times <= 0 ? '' : times < 15 ? RUN[digit][times] : String(digit).repeat(times);

/** Digit of a two-character tile (`m5` → 5, `m0` → 0), or -1 for anything else (`_`, a meld). */
const digitOf = (tile: string | null): number =>
  tile !== null && tile.length === 2 ? tile.charCodeAt(1) - 48 : -1;

/**
 * The hand as the engine writes it: concealed tiles by suit (red fives as 0, before the other fives), hidden
 * tiles as `_`, the drawn tile last, `*` after riichi, then the melds; a trailing `,` when the last action was a
 * call. Same string as the engine's `toString`.
 */
function handString(this: ShoupaiInstance): string {
  const bp = this._bingpai;
  const zimo = this._zimo;
  const zs = zimo === null ? '' : zimo[0];
  const zn = digitOf(zimo);
  let out = '';
  for (const s of SUITS) {
    const counts = bp[s];
    let red = s === 'z' ? 0 : counts[0];
    let suit = '';
    for (let n = 1; n < counts.length; n++) {
      let count = counts[n];
      if (zs === s) {
        if (zn === n) count--;
        if (n === 5 && zn === 0) {
          count--;
          red--;
        }
      }
      if (count <= 0) continue;
      if (n === 5 && red > 0) {
        const reds = Math.min(red, count);
        suit += run(0, reds) + run(5, count - reds);
        red -= reds;
      } else suit += run(n, count);
    }
    if (suit.length > 0) out += s + suit;
  }
  const hidden = bp._ + (zimo === '_' ? -1 : 0);
  if (hidden > 0) out += '_'.repeat(hidden);
  if (zimo !== null && zimo.length <= 2) out += zimo;
  if (this._lizhi) out += '*';
  for (const m of this._fulou) out += `,${m}`;
  if (zimo !== null && zimo.length > 2) out += ',';
  return out;
}

/** A copy of the hand, as the engine's `clone`, without building the empty hand first. */
function clone(this: ShoupaiInstance): ShoupaiInstance {
  const copy = Object.create(Shoupai.prototype) as ShoupaiInstance;
  const bp = this._bingpai;
  copy._bingpai = { _: bp._, m: bp.m.slice(), p: bp.p.slice(), s: bp.s.slice(), z: bp.z.slice() };
  copy._fulou = this._fulou.slice();
  copy._zimo = this._zimo;
  copy._lizhi = this._lizhi;
  return copy;
}

/**
 * Tiles the hand may discard, as the engine's `get_dapai`. After a draw (or without the swap-calling check) it is
 * computed here; just after a call it is left to the engine, which knows the kuikae restrictions.
 */
function get_dapai(this: ShoupaiInstance, check = true): string[] | null {
  const zimo = this._zimo;
  if (!zimo) return null;
  if (check && zimo.length > 2) return stockShoupai.get_dapai.call(this, check);
  const dapai: string[] = [];
  if (!this._lizhi) {
    const zs = zimo[0];
    const zn = digitOf(zimo);
    const bp = this._bingpai;
    for (const s of SUITS) {
      const counts = bp[s];
      const tiles = TILE[s];
      const drawnHere = zs === s;
      for (let n = 1; n < counts.length; n++) {
        const c = counts[n];
        if (c === 0) continue;
        // The drawn tile is offered once, as `_` (tsumogiri), when it is the only one of its kind.
        if (drawnHere && zn === n && c === 1) continue;
        if (s === 'z' || n !== 5) dapai.push(tiles[n]);
        else {
          const red = counts[0];
          if ((red > 0 && !(drawnHere && zn === 0)) || red > 1) dapai.push(tiles[0]);
          if (red < counts[5]) dapai.push(tiles[5]);
        }
      }
    }
  }
  if (zimo.length === 2) dapai.push(`${zimo}_`);
  return dapai;
}

/**
 * Every valid tile string (a kind, then optionally `_` drawn-and-discarded, `*` riichi, and the seat a called
 * tile came from): the engine's tile pattern has a finite language, listed once here from the engine's own check.
 */
const VALID_PAI = new Set<string>();
for (const kind of [...['m', 'p', 's'].flatMap((s) => TILE[s as Suit]), ...TILE.z.slice(1)]) {
  for (const drawn of ['', '_']) {
    for (const riichi of ['', '*']) {
      for (const from of ['', '+', '=', '-']) {
        const p = kind + drawn + riichi + from;
        if (stockShoupai.valid_pai(p) === p) VALID_PAI.add(p);
      }
    }
  }
}

function valid_pai(p: string): string | undefined {
  return VALID_PAI.has(p) ? p : undefined;
}

/** Meld checks remembered by their string (a few hundred distinct melds occur). */
const MEMO_LIMIT = 50_000;
const validMianzi = new Map<string, string | undefined>();

function valid_mianzi(m: string): string | undefined {
  let known = validMianzi.get(m);
  if (known === undefined && !validMianzi.has(m)) {
    known = stockShoupai.valid_mianzi(m);
    if (validMianzi.size >= MEMO_LIMIT) validMianzi.clear();
    validMianzi.set(m, known);
  }
  return known;
}

export const fastShoupai = Object.freeze({ toString: handString, clone, get_dapai, valid_pai, valid_mianzi });

export function useShoupai(methods: typeof stockShoupai | typeof fastShoupai): void {
  Shoupai.prototype.toString = methods.toString;
  Shoupai.prototype.clone = methods.clone;
  Shoupai.prototype.get_dapai = methods.get_dapai;
  Shoupai.valid_pai = methods.valid_pai;
  Shoupai.valid_mianzi = methods.valid_mianzi;
}
