import { describe, expect, it } from 'vitest';
import { toTableRule } from '../src/rules/adapter';
import { settle } from '../src/settlement';

const defaults = toTableRule({}, 2);

describe('settlement (RULES.md)', () => {
  it('40000/30000/20000/10000 settles to +30000/+10000/−10000/−30000 with the defaults', () => {
    const { players } = settle([40000, 30000, 20000, 10000], 0, defaults);
    expect(players).toEqual([
      { seat: 0, part_point_1: 40000, total_point: 30000, place: 1 },
      { seat: 1, part_point_1: 30000, total_point: 10000, place: 2 },
      { seat: 2, part_point_1: 20000, total_point: -10000, place: 3 },
      { seat: 3, part_point_1: 10000, total_point: -30000, place: 4 },
    ]);
  });

  it('result.players is sorted by placement, not by seat', () => {
    const { players } = settle([10000, 40000, 20000, 30000], 0, defaults);
    expect(players.map((p) => p.seat)).toEqual([1, 3, 2, 0]);
    expect(players.map((p) => p.total_point)).toEqual([30000, 10000, -10000, -30000]);
  });

  it('ties go to the seat nearer the first dealer', () => {
    const { players } = settle([25000, 25000, 25000, 25000], 0, defaults);
    expect(players.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
    expect(players.map((p) => p.total_point)).toEqual([15000, 5000, -5000, -15000]);
    const tied = settle([20000, 35000, 35000, 10000], 0, defaults).players;
    expect(tied.map((p) => [p.seat, p.place])).toEqual([
      [1, 1],
      [2, 2],
      [0, 3],
      [3, 4],
    ]);
  });

  it('leftover riichi sticks go to 1st, before the settlement', () => {
    const { players } = settle([38000, 30000, 20000, 10000], 2000, defaults);
    expect(players[0]).toEqual({ seat: 0, part_point_1: 40000, total_point: 30000, place: 1 });
    expect(players.reduce((s, p) => s + p.total_point, 0)).toBe(0);
  });

  it('jingsuanyuandian and the uma come from the rule (MLeague-like 30000 base, 10/-10/-30)', () => {
    const rule = toTableRule(
      { jingsuanyuandian: 30000, shunweima_2: 10, shunweima_3: -10, shunweima_4: -30 },
      2,
    );
    const { players } = settle([45000, 30000, 15000, 10000], 0, rule);
    expect(players.map((p) => p.total_point)).toEqual([65000, 10000, -25000, -50000]);
  });
});
