import { describe, expect, it } from 'vitest';
import type { PlayerGame } from '../../../api/ranking-calls';
import { averagePlaceText, chartSeries, latestSeasonId, rateText, seasonsNewestFirst } from './cardView';
import { chartOption } from './PointsChart';

const game = (n: number, rank: number, totalPoint: number): PlayerGame => ({
  uuid: `g${n}`,
  end_time: 1_700_000_000 + n * 3600,
  rank,
  total_point: totalPoint,
  part_point: 25_000,
});

describe('player cards', () => {
  it('open on the latest season, and list seasons newest first', () => {
    const seasons = [{ season_id: 1 }, { season_id: 3 }, { season_id: 2 }];
    expect(latestSeasonId(seasons)).toBe(3);
    expect(latestSeasonId([])).toBeNull();
    expect(seasonsNewestFirst(seasons).map((s) => s.season_id)).toEqual([3, 2, 1]);
  });

  it('show rates as percentages and the average place with two decimals', () => {
    expect(rateText(0.25)).toBe('25.0%');
    expect(rateText(1 / 3)).toBe('33.3%');
    expect(rateText(Number.NaN)).toBe('0.0%');
    expect(averagePlaceText(2.3333, 3)).toBe('2.33');
    expect(averagePlaceText(0, 0)).toBe('—');
  });
});

describe('the rank/points chart', () => {
  it('has one point per game, oldest first: the score, its running total and the place', () => {
    const series = chartSeries([game(2, 4, -35_200), game(1, 1, 45_300), game(3, 2, 5_100)]);
    expect(series.games).toEqual([1, 2, 3]);
    expect(series.points).toEqual([45.3, -35.2, 5.1]);
    expect(series.cumulative).toEqual([45.3, 10.1, 15.2]);
    expect(series.places).toEqual([1, 4, 2]);
  });

  it('adds the thousandths before dividing, so many games do not pile up rounding', () => {
    const games = Array.from({ length: 1000 }, (_, i) => game(i, 1, 100));
    expect(chartSeries(games).cumulative.at(-1)).toBe(100);
  });

  it('draws the place on an inverted axis from 1 to the table size', () => {
    const option = chartOption(
      chartSeries([game(1, 3, 0)]),
      {
        cumulative: 'Total',
        points: 'Score',
        place: 'Place',
        game: (n) => `Game ${n}`,
      },
      3,
    );
    const axes = option.yAxis as { inverse?: boolean; min?: number; max?: number }[];
    expect(axes[1]).toMatchObject({ inverse: true, min: 1, max: 3 });
    expect((option.series as { type: string }[]).map((s) => s.type)).toEqual(['line', 'bar', 'line']);
  });
});
