import { rankOf, suitOf } from './tiles';

/**
 * How well a tile holds together with the others of its suit in `tiles` (itself counted once): each other copy
 * of it 3, each tile one rank away 2, two ranks away 1. Robots keep connected tiles and let go of loose ones.
 */
export function connectivity(tiles: readonly string[], tile: string): number {
  const suit = suitOf(tile);
  const n = rankOf(tile);
  let score = -3; // the tile itself
  for (const t of tiles) {
    if (suitOf(t) !== suit) continue;
    const d = Math.abs(rankOf(t) - n);
    if (d === 0) score += 3;
    else if (d === 1) score += 2;
    else if (d === 2) score += 1;
  }
  return score;
}
