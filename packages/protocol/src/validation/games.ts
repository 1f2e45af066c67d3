import { LIMITS } from '../constants';
import { ErrorCode } from '../errors/codes';
import { decodeAccountId } from '../ids';
import type { PlayerCount } from '../round-type';
import type { ValidationIssue } from './issue';

// Player lists typed into the console (public ids) and the checks a planned game must pass.

/** Why a typed id list or plan line is refused (console messages; not server codes). */
export type IdInputError =
  | 'invalid_id'
  | 'wrong_length'
  | 'duplicate_in_line'
  | 'duplicate_in_list'
  | 'all_robots';

/** Player search input: one public id per line, blank lines ignored; non-numeric or undecodable lines listed. */
export function parseIdList(text: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (/^\d+$/.test(line) && decodeAccountId(Number(line)) !== 0) ids.push(Number(line));
    else invalid.push(line);
  }
  return { ids, invalid };
}

export type PlanLine =
  | { ok: true; ids: number[]; account_list: number[] }
  | { ok: false; error: IdInputError; ids?: number[] };

/**
 * One line of a batch game plan: exactly `playerCount` public ids separated by commas or spaces, 0 for a
 * robot. `account_list` holds the decoded internal ids in seat order.
 */
export function parsePlanLine(line: string, playerCount: PlayerCount): PlanLine {
  const parts = line
    .trim()
    .split(/[\s,，]+/)
    .filter((p) => p !== '');
  if (parts.some((p) => !/^\d+$/.test(p))) return { ok: false, error: 'invalid_id' };
  const ids = parts.map(Number);
  if (ids.length !== playerCount) return { ok: false, error: 'wrong_length', ids };
  const account_list = ids.map((id) => (id === 0 ? 0 : decodeAccountId(id)));
  if (ids.some((id, i) => id !== 0 && account_list[i] === 0)) return { ok: false, error: 'invalid_id', ids };
  const humans = ids.filter((id) => id !== 0);
  if (humans.length === 0) return { ok: false, error: 'all_robots', ids };
  if (new Set(humans).size !== humans.length) return { ok: false, error: 'duplicate_in_line', ids };
  return { ok: true, ids, account_list };
}

/**
 * Every non-blank line of a batch plan; a player already in an earlier accepted line makes the line
 * `duplicate_in_list`.
 */
export function parsePlanBatch(text: string, playerCount: PlayerCount): { line: string; result: PlanLine }[] {
  const seen = new Set<number>();
  const out: { line: string; result: PlanLine }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    let result = parsePlanLine(line, playerCount);
    if (result.ok) {
      const humans = result.ids.filter((id) => id !== 0);
      if (humans.some((id) => seen.has(id))) {
        result = { ok: false, error: 'duplicate_in_list', ids: result.ids };
      } else {
        for (const id of humans) seen.add(id);
      }
    }
    out.push({ line, result });
  }
  return out;
}

/**
 * A planned game's seats (internal ids, 0 = robot): exactly `playerCount` (2575), not all robots (2517), no
 * player twice (2545).
 */
export function validatePlanSeats(
  account_list: readonly number[],
  playerCount: PlayerCount,
): ValidationIssue[] {
  if (account_list.length !== playerCount)
    return [{ field: 'account_list', code: ErrorCode.RESERVATION_PLAYER_COUNT }];
  const humans = account_list.filter((id) => id !== 0);
  if (humans.length === 0) return [{ field: 'account_list', code: ErrorCode.PARAM_ERROR }];
  if (new Set(humans).size !== humans.length)
    return [{ field: 'account_list', code: ErrorCode.DUPLICATE_PLAYERS }];
  return [];
}

/**
 * Starting points of a planned game: one non-negative integer per seat, summing to init_point × seats (2517).
 * An empty list means everyone starts with init_point.
 */
export function validateInitPoints(
  init_points: readonly number[],
  initPoint: number,
  playerCount: PlayerCount,
): ValidationIssue[] {
  if (init_points.length === 0) return [];
  const ok =
    init_points.length === playerCount &&
    init_points.every((p) => Number.isInteger(p) && p >= 0) &&
    init_points.reduce((a, b) => a + b, 0) === initPoint * playerCount;
  return ok ? [] : [{ field: 'init_points', code: ErrorCode.PARAM_ERROR }];
}

/** Calculated ranking setting: four position points −100…100 summing to zero, divisor ≥ 1, minimum games ≥ 0. */
export function validateCalcRankSetting(setting: {
  points: readonly number[];
  divisor: number;
  min_games?: number;
}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { points, divisor, min_games = 0 } = setting;
  const pointsOk =
    points.length === 4 &&
    points.every((p) => Number.isFinite(p) && p >= LIMITS.CALC_POINT_MIN && p <= LIMITS.CALC_POINT_MAX) &&
    points.reduce((a, b) => a + b, 0) === 0;
  if (!pointsOk) issues.push({ field: 'points', code: ErrorCode.PARAM_ERROR });
  if (!Number.isFinite(divisor) || divisor < LIMITS.CALC_DIVISOR_MIN) {
    issues.push({ field: 'divisor', code: ErrorCode.PARAM_ERROR });
  }
  if (!Number.isInteger(min_games) || min_games < LIMITS.CALC_MIN_GAMES_MIN) {
    issues.push({ field: 'min_games', code: ErrorCode.PARAM_ERROR });
  }
  return issues;
}

/** Player statistics over the last 2…10 matches. */
export function isStatsMatchCount(n: number): boolean {
  return Number.isInteger(n) && n >= LIMITS.STATS_MATCH_COUNT_MIN && n <= LIMITS.STATS_MATCH_COUNT_MAX;
}

/** Deleting a tournament needs its id typed exactly. */
export function confirmsDeletion(typed: string, contestId: number | string): boolean {
  return typed === String(contestId);
}

/** Terminating a running game needs CLOSE typed, in any case. */
export function confirmsTermination(typed: string): boolean {
  return typed.trim().toUpperCase() === LIMITS.TERMINATE_CONFIRM_WORD;
}
