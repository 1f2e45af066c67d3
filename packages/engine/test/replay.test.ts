import { describe, expect, it } from 'vitest';
import { replayGame } from '../src/log/replay';
import { installFastShanten } from '../src/shanten/install';
import { finishedOf, playRobotTable } from './support/robot-table';

installFastShanten();

const finishedGame = async (rule: Record<string, number>, levels: number[], seed: string) =>
  finishedOf(await playRobotTable({ tableId: 'replay', rule, roundType: 2, levels, seed }));

describe('the hand log is replayable', () => {
  it('replaying a recorded game (calls, riichi, wins, draws) from its seed gives the same record', async () => {
    const seed = '2a'.repeat(32);
    const { log } = await finishedGame({}, [2, 2, 1, 0], seed);
    const entries = log.paipu.log.flat();
    expect(entries.some((e) => e.fulou)).toBe(true);
    expect(entries.some((e) => e.hule)).toBe(true);
    expect(JSON.stringify(replayGame(log, seed, {}))).toBe(JSON.stringify(log.paipu));
  });

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
