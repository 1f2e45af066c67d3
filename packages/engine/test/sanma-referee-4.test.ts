import { describe, expect, it } from 'vitest';
import { installFastShanten } from '../src/shanten/install';
import { refereeGames, sanmaLevels } from './support/sanma-referee';

// The three-player referee runs over four files (250 games each, 1000 in all) so vitest runs them in parallel.
describe('referee, three players (4/4): the three-player standard rule, South games', () => {
  it('every robot answer is a legal move and the table always sums to the starting total', () => {
    installFastShanten();
    const started = performance.now();
    const report = refereeGames(750, 250, sanmaLevels, {}, 12);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `sanma referee 4/4: ${report.games} games, ${report.hands} hands, ${report.decisions} decisions, ` +
        `${report.kita} kita, ${report.wins} wins, ${report.draws} draws, ${seconds.toFixed(1)} s`,
    );
    expect(report.illegal).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    expect(report.games).toBe(250);
    expect(report.kita).toBeGreaterThan(0);
  });
});
