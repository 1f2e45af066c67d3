import { describe, expect, it } from 'vitest';
import { replayGame } from '../src/log/replay';
import { installFastShanten } from '../src/shanten/install';
import { verifyGame } from '../src/verify';
import { refereeGames } from './support/chuanma-referee';

// The chuanma referee runs over four files (250 games each, 1000 in all) so vitest runs them in parallel:
// robot levels 0, 1 and 2 mixed, the exchange and can_jifei on and off, one game in ten of 8 hands.
describe('referee, chuanma (4/4)', () => {
  it('every offer and answer is legal, every hand balances, every record verifies, a sample replays', () => {
    installFastShanten();
    const started = performance.now();
    const report = refereeGames(750, 250, 1);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `chuanma referee 4/4: ${report.games} games, ${report.hands} hands, ${report.decisions} decisions, ` +
        `${report.wins} wins (${report.multiRon} multi-ron, ${report.robbed} robbed kongs), ${report.pungs} pungs, ` +
        `${report.kongs} kongs, ${report.exhausted} walls exhausted, ${report.busts} busts, ${seconds.toFixed(1)} s`,
    );
    expect(report.illegal).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    expect(report.games).toBe(250);
    expect(report.long).toBe(25);
    expect(report.multiRon).toBeGreaterThan(0);
    expect(report.kongs).toBeGreaterThan(0);
    for (const { seed, log } of report.records) {
      const verification = verifyGame(seed, log);
      expect(verification.problems).toEqual([]);
      expect(verification.hands).toBe(log.paipu.log.length);
    }
    for (const { seed, log, rule } of report.records.filter((_, i) => i % 10 === 0)) {
      const replayed = replayGame(log, seed, rule);
      expect(replayed.log).toEqual(log.paipu.log);
      expect(replayed.defen).toEqual(log.paipu.defen);
      expect(replayed.point).toEqual(log.paipu.point);
    }
  });
});
