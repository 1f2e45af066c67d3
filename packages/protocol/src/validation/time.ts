import { LIMITS } from '../constants';
import { ErrorCode } from '../errors/codes';
import type { ValidationIssue } from './issue';

export interface TimeRange {
  start_time: number;
  end_time: number;
}

/**
 * Tournament or season times (unix seconds): start not before `now` (unless the start is not being set),
 * end after start (2562), span at most 365 days (2549).
 */
export function validateTimeRange(
  range: TimeRange,
  now: number,
  options: { checkStart?: boolean } = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const checkStart = options.checkStart ?? true;
  if (!Number.isInteger(range.start_time) || !Number.isInteger(range.end_time)) {
    return [{ field: 'start_time', code: ErrorCode.TIME_SETTINGS_WRONG }];
  }
  if (checkStart && range.start_time < now)
    issues.push({ field: 'start_time', code: ErrorCode.TIME_SETTINGS_WRONG });
  if (range.end_time <= range.start_time) {
    issues.push({ field: 'end_time', code: ErrorCode.TIME_SETTINGS_WRONG });
  } else if (range.end_time - range.start_time > LIMITS.SPAN_MAX_S) {
    issues.push({ field: 'end_time', code: ErrorCode.SEASON_TOO_LONG });
  }
  return issues;
}

/**
 * A window inside a season (sign-up or match times): within the season and its end not before its start
 * (2562). `prefix` names the fields, e.g. `signup` → signup_start_time / signup_end_time.
 */
export function validateWindow(
  window: { start: number; end: number },
  season: TimeRange,
  prefix: 'signup' | 'match',
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (window.start < season.start_time || window.start > season.end_time) {
    issues.push({ field: `${prefix}_start_time`, code: ErrorCode.TIME_SETTINGS_WRONG });
  }
  if (window.end < window.start || window.end > season.end_time) {
    issues.push({ field: `${prefix}_end_time`, code: ErrorCode.TIME_SETTINGS_WRONG });
  }
  return issues;
}
