import type { ContestDetail } from '../../api/calls';

// The props every season sub-page takes, apart from the table of sub-pages (subpages.tsx) that loads them, so
// that the pages and that table do not import each other.

export type SeasonListItem = ContestDetail['season_list'][number];

/** What every season sub-page is given: the loaded tournament and the season. */
export interface SeasonPageProps {
  contest: ContestDetail;
  season: SeasonListItem;
}
