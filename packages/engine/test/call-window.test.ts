import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import type { SeatSpec } from '../src/seats/seat-spec';
import { Table } from '../src/table';
import { ManualClock } from './support/manual-clock';

type Seen = Extract<TableEvent, { type: 'seat_message' }> & { at: number };

const OBSERVER = 0;
const OFFERED = 1;
const WINDOW = 1000;

/**
 * A table with the observer at seat 0 and the offered player at seat 1 (both people), robots elsewhere, on a
 * manual clock. The observer answers every decision at once; seat 1 answers its own draws at once and leaves
 * its call offers (and any chankan offer) to the test. Every message is noted with the clock's time.
 */
function watchedTable(options: { players?: 3 | 4; callWindowMs?: number; seats?: SeatSpec[] } = {}) {
  const players = options.players ?? 4;
  const clock = new ManualClock();
  const seen: Seen[] = [];
  let failure: string | null = null;
  let notify = () => {};
  const robots = Array.from({ length: players - 2 }, () => ({ kind: 'robot' as const, level: 1 }));
  const table: Table = new Table({
    tableId: 'watched',
    rule: {},
    roundType: players === 4 ? 1 : 11,
    seed: '3'.repeat(64),
    seats: options.seats ?? [{ kind: 'player' }, { kind: 'player' }, ...robots],
    clock,
    ...(options.callWindowMs != null ? { callWindowMs: options.callWindowMs } : {}),
    onEvent: (e) => {
      if (e.type === 'failed') failure = e.error;
      if (e.type === 'seat_message') {
        seen.push({ ...e, at: clock.now() });
        const ask = e.ask;
        const offer = e.msg.dapai ?? e.msg.kita;
        if (ask && (e.seat === OBSERVER || !offer)) queueMicrotask(() => table.answer(e.seat, ask.id, {}));
      }
      notify();
    },
  });
  /** Waits (for the table's events, not for time) until `get` finds something. */
  async function until<T>(get: () => T | undefined): Promise<T> {
    for (;;) {
      if (failure) throw new Error(failure);
      const found = get();
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => {
        notify = resolve;
      });
    }
  }
  const to = (seat: number) => seen.filter((m) => m.seat === seat);
  return { table, clock, seen, until, to };
}

interface Pause {
  offered: boolean;
  /** From the discard (kan, North) reaching the observer to the observer's next message, in ms. */
  pause: number;
  /** The offer's deadline after the discard, in ms. */
  deadline?: number;
}

/**
 * Plays on from the start, discard after discard, as the observer sees them: seat 1 declines each offer
 * `declineMs` after the discard (the table must show nothing new before), and the clock moves on to the end of
 * the call window. Returns the pause after each discard and each kan (and North set aside), and whether seat 1
 * was offered a call.
 */
async function pausesAfterDiscards(
  t: ReturnType<typeof watchedTable>,
  declineMs: number,
  windowMs: number,
  enough: (pauses: Pause[]) => boolean,
) {
  const pauses: Pause[] = [];
  t.table.start();
  let read = 0;
  let claims = 0;
  while (!enough(pauses)) {
    const m = await t.until(() => t.to(OBSERVER)[read]);
    read++;
    if (m.msg.jieju) break;
    if (!m.msg.dapai && !m.msg.gang && !m.msg.kita) continue;
    const k = claims++;
    const forOffered = await t.until(
      () => t.to(OFFERED).filter((o) => o.msg.dapai || o.msg.gang || o.msg.kita)[k],
    );
    // A chankan offer was answered at once; an offer on a discard or a North is declined now.
    const ask = forOffered.msg.gang ? null : forOffered.ask;
    if (ask) {
      t.clock.advanceTo(m.at + declineMs);
      await new Promise((resolve) => setImmediate(resolve));
      const beforeAnswer = t.to(OBSERVER).length;
      t.table.answer(OFFERED, ask.id, {});
      // Nothing moved on while the offer was open (unless its deadline passed it).
      if (m.at + declineMs < ask.deadline) expect(beforeAnswer).toBe(read);
    }
    if (windowMs > 0) {
      // The clock stops just short of the window's end, lets the table do what it would, then reaches it.
      t.clock.advanceTo(m.at + windowMs - 1);
      await new Promise((resolve) => setImmediate(resolve));
      t.clock.advanceTo(m.at + windowMs);
    }
    const next = await t.until(() => t.to(OBSERVER)[read]);
    pauses.push({
      offered: ask != null,
      pause: next.at - m.at,
      ...(ask ? { deadline: ask.deadline - m.at } : {}),
    });
  }
  t.table.terminate();
  return pauses;
}

