import {
  charLength,
  ErrorCode,
  isTeamText,
  LIMITS,
  validateTeamDetail,
  validateTeamName,
  weightedLength,
} from '@taikai/protocol';

// Team names and details as typed in the console: the protocol's rules (the server's own check), in words.

/** What is wrong with a typed team name or detail: nothing, missing, a character not allowed, too long. */
export type TeamTextProblem = 'required' | 'chars' | 'tooLong' | null;

/**
 * The team name or detail rule (protocol's validateTeamName / validateTeamDetail, the server's own check) as the
 * form says it. Text is checked as it will be sent: trimmed.
 */
export function teamTextProblem(field: 'name' | 'detail', typed: string): TeamTextProblem {
  const text = typed.trim();
  if (text === '') return field === 'name' ? 'required' : null;
  const issues = field === 'name' ? validateTeamName(text) : validateTeamDetail(text);
  if (issues.length === 0) return null;
  if (issues[0].code === ErrorCode.TEAM_NAME_TOO_LONG) return 'tooLong';
  return isTeamText(text) ? 'tooLong' : 'chars';
}

/** The weighted-length counter of a team text field: characters above U+00FF count 2. */
export function teamTextCount(field: 'name' | 'detail', typed: string): { used: number; max: number } {
  const max = field === 'name' ? LIMITS.TEAM_NAME_WEIGHTED_MAX : LIMITS.TEAM_DETAIL_WEIGHTED_MAX;
  return { used: weightedLength(typed.trim()), max };
}

/** A team's detail as the team panels and the team ranking show it: 15 characters, then "…" (spec §9). */
export function shortDetail(detail: string, max: number = LIMITS.TRUNCATE_TEAM_DETAIL): string {
  if (charLength(detail) <= max) return detail;
  return `${[...detail].slice(0, max).join('')}…`;
}
