/**
 * Fast shanten (xiangting) with the rules engine's semantics (`Majiang.Util.xiangting` family):
 *  - standard form: 13 − 3·sets − 2·partial sets − isolated tiles, where each called meld (fulou) counts as a set,
 *    at most four sets plus partial sets are counted (five tiles' worth without a pair), −1 is agari;
 *    a complete hand whose last action was a call or kan (`_zimo` holds a meld) is 0, not −1 (it cannot win);
 *  - chiitoitsu (seven pairs) and kokushi (thirteen orphans): Infinity once anything is called.
 * Number suits are read from the per-suit table; honours count directly.
 */
import { type ShantenHand, SUITS, type Suit } from './hand';
import {
  fewestIsolated,
  hasOneReading,
  isolatedOf,
  mostSets,
  POW5,
  partialsOf,
  setsOf,
  suitEntry,
  suitKey,
} from './suit-table';

/** Shanten of a count of sets, partial sets and isolated tiles, with or without a pair kept as the head. */
function formShanten(sets: number, partials: number, isolated: number, withHead: boolean): number {
  if (sets > 4) {
    partials += sets - 4;
    sets = 4;
  }
  if (sets + partials > 4) {
    isolated += sets + partials - 4;
    partials = 4 - sets;
  }
  const room = withHead ? 4 : 5;
  if (sets + partials + isolated > room) isolated = room - sets - partials;
  if (withHead) partials++;
  return 13 - sets * 3 - partials * 2 - isolated;
}

/** Best shanten over the two readings of each number suit, plus the honours and melds already counted. */
function bestOfReadings(
  em: number,
  ep: number,
  es: number,
  sets: number,
  partials: number,
  isolated: number,
  withHead: boolean,
): number {
  let min = 13;
  const im = hasOneReading(em) ? 1 : 2;
  const ip = hasOneReading(ep) ? 1 : 2;
  const is = hasOneReading(es) ? 1 : 2;
  for (let i = 0; i < im; i++) {
    const rm = i === 0 ? fewestIsolated(em) : mostSets(em);
    for (let j = 0; j < ip; j++) {
      const rp = j === 0 ? fewestIsolated(ep) : mostSets(ep);
      const m1 = sets + setsOf(rm) + setsOf(rp);
      const d1 = partials + partialsOf(rm) + partialsOf(rp);
      const g1 = isolated + isolatedOf(rm) + isolatedOf(rp);
      for (let k = 0; k < is; k++) {
        const rs = k === 0 ? fewestIsolated(es) : mostSets(es);
        const x = formShanten(m1 + setsOf(rs), d1 + partialsOf(rs), g1 + isolatedOf(rs), withHead);
        if (x < min) min = x;
      }
    }
  }
  return min;
}

/** Standard form (four sets and a pair), same as the engine's `xiangting_yiban`. */
export function xiangtingYiban(hand: ShantenHand): number {
  const bp = hand._bingpai;
  return yibanOf(hand, suitKey(bp.m), suitKey(bp.p), suitKey(bp.s));
}

function yibanOf(hand: ShantenHand, km: number, kp: number, ks: number): number {
  const bp = hand._bingpai;
  const em = suitEntry(km);
  const ep = suitEntry(kp);
  const es = suitEntry(ks);
  const z = bp.z;
  let zSets = 0;
  let zPairs = 0;
  let zSingles = 0;
  for (let n = 1; n <= 7; n++) {
    const c = z[n];
    if (c >= 3) zSets++;
    else if (c === 2) zPairs++;
    else if (c === 1) zSingles++;
  }
  const melds = hand._fulou.length;
  const sets = melds + zSets;

  let min = bestOfReadings(em, ep, es, sets, zPairs, zSingles, false);

  // Each pair kept aside as the head (jantou).
  const m = bp.m;
  const p = bp.p;
  const s = bp.s;
  for (let n = 1; n <= 9 && min > -1; n++) {
    if (m[n] >= 2) {
      const x = bestOfReadings(suitEntry(km - 2 * POW5[n]), ep, es, sets, zPairs, zSingles, true);
      if (x < min) min = x;
    }
    if (p[n] >= 2) {
      const x = bestOfReadings(em, suitEntry(kp - 2 * POW5[n]), es, sets, zPairs, zSingles, true);
      if (x < min) min = x;
    }
    if (s[n] >= 2) {
      const x = bestOfReadings(em, ep, suitEntry(ks - 2 * POW5[n]), sets, zPairs, zSingles, true);
      if (x < min) min = x;
    }
  }
  for (let n = 1; n <= 7 && min > -1; n++) {
    const c = z[n];
    if (c < 2) continue;
    // Honour counts after the head is taken: 2 → 0, 3 → 1, 4 → 2.
    let x: number;
    if (c === 2) x = bestOfReadings(em, ep, es, sets, zPairs - 1, zSingles, true);
    else if (c === 3) x = bestOfReadings(em, ep, es, sets - 1, zPairs, zSingles + 1, true);
    else x = bestOfReadings(em, ep, es, sets - 1, zPairs + 1, zSingles, true);
    if (x < min) min = x;
  }
  if (min === -1 && hand._zimo !== null && hand._zimo.length > 2) return 0;
  return min;
}