const enough = (pauses: { offered: boolean }[]) =>
  pauses.filter((p) => p.offered).length >= 3 && pauses.filter((p) => !p.offered).length >= 20;

describe('the call window', () => {
  for (const players of [4, 3] as const) {
    it(`at a ${players}-player table of people, every discard waits the same ${WINDOW} ms, offer declined at 0.2 s or no offer`, async () => {
      const t = watchedTable({ players });
      const pauses = await pausesAfterDiscards(t, 200, WINDOW, enough);
      expect(pauses.filter((p) => p.offered).length).toBeGreaterThanOrEqual(3);
      expect(pauses.filter((p) => !p.offered).length).toBeGreaterThanOrEqual(20);
      // What the observer sees is the same either way: the window, to the millisecond.
      expect(new Set(pauses.map((p) => p.pause))).toEqual(new Set([WINDOW]));
    });
  }

  it('a player who thinks past the window shows: the table waits for the answer', async () => {
    const firstOffer = (pauses: Pause[]) => pauses.some((p) => p.offered);
    const pauses = await pausesAfterDiscards(watchedTable(), 2500, WINDOW, firstOffer);
    expect(pauses.filter((p) => p.offered).map((p) => p.pause)).toEqual([2500]);
    expect(new Set(pauses.filter((p) => !p.offered).map((p) => p.pause))).toEqual(new Set([WINDOW]));
  });

  it('an offer left unanswered is passed at its deadline (time_fixed + time_add), window or not', async () => {
    const firstOffer = (pauses: Pause[]) => pauses.some((p) => p.offered);
    const limit = (5 + 20) * 1000;
    const pauses = await pausesAfterDiscards(watchedTable(), limit, WINDOW, firstOffer);
    expect(pauses.filter((p) => p.offered)).toEqual([{ offered: true, pause: limit, deadline: limit }]);
  });

  it('a pause during the window holds the table; it moves on when resumed, the window being over', async () => {
    const t = watchedTable();
    t.table.start();
    const m = await t.until(() => t.to(OBSERVER).find((x) => x.msg.dapai));
    const seenBefore = t.to(OBSERVER).indexOf(m) + 1;
    const forOffered = await t.until(() => t.to(OFFERED).find((x) => x.msg.dapai));
    if (forOffered.ask) t.table.answer(OFFERED, forOffered.ask.id, {});
    expect(t.table.pause().ok).toBe(true);
    t.clock.advanceTo(m.at + WINDOW + 500);
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.to(OBSERVER)).toHaveLength(seenBefore);
    expect(t.table.resume().ok).toBe(true);
    const next = await t.until(() => t.to(OBSERVER)[seenBefore]);
    expect(next.at - m.at).toBe(WINDOW + 500);
    t.table.terminate();
  });

  it('tables of robots, of one person, or whose second person is away never wait: the game ends on a clock that stands still', async () => {
    const robots = (n: number) => Array.from({ length: n }, () => ({ kind: 'robot' as const, level: 1 }));
    for (const seats of [robots(4), [{ kind: 'player' as const }, ...robots(3)], undefined]) {
      const t = watchedTable(seats ? { seats } : {});
      if (!seats) t.table.setConnected(OFFERED, false);
      const start = t.clock.now();
      t.table.start();
      await t.table.done;
      expect(t.table.state).toBe('finished');
      expect(t.clock.now()).toBe(start);
    }
  });

  it('with the window at 0, the pause gives the offer away (as before the window existed)', async () => {
    const t = watchedTable({ callWindowMs: 0 });
    const pauses = await pausesAfterDiscards(t, 200, 0, enough);
    expect(new Set(pauses.filter((p) => p.offered).map((p) => p.pause))).toEqual(new Set([200]));
    expect(new Set(pauses.filter((p) => !p.offered).map((p) => p.pause))).toEqual(new Set([0]));
  });
});
