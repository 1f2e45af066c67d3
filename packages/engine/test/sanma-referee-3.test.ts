import { describe, expect, it } from 'vitest';
import { installFastShanten } from '../src/shanten/install';
import { refereeGames, sanmaLevels } from './support/sanma-referee';

// The three-player referee runs over four files (250 games each, 1000 in all) so vitest runs them in parallel.
describe('referee, three players (3/4): two-han minimum (fanfu 2) and no kyuushu kyuuhai: robots behind the rule guard, East games', () => {
  it('every robot answer is a legal move and the table always sums to the starting total', () => {
    installFastShanten();
    const started = performance.now();
    const report = refereeGames(500, 250, sanmaLevels, { fanfu: 2, have_jiuzhongjiupai: 0 }, 11);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `sanma referee 3/4: ${report.games} games, ${report.hands} hands, ${report.decisions} decisions, ` +
        `${report.kita} kita, ${report.wins} wins, ${report.draws} draws, ${seconds.toFixed(1)} s`,
    );
    expect(report.illegal).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    expect(report.games).toBe(250);
    expect(report.kita).toBeGreaterThan(0);
  });
});
