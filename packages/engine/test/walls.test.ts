import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../src/events';
import { installFastShanten } from '../src/shanten/install';
import { verifyGame } from '../src/verify';
import { commitmentOf, dealWall, newSeed, redealWalls, tileSet, wallCommitment } from '../src/walls';
import { playRobotTable } from './support/robot-table';

installFastShanten();

const SEED = 'f'.repeat(64);
const red = { m: 1, p: 1, s: 1 };

const playTable = (seed: string | undefined, levels = [0, 0, 0, 0], rule: Record<string, number> = {}) =>
  playRobotTable({ tableId: 'walls', seed, levels, rule });

describe('seeded walls', () => {
  it('a wall holds the 136 tiles, red fives per dora_count', () => {
    const wall = dealWall(SEED, 0, red);
    expect(wall).toHaveLength(136);
    expect([...wall].sort()).toEqual([...tileSet(red)].sort());
    expect(wall.filter((t) => t.endsWith('0')).sort()).toEqual(['m0', 'p0', 's0']);
    expect(dealWall(SEED, 0, { m: 0, p: 0, s: 0 }).some((t) => t.endsWith('0'))).toBe(false);
  });

  it('the same seed deals the same walls; another hand or seed deals another', () => {
    expect(dealWall(SEED, 3, red)).toEqual(dealWall(SEED, 3, red));
    expect(dealWall(SEED, 3, red)).not.toEqual(dealWall(SEED, 4, red));
    expect(dealWall(SEED, 3, red)).not.toEqual(dealWall('e'.repeat(64), 3, red));
    expect(redealWalls(SEED, 2, red)).toEqual([dealWall(SEED, 0, red), dealWall(SEED, 1, red)]);
  });

  it('a hand dealt again is dealt on its next attempt: another wall of the same tiles; attempt 0 is the first deal', () => {
    expect(dealWall(SEED, 3, red, 4, 0)).toEqual(dealWall(SEED, 3, red));
    const again = dealWall(SEED, 3, red, 4, 1);
    expect(again).not.toEqual(dealWall(SEED, 3, red));
    expect(again).not.toEqual(dealWall(SEED, 3, red, 4, 2));
    expect([...again].sort()).toEqual([...tileSet(red)].sort());
    expect(dealWall(SEED, 3, red, 3, 1)).toHaveLength(108);
    // The first deals are the walls every record was dealt before re-deals existed.
    expect(wallCommitment(dealWall(SEED, 0, red))).toBe(
      'c84aa045ef0228b89e97fe4cb7af6d06436497e8c555d8f4bbb801cbf4fa1ea8',
    );
    expect(wallCommitment(dealWall(SEED, 5, red, 3))).toBe(
      'ad6a8294174f65710ef3cb79deb5347e8191034e26e9b339fb66d4bf830a0064',
    );
    expect(wallCommitment(again)).toBe(createHash('sha256').update(again.join('')).digest('hex'));
    for (const attempt of [-1, 0.5, 2 ** 32])
      expect(() => dealWall(SEED, 3, red, 4, attempt)).toThrow(/attempt/);
  });

  it('fresh seeds are 256-bit and the commitment is their SHA-256', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
    expect(commitmentOf(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    expect(() => commitmentOf('abc')).toThrow(/64 hex/);
  });
});

describe('commitment at the start, seed at the end, anyone can verify', () => {
  it('started carries the commitment; finished reveals the seed that matches it, and the log verifies', async () => {
    const events = await playTable(undefined);
    const started = events.find((e) => e.type === 'started');
    const finished = events.find((e) => e.type === 'finished');
    if (started?.type !== 'started' || finished?.type !== 'finished') throw new Error('no start or finish');
    expect(events.indexOf(started)).toBe(0);
    expect('seed' in started).toBe(false);
    expect(commitmentOf(finished.seed)).toBe(started.commitment);
    const verdict = verifyGame(finished.seed, finished.log);
    expect(verdict).toEqual({ ok: true, problems: [], hands: finished.log.paipu.log.length, redealt: [] });
  });

  it('a game with calls and dora3 indicators verifies too', async () => {
    const events = await playTable(SEED, [2, 2, 1, 1], { dora3_mode: 1 });
    const finished = events.find((e) => e.type === 'finished');
    if (finished?.type !== 'finished') throw new Error('no finish');
    const entries = finished.log.paipu.log.flat();
    expect(entries.some((e) => e.fulou)).toBe(true);
    expect(entries.filter((e) => e.kaigang).length).toBeGreaterThanOrEqual(2 * finished.log.paipu.log.length);
    expect(verifyGame(SEED, finished.log)).toMatchObject({ ok: true, problems: [] });
  });

  it('a wrong seed or a tampered deal is caught', async () => {
    const events = await playTable(SEED);
    const finished = events.find((e) => e.type === 'finished');
    if (finished?.type !== 'finished') throw new Error('no finish');
    expect(verifyGame('e'.repeat(64), finished.log).ok).toBe(false);
    const tampered = structuredClone(finished.log);
    const firstDraw = tampered.paipu.log[0].find((entry) => entry.zimo) as { zimo: { p: string } };
    firstDraw.zimo.p = firstDraw.zimo.p === 'z7' ? 'z6' : 'z7';
    const verdict = verifyGame(SEED, tampered);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems[0]).toMatch(/hand 0: draw/);
  });
});

describe('seeded determinism', () => {
  it('the same seed and the same robots give the same game, byte for byte', async () => {
    const strip = (events: TableEvent[]) => JSON.stringify(events);
    const [a, b] = await Promise.all([playTable(SEED, [2, 0, 0, 0]), playTable(SEED, [2, 0, 0, 0])]);
    expect(strip(a)).toBe(strip(b));
    const [c, d] = [await playTable(SEED), await playTable('1'.repeat(64))];
    expect(strip(c)).not.toBe(strip(d));
  });
});
