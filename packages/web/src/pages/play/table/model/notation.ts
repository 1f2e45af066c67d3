import type { Shoupai } from '@kobalab/majiang-core';

// The rules engine's notation (kobalab's): a tile is a suit letter and a digit (`m5`, `z7`; `0` a red five; `_`
// an unseen tile); a discard may end in `_` (the drawn tile), `*` (riichi), `+ = -` (taken by the next, opposite
// or previous seat); a meld is its tiles with the taker's mark after the called tile (`m1-23`, `p555=`,
// `s5555` a closed kan, `z111+1` an added kan); a hand is its concealed tiles by suit, then `,meld`…

export type { Shoupai };

/** A tile of a hand as it is shown: its code, red fives as `0`. */
export interface HandTiles {
  /** Concealed tiles in order (the drawn tile left out), `_` for unseen ones. */
  tiles: string[];
  /** The drawn tile, shown apart; null when the hand has none. */
  drawn: string | null;
  melds: string[];
  riichi: boolean;
}

/** A hand's tiles in display order: suits m p s z, red fives before the other fives. */
export function handTiles(hand: Shoupai): HandTiles {
  const tiles: string[] = [];
  for (const s of ['m', 'p', 's', 'z'] as const) {
    const counts = hand._bingpai[s];
    for (let n = 1; n < counts.length; n++) {
      const red = n === 5 && s !== 'z' ? counts[0] : 0;
      for (let i = 0; i < red; i++) tiles.push(`${s}0`);
      for (let i = 0; i < counts[n] - red; i++) tiles.push(`${s}${n}`);
    }
  }
  for (let i = 0; i < hand._bingpai._; i++) tiles.push('_');
  const zimo = hand._zimo;
  let drawn: string | null = null;
  if (zimo && zimo.length <= 2) {
    const at = tiles.lastIndexOf(zimo);
    if (at >= 0) {
      tiles.splice(at, 1);
      drawn = zimo;
    }
  }
  return { tiles, drawn, melds: hand._fulou.slice(), riichi: hand.lizhi };
}

/** One tile of a meld as it is laid: sideways for the called one, face down for the ends of a closed kan. */
export interface MeldTile {
  code: string;
  sideways: boolean;
}

/**
 * The tiles of a meld as laid on the table, from the left: the called tile turned and placed by where it came
 * from (left for the previous seat, middle for the opposite, right for the next); an added kan lays its added
 * tile beside the called one; a closed kan shows its ends face down.
 */
export function meldTiles(m: string): MeldTile[] {
  const s = m[0];
  const digits = m.replace(/[^\d]/g, '').split('');
  const mark = m.match(/[+=-]/)?.[0];
  if (!mark) {
    // A closed kan.
    return digits.map((d, i) => ({ code: i === 0 || i === 3 ? '_' : s + d, sideways: false }));
  }
  const calledAt = m.search(/\d[+=-]/);
  const called = s + m[calledAt];
  // Tiles other than the called one, in order (an added kan's fourth is the last digit).
  const body = m.slice(1).replace(/\d[+=-]/, '');
  const rest = body.split('').filter((c) => /\d/.test(c));
  const added = m.length > calledAt + 2 && /\d$/.test(m) && rest.length === 3 ? rest.pop() : undefined;
  const plain = rest.map((d) => ({ code: s + d, sideways: false }));
  const turned: MeldTile[] = [{ code: called, sideways: true }];
  if (added !== undefined) turned.push({ code: s + added, sideways: true });
  if (mark === '-') return [...turned, ...plain];
  if (mark === '+') return [...plain, ...turned];
  return [plain[0], ...turned, ...plain.slice(1)].filter(Boolean) as MeldTile[];
}

/** The kind of a meld: a closed, added or open kan, or null for a chi or pon. */
export function kanKind(m: string): 'ankan' | 'kakan' | 'daiminkan' | null {
  if (m.replace(/[^\d]/g, '').length !== 4) return null;
  if (!/[+=-]/.test(m)) return 'ankan';
  return /[+=-]\d$/.test(m) ? 'kakan' : 'daiminkan';
}

/** The tile kind without red or marks: `m0_*` → `m5`. */
export function kindOf(p: string): string {
  return p[0] + (p[1] === '0' ? '5' : p[1]);
}

/** The tile of a discard code (`m0_*` → `m0`). */
export function tileOf(p: string): string {
  return p.slice(0, 2);
}
