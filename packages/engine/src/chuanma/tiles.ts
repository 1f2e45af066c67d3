/**
 * The tiles of Sichuan mahjong (chuanma, 川麻): the three number suits only — characters `m`, dots `p`,
 * bamboo `s` — four of each, 108 tiles, no honours, no flowers, no red fives. Tiles are written as the rest of
 * the engine writes them (`m1` … `s9`).
 */

export type Suit = 'm' | 'p' | 's';
export const SUITS: readonly Suit[] = ['m', 'p', 's'];

/** Tile counts of a hand: per suit, index 1–9 (index 0 unused). */
export type Counts = Record<Suit, number[]>;

/** The 27 tile kinds in order (m1 … m9, p1 … p9, s1 … s9). */
export const KINDS: readonly string[] = SUITS.flatMap((s) =>
  Array.from({ length: 9 }, (_, i) => `${s}${i + 1}`),
);

/** The 108 tiles in a fixed order. */
export function chuanmaTileSet(): string[] {
  return KINDS.flatMap((k) => [k, k, k, k]);
}

export function suitOf(tile: string): Suit {
  const s = tile[0];
  if (s !== 'm' && s !== 'p' && s !== 's') throw new Error(`not a chuanma tile: ${tile}`);
  return s;
}

export function rankOf(tile: string): number {
  const n = Number(tile[1]);
  if (!Number.isInteger(n) || n < 1 || n > 9 || tile.length !== 2)
    throw new Error(`not a chuanma tile: ${tile}`);
  return n;
}

export function isTile(tile: string): boolean {
  return /^[mps][1-9]$/.test(tile);
}

/** Terminal (1 or 9): what 带幺九 (daiyaojiu) asks of every set and the pair. */
export function isTerminal(tile: string): boolean {
  const n = rankOf(tile);
  return n === 1 || n === 9;
}

/** 2, 5 or 8: what 将对 (jiangdui) asks of every tile. */
export function isJiang(tile: string): boolean {
  const n = rankOf(tile);
  return n === 2 || n === 5 || n === 8;
}

/**
 * Tiles from the short notation used in tests and the README: a suit letter followed by its ranks,
 * e.g. `m123 p55 s789` (spaces are ignored).
 */
export function parseTiles(text: string): string[] {
  const tiles: string[] = [];
  let suit: Suit | null = null;
  for (const c of text.replace(/\s+/g, '')) {
    if (c === 'm' || c === 'p' || c === 's') suit = c;
    else if (suit && c >= '1' && c <= '9') tiles.push(`${suit}${c}`);
    else throw new Error(`cannot read tiles "${text}"`);
  }
  return tiles;
}

export function emptyCounts(): Counts {
  return { m: new Array(10).fill(0), p: new Array(10).fill(0), s: new Array(10).fill(0) };
}

export function countsOf(tiles: readonly string[]): Counts {
  const counts = emptyCounts();
  for (const t of tiles) counts[suitOf(t)][rankOf(t)]++;
  return counts;
}

export function countOf(counts: Counts, tile: string): number {
  return counts[suitOf(tile)][rankOf(tile)];
}

/** Tiles sorted in kind order (m1 … s9). */
export function sortTiles(tiles: readonly string[]): string[] {
  return [...tiles].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
}