/** Kokushi musou (thirteen orphans), same as the engine's `xiangting_guoshi`. */
export function xiangtingGuoshi(hand: ShantenHand): number {
  if (hand._fulou.length > 0) return Number.POSITIVE_INFINITY;
  const bp = hand._bingpai;
  let kinds = 0;
  let pair = false;
  for (const s of ['m', 'p', 's'] as const) {
    const c1 = bp[s][1];
    const c9 = bp[s][9];
    if (c1 >= 1) kinds++;
    if (c9 >= 1) kinds++;
    if (c1 >= 2 || c9 >= 2) pair = true;
  }
  for (let n = 1; n <= 7; n++) {
    const c = bp.z[n];
    if (c >= 1) kinds++;
    if (c >= 2) pair = true;
  }
  return (pair ? 12 : 13) - kinds;
}

/** Chiitoitsu (seven pairs), same as the engine's `xiangting_qidui`: four of a kind is one pair. */
export function xiangtingQidui(hand: ShantenHand): number {
  if (hand._fulou.length > 0) return Number.POSITIVE_INFINITY;
  const bp = hand._bingpai;
  let pairs = 0;
  let singles = 0;
  for (const s of SUITS) {
    const counts = bp[s];
    const last = s === 'z' ? 7 : 9;
    for (let n = 1; n <= last; n++) {
      const c = counts[n];
      if (c >= 2) pairs++;
      else if (c === 1) singles++;
    }
  }
  if (pairs > 7) pairs = 7;
  if (pairs + singles > 7) singles = 7 - pairs;
  return 13 - pairs * 2 - singles;
}

/**
 * Recent results by whole-hand key (direct-mapped): robots ask the same hands many times over while they weigh
 * discards and draws. A slot holds the three suit keys, the honours key with the meld count and whether the last
 * action was a call, and the shanten.
 */
const MEMO_BITS = 16;
const MEMO_SIZE = 1 << MEMO_BITS;
const memoM = new Int32Array(MEMO_SIZE).fill(-1);
const memoP = new Int32Array(MEMO_SIZE);
const memoS = new Int32Array(MEMO_SIZE);
const memoZ = new Int32Array(MEMO_SIZE);
const memoValue = new Int8Array(MEMO_SIZE);

/** Shanten over all three forms, same as the engine's `xiangting`. */
export function xiangting(hand: ShantenHand): number {
  const bp = hand._bingpai;
  return shantenByKeys(hand, suitKey(bp.m), suitKey(bp.p), suitKey(bp.s), honourKey(hand));
}

/** Honour counts in base 5, with the meld count and whether the last action was a call (a kan quirk). */
function honourKey(hand: ShantenHand): number {
  const z = hand._bingpai.z;
  const zimo = hand._zimo;
  const afterCall = zimo !== null && zimo.length > 2 ? 1 : 0;
  return (
    ((z[1] + 5 * (z[2] + 5 * (z[3] + 5 * (z[4] + 5 * (z[5] + 5 * (z[6] + 5 * z[7])))))) << 4) |
    (hand._fulou.length << 1) |
    afterCall
  );
}

/** Slot of a whole-hand key in the shanten memo (MEMO_BITS bits, well mixed). */
function memoSlot(km: number, kp: number, ks: number, kz: number): number {
  const h = Math.imul(
    km ^ Math.imul(kp, 0x9e3779b1) ^ Math.imul(ks, 0x85ebca77) ^ Math.imul(kz, 0xc2b2ae3d),
    0x27d4eb2f,
  );
  return (h ^ (h >>> 15)) >>> (32 - MEMO_BITS);
}

