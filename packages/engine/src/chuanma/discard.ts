import { allTiles, type Hand, shanten, shantenOfCounts } from './hand';
import { connectivity } from './strength';
import { countOf, countsOf, KINDS, rankOf, type Suit, sortTiles, suitOf } from './tiles';

/**
 * Robot discards (level 0 and 1), pure functions of the hand. Both let go of the void suit first — a hand
 * holding it cannot win and pays as a flower pig at an exhaustive draw — then keep the hand as near ready as
 * they can (lowest shanten after the discard). Level 1 also weighs how many tiles would bring it nearer
 * (ukeire, 有效牌) among those it cannot see in its own hand. Ties go to the loosest tile, outer ranks first.
 */
export type ChuanmaRobotLevel = 0 | 1;

/** The tile to discard from a hand of 14 (concealed tiles plus three per meld). */
export function chooseDiscard(hand: Hand, voidSuit: Suit, level: ChuanmaRobotLevel): string {
  const concealed = sortTiles(hand.concealed);
  if (concealed.length % 3 !== 2) throw new Error('a discard is chosen from a hand that has just drawn');
  const voidTiles = concealed.filter((t) => suitOf(t) === voidSuit);
  if (voidTiles.length > 0) return loosest(voidTiles, voidTiles);

  const melds = hand.melds.length;
  const candidates = [...new Set(concealed)].map((tile) => {
    const rest = concealed.slice();
    rest.splice(rest.indexOf(tile), 1);
    return {
      tile,
      shanten: shanten(rest, melds),
      ukeire: level >= 1 ? ukeire(rest, hand, voidSuit) : 0,
    };
  });
  const bestShanten = Math.min(...candidates.map((c) => c.shanten));
  let pool = candidates.filter((c) => c.shanten === bestShanten);
  const bestUkeire = Math.max(...pool.map((c) => c.ukeire));
  pool = pool.filter((c) => c.ukeire === bestUkeire);
  return loosest(
    pool.map((c) => c.tile),
    concealed,
  );
}

/** Tiles (counted by copies not in the robot's own hand or melds) that would lower the shanten of `rest`. */
function ukeire(rest: readonly string[], hand: Hand, voidSuit: Suit): number {
  const melds = hand.melds.length;
  const counts = countsOf(rest);
  const base = shantenOfCounts(counts, rest.length, melds);
  const seen = countsOf([...rest, ...allTiles({ concealed: [], melds: hand.melds })]);
  let total = 0;
  for (const kind of KINDS) {
    const suit = suitOf(kind);
    if (suit === voidSuit) continue;
    const left = 4 - countOf(seen, kind);
    if (left <= 0) continue;
    const n = rankOf(kind);
    counts[suit][n]++;
    if (shantenOfCounts(counts, rest.length + 1, melds) < base) total += left;
    counts[suit][n]--;
  }
  return total;
}

/** The least connected of `choices` within `tiles`; ties to the outer rank, then the later kind. */
function loosest(choices: readonly string[], tiles: readonly string[]): string {
  let best = choices[0];
  for (const t of choices.slice(1)) {
    const ct = connectivity(tiles, t);
    const cb = connectivity(tiles, best);
    if (ct < cb) best = t;
    else if (ct === cb) {
      const dt = Math.abs(rankOf(t) - 5);
      const db = Math.abs(rankOf(best) - 5);
      if (dt > db || (dt === db && KINDS.indexOf(t) > KINDS.indexOf(best))) best = t;
    }
  }
  return best;
}
