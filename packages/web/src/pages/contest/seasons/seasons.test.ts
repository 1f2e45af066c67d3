import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { defaultSeasonTimes } from './CreateSeasonDialog';
import { rankRuleText, spanDays } from './seasonLabels';
import { rangeProblem, windowProblem } from './seasonTimes';

const DAY = 86_400;
const NOW = 1_900_000_000;
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

describe('season list and new seasons', () => {
  it('a new season starts a day ahead and ends seven days after its start', () => {
    const { start, end } = defaultSeasonTimes(NOW);
    expect(start - NOW).toBeGreaterThanOrEqual(DAY);
    expect(start - NOW).toBeLessThan(DAY + 60);
    expect(start % 60).toBe(0);
    expect(end - start).toBe(7 * DAY);
  });

  it('season times are checked like the server: start not before now, end after start, at most 365 days', () => {
    expect(rangeProblem(NOW + DAY, NOW + 8 * DAY, NOW)).toBeNull();
    expect(rangeProblem(NOW - 60, NOW + DAY, NOW)).toBe('startBeforeNow');
    expect(rangeProblem(NOW - 60, NOW + DAY, NOW, false)).toBeNull();
    expect(rangeProblem(NOW + DAY, NOW + DAY, NOW)).toBe('endBeforeStart');
    expect(rangeProblem(NOW + DAY, NOW + 367 * DAY, NOW)).toBe('spanTooLong');
  });

  it('sign-up and match windows lie inside the season', () => {
    const season = { start_time: NOW, end_time: NOW + 7 * DAY };
    expect(windowProblem({ start: NOW, end: NOW + DAY }, season, 'signup')).toBeNull();
    expect(windowProblem({ start: NOW - 1, end: NOW + DAY }, season, 'signup')).toBe('windowOutside');
    expect(windowProblem({ start: NOW, end: NOW + 8 * DAY }, season, 'match')).toBe('windowOutside');
    expect(windowProblem({ start: NOW + DAY, end: NOW }, season, 'match')).toBe('windowOrder');
  });

  it('rank rules read as words from their codes', () => {
    expect(rankRuleText(t, 0, 0)).toBe('seasons.rankRules.none');
    expect(rankRuleText(t, 2, 0)).toBe('seasons.rankRules.recent {"count":5}');
    expect(rankRuleText(t, 208, 0)).toBe('seasons.rankRules.best {"count":8}');
    expect(rankRuleText(t, 104, 1)).toBe('seasons.rankRules.team');
    expect(rankRuleText(t, 999, 0)).toBe('seasons.rankRules.unknown {"code":999}');
  });

  it('a sign-up window lasts whole days', () => {
    expect(spanDays(NOW, NOW + 7 * DAY)).toBe(7);
    expect(spanDays(NOW, NOW + 7 * DAY + 1)).toBe(8);
    expect(spanDays(NOW, NOW)).toBe(1);
  });
});
