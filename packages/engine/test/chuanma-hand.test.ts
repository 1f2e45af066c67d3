import { describe, expect, it } from 'vitest';
import {
  canWin,
  isCompleteShape,
  isFlowerPig,
  isReady,
  isSevenPairs,
  type Meld,
  shanten,
  standardDecompositions,
  waits,
} from '../src/chuanma/hand';
import { chuanmaTileSet, parseTiles } from '../src/chuanma/tiles';
import { ChuanmaWall, chuanmaWall } from '../src/chuanma/wall';
import { dealWall } from '../src/walls';

const SEED = '6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19';
const hand = (concealed: string, melds: Meld[] = []) => ({ concealed: parseTiles(concealed), melds });

describe('the chuanma wall', () => {
  it('W1 108 tiles: the three number suits, four of each, no honours and no red fives', () => {
    const wall = chuanmaWall(SEED, 0);
    expect(wall).toHaveLength(108);
    expect([...wall].sort()).toEqual([...chuanmaTileSet()].sort());
  });

  it('W2 dealt from the seed like every wall: the 136-tile shuffle of the same hand with the honours taken out', () => {
    const full = dealWall(SEED, 3, { m: 0, p: 0, s: 0 }, 4, 1);
    expect(chuanmaWall(SEED, 3, 1)).toEqual(full.filter((t) => t[0] !== 'z'));
    expect(chuanmaWall(SEED, 3, 1)).toEqual(chuanmaWall(SEED, 3, 1));
    expect(chuanmaWall(SEED, 4)).not.toEqual(chuanmaWall(SEED, 3));
  });

  it('W3 the deal: 13 tiles to each seat from the dealer on, then every tile is drawn (no dead wall)', () => {
    const tiles = chuanmaWall(SEED, 0);
    const wall = new ChuanmaWall(tiles);
    const hands = wall.deal(2);
    expect(hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
    // The dealer's tiles are the first taken from the end of the wall.
    expect(hands[2]).toEqual(tiles.slice(-13).reverse());
    expect(wall.remaining).toBe(56);
    const drawn: string[] = [];
    while (wall.remaining > 0) drawn.push(wall.draw());
    expect(drawn).toEqual(tiles.slice(0, 56).reverse());
    expect(() => wall.draw()).toThrow(/exhausted/);
  });
});

describe('chuanma hand analysis', () => {
  it('H1 complete: four sets and a pair, melds counting as sets', () => {
    expect(isCompleteShape(hand('m123 m456 m789 p234 p55'))).toBe(true);
    expect(
      isCompleteShape(
        hand('p55 m123', [
          { type: 'peng', tile: 'm9' },
          { type: 'angang', tile: 'p7' },
          { type: 'minggang', tile: 'm5' },
        ]),
      ),
    ).toBe(true);
    expect(isCompleteShape(hand('m123 m456 m789 p234 p56'))).toBe(false);
  });

  it('H2 seven pairs, four of a kind counting as two pairs; not with a meld', () => {
    expect(isSevenPairs(hand('m1111 m33 m55 p22 p44 p77'))).toBe(true);
    expect(isCompleteShape(hand('m1111 m33 m55 p22 p44 p77'))).toBe(true);
    expect(isSevenPairs(hand('m11 m33 m55 p22 p44 p7', [{ type: 'peng', tile: 's1' }]))).toBe(false);
  });

  it('H3 every reading of a hand is found once', () => {
    const readings = standardDecompositions(parseTiles('m111 m222 m333 m44'));
    expect(readings.map((r) => `${r.pair}:${r.sets.map((set) => set.kind[0] + set.tile).join(',')}`)).toEqual(
      ['m1:sm1,sm2,sm2', 'm4:km1,km2,km3', 'm4:sm1,sm1,sm1'],
    );
  });

  it('H4 the void suit: a hand holding it (concealed or in a meld) is a flower pig, cannot win, is never ready', () => {
    const withMeld = hand('m123 m456 m789 m11', [{ type: 'peng', tile: 'p9' }]);
    expect(isFlowerPig(withMeld, 'p')).toBe(true);
    expect(canWin(withMeld, 'p')).toBe(false);
    expect(canWin(withMeld, 's')).toBe(true);
    expect(isReady(hand('m123 m456 m789 m111 p9'), 'p')).toBe(false);
    expect(isReady(hand('m123 m456 m789 m111 p9'), 's')).toBe(true);
  });

  it('H5 waits: every tile that completes the hand, but not a fifth copy of a kind held four times', () => {
    expect(waits(hand('m1112345678999'), 'p')).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
      'm8',
      'm9',
    ]);
    // A single m1 waiting for its pair while the other three m1 are in a pung: there is no fifth m1.
    expect(waits(hand('m1 p123 p456 p789', [{ type: 'peng', tile: 'm1' }]), 's')).toEqual([]);
    expect(waits(hand('m1 p123 p456 p789', [{ type: 'peng', tile: 'm2' }]), 's')).toEqual(['m1']);
  });

  it('H6 shanten: standard form and seven pairs (four of a kind two pairs)', () => {
    expect(shanten(parseTiles('m123 m456 m789 p234 p5'), 0)).toBe(0);
    expect(shanten(parseTiles('m123 m456 m789 p234 p55'), 0)).toBe(-1);
    expect(shanten(parseTiles('m1111 m3333 p22 p44 p7'), 0)).toBe(0);
    expect(shanten(parseTiles('m11 m33 p55 p77 s9 m5 m9 p1 p3'), 0)).toBe(2);
    expect(shanten(parseTiles('m12 p5'), 3)).toBe(1);
  });
});