function shantenByKeys(hand: ShantenHand, km: number, kp: number, ks: number, kz: number): number {
  const slot = memoSlot(km, kp, ks, kz);
  if (memoM[slot] === km && memoP[slot] === kp && memoS[slot] === ks && memoZ[slot] === kz) {
    return memoValue[slot];
  }
  let value = yibanOf(hand, km, kp, ks);
  if (hand._fulou.length === 0) {
    const qidui = xiangtingQidui(hand);
    if (qidui < value) value = qidui;
    const guoshi = xiangtingGuoshi(hand);
    if (guoshi < value) value = guoshi;
  }
  memoM[slot] = km;
  memoP[slot] = kp;
  memoS[slot] = ks;
  memoZ[slot] = kz;
  memoValue[slot] = value;
  return value;
}

/**
 * Tiles that lower the shanten of a hand waiting for a draw (null when it holds a drawn tile), in the engine's
 * order (m1…m9, p1…, s1…, z1…z7) and with its convention: a kind already held four times is skipped.
 * `shanten` is the measure used (ours by default; robots pass their own).
 */
export function tingpai(hand: ShantenHand, shanten?: (hand: ShantenHand) => number): string[] | null {
  if (hand._zimo) return null;
  if (shanten && shanten !== xiangting) return tingpaiBy(hand, shanten);
  const bp = hand._bingpai;
  const km = suitKey(bp.m);
  const kp = suitKey(bp.p);
  const ks = suitKey(bp.s);
  const kz = honourKey(hand);
  const slot = memoSlot(km, kp, ks, kz) >>> (MEMO_BITS - WAITS_BITS);
  if (waitsM[slot] === km && waitsP[slot] === kp && waitsS[slot] === ks && waitsZ[slot] === kz) {
    return waitsOf[slot].slice();
  }
  const base = shantenByKeys(hand, km, kp, ks, kz);
  const waits: string[] = [];
  for (let n = 1; n <= 9; n++) {
    const m = bp.m;
    if (m[n] < 4) {
      m[n]++;
      if (shantenByKeys(hand, km + POW5[n], kp, ks, kz) < base) waits.push(TILE.m[n]);
      m[n]--;
    }
  }
  for (let n = 1; n <= 9; n++) {
    const p = bp.p;
    if (p[n] < 4) {
      p[n]++;
      if (shantenByKeys(hand, km, kp + POW5[n], ks, kz) < base) waits.push(TILE.p[n]);
      p[n]--;
    }
  }
  for (let n = 1; n <= 9; n++) {
    const s = bp.s;
    if (s[n] < 4) {
      s[n]++;
      if (shantenByKeys(hand, km, kp, ks + POW5[n], kz) < base) waits.push(TILE.s[n]);
      s[n]--;
    }
  }
  for (let n = 1; n <= 7; n++) {
    const z = bp.z;
    if (z[n] < 4) {
      z[n]++;
      if (shantenByKeys(hand, km, kp, ks, kz + (POW5[n] << 4)) < base) waits.push(TILE.z[n]);
      z[n]--;
    }
  }
  waitsM[slot] = km;
  waitsP[slot] = kp;
  waitsS[slot] = ks;
  waitsZ[slot] = kz;
  waitsOf[slot] = waits;
  return waits.slice();
}

/** Recent waits by whole-hand key (direct-mapped); callers get a copy they may change. */
const WAITS_BITS = 13;
const WAITS_SIZE = 1 << WAITS_BITS;
const waitsM = new Int32Array(WAITS_SIZE).fill(-1);
const waitsP = new Int32Array(WAITS_SIZE);
const waitsS = new Int32Array(WAITS_SIZE);
const waitsZ = new Int32Array(WAITS_SIZE);
const waitsOf: string[][] = new Array(WAITS_SIZE).fill(null);

const TILE: Record<Suit, string[]> = {
  m: ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'],
  p: ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'],
  s: ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'],
  z: ['z0', 'z1', 'z2', 'z3', 'z4', 'z5', 'z6', 'z7'],
};

/** Waits under another measure of shanten (a robot's own), by trying each tile kind on the hand itself. */
function tingpaiBy(hand: ShantenHand, shanten: (hand: ShantenHand) => number): string[] {
  const waits: string[] = [];
  const base = shanten(hand);
  for (const s of SUITS) {
    const counts = hand._bingpai[s];
    const last = s === 'z' ? 7 : 9;
    for (let n = 1; n <= last; n++) {
      if (counts[n] >= 4) continue;
      counts[n]++;
      if (shanten(hand) < base) waits.push(TILE[s][n]);
      counts[n]--;
    }
  }
  return waits;
}
