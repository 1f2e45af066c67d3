import { unsupportedRuleFields } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chuanmaMessageOf } from '../src/chuanma/messages';
import type { TableEvent } from '../src/events';
import { replayGame } from '../src/log/replay';
import { createTablePool, type TablePool } from '../src/pool';
import { refuseUnsupported, UnsupportedRuleError } from '../src/rules/unsupported';
import { Table } from '../src/table';
import type { Progress } from '../src/table-game';
import { verifyGame } from '../src/verify';
import { seedOf } from './support/chuanma-referee';

// A chuanma game through the same doors as a riichi one: the pool (worker threads), player seats with asks,
// pause / resume / terminate, a resumed game after a crash, and the record's verification and replay.

type Finished = Extract<TableEvent, { type: 'finished' }>;

let pool: TablePool;
beforeAll(() => {
  pool = createTablePool({ workers: 1 });
});
afterAll(async () => {
  await pool.close();
});

function recorder() {
  const events: TableEvent[] = [];
  const waiters: { type: string; resolve: (e: TableEvent) => void }[] = [];
  const onEvent = (event: TableEvent) => {
    events.push(event);
    for (const w of [...waiters]) {
      if (w.type === event.type) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  };
  const next = (type: string) => new Promise<TableEvent>((resolve) => waiters.push({ type, resolve }));
  return { events, onEvent, next };
}

const RULE = { chuanma: 1, huansanzhang: 1, can_jifei: 0 };
const player = { kind: 'player' as const, name: 'P' };
const robot = (level: number) => ({ kind: 'robot' as const, level });

describe('chuanma tables in the pool', () => {
  it('P1 a player and three robots: asks with deadlines and options, the events in order, the record verifies and replays', async () => {
    const rec = recorder();
    const seed = seedOf(11);
    const asked: string[] = [];
    const onEvent = (e: TableEvent) => {
      rec.onEvent(e);
      if (e.type !== 'seat_message' || !e.ask) return;
      const msg = chuanmaMessageOf(e.msg);
      const o = msg.options!;
      asked.push(Object.keys(o).sort().join('+'));
      expect(e.ask.deadline).toBeGreaterThan(Date.now() - 1000);
      // The player takes what is offered: a win, a kong, a pung, else the first tile it may discard.
      const reply = o.huan
        ? { huan: ['m1', 'm1', 'm1'] }
        : o.dingque
          ? { dingque: 's' }
          : o.hule
            ? { hule: '-' }
            : o.gang
              ? { gang: o.gang[0] }
              : o.peng
                ? { peng: msg.dapai?.p }
                : o.dapai
                  ? { dapai: o.dapai[0] }
                  : {};
      setImmediate(() => pool.answer('cm-p1', e.seat, e.ask!.id, reply));
    };
    const finished = rec.next('finished');
    const { commitment } = await pool.start({
      tableId: 'cm-p1',
      rule: RULE,
      roundType: 1,
      seed,
      seats: [player, robot(0), robot(1), robot(2)],
      callWindowMs: 0,
      onEvent,
    });
    const end = (await finished) as Finished;
    const types = rec.events.map((e) => e.type).filter((t) => t !== 'seat_message');
    expect(types).toEqual([
      'started',
      ...Array.from({ length: 4 }, () => ['hand_start', 'hand_end']).flat(),
      'finished',
    ]);
    expect(rec.events[0]).toMatchObject({ commitment, roundType: 1 });
    expect(asked).toContain('huan');
    expect(asked).toContain('dingque');
    expect(asked.some((a) => a.includes('dapai'))).toBe(true);
    // Only seat 0 is a player: no other seat's messages are reported.
    expect(rec.events.every((e) => e.type !== 'seat_message' || e.seat === 0)).toBe(true);
    for (const e of rec.events) {
      if (e.type !== 'hand_end') continue;
      expect(e.result.deltas.reduce((a, b) => a + b, 0)).toBe(0);
      expect(e.result.chuanma?.voids).toHaveLength(4);
      expect(e.handLog[0].qipai).toBeDefined();
    }
    const { players } = end.settlement;
    expect(players.map((p) => p.place)).toEqual([1, 2, 3, 4]);
    expect(players.reduce((s, p) => s + p.total_point, 0)).toBe(0);
    for (let i = 1; i < 4; i++)
      expect(players[i - 1].part_point_1).toBeGreaterThanOrEqual(players[i].part_point_1);
    expect(end.log).toMatchObject({ format: 'taikai/1', mode: 'chuanma', commitment });
    expect(end.seed).toBe(seed);
    expect(verifyGame(end.seed, end.log)).toMatchObject({ ok: true, hands: 4, redealt: [] });
    const replayed = replayGame(JSON.parse(JSON.stringify(end.log)), seed, RULE);
    expect(replayed.log).toEqual(end.log.paipu.log);
    expect(replayed.point).toEqual(end.log.paipu.point);
    // A tampered draw is caught.
    const tampered = structuredClone(end.log);
    const draw = tampered.paipu.log[1].find((e) => e.zimo);
    draw!.zimo.p = draw!.zimo.p === 'm1' ? 'm2' : 'm1';
    expect(verifyGame(seed, tampered).ok).toBe(false);
  });

  it('P2 pause and resume answer as at riichi tables, an away player is auto-played, terminate reports the seed', async () => {
    const rec = recorder();
    await pool.start({
      tableId: 'cm-p2',
      rule: RULE,
      roundType: 1,
      seats: [player, robot(2), robot(2), robot(2)],
      callWindowMs: 0,
      onEvent: rec.onEvent,
    });
    // The exchange waits on the player, who does not answer.
    while (!rec.events.some((e) => e.type === 'seat_message' && e.ask)) await rec.next('seat_message');
    expect(await pool.pause('cm-p2')).toEqual({ ok: true, state: 'paused' });
    expect(await pool.pause('cm-p2')).toMatchObject({ ok: false, code: 1209 });
    expect(await pool.resume('cm-p2')).toEqual({ ok: true, state: 'running' });
    const before = rec.events.filter((e) => e.type === 'hand_end').length;
    // Away: every decision is taken at once by the table's default.
    pool.setConnected('cm-p2', 0, false);
    await rec.next('hand_end');
    expect(rec.events.filter((e) => e.type === 'hand_end').length).toBeGreaterThan(before);
    const result = await pool.terminate('cm-p2');
    expect(result).toEqual({ ok: true, state: 'terminated' });
    const terminated = rec.events.find((e) => e.type === 'terminated');
    expect(terminated).toMatchObject({ seed: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(rec.events.some((e) => e.type === 'paused')).toBe(true);
    expect(rec.events.some((e) => e.type === 'resumed')).toBe(true);
  });

  it('P3 a game resumed after a crash at the start of hand 2 ends, verifies (re-dealt hand named) and replays', async () => {
    const seed = seedOf(12);
    const seats = [robot(1), robot(2), robot(0), robot(1)];
    const first: TableEvent[] = [];
    const table = new Table({
      tableId: 'cm-p3',
      rule: RULE,
      roundType: 1,
      seed,
      seats,
      onEvent: (e) => first.push(e),
    });
    table.start();
    await table.done;
    const starts = first.flatMap((e) => (e.type === 'hand_start' ? [e] : []));
    const logs = first.flatMap((e) => (e.type === 'hand_end' ? [JSON.parse(JSON.stringify(e.handLog))] : []));
    const { chang, ju, ben, liqibang, scores } = starts[2];
    const progress: Progress = { chang, ju, ben, liqibang, scores };
    const second: TableEvent[] = [];
    const resumed = new Table({
      tableId: 'cm-p3',
      rule: RULE,
      roundType: 1,
      seed,
      seats,
      resumeFrom: { hand: 2, attempt: 1, progress, log: logs.slice(0, 2) },
      onEvent: (e) => second.push(e),
    });
    resumed.start();
    await resumed.done;
    const end = second.find((e) => e.type === 'finished') as Finished;
    expect(second.find((e) => e.type === 'hand_start')).toMatchObject({ hand: 2, attempt: 1, ju, scores });
    expect(end.log.paipu.log).toHaveLength(4);
    expect(end.log.paipu.log.slice(0, 2)).toEqual(logs.slice(0, 2));
    expect(end.log.redeals).toEqual([{ hand: 2, attempt: 1, abandoned: [expect.any(String)] }]);
    expect(verifyGame(seed, end.log)).toMatchObject({ ok: true, redealt: [{ hand: 2, attempt: 1 }] });
    expect(replayGame(end.log, seed, RULE).log).toEqual(end.log.paipu.log);
  });

  it('P4 the engine plays chuanma (with the exchange and can_jifei) but not with another mode; the protocol — the server and the console — offers it with the same refusals', async () => {
    expect(() => refuseUnsupported({ chuanma: 1, huansanzhang: 1, can_jifei: 1 }, 2)).not.toThrow();
    for (const field of ['xuezhandaodi', 'wanxiangxiuluo_mode', 'guyi_mode']) {
      expect(() => refuseUnsupported({ chuanma: 1, [field]: 1 }, 1)).toThrow(field);
    }
    expect(() => refuseUnsupported({ chuanma: 1 }, 11)).toThrow(UnsupportedRuleError);
    await expect(
      pool.start({
        tableId: 'cm-p4',
        rule: { chuanma: 1, xuezhandaodi: 1 },
        roundType: 1,
        seats: [robot(0), robot(0), robot(0), robot(0)],
        onEvent: () => {},
      }),
    ).rejects.toThrow(/xuezhandaodi/);
    // The protocol — the server and the console — offers it too, with the same refusals.
    expect(unsupportedRuleFields({ chuanma: 1, huansanzhang: 1, can_jifei: 1 }, 2)).toEqual([]);
    expect(unsupportedRuleFields({ chuanma: 1, guyi_mode: 1 }, 11).map((f) => f.field)).toEqual([
      'mode',
      'guyi_mode',
    ]);
  });
});
