import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { toTenhou } from '../src/log/tenhou';
import { createTablePool, type TablePool } from '../src/pool';
import { UnsupportedRuleError } from '../src/rules/unsupported';

let pool: TablePool;
beforeAll(() => {
  pool = createTablePool({ workers: 2 });
});
afterAll(async () => {
  await pool.close();
});

/** Collects a table's events; `next(type)` waits for the next event of that type. */
function recorder() {
  const events: TableEvent[] = [];
  const waiters: { type: string; from: number; resolve: (e: TableEvent) => void }[] = [];
  const onEvent = (event: TableEvent) => {
    events.push(event);
    for (const w of [...waiters]) {
      if (w.type === event.type) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  };
  const next = (type: string) =>
    new Promise<TableEvent>((resolve) => waiters.push({ type, from: events.length, resolve }));
  return { events, onEvent, next };
}

const robots = (level = 0) => [0, 1, 2, 3].map(() => ({ kind: 'robot' as const, level }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the table pool (worker threads)', () => {
  it('plays tables to the end off the main thread and reports them in order', async () => {
    const runs = ['a', 'b', 'c'].map((id) => {
      const rec = recorder();
      const finished = rec.next('finished');
      return {
        rec,
        finished,
        started: pool.start({
          tableId: `order-${id}`,
          rule: {},
          roundType: 1,
          seats: robots(),
          tenhou: id === 'a',
          onEvent: rec.onEvent,
        }),
      };
    });
    for (const run of runs) {
      const { commitment } = await run.started;
      const finished = await run.finished;
      const types = run.rec.events.map((e) => e.type);
      expect(types[0]).toBe('started');
      expect(types.at(-1)).toBe('finished');
      expect(run.rec.events[0]).toMatchObject({ commitment });
      expect(types.filter((t) => t === 'hand_start').length).toBe(
        types.filter((t) => t === 'hand_end').length,
      );
      if (finished.type !== 'finished') throw new Error();
      expect(finished.settlement.players).toHaveLength(4);
      expect(finished.settlement.players.reduce((s, p) => s + p.total_point, 0)).toBe(0);
      // The Tenhou export comes built from the worker only for the table that asked for it.
      if (run === runs[0]) expect(finished.tenhou).toEqual(toTenhou(finished.log));
      else expect(finished.tenhou).toBeUndefined();
    }
    expect(pool.size).toBe(0);
  });

  it('refuses an unsupported rule before starting, naming the field', async () => {
    const rec = recorder();
    const start = pool.start({
      tableId: 'refused',
      rule: { xuezhandaodi: 1 },
      roundType: 2,
      seats: robots(),
      onEvent: rec.onEvent,
    });
    await expect(start).rejects.toBeInstanceOf(UnsupportedRuleError);
    await expect(start).rejects.toThrow(/xuezhandaodi/);
    expect(rec.events).toEqual([]);
  });

  it('pause holds the game, repeats answer 1209 / 1210, resume carries on, terminate reports the progress', async () => {
    const rec = recorder();
    // Seat 0 is a player whose every decision the test answers (tsumogiri / pass).
    const onEvent = (e: TableEvent) => {
      rec.onEvent(e);
      if (e.type === 'seat_message' && e.ask)
        setTimeout(() => pool.answer('ctl', e.seat, e.ask?.id ?? 0, {}), 2);
    };
    const seats = [{ kind: 'player' as const, name: 'P' }, ...robots().slice(1)];
    await pool.start({ tableId: 'ctl', rule: {}, roundType: 2, seats, onEvent });
    await rec.next('hand_start');

    expect(await pool.pause('ctl')).toEqual({ ok: true, state: 'paused' });
    expect(await pool.pause('ctl')).toEqual({ ok: false, code: 1209, state: 'paused' });
    const paused = rec.events.findIndex((e) => e.type === 'paused');
    expect(paused).toBeGreaterThan(0);
    await sleep(150);
    // Nothing is played while paused.
    expect(rec.events.slice(paused + 1).filter((e) => e.type !== 'seat_message')).toEqual([]);

    expect(await pool.resume('ctl')).toEqual({ ok: true, state: 'running' });
    expect(await pool.resume('ctl')).toEqual({ ok: false, code: 1210, state: 'running' });
    await rec.next('hand_end');

    const terminated = rec.next('terminated');
    expect(await pool.terminate('ctl')).toEqual({ ok: true, state: 'terminated' });
    const event = await terminated;
    if (event.type !== 'terminated') throw new Error();
    expect(event.progress).toMatchObject({
      chang: expect.any(Number),
      ju: expect.any(Number),
      ben: expect.any(Number),
    });
    expect(event.progress.scores).toHaveLength(4);
    // Idempotent: terminating again changes nothing; pause / resume of an ended table are refused.
    expect(await pool.terminate('ctl')).toEqual({ ok: true, state: 'terminated' });
    expect(await pool.pause('ctl')).toEqual({ ok: false, state: 'terminated' });
    expect(rec.events.filter((e) => e.type === 'terminated')).toHaveLength(1);
    expect(rec.events.some((e) => e.type === 'finished')).toBe(false);
  });

  it('a pause expires by itself after its limit (1 hour; here 200 ms)', async () => {
    const rec = recorder();
    const onEvent = (e: TableEvent) => {
      rec.onEvent(e);
      if (e.type === 'seat_message' && e.ask)
        setTimeout(() => pool.answer('expiry', e.seat, e.ask?.id ?? 0, {}), 2);
    };
    const seats = [{ kind: 'player' as const }, ...robots().slice(1)];
    await pool.start({ tableId: 'expiry', rule: {}, roundType: 1, seats, onEvent, pauseLimitMs: 200 });
    await rec.next('hand_start');
    const resumed = rec.next('resumed');
    const before = Date.now();
    expect((await pool.pause('expiry')).ok).toBe(true);
    expect(await resumed).toMatchObject({ type: 'resumed', expired: true });
    expect(Date.now() - before).toBeGreaterThanOrEqual(150);
    expect(await pool.resume('expiry')).toMatchObject({ ok: false, code: 1210 });
    await pool.terminate('expiry');
  });

  it('a disconnected player seat is auto-played, so the game still finishes', async () => {
    const rec = recorder();
    const seats = [{ kind: 'player' as const }, ...robots().slice(1)];
    const finished = rec.next('finished');
    await pool.start({ tableId: 'away', rule: {}, roundType: 1, seats, onEvent: rec.onEvent });
    pool.setConnected('away', 0, false);
    await finished;
    expect(rec.events.some((e) => e.type === 'seat_message' && e.seat === 0)).toBe(true);
  });

  it('the caller’s event loop stays free while strong robots think', async () => {
    const rec = recorder();
    const before = performance.eventLoopUtilization();
    await pool.start({ tableId: 'busy', rule: {}, roundType: 2, seats: robots(2), onEvent: rec.onEvent });
    // A hand of strong robots: a second or more of thinking, all of it in the pool's threads.
    await rec.next('hand_end');
    const used = performance.eventLoopUtilization(before);
    await pool.terminate('busy');
    // The caller's thread only relays events: idle most of the time (thinking here would keep it near 1).
    expect(used.utilization).toBeLessThan(0.5);
  });

  it('controls on an unknown table report it missing', async () => {
    expect(await pool.pause('nope')).toEqual({ ok: false, state: 'missing' });
  });
});
