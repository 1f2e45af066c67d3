import { describe, expect, it } from 'vitest';
import { type TableEvent, yakumanEvent } from '../src/events';
import { Table } from '../src/table';
import { ManualClock } from './support/manual-clock';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (in real time, a little at a time) until `get` answers; the table runs between the looks. */
async function until<T>(get: () => T | undefined | null | false): Promise<T> {
  for (;;) {
    const value = get();
    if (value) return value;
    await sleep(2);
  }
}

function tableWithPlayer(
  rule: Record<string, number>,
  onEvent: (e: TableEvent, table: Table) => void,
  clock?: ManualClock,
) {
  const events: TableEvent[] = [];
  const table: Table = new Table({
    tableId: 'human',
    clock,
    rule,
    roundType: 1,
    seed: '7'.repeat(64),
    seats: [{ kind: 'player', name: 'P' }, ...[1, 2, 3].map(() => ({ kind: 'robot' as const, level: 0 }))],
    onEvent: (e) => {
      events.push(e);
      onEvent(e, table);
    },
  });
  return { table, events };
}

describe('player seats', () => {
  it('receive the same messages as robots; only real decisions wait for an answer', async () => {
    const { table, events } = tableWithPlayer({}, (e, t) => {
      if (e.type === 'seat_message' && e.ask) setTimeout(() => t.answer(0, e.ask?.id ?? 0, {}), 0);
    });
    table.start();
    await table.done;
    const messages = events.flatMap((e) => (e.type === 'seat_message' ? [e] : []));
    const kinds = new Set(messages.map((m) => Object.keys(m.msg)[0]));
    for (const kind of ['kaiju', 'qipai', 'zimo', 'dapai', 'pingju', 'jieju']) expect(kinds).toContain(kind);
    // Own draws are decisions; deals, others' draws and endings are not.
    const asked = messages.filter((m) => m.ask);
    expect(asked.length).toBeGreaterThan(0);
    const ownDraws = messages.filter((m) => m.msg.zimo && m.msg.zimo.p !== '');
    expect(ownDraws.length).toBeGreaterThan(0);
    expect(ownDraws.every((m) => m.ask)).toBe(true);
    expect(asked.every((m) => m.msg.zimo || m.msg.gangzimo || m.msg.dapai || m.msg.fulou || m.msg.gang)).toBe(
      true,
    );
    // Others' draws (hidden tiles) never ask anything.
    expect(messages.filter((m) => m.msg.zimo?.p === '').every((m) => m.ask === null)).toBe(true);
    expect(
      messages.filter((m) => m.msg.qipai || m.msg.kaiju || m.msg.jieju).every((m) => m.ask === null),
    ).toBe(true);
    // Other players' hands are hidden in the deal the player sees.
    const deal = messages.find((m) => m.msg.qipai)?.msg.qipai;
    expect(deal?.shoupai.filter((s) => s !== '')).toHaveLength(1);
    expect(events.at(-1)?.type).toBe('finished');
  });

  it('an unanswered decision is auto-played (tsumogiri) once time_fixed + time_add has passed', async () => {
    const clock = new ManualClock();
    const asks: { at: number; deadline: number }[] = [];
    const { table, events } = tableWithPlayer(
      { time_fixed: 0, time_add: 0.05 },
      (e) => {
        if (e.type === 'seat_message' && e.ask) asks.push({ at: clock.now(), deadline: e.ask.deadline });
      },
      clock,
    );
    table.start();
    await until(() => asks.length >= 1);
    expect(asks[0].deadline - asks[0].at).toBe(50);
    // Just short of the deadline the decision is still open; at the deadline it is played for the player.
    clock.advanceTo(asks[0].deadline - 1);
    await sleep(20);
    expect(asks).toHaveLength(1);
    clock.advanceTo(asks[0].deadline);
    await until(() => asks.length >= 2);
    expect(asks[1].at).toBe(asks[0].deadline);
    table.terminate();
    // The draw was discarded for the player.
    const discards = events.flatMap((e) =>
      e.type === 'seat_message' && e.msg.dapai?.l === 0 ? [e.msg.dapai.p] : [],
    );
    expect(discards[0]).toMatch(/_$/);
  });

  it('answers to stale decisions are ignored', async () => {
    let first: number | null = null;
    const { table, events } = tableWithPlayer({}, (e, t) => {
      if (e.type === 'seat_message' && e.ask) {
        first ??= e.ask.id;
        setTimeout(() => t.answer(0, e.ask?.id ?? 0, {}), 0);
      }
    });
    table.start();
    const asked = await until(() => first);
    // Once the table has taken the answer (the draw after it asks anew or the hand moves on), the old id is stale.
    await until(() => events.filter((e) => e.type === 'seat_message' && e.ask).length >= 2);
    expect(table.answer(0, asked, { dapai: 'm1' })).toBe(false);
    table.terminate();
  });
});

describe('yakuman events', () => {
  const progress = { chang: 1, ju: 2, ben: 3, liqibang: 0, scores: [0, 0, 0, 0] };
  it('a yakuman carries its multiple', () => {
    const e = yakumanEvent(
      't',
      { seat: 2, from: 1, yakuman: 2, points: 64000, yaku: ['四暗刻単騎'] },
      progress,
    );
    expect(e).toEqual({
      type: 'yakuman',
      tableId: 't',
      seat: 2,
      kind: 'yakuman',
      multiple: 2,
      yiman: 2,
      yaku: ['四暗刻単騎'],
      chang: 1,
      ju: 2,
      ben: 3,
    });
  });
  it('a counted (kazoe) yakuman is its own kind, code 7', () => {
    const e = yakumanEvent(
      't',
      { seat: 1, from: null, han: 13, counted: true, points: 32000, yaku: [] },
      progress,
    );
    expect(e).toMatchObject({ kind: 'counted', multiple: 1, yiman: 7 });
  });
});

describe('player seats while the table is paused', () => {
  it('the decision clock stops during a pause and restarts with the time left, same ask id', async () => {
    const clock = new ManualClock();
    const asks: { id: number; deadline: number; at: number }[] = [];
    const { table } = tableWithPlayer(
      { time_fixed: 0, time_add: 0.2 },
      (e) => {
        if (e.type === 'seat_message' && e.ask) asks.push({ ...e.ask, at: clock.now() });
      },
      clock,
    );
    table.start();
    await until(() => asks.length >= 1);
    clock.advanceTo(asks[0].at + 50);
    expect(table.pause()).toMatchObject({ ok: true });
    clock.advanceTo(asks[0].at + 350);
    await sleep(20);
    // Past the original deadline, but the clock was held: the decision is still open.
    expect(asks).toHaveLength(1);
    expect(table.resume()).toMatchObject({ ok: true });
    expect(asks).toHaveLength(2);
    expect(asks[1].id).toBe(asks[0].id);
    // The 150 ms that were left when the table paused.
    expect(asks[1].deadline - asks[1].at).toBe(150);
    table.terminate();
  });
});
