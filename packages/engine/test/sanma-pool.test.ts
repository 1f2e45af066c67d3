import { DEFAULT_RULE_3P } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { createTablePool, type TablePool } from '../src/pool';
import type { Reply } from '../src/robots/types';

let pool: TablePool;
beforeAll(() => {
  pool = createTablePool({ workers: 1 });
});
afterAll(async () => {
  await pool.close();
});

describe('a three-player table in the pool', () => {
  it('one player seat (scripted answers) and two robots play a South game to the settlement', async () => {
    const events: TableEvent[] = [];
    const asked: string[] = [];
    const done = new Promise<Extract<TableEvent, { type: 'finished' }>>((resolve, reject) => {
      const onEvent = (event: TableEvent) => {
        events.push(event);
        if (event.type === 'failed') reject(new Error(event.error));
        if (event.type === 'finished') resolve(event);
        if (event.type !== 'seat_message' || !event.ask) return;
        // The scripted player: sets every North aside, otherwise discards the tile drawn, never calls.
        const { msg, ask } = event;
        let reply: Reply = {};
        if (msg.zimo || msg.gangzimo) {
          const drawn = (msg.zimo ?? msg.gangzimo)?.p;
          reply = drawn === 'z4' ? { kita: '-' } : { dapai: `${drawn}_` };
        }
        asked.push(Object.keys(msg)[0]);
        setImmediate(() => pool.answer('sanma', 0, ask.id, reply));
      };
      pool
        .start({
          tableId: 'sanma',
          rule: DEFAULT_RULE_3P,
          roundType: 12,
          seed: '5'.repeat(64),
          seats: [
            { kind: 'player', name: 'human' },
            { kind: 'robot', level: 2 },
            { kind: 'robot', level: 1 },
          ],
          onEvent,
        })
        .catch(reject);
    });
    const finished = await done;

    expect(asked.length).toBeGreaterThan(20);
    const started = events.find((e) => e.type === 'started');
    expect(started).toMatchObject({ roundType: 12 });
    const handStart = events.find((e) => e.type === 'hand_start');
    expect(handStart).toMatchObject({ chang: 0, ju: 0, scores: [35000, 35000, 35000] });
    // The human's Norths were set aside (kita) and replaced from the dead wall.
    const entries = finished.log.paipu.log.flat();
    const humanKita = finished.log.paipu.log.flatMap((hand) => {
      const dealer = hand[0].qipai.jushu;
      return hand.filter((e) => e.kita && (dealer + e.kita.l) % 3 === 0);
    });
    expect(humanKita.length).toBeGreaterThan(0);
    // No chi: every call is a pon or a kan.
    const calls = entries.flatMap((e) =>
      e.fulou ? [e.fulou.m.replace(/0/g, '5').replace(/[+=-]/g, '')] : [],
    );
    expect(calls.every((m: string) => /^[mpsz](\d)\1\1/.test(m))).toBe(true);
    // Three players settle: ties by seat, sticks to 1st, the table sums to zero.
    const players = finished.settlement.players;
    expect(players.map((p) => p.place)).toEqual([1, 2, 3]);
    expect(players.reduce((s, p) => s + p.total_point, 0)).toBe(0);
    expect(players.reduce((s, p) => s + p.part_point_1, 0)).toBe(105000);
    expect(finished.log.players).toBe(3);
    expect(finished.reason).not.toBeNull();
  }, 120_000);
});
