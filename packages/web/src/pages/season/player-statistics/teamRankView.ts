import { ErrorCode, fromThousandths, validateTeamScoreChange } from '@taikai/protocol';
import type { TeamRow } from '../../../api/team-calls';
import { settledScore } from '../record/recordView';

// The team ranking apart from React: its CSV rows, and the team score change as typed.

/** The column titles of the team ranking file, in the reader's language. */
export interface TeamRankCsvWords {
  rank: string;
  team: string;
  detail: string;
  members: string;
  games: string;
  totalPoint: string;
  scoreChange: string;
  changeDetail: string;
  totalScore: string;
}

/** The team ranking as CSV rows (header first): scores shown ÷1000 with one decimal, as numbers. */
export function teamRankCsvRows(rows: readonly TeamRow[], words: TeamRankCsvWords): (string | number)[][] {
  return [
    [
      words.rank,
      words.team,
      words.detail,
      words.members,
      words.games,
      words.totalPoint,
      words.scoreChange,
      words.changeDetail,
      words.totalScore,
    ],
    ...rows.map((r) => [
      r.rank,
      r.name,
      r.detail,
      r.member_count,
      r.total_game_count,
      settledScore(r.total_point),
      settledScore(r.modify_score),
      r.modify_detail,
      settledScore(r.total_score),
    ]),
  ];
}

/** Rows of a download read page by page, each team once (a game ending between two pages may move a team). */
export function uniqueTeams(rows: readonly TeamRow[]): TeamRow[] {
  const seen = new Set<number>();
  return rows.filter((r) => {
    if (seen.has(r.team_id)) return false;
    seen.add(r.team_id);
    return true;
  });
}

/** A team score change as typed: the shown value (null while the box is empty) and its note. */
export interface ScoreChangeDraft {
  score: number | null;
  detail: string;
}

/** The dialog's starting point: the team's current change and note (the change replaces it). */
export function scoreChangeDraftOf(team: Pick<TeamRow, 'modify_score' | 'modify_detail'>): ScoreChangeDraft {
  return { score: fromThousandths(team.modify_score), detail: team.modify_detail };
}

export interface ScoreChangeCheck {
  /** What is wrong with the value: missing, more than one decimal, beyond ±1000000; null when fine. */
  score: 'required' | 'decimals' | 'range' | null;
  /** The note is longer than 50 characters. */
  detailTooLong: boolean;
  /** What `update_contest_team` takes (`modify_score` ×1000), or null while something is wrong. */
  toSend: { modify_score: number; modify_detail: string } | null;
}

/** Checks a typed change with the protocol's rule (validateTeamScoreChange), so the server refuses nothing new. */
export function checkScoreChange(draft: ScoreChangeDraft): ScoreChangeCheck {
  const detail = draft.detail.trim();
  const { issues, modify_score } = validateTeamScoreChange(draft.score ?? 0, detail);
  const scoreIssue = issues.find((i) => i.field === 'modify_score');
  const score =
    draft.score === null
      ? ('required' as const)
      : scoreIssue === undefined
        ? null
        : scoreIssue.code === ErrorCode.SCORE_CHANGE_OVER_LIMIT
          ? ('range' as const)
          : ('decimals' as const);
  const detailTooLong = issues.some((i) => i.field === 'modify_detail');
  const toSend =
    score === null && !detailTooLong && modify_score !== undefined
      ? { modify_score, modify_detail: detail }
      : null;
  return { score, detailTooLong, toSend };
}
