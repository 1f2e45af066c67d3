import { describe, expect, it } from 'vitest';
import { chooseDiscard } from '../src/chuanma/discard';
import {
  chooseExchange,
  EXCHANGE_CODES,
  type ExchangeDirection,
  exchangeDirection,
  exchangeTiles,
  isValidExchange,
  receiverOf,
} from '../src/chuanma/exchange';
import { parseTiles, sortTiles } from '../src/chuanma/tiles';
import { chooseVoidSuit } from '../src/chuanma/void-suit';
import { ChuanmaWall, chuanmaWall } from '../src/chuanma/wall';

const SEED = 'bb67ae856a09e667a54ff53a3c6ef3729b05688c510e527f5be0cd191f83d9ab';
const tiles = (text: string) => parseTiles(text);

describe('换三张: the three-tile exchange', () => {
  it('X1 directions: counter-clockwise to the next seat, opposite, clockwise to the previous seat', () => {
    expect([0, 1, 2, 3].map((s) => receiverOf(s, 'counterclockwise'))).toEqual([1, 2, 3, 0]);
    expect([0, 1, 2, 3].map((s) => receiverOf(s, 'opposite'))).toEqual([2, 3, 0, 1]);
    expect([0, 1, 2, 3].map((s) => receiverOf(s, 'clockwise'))).toEqual([3, 0, 1, 2]);
    expect(EXCHANGE_CODES).toEqual({ counterclockwise: 0, opposite: 1, clockwise: 2 });
  });

  it('X2 the direction is fixed by the seed, hand and attempt, and the three come up about equally', () => {
    expect(exchangeDirection(SEED, 5)).toBe(exchangeDirection(SEED, 5));
    const tally: Record<ExchangeDirection, number> = { counterclockwise: 0, opposite: 0, clockwise: 0 };
    for (let hand = 0; hand < 3000; hand++) tally[exchangeDirection(SEED, hand)]++;
    for (const n of Object.values(tally)) expect(n).toBeGreaterThan(900);
    const attempts = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((a) => exchangeDirection(SEED, 0, a)));
    expect(attempts.size).toBeGreaterThan(1);
  });

  it('X3 each seat passes three held tiles of one suit; the receiver gets them', () => {
    const hands = new ChuanmaWall(chuanmaWall(SEED, 0)).deal(0);
    const given = hands.map(chooseExchange);
    for (let s = 0; s < 4; s++) expect(isValidExchange(hands[s], given[s])).toBe(true);
    const after = exchangeTiles(hands, given, 'opposite');
    for (let s = 0; s < 4; s++) {
      const expected = hands[s].slice();
      for (const t of given[s]) expected.splice(expected.indexOf(t), 1);
      expected.push(...given[(s + 2) % 4]);
      expect(after[s]).toEqual(sortTiles(expected));
    }
    expect(isValidExchange(tiles('m123 p456'), tiles('m1 m2 p4'))).toBe(false);
    expect(isValidExchange(tiles('m123 p456'), tiles('m1 m1 m2'))).toBe(false);
    expect(() =>
      exchangeTiles(hands, [given[0], given[1], given[2], tiles('m1 p1 s1')], 'clockwise'),
    ).toThrow();
  });

  it('X4 a robot passes the loosest tiles of its shortest suit (that has three)', () => {
    // p is shortest (4 tiles): p2 p3 stay connected, p9 and p6 are loose; then the weaker of p2/p3 goes.
    expect(chooseExchange(tiles('m123456789 p2369'))).toEqual(tiles('p2 p6 p9'));
    // A suit of two tiles cannot be passed: the next shortest is taken.
    expect(chooseExchange(tiles('m12345678 s112 p19'))).toEqual(tiles('s1 s1 s2'));
  });
});

describe('定缺: the void suit', () => {
  it('V1 a robot voids the suit it holds fewest of', () => {
    expect(chooseVoidSuit(tiles('m1234567 p123 s55 s9'))).toBe('s');
  });

  it('V2 on a tie, the suit whose loss leaves the hand nearest ready', () => {
    // p and s have three tiles each: p147 is loose, s123 is a set.
    expect(chooseVoidSuit(tiles('m1234567 p147 s123'))).toBe('p');
  });
});

describe('robot discards (levels 0 and 1)', () => {
  it('D1 the void suit goes first, whatever else the hand holds', () => {
    const hand = { concealed: tiles('m123 m456 m789 p234 p5 s5'), melds: [] };
    expect(chooseDiscard(hand, 's', 0)).toBe('s5');
    expect(chooseDiscard(hand, 's', 1)).toBe('s5');
  });

  it('D2 then the discard that keeps the hand nearest ready', () => {
    const hand = { concealed: tiles('m123 m456 m789 p23 p55 p9'), melds: [] };
    expect(chooseDiscard(hand, 's', 0)).toBe('p9');
    expect(chooseDiscard(hand, 's', 1)).toBe('p9');
  });

  it('D3 level 1 weighs the tiles that would help (ukeire): it keeps p13 and p56 and lets p9 go', () => {
    // Discarding p1 or p9 both leave the hand 1 from ready; p9 leaves far more tiles that help.
    const hand = { concealed: tiles('m123 m456 m789 p13 p56 p9'), melds: [] };
    expect(chooseDiscard(hand, 's', 1)).toBe('p9');
  });

  it('D4 robots play a dealt hand legally: 14 tiles in, one held tile out, deterministic', () => {
    const wall = new ChuanmaWall(chuanmaWall(SEED, 7));
    const hands = wall.deal(0);
    const hand = { concealed: [...hands[0], wall.draw()], melds: [] };
    const voidSuit = chooseVoidSuit(hand.concealed);
    for (const level of [0, 1] as const) {
      const tile = chooseDiscard(hand, voidSuit, level);
      expect(hand.concealed).toContain(tile);
      expect(chooseDiscard(hand, voidSuit, level)).toBe(tile);
    }
  });
});
