import Majiang from '@kobalab/majiang-core';
import { type ExchangeDirection, holdsThree, receiverOf } from '../chuanma/exchange';

/**
 * 换三张 at a xuezhandaodi table: after the deal each player passes three tiles of their hand, any three (the mode
 * states no same-suit rule), all at once, in one direction for the table, drawn for each hand from the seed as in
 * chuanma (`exchangeDirection`). Tiles are in the rules engine's notation (`m0` a red five).
 */

/** Three tiles, all held: any three (the mode states no same-suit rule). */
export const isValidExchange = holdsThree;

/** The seat whose three tiles `seat` receives. */
export function giverOf(seat: number, direction: ExchangeDirection): number {
  return [0, 1, 2, 3].find((s) => receiverOf(s, direction) === seat) as number;
}

/** The hands after the exchange (seats relative to the dealer): each seat's three tiles go to its receiver. */
export function exchangeHands(
  hands: readonly (readonly string[])[],
  given: readonly (readonly string[])[],
  direction: ExchangeDirection,
): string[][] {
  return hands.map((hand, seat) => {
    const kept = hand.slice();
    for (const t of given[seat]) kept.splice(kept.indexOf(t), 1);
    return [...kept, ...given[giverOf(seat, direction)]];
  });
}

/** How much a tile is worth keeping on its own: red fives and honour pairs most, lone terminals least. */
function keepValue(hand: readonly string[], tile: string): number {
  if (tile[1] === '0') return 10;
  const same = hand.filter((t) => t.replace('0', '5') === tile.replace('0', '5')).length;
  if (tile[0] === 'z') return same > 1 ? 6 : 0;
  const n = Number(tile[1]) || 5;
  const near = hand.filter(
    (t) => t[0] === tile[0] && t !== tile && Math.abs((Number(t[1]) || 5) - n) <= 2,
  ).length;
  return same * 3 + near * 2 + (n === 1 || n === 9 ? 0 : 1);
}

/**
 * A robot's three tiles: one at a time, the tile whose loss leaves the lowest shanten, ties to the tile least
 * worth keeping (lone honours and terminals first, red fives last).
 */
export function chooseExchange(hand: readonly string[]): string[] {
  const left = hand.slice();
  const picked: string[] = [];
  for (let k = 0; k < 3; k++) {
    let best = -1;
    let bestShanten = Number.POSITIVE_INFINITY;
    let bestValue = Number.POSITIVE_INFINITY;
    for (let i = 0; i < left.length; i++) {
      if (left.indexOf(left[i]) !== i) continue;
      const rest = left.filter((_, j) => j !== i);
      const shanten = Majiang.Util.xiangting(new Majiang.Shoupai(rest));
      const value = keepValue(left, left[i]);
      if (shanten < bestShanten || (shanten === bestShanten && value < bestValue)) {
        best = i;
        bestShanten = shanten;
        bestValue = value;
      }
    }
    picked.push(left[best]);
    left.splice(best, 1);
  }
  return picked;
}
