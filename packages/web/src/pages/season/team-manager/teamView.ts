import { decodeAccountId, ErrorCode, validateTeamName } from '@taikai/protocol';
import type { ImportedRow } from '../../../api/team-calls';

// What the team manager shows and sends, apart from React: the search as typed, and the reasons of failed
// members and import rows in words.

/** What the search box matches: 0 team name, nickname or account id; 1 team names; 2 nicknames. */
export type TeamSearchType = 0 | 1 | 2;

/**
 * The team list filter for what an organiser typed. A public account id (searching nicknames and ids) keeps the
 * team of that account (`account_id`, the internal id it stands for); other text is matched as typed.
 */
export function teamSearchQuery(
  type: TeamSearchType,
  typed: string,
): { search_type: TeamSearchType; search?: string; account_id?: number } {
  const text = typed.trim();
  if (text === '') return { search_type: type };
  if (type === 0 && /^\d+$/.test(text)) {
    const internal = decodeAccountId(Number(text));
    if (internal > 0) return { search_type: type, account_id: internal };
  }
  return { search_type: type, search: text };
}

/** Locale keys (under `teams.memberFail`) of the reasons `add_team_member` gives for an account. */
const MEMBER_FAILURES: Partial<Record<number, string>> = {
  [ErrorCode.ACCOUNT_NOT_FOUND]: 'accountNotFound',
  [ErrorCode.MEMBER_EXISTS]: 'inAnotherTeam',
  [ErrorCode.BLACKLISTED]: 'blacklisted',
  [ErrorCode.PARTICIPANTS_FULL]: 'rosterFull',
};

/** The locale key of a member's failure, or null for a code the catalogue's message says best. */
export function memberFailureKey(code: number): string | null {
  const key = MEMBER_FAILURES[code];
  return key ? `teams.memberFail.${key}` : null;
}

/** One problem of an import row: its locale key (under `teams.import.errors`), or null (catalogue message). */
export interface RowProblem {
  code: number;
  key: string | null;
}

/** The problems of an import row in the order the server gave them, each in words the organiser can act on. */
export function importRowProblems(row: ImportedRow): RowProblem[] {
  return row.errors.map((code) => ({ code, key: importErrorKey(code, row) }));
}

function importErrorKey(code: number, row: ImportedRow): string | null {
  const key = (name: string) => `teams.import.errors.${name}`;
  switch (code) {
    case ErrorCode.TEAM_PARAM_ERROR:
      if (row.team_name.trim() === '') return key('team_name_clear');
      // The name passes its rules: the row's description is what breaks them.
      return key(validateTeamName(row.team_name).length === 0 ? 'team_detail_bad' : 'team_name_chars');
    case ErrorCode.TEAM_NAME_TOO_LONG:
      return key('team_name_long');
    case ErrorCode.ACCOUNT_NOT_FOUND:
      return key(row.account_id === 0 ? 'import_account_0' : 'account_not_found');
    case ErrorCode.BLACKLISTED:
      return key('blacklisted');
    case ErrorCode.MEMBER_EXISTS:
      return key('in_other_team');
    case ErrorCode.DUPLICATE_PLAYERS:
      return key('account_twice');
    case ErrorCode.TEAMS_MAX:
      return key('team_count_300');
    case ErrorCode.NOTE_TOO_LONG:
      return key('remark_long');
    default:
      return null;
  }
}

/** Whether an import check may be written: it has rows, and none with an error. */
export function importWritable(rows: readonly ImportedRow[]): boolean {
  return rows.length > 0 && rows.every((r) => r.errors.length === 0);
}
