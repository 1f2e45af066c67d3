import { DEFAULT_RULE_3P } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { replayGame } from '../src/log/replay';
import { toTenhou } from '../src/log/tenhou';
import { verifyGame } from '../src/verify';
import { finishedOf, playRobotTable } from './support/robot-table';

const SEEDS = ['1', '2', '3', '4'].map((d) => d.repeat(64));

describe('three-player records: verifiable walls, replay, Tenhou export', () => {
  it('every deal, draw, replacement draw (kan and kita) and indicator comes from the seed; replay is identical', async () => {
    let kita = 0;
    for (const [i, seed] of SEEDS.entries()) {
      const levels = [i % 2, 1, i === 3 ? 2 : 1];
      const finished = finishedOf(
        await playRobotTable({ levels, roundType: 12, rule: DEFAULT_RULE_3P, seed }),
      );
      kita += finished.log.paipu.log.flat().filter((e) => e.kita).length;
      const check = verifyGame(seed, finished.log);
      expect(check.problems).toEqual([]);
      expect(check.ok).toBe(true);
      expect(replayGame(finished.log, seed, DEFAULT_RULE_3P)).toEqual(finished.log.paipu);
      // A wrong seed is caught.
      expect(verifyGame('f'.repeat(64), finished.log).ok).toBe(false);
    }
    expect(kita).toBeGreaterThan(0);
  });

  it('the same seed and robots give the same game', async () => {
    const play = async () =>
      finishedOf(await playRobotTable({ levels: [1, 2, 1], roundType: 11, rule: {}, seed: SEEDS[0] })).log
        .paipu;
    expect(await play()).toEqual(await play());
  });

  it('exports Tenhou’s sanma log: four seats with the fourth empty, 三 in the title, kita as f44', async () => {
    const finished = finishedOf(
      await playRobotTable({ levels: [1, 1, 1], roundType: 12, rule: DEFAULT_RULE_3P, seed: SEEDS[1] }),
    );
    const tenhou = toTenhou(finished.log);
    expect(tenhou.rule).toMatchObject({ disp: '三般南喰赤', aka: 1, aka51: 0, aka52: 1, aka53: 1 });
    expect(tenhou.name).toHaveLength(4);
    expect(tenhou.name[3]).toBe('');
    const hand = tenhou.log[0] as unknown[];
    expect(hand[1]).toEqual([35000, 35000, 35000, 0]);
    // Seat 4 (the empty chair): no deal, no draws, no discards.
    expect(hand.slice(13, 16)).toEqual([[], [], []]);
    for (const h of tenhou.log as unknown[][]) {
      for (let s = 0; s < 3; s++)
        expect((h[4 + 3 * s] as number[]).every((t) => (t < 20 ? t === 11 || t === 19 : true))).toBe(true);
    }
    const discards = (tenhou.log as unknown[][]).flatMap((h) => [h[6], h[9], h[12]].flat());
    expect(discards).toContain('f44');
    const results = (tenhou.log as unknown[][]).map((h) => h[16] as unknown[]);
    for (const r of results) {
      const deltas = r.filter(
        (x) => Array.isArray(x) && x.length === 4 && typeof x[0] === 'number',
      ) as number[][];
      for (const d of deltas) expect(d[3]).toBe(0);
    }
  });
});
