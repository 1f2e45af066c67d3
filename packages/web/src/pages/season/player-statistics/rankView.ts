import { LIMITS, validateCalcRankSetting } from '@taikai/protocol';
import type { CalcRankRow, CalcRankSetting, RankRow } from '../../../api/ranking-calls';
import { publicIdOf } from '../../../components/players/accounts';
import { settledScore } from '../record/recordView';

// What the player statistics page shows and writes, apart from React: download caps, CSV rows, the calculated
// ranking's setting as typed.

/**
 * The rows a ranking download may read (spec §9): pages of 100, 30 of them, or 50 when the tournament admits
 * more than 3000 players; never more than the 5000 the ranking serves.
 */
export function rankDownloadCap(maxPlayerCount: number): { pages: number; rows: number } {
  const pages =
    maxPlayerCount > LIMITS.PARTICIPANTS_MAX ? LIMITS.RANK_DOWNLOAD_PAGES_LARGE : LIMITS.RANK_DOWNLOAD_PAGES;
  return { pages, rows: Math.min(pages * LIMITS.RANK_DOWNLOAD_PAGE_SIZE, LIMITS.RANK_INFO_MAX) };
}

/** Whether the place columns go to 4th: four-player seasons, or any row that has a 4th place. */
export function showsFourth(playerCount: number, rows: readonly { rank_4_count: number }[]): boolean {
  return playerCount === 4 || rows.some((r) => r.rank_4_count > 0);
}

type PlaceCounts = Pick<RankRow, 'rank_1_count' | 'rank_2_count' | 'rank_3_count' | 'rank_4_count'>;

/** The place counts of a row, 1st to 3rd or 4th. */
export function placeCounts(row: PlaceCounts, fourth: boolean): number[] {
  const counts = [row.rank_1_count, row.rank_2_count, row.rank_3_count];
  return fourth ? [...counts, row.rank_4_count] : counts;
}

/** The column titles of the ranking files, in the reader's language. */
export interface RankCsvWords {
  rank: string;
  nickname: string;
  publicId: string;
  remark: string;
  score: string;
  total: string;
  games: string;
  counted: string;
  place: (place: number) => string;
  qualified: string;
  yes: string;
  no: string;
}

const places = (fourth: boolean) => (fourth ? [1, 2, 3, 4] : [1, 2, 3]);

/** The ranking as CSV rows (header first): scores as numbers with one decimal, public ids. */
export function rankCsvRows(
  rows: readonly RankRow[],
  words: RankCsvWords,
  fourth: boolean,
): (string | number)[][] {
  return [
    [
      words.rank,
      words.nickname,
      words.publicId,
      words.remark,
      words.score,
      words.total,
      words.games,
      words.counted,
      ...places(fourth).map(words.place),
      words.qualified,
    ],
    ...rows.map((r) => [
      r.rank,
      r.nickname,
      publicIdOf(r.account_id),
      r.remark,
      settledScore(r.score),
      settledScore(r.accumulate_point),
      r.game_count,
      r.counted_count,
      ...placeCounts(r, fourth),
      r.qualified === 1 ? words.yes : words.no,
    ]),
  ];
}

/** The calculated ranking as CSV rows (header first). */
export function calcRankCsvRows(
  rows: readonly CalcRankRow[],
  words: RankCsvWords,
  fourth: boolean,
): (string | number)[][] {
  return [
    [
      words.rank,
      words.nickname,
      words.publicId,
      words.remark,
      words.score,
      words.total,
      words.games,
      ...places(fourth).map(words.place),
    ],
    ...rows.map((r) => [
      r.rank,
      r.nickname,
      publicIdOf(r.account_id),
      r.remark,
      settledScore(r.score),
      settledScore(r.total_point),
      r.game_count,
      ...placeCounts(r, fourth),
    ]),
  ];
}

/** The calculated ranking's setting as typed: a cleared number box is null. */
export interface CalcRankDraft {
  points: (number | null)[];
  divisor: number | null;
  min_games: number | null;
}

/** Uma of the M-League kind, a divisor of 1 and no minimum: a setting that calculates as it opens. */
export const DEFAULT_CALC_DRAFT: CalcRankDraft = { points: [30, 10, -10, -30], divisor: 1, min_games: 0 };

export interface CalcDraftCheck {
  /** The sum of the four points typed so far (cleared boxes count 0). */
  sum: number;
  /** The fields the protocol refuses: `points`, `divisor`, `min_games`. */
  invalid: Set<string>;
  /** The setting to send, or null while something is refused (calculate and download stay disabled). */
  setting: CalcRankSetting | null;
}

/** Checks a typed setting with the protocol's rule, so the browser refuses what the server would. */
export function checkCalcDraft(draft: CalcRankDraft): CalcDraftCheck {
  const sum = draft.points.reduce<number>((a, p) => a + (p ?? 0), 0);
  const complete =
    draft.points.length === 4 &&
    draft.points.every((p) => p !== null) &&
    draft.divisor !== null &&
    draft.min_games !== null;
  const candidate = {
    points: draft.points.map((p) => p ?? Number.NaN),
    divisor: draft.divisor ?? Number.NaN,
    min_games: draft.min_games ?? Number.NaN,
  };
  const invalid = new Set(validateCalcRankSetting(candidate).map((issue) => issue.field));
  if (draft.points.some((p) => p === null)) invalid.add('points');
  const setting = complete && invalid.size === 0 ? (candidate as CalcRankSetting) : null;
  return { sum, invalid, setting };
}

/**
 * The rows of a download read page by page, each player once: the ranking is live, so a game ending between two
 * pages may move a player from one page to the next.
 */
export function uniqueRows<T extends { account_id: number }>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => {
    if (seen.has(r.account_id)) return false;
    seen.add(r.account_id);
    return true;
  });
}
