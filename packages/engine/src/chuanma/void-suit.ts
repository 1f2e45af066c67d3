import { shanten } from './hand';
import { connectivity } from './strength';
import { SUITS, type Suit, suitOf } from './tiles';

/**
 * 定缺 (choosing the void suit): after the exchange each player names one suit it will give up. Its tiles are
 * discarded first, and a hand holding any of them cannot win (花猪 at an exhaustive draw).
 *
 * A robot voids the suit it holds fewest of; on a tie, the one whose loss leaves the rest of the hand nearest
 * ready, then the one whose tiles hold together least, then in the order m, p, s.
 */
export function chooseVoidSuit(hand: readonly string[]): Suit {
  const ranked = SUITS.map((suit) => {
    const own = hand.filter((t) => suitOf(t) === suit);
    const rest = hand.filter((t) => suitOf(t) !== suit);
    return {
      suit,
      count: own.length,
      restShanten: shanten(rest, 0),
      strength: own.reduce((sum, t) => sum + connectivity(own, t), 0),
    };
  });
  ranked.sort((a, b) => a.count - b.count || a.restShanten - b.restShanten || a.strength - b.strength);
  return ranked[0].suit;
}
