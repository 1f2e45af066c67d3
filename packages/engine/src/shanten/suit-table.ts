/**
 * Per-suit lookup table for the standard form (four sets and a pair).
 *
 * A number suit is keyed by its nine tile counts read as a base-5 number (count of 1 is the lowest digit).
 * For each key we keep two ways of reading the suit as (sets, partial sets, isolated tiles):
 *  - `fewest isolated`: fewest isolated tiles, then fewest partial sets;
 *  - `most sets`: most sets (koutsu or shuntsu), then most partial sets.
 * Partial sets (taatsu: pairs, ryanmen, kanchan, penchan) are counted on what is left after the sets are taken:
 * tiles of the suit fall into runs where no two neighbouring kinds are both empty, and a run of k tiles gives
 * floor(k/2) partial sets and k mod 2 isolated tiles. Combining the two readings of each suit, as the rules
 * engine does, gives the same shanten as the engine's `xiangting_yiban`.
 *
 * Entries are computed on first use and kept for the life of the process (5^9 slots, 4 bytes each).
 */

const KEYS = 5 ** 9;
export const POW5: readonly number[] = [0, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/** Packed reading: sets in bits 0–3, partial sets in bits 4–7, isolated tiles in bits 8–13. */
export type Reading = number;
export const setsOf = (r: Reading): number => r & 15;
export const partialsOf = (r: Reading): number => (r >> 4) & 15;
export const isolatedOf = (r: Reading): number => (r >> 8) & 63;
const reading = (sets: number, partials: number, isolated: number): Reading =>
  sets | (partials << 4) | (isolated << 8);

/**
 * Entry: `fewest isolated` reading in bits 0–13, `most sets` in bits 14–27, bit 28 set when both readings are
 * the same, bit 30 marks it computed.
 */
const COMPUTED = 1 << 30;
const ONE_READING = 1 << 28;
export const hasOneReading = (entry: number): boolean => (entry & ONE_READING) !== 0;
const table = new Uint32Array(KEYS);

export const fewestIsolated = (entry: number): Reading => entry & 0x3fff;
export const mostSets = (entry: number): Reading => (entry >> 14) & 0x3fff;

/** Key of a suit's counts (array index 1–9). */
export function suitKey(counts: readonly number[]): number {
  return (
    counts[1] +
    5 *
      (counts[2] +
        5 *
          (counts[3] +
            5 *
              (counts[4] +
                5 * (counts[5] + 5 * (counts[6] + 5 * (counts[7] + 5 * (counts[8] + 5 * counts[9])))))))
  );
}

/** The two readings of the suit with this key. */
export function suitEntry(key: number): number {
  const cached = table[key];
  if (cached !== 0) return cached;
  const entry = computeEntry(key);
  table[key] = entry;
  return entry;
}

function computeEntry(key: number): number {
  const counts = new Int8Array(11); // 1–9 used; 10 guards the shuntsu look-ahead
  let rest = key;
  for (let n = 1; n <= 9; n++) {
    counts[n] = rest % 5;
    rest = (rest - counts[n]) / 5;
  }
  const best = { isoG: 99, isoD: 99, isoM: 0, setM: -1, setD: -1, setG: 0 };
  takeSets(counts, 1, 0, best);
  const fewest = reading(best.isoM, best.isoD, best.isoG);
  const most = reading(best.setM, best.setD, best.setG);
  return COMPUTED | fewest | (most << 14) | (fewest === most ? ONE_READING : 0);
}

interface Best {
  isoG: number;
  isoD: number;
  isoM: number;
  setM: number;
  setD: number;
  setG: number;
}

/**
 * Visits every multiset of sets the counts hold, exactly once: at kind n, zero or one koutsu, then any number of
 * shuntsu starting at n, then on to n+1.
 */
function takeSets(counts: Int8Array, n: number, sets: number, best: Best): void {
  while (n <= 9 && counts[n] === 0) n++;
  if (n > 9) {
    scoreRemainder(counts, sets, best);
    return;
  }
  const here = counts[n];
  for (let koutsu = here >= 3 ? 1 : 0; koutsu >= 0; koutsu--) {
    counts[n] -= 3 * koutsu;
    const maxShuntsu = n <= 7 ? Math.min(counts[n], counts[n + 1], counts[n + 2]) : 0;
    for (let k = 0; k <= maxShuntsu; k++) {
      if (k > 0) {
        counts[n]--;
        counts[n + 1]--;
        counts[n + 2]--;
      }
      takeSets(counts, n + 1, sets + koutsu + k, best);
    }
    counts[n] += maxShuntsu;
    counts[n + 1] += maxShuntsu;
    counts[n + 2] += maxShuntsu;
    counts[n] += 3 * koutsu;
  }
}

function scoreRemainder(counts: Int8Array, sets: number, best: Best): void {
  let partials = 0;
  let isolated = 0;
  let run = 0;
  for (let n = 1; n <= 9; n++) {
    run += counts[n];
    // A run ends when the next two kinds are both empty (nothing within reach of a kanchan).
    if (n === 9 || (counts[n + 1] === 0 && (n + 2 > 9 || counts[n + 2] === 0))) {
      partials += run >> 1;
      isolated += run & 1;
      run = 0;
    }
  }
  if (isolated < best.isoG || (isolated === best.isoG && partials < best.isoD)) {
    best.isoG = isolated;
    best.isoD = partials;
    best.isoM = sets;
  }
  if (sets > best.setM || (sets === best.setM && partials > best.setD)) {
    best.setM = sets;
    best.setD = partials;
    best.setG = isolated;
  }
}
