import { describe, expect, it } from 'vitest';
import { randomHand, seededRandom } from '../../test/support/random-hands';
import { stockShanten } from './engine-util';
import { tingpai, xiangting, xiangtingGuoshi, xiangtingQidui, xiangtingYiban } from './xiangting';

const HANDS = 100_000;

describe('fast shanten matches the rules engine', () => {
  it(`gives the engine's shanten on ${HANDS} seeded random hands (13, 14 tiles, 1–4 melds)`, () => {
    const rnd = seededRandom(20261121);
    let checked = 0;
    let waitsChecked = 0;
    const seen = new Map<number, number>();
    for (let i = 0; i < HANDS; i++) {
      const { hand, label } = randomHand(rnd, i);
      const stock = {
        all: stockShanten.xiangting(hand),
        yiban: stockShanten.xiangting_yiban(hand),
        qidui: stockShanten.xiangting_qidui(hand),
        guoshi: stockShanten.xiangting_guoshi(hand),
      };
      const ours = {
        all: xiangting(hand),
        yiban: xiangtingYiban(hand),
        qidui: xiangtingQidui(hand),
        guoshi: xiangtingGuoshi(hand),
      };
      if (
        ours.all !== stock.all ||
        ours.yiban !== stock.yiban ||
        ours.qidui !== stock.qidui ||
        ours.guoshi !== stock.guoshi
      ) {
        expect({ hand: label, ...ours }).toEqual({ hand: label, ...stock });
      }
      seen.set(stock.all, (seen.get(stock.all) ?? 0) + 1);
      checked++;
      // Waits cost the engine 35 shanten calls each: check them on every fifth hand.
      if (i % 5 === 0 || stock.all <= 0) {
        const theirs = stockShanten.tingpai(hand);
        const mine = tingpai(hand);
        // Asked again, the waits come from the memo, and a caller changing its copy changes nothing.
        mine?.push('changed');
        mine?.pop();
        const again = tingpai(hand);
        if (JSON.stringify(again) !== JSON.stringify(theirs))
          expect({ hand: label, again }).toEqual({ hand: label, waits: theirs });
        again?.push('changed');
        if (JSON.stringify(theirs) !== JSON.stringify(mine))
          expect({ hand: label, waits: mine }).toEqual({ hand: label, waits: theirs });
        waitsChecked++;
        // A robot's own measure of shanten goes through the same walk over tile kinds.
        if (i % 25 === 0) {
          const theirsBy = stockShanten.tingpai(hand, stockShanten.xiangting_yiban);
          const mineBy = tingpai(hand, xiangtingYiban);
          expect({ hand: label, waits: mineBy }).toEqual({ hand: label, waits: theirsBy });
        }
      }
      // Asked again, the hand is answered from the recent-results memo: still the engine's answer.
      if (xiangting(hand) !== stock.all)
        expect({ hand: label, again: xiangting(hand) }).toEqual({ hand: label, again: stock.all });
    }
    expect(checked).toBe(HANDS);
    // The sample covers agari, tenpai and far hands alike.
    for (const x of [-1, 0, 1, 2, 3]) expect(seen.get(x) ?? 0).toBeGreaterThan(500);
    console.log(
      `shanten equal on ${checked} hands, waits equal on ${waitsChecked}; by shanten`,
      Object.fromEntries([...seen].sort((a, b) => a[0] - b[0])),
    );
  }, 300_000);

  it('reads agari just after a call as 0, as the engine does (the hand cannot win on a call)', () => {
    // Built directly: m123 p456 s789 z11 concealed, pon of z222 just called.
    const hand = {
      _bingpai: {
        _: 0,
        m: [0, 1, 1, 1, 0, 0, 0, 0, 0, 0],
        p: [0, 0, 0, 0, 1, 1, 1, 0, 0, 0],
        s: [0, 0, 0, 0, 0, 0, 0, 1, 1, 1],
        z: [0, 2, 0, 0, 0, 0, 0, 0],
      },
      _fulou: ['z222='],
      _zimo: 'z222=',
    };
    expect(stockShanten.xiangting(hand)).toBe(0);
    expect(xiangting(hand)).toBe(0);
    hand._zimo = 'z1';
    hand._bingpai.z[1] = 2;
    expect(xiangting(hand)).toBe(-1);
  });
});
