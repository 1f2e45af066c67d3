import { describe, expect, it } from 'vitest';
import { randomHand, seededRandom } from '../../test/support/random-hands';
import { fastShoupai, stockShoupai } from './fast-shoupai';
import type { ShantenHand } from './hand';

type Hand = ShantenHand & { _lizhi: boolean };
const call = <K extends 'toString' | 'clone' | 'get_dapai'>(
  methods: typeof stockShoupai | typeof fastShoupai,
  name: K,
  hand: Hand,
  ...args: unknown[]
) => (methods[name] as (...a: unknown[]) => unknown).call(hand, ...args);

const HANDS = 50_000;

describe('fast hand methods give the rules engine’s results', () => {
  it(`toString, clone and get_dapai agree on ${HANDS} seeded hands (draws, calls, riichi, red fives, hidden tiles)`, () => {
    const rnd = seededRandom(4242);
    let checked = 0;
    for (let i = 0; i < HANDS; i++) {
      const { hand: base, label } = randomHand(rnd, i);
      const hand = base as Hand;
      if (hand._fulou.length === 0 && rnd() < 0.2) hand._lizhi = true;
      if (rnd() < 0.05) {
        // Another player's hand as a seat sees it: hidden tiles, the draw hidden too.
        hand._bingpai._ += 1 + Math.floor(rnd() * 3);
        if (hand._zimo === null && rnd() < 0.5) {
          hand._bingpai._++;
          hand._zimo = '_';
        }
      }
      const theirs = call(stockShoupai, 'toString', hand);
      expect({ label, s: call(fastShoupai, 'toString', hand) }).toEqual({ label, s: theirs });
      expect(call(fastShoupai, 'get_dapai', hand)).toEqual(call(stockShoupai, 'get_dapai', hand));
      expect(call(fastShoupai, 'get_dapai', hand, false)).toEqual(
        call(stockShoupai, 'get_dapai', hand, false),
      );
      const ours = call(fastShoupai, 'clone', hand) as Hand;
      const engines = call(stockShoupai, 'clone', hand) as Hand;
      expect(Object.getPrototypeOf(ours)).toBe(Object.getPrototypeOf(engines));
      expect({ ...ours }).toEqual({ ...engines });
      // A clone is independent of its hand.
      ours._bingpai.m[1]++;
      ours._fulou.push('z111=');
      expect(call(stockShoupai, 'toString', hand)).toBe(theirs);
      checked++;
    }
    expect(checked).toBe(HANDS);
  }, 300_000);

  it('tile and meld checks agree, also when asked again', () => {
    const tiles: string[] = [];
    for (const s of ['m', 'p', 's', 'z', 'x']) {
      for (let n = 0; n <= 9; n++) {
        for (const tail of ['', '_', '*', '_*', '+', '=', '-', '_-', '*=', '**', '5'])
          tiles.push(`${s}${n}${tail}`);
      }
    }
    tiles.push('', '_', 'm', '5m', 'm55');
    for (let round = 0; round < 2; round++) {
      for (const p of tiles) expect([p, fastShoupai.valid_pai(p)]).toEqual([p, stockShoupai.valid_pai(p)]);
    }
    const melds = [
      'm123-',
      'm1-23',
      'm12-3',
      'm2-13',
      'm406-',
      'm40-6',
      'm3-40',
      'm34-0',
      'm555=',
      'm505=',
      'm550+',
      'm055-',
      'm5550+',
      'm5505=',
      'm5555',
      'm5550',
      'm0555',
      'm555=5',
      'm555=0',
      'z111+',
      'z1111',
      'z111=1',
      'z888=',
      'z123-',
      'm124-',
      'm111',
      'm11-1',
      'p789-',
      'p7-89',
      's111+1',
      's1111-',
      'x111=',
    ];
    for (let round = 0; round < 2; round++) {
      for (const m of melds)
        expect([m, fastShoupai.valid_mianzi(m)]).toEqual([m, stockShoupai.valid_mianzi(m)]);
    }
  });
});
