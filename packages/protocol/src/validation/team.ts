import { LIMITS } from '../constants';
import { ErrorCode } from '../errors/codes';
import { toThousandths } from '../scores';
import type { ValidationIssue } from './issue';
import { charLength, weightedLength } from './text';

// Team names and descriptions: ASCII letters and digits, CJK (ideographs and kana), Korean, and the
// symbols ~ @ ! # % & ( ) _ + = | { } : ; < >. Length 1–50 characters; weighted length (above U+00FF counts
// 2) at most 14 for the name and 50 for the description.

const TEAM_TEXT =
  /^[A-Za-z0-9\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u1100-\u11ff\u3130-\u318f\uac00-\ud7af~@!#%&()_+=|{}:;<>]+$/u;

/** True when every character is allowed in a team name or description. */
export function isTeamText(text: string): boolean {
  return TEAM_TEXT.test(text);
}

function teamTextIssues(field: 'name' | 'detail', text: string, weightedMax: number): ValidationIssue[] {
  const n = charLength(text);
  if (n < LIMITS.TEAM_TEXT_LENGTH_MIN || !isTeamText(text))
    return [{ field, code: ErrorCode.TEAM_PARAM_ERROR }];
  if (n > LIMITS.TEAM_TEXT_LENGTH_MAX || weightedLength(text) > weightedMax) {
    return [{ field, code: field === 'name' ? ErrorCode.TEAM_NAME_TOO_LONG : ErrorCode.TEAM_PARAM_ERROR }];
  }
  return [];
}

/** Team name: required, allowed characters (2587), weighted length at most 14 (2586). */
export function validateTeamName(name: string): ValidationIssue[] {
  return teamTextIssues('name', name, LIMITS.TEAM_NAME_WEIGHTED_MAX);
}

/** Team description: optional; when given, allowed characters and weighted length at most 50 (2587). */
export function validateTeamDetail(detail: string): ValidationIssue[] {
  if (detail === '') return [];
  return teamTextIssues('detail', detail, LIMITS.TEAM_DETAIL_WEIGHTED_MAX);
}

/**
 * Team score change as typed (shown units, one decimal): −1000000…1000000 (2589); its note up to 50
 * characters (2587). Returns the issues and, when valid, the value to send (thousandths).
 */
export function validateTeamScoreChange(
  score: number,
  detail = '',
): { issues: ValidationIssue[]; modify_score?: number } {
  const issues: ValidationIssue[] = [];
  const thousandths = toThousandths(score);
  if (!Number.isFinite(score) || thousandths % 100 !== 0) {
    issues.push({ field: 'modify_score', code: ErrorCode.TEAM_PARAM_ERROR });
  } else if (Math.abs(score) > LIMITS.TEAM_MODIFY_SCORE_MAX) {
    issues.push({ field: 'modify_score', code: ErrorCode.SCORE_CHANGE_OVER_LIMIT });
  }
  if (charLength(detail) > LIMITS.TEAM_MODIFY_DETAIL_MAX) {
    issues.push({ field: 'modify_detail', code: ErrorCode.TEAM_PARAM_ERROR });
  }
  return issues.length > 0 ? { issues } : { issues, modify_score: thousandths };
}
