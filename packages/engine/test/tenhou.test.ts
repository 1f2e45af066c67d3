import { describe, expect, it } from 'vitest';
import { tileCode, toTenhou } from '../src/log/tenhou';
import { finishedOf, playRobotTable } from './support/robot-table';

const finishedGame = async (levels: number[], seed: string, tenhou?: boolean) =>
  finishedOf(
    await playRobotTable({ tableId: 'tenhou', levels, names: levels.map((_, i) => `R${i}`), seed, tenhou }),
  );

describe('Tenhou JSON export', () => {
  it('tile codes: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honours, 51–53 red fives', () => {
    expect(['m1', 'm9', 'p5', 's7', 'z1', 'z7', 'm0', 'p0', 's0'].map(tileCode)).toEqual([
      11, 19, 25, 37, 41, 47, 51, 52, 53,
    ]);
  });

  it('is built into the finished event only when the table is started with tenhou: true', async () => {
    const seed = 'def'.padEnd(64, '0');
    const plain = await finishedGame([0, 0, 0, 0], seed);
    expect(plain.tenhou).toBeUndefined();
    const asked = await finishedGame([0, 0, 0, 0], seed, true);
    expect(asked.log).toEqual(plain.log);
    expect(asked.tenhou).toEqual(toTenhou(plain.log));
    expect(asked.tenhou?.log).toHaveLength(plain.log.paipu.log.length);
  });

  it('every hand has its round, scores, indicators, the four seats and a result that moves the scores', async () => {
    const { log } = await finishedGame([1, 1, 1, 1], 'abc'.padEnd(64, '0'));
    const tenhou = toTenhou(log);
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

describe('Tenhou call strings', () => {
  const logWith = (entries: Record<string, unknown>[]) =>
    toTenhou({
      format: 'taikai/1',
      tableId: 't',
      roundType: 2,
      commitment: '',
      red: { m: 1, p: 1, s: 1 },
      leftoverStickPoints: 0,
      changbangValue: 300,
      paipu: {
        title: 't',
        player: ['a', 'b', 'c', 'd'],
        qijia: 0,
        defen: [],
        point: [],
        rank: [],
        log: [
          [
            {
              qipai: {
                zhuangfeng: 0,
                jushu: 0,
                changbang: 0,
                lizhibang: 0,
                defen: [25000, 25000, 25000, 25000],
                baopai: 'z1',
                shoupai: ['m123', 'p456', 's789', 'z1234'],
              },
            },
            ...entries,
          ],
        ],
      },
    }).log[0];

  it('chi, pon from each side, open kan, closed kan and added kan', () => {
    const hand = logWith([
      { fulou: { l: 1, m: 'm1-23' } },
      { fulou: { l: 2, m: 'p55=5' } },
      { fulou: { l: 3, m: 's777+' } },
      { fulou: { l: 0, m: 'z1111-' } },
      { gang: { l: 1, m: 'm9999' } },
      { gang: { l: 2, m: 'p55=55' } },
    ]);
    // takes of seats 0..3 are at 5, 8, 11, 14; discards at 6, 9, 12, 15
    expect(hand[8]).toEqual(['c111213']);
    expect(hand[11]).toEqual(['25p2525']);
    expect(hand[14]).toEqual(['3737p37']);
    expect(hand[5]).toEqual(['m41414141']);
    expect(hand[6]).toEqual([0]);
    expect(hand[9]).toEqual(['191919a19']);
    expect(hand[12]).toEqual(['25k252525']);
  });
});
