import { fromThousandths } from '@taikai/protocol';
import type { PlayerGame } from '../../../api/ranking-calls';

// What the player cards show, apart from React.

/** Cards on a page (spec §9 "user card size 20"), five to a row. */
export const CARD_PAGE_SIZE = 20;
export const CARD_COLUMNS = 5;

/** The season the tab opens on: the latest (highest id), or null when the tournament has none. */
export function latestSeasonId(seasons: readonly { season_id: number }[]): number | null {
  return seasons.reduce<number | null>(
    (latest, s) => (latest === null || s.season_id > latest ? s.season_id : latest),
    null,
  );
}

/** The seasons newest first, as the selectors list them. */
export function seasonsNewestFirst<T extends { season_id: number }>(seasons: readonly T[]): T[] {
  return [...seasons].sort((a, b) => b.season_id - a.season_id);
}

/** A share of games (0…1) as a percentage with one decimal: 0.25 → "25.0%". */
export function rateText(rate: number): string {
  return `${(Number.isFinite(rate) ? rate * 100 : 0).toFixed(1)}%`;
}

/** An average place with two decimals; "—" without games. */
export function averagePlaceText(average: number, games: number): string {
  return games > 0 ? average.toFixed(2) : '—';
}

/** The card chart's series, one point per game, oldest first. */
export interface ChartSeries {
  /** 1, 2, 3 … (the game's number in the season). */
  games: number[];
  /** End time of each game (unix seconds), for the tooltip. */
  endTimes: number[];
  /** Settled points of each game. */
  points: number[];
  /** Settled points summed up to and including each game. */
  cumulative: number[];
  /** Final place of each game. */
  places: number[];
}

const oneDecimal = (value: number) => {
  const v = Math.round(value * 10) / 10;
  return v === 0 ? 0 : v;
};

/**
 * The chart's series from the season's games (oldest first, as the call answers them; sorted again by end
 * time so the line never runs backwards). The running total adds the thousandths and divides once, so many
 * games do not pile up rounding.
 */
export function chartSeries(games: readonly PlayerGame[]): ChartSeries {
  const ordered = [...games].sort((a, b) => a.end_time - b.end_time);
  let running = 0;
  const cumulative: number[] = [];
  for (const g of ordered) {
    running += g.total_point;
    cumulative.push(oneDecimal(fromThousandths(running)));
  }
  return {
    games: ordered.map((_, i) => i + 1),
    endTimes: ordered.map((g) => g.end_time),
    points: ordered.map((g) => oneDecimal(fromThousandths(g.total_point))),
    cumulative,
    places: ordered.map((g) => g.rank),
  };
}
