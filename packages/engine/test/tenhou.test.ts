import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { tileCode } from '../src/log/tenhou';
import { Table } from '../src/table';

function finishedGame(levels: number[], seed: string) {
  return new Promise<Extract<TableEvent, { type: 'finished' }>>((resolve) => {
    const table = new Table({
      tableId: 'tenhou',
      rule: {},
      roundType: 1,
      seed,
      seats: levels.map((level, i) => ({ kind: 'robot' as const, level, name: `R${i}` })),
      onEvent: (e) => {
        if (e.type === 'finished') resolve(e);
      },
    });
    table.start();
  });
}

describe('Tenhou JSON export', () => {
  it('tile codes: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honours, 51–53 red fives', () => {
    expect(['m1', 'm9', 'p5', 's7', 'z1', 'z7', 'm0', 'p0', 's0'].map(tileCode)).toEqual([
      11, 19, 25, 37, 41, 47, 51, 52, 53,
    ]);
  });

  it('every hand has its round, scores, indicators, the four seats and a result that moves the scores', async () => {
    const { tenhou, log } = await finishedGame([1, 1, 1, 1], 'abc'.padEnd(64, '0'));
    expect(tenhou.name).toEqual(['R0', 'R1', 'R2', 'R3']);
    expect(tenhou.rule).toMatchObject({ disp: '般東喰赤', aka: 1 });
    expect(tenhou.log).toHaveLength(log.paipu.log.length);
    let compared = 0;
    tenhou.log.forEach((hand, k) => {
      expect(hand).toHaveLength(17);
      const [round, start, dora] = hand as [number[], number[], number[]];
      expect(round).toHaveLength(3);
      expect(start).toHaveLength(4);
      expect(dora.length).toBeGreaterThanOrEqual(1);
      for (let s = 0; s < 4; s++) expect(hand[4 + s * 3]).toHaveLength(13);
      const result = hand[16] as unknown[];
      expect(typeof result[0]).toBe('string');
      const next = tenhou.log[k + 1] as number[][] | undefined;
      if (!next) return;
      // Next hand's scores = these + the result's payments − 1000 per riichi stick laid down (unless the riichi
      // discard itself was ronned).
      const deltas = result.filter(
        (x): x is number[] => Array.isArray(x) && x.length === 4 && typeof x[0] === 'number',
      );
      const ronnedBy = result.flatMap((x) =>
        Array.isArray(x) && typeof x[3] === 'string' && x[0] !== x[1] ? [x[1] as number] : [],
      );
      const moved = start.map((p, seat) => {
        const mine = hand[6 + seat * 3] as unknown[];
        let sticks = mine.filter((d) => String(d).startsWith('r')).length;
        if (ronnedBy.includes(seat) && String(mine.at(-1)).startsWith('r')) sticks--;
        return p + deltas.reduce((sum, d) => sum + d[seat], 0) - sticks * 1000;
      });
      expect(next[1]).toEqual(moved);
      compared++;
    });
    expect(compared).toBeGreaterThan(0);
    // The simple robot wins hands: some results are wins with yaku listed.
    const wins = tenhou.log.map((h) => h[16] as unknown[]).filter((r) => r[0] === '和了');
    expect(wins.length).toBeGreaterThan(0);
    for (const win of wins) {
      const info = win[2] as unknown[];
      expect(String(info[3])).toMatch(/^(\d+符\d+飜|満貫|跳満|倍満|三倍満|役満)\d+(-\d+|∀)?点$/);
      expect(String(info[4])).toMatch(/\((\d+飜|役満)\)$/);
    }
  });
});
