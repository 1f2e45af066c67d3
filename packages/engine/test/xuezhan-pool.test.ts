import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { replayGame } from '../src/log/replay';
import { toTenhou } from '../src/log/tenhou';
import { createTablePool, type TablePool } from '../src/pool';
import { toTableRule } from '../src/rules/adapter';
import { refuseUnsupported, UnsupportedRuleError } from '../src/rules/unsupported';
import { Table } from '../src/table';
import type { HandLog, Progress } from '../src/table-game';
import { verifyGame } from '../src/verify';
import { tilesOf } from '../src/xuezhan/seats';

// A xuezhandaodi game through the same doors as a riichi one: the pool, a player seat asked for the exchange,
// a resumed game after a crash, the record's verification and replay, and the refusals.

type Finished = Extract<TableEvent, { type: 'finished' }>;

const RULE = { xuezhandaodi: 1, huansanzhang: 1 };
const robot = (level: number) => ({ kind: 'robot' as const, level });
const SEED = '7'.repeat(64);

let pool: TablePool;
beforeAll(() => {
  pool = createTablePool({ workers: 1 });
});
afterAll(async () => {
  await pool.close();
});

/** Plays a table to its end in this thread; returns its events. */
async function play(options: Partial<ConstructorParameters<typeof Table>[0]> = {}): Promise<TableEvent[]> {
  const events: TableEvent[] = [];
  const table = new Table({
    tableId: 'xz',
    rule: RULE,
    roundType: 1,
    seed: SEED,
    seats: [robot(1), robot(1), robot(0), robot(1)],
    onEvent: (e) => events.push(e),
    ...options,
  });
  table.start();
  await table.done;
  return events;
}

describe('xuezhandaodi tables', () => {
  it('X1 the pool plays a game of robots to the end; the record verifies and replays, and has no Tenhou export', async () => {
    const events: TableEvent[] = [];
    const finished = await new Promise<Finished>((resolve, reject) => {
      pool
        .start({
          tableId: 'xz-x1',
          rule: RULE,
          roundType: 1,
          seed: SEED,
          seats: [robot(2), robot(1), robot(0), robot(1)],
          tenhou: true,
          onEvent: (e) => {
            events.push(e);
            if (e.type === 'finished') resolve(e);
            if (e.type === 'failed') reject(new Error(e.error));
          },
        })
        .catch(reject);
    });
    expect(finished.log).toMatchObject({ mode: 'xuezhan', xuezhan: { huansanzhang: true } });
    expect(finished.tenhou).toBeUndefined();
    expect(() => toTenhou(finished.log)).toThrow('xuezhandaodi');
    expect(verifyGame(SEED, finished.log).problems).toEqual([]);
    const replayed = replayGame(finished.log, SEED, RULE);
    expect(replayed.log).toEqual(finished.log.paipu.log);
    const starts = events.filter((e) => e.type === 'hand_start');
    expect(starts.every((e) => e.ben === 0)).toBe(true);
  });

  it('X2 a player seat is asked for the exchange with a deadline; its three tiles are the ones passed', async () => {
    let passed: string[] = [];
    let record: Finished['log'] | null = null;
    const table: Table = new Table({
      tableId: 'xz-x2',
      rule: RULE,
      roundType: 1,
      seed: SEED,
      seats: [{ kind: 'player', name: 'P' }, robot(1), robot(0), robot(1)],
      callWindowMs: 0,
      onEvent: (e) => {
        if (e.type === 'finished') record = e.log;
        if (e.type !== 'seat_message' || !e.ask) return;
        const id = e.ask.id;
        if (e.msg.huan && passed.length === 0) {
          passed = tilesOf(e.msg.huan.shoupai).slice(0, 3);
          expect(e.ask.deadline).toBeGreaterThan(Date.now());
          setImmediate(() => table.answer(0, id, { huan: passed }));
        } else setImmediate(() => table.answer(0, id, {}));
      },
    });
    table.start();
    await table.done;
    record = record as Finished['log'] | null;
    expect(record?.paipu.log[0][0].qipai.huan.given[0]).toEqual(passed);
    expect(verifyGame(SEED, record as Finished['log']).problems).toEqual([]);
  });
});

describe('xuezhandaodi: resume and refusals', () => {
  it('X3 a game resumed at a hand start plays on and its record verifies and replays', async () => {
    const first = await play();
    const ends = first.filter((e) => e.type === 'hand_end') as Extract<TableEvent, { type: 'hand_end' }>[];
    const logs: HandLog[] = ends.map((e) => e.handLog);
    const start = first.filter((e) => e.type === 'hand_start')[1] as Extract<
      TableEvent,
      { type: 'hand_start' }
    >;
    const progress: Progress = {
      chang: start.chang,
      ju: start.ju,
      ben: start.ben,
      liqibang: start.liqibang,
      scores: start.scores,
    };
    const second = await play({ resumeFrom: { hand: 1, attempt: 1, progress, log: logs.slice(0, 1) } });
    const end = second.find((e) => e.type === 'finished') as Finished;
    expect(end.log.paipu.log[0]).toEqual(logs[0]);
    expect(verifyGame(SEED, end.log)).toMatchObject({ ok: true, redealt: [{ hand: 1, attempt: 1 }] });
    expect(replayGame(end.log, SEED, RULE).log).toEqual(end.log.paipu.log);
  });

  it('X4 the engine plays xuezhandaodi East with the exchange, and refuses other round types, dora3, head bump, four-kan liability', async () => {
    expect(() => refuseUnsupported({ xuezhandaodi: 1, huansanzhang: 1 }, 1)).not.toThrow();
    expect(() => refuseUnsupported({ xuezhandaodi: 1 }, 2)).toThrow(UnsupportedRuleError);
    for (const field of [
      'dora3_mode',
      'have_toutiao',
      'have_sanjiahele',
      'chuanma',
      'wanxiangxiuluo_mode',
      'guyi_mode',
    ])
      expect(() => refuseUnsupported({ xuezhandaodi: 1, [field]: 1 }, 1)).toThrow(field);
    expect(() => refuseUnsupported({ xuezhandaodi: 1, enable_baopai_extend_settings: 1 }, 1)).toThrow('pao');
    // The riichi rules alone still refuse the mode: only its own table plays it.
    expect(() => toTableRule({ xuezhandaodi: 1 }, 1)).toThrow(UnsupportedRuleError);
    await expect(
      pool.start({
        tableId: 'xz-x4',
        rule: { xuezhandaodi: 1, dora3_mode: 1 },
        roundType: 1,
        seats: [0, 1, 2, 3].map(() => robot(0)),
        onEvent: () => {},
      }),
    ).rejects.toThrow('dora3_mode');
  });
});
