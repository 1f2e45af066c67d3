import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { replayGame } from '../src/log/replay';
import { installFastShanten } from '../src/shanten/install';
import { Table } from '../src/table';

installFastShanten();

function finishedGame(rule: Record<string, number>, levels: number[], seed: string) {
  return new Promise<Extract<TableEvent, { type: 'finished' }>>((resolve, reject) => {
    const table = new Table({
      tableId: 'replay',
      rule,
      roundType: 2,
      seed,
      seats: levels.map((level) => ({ kind: 'robot' as const, level })),
      onEvent: (e) => {
        if (e.type === 'finished') resolve(e);
        if (e.type === 'failed') reject(new Error(e.error));
      },
    });
    table.start();
  });
}

describe('the hand log is replayable', () => {
  it('replaying a recorded game (calls, riichi, wins, draws) from its seed gives the same record', async () => {
    const seed = '2a'.repeat(32);
    const { log } = await finishedGame({}, [2, 2, 1, 0], seed);
    const entries = log.paipu.log.flat();
    expect(entries.some((e) => e.fulou)).toBe(true);
    expect(entries.some((e) => e.hule)).toBe(true);
    expect(JSON.stringify(replayGame(log, seed, {}))).toBe(JSON.stringify(log.paipu));
  }, 60_000);

  it('a record that does not match its walls cannot be replayed to the same game', async () => {
    const seed = '2a'.repeat(32);
    const { log } = await finishedGame({}, [1, 1, 1, 1], seed);
    let replayed: string | null = null;
    try {
      replayed = JSON.stringify(replayGame(log, '3b'.repeat(32), {}));
    } catch {
      replayed = null;
    }
    expect(replayed).not.toBe(JSON.stringify(log.paipu));
  });
});
