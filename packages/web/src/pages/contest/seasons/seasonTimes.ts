import { ErrorCode, validateTimeRange, validateWindow } from '@taikai/protocol';

/** What is wrong with a season's times, as a key under `seasons.` (null when they are fine). */
export type RangeProblem = 'startBeforeNow' | 'endBeforeStart' | 'spanTooLong' | null;

/**
 * Season times as the server checks them (2562, 2549): start not before `now` (when `checkStart`), end
 * after start, span at most 365 days.
 */
export function rangeProblem(start: number, end: number, now: number, checkStart = true): RangeProblem {
  const issues = validateTimeRange({ start_time: start, end_time: end }, now, { checkStart });
  if (issues.some((i) => i.field === 'start_time')) return 'startBeforeNow';
  if (issues.some((i) => i.code === ErrorCode.SEASON_TOO_LONG)) return 'spanTooLong';
  return issues.length > 0 ? 'endBeforeStart' : null;
}

/** A sign-up or match window: inside the season, its end not before its start (2562). */
export type WindowProblem = 'windowOutside' | 'windowOrder' | null;

export function windowProblem(
  window: { start: number; end: number },
  season: { start_time: number; end_time: number },
  prefix: 'signup' | 'match',
): WindowProblem {
  if (window.end < window.start) return 'windowOrder';
  return validateWindow(window, season, prefix).length > 0 ? 'windowOutside' : null;
}
