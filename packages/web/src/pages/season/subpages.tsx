import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ContestDetail } from '../../api/calls';
import type { SeasonSubpage } from '../../app/seasonRoutes';

export type SeasonListItem = ContestDetail['season_list'][number];

/** What every season sub-page is given: the loaded tournament and the season. */
export interface SeasonPageProps {
  contest: ContestDetail;
  season: SeasonListItem;
}

type SubpageComponent = LazyExoticComponent<ComponentType<SeasonPageProps>>;

/** The built season sub-pages; the others show "coming soon". */
export const SUBPAGE_COMPONENTS: Partial<Record<SeasonSubpage, SubpageComponent>> = {
  '': lazy(() => import('./info/SeasonInfoPage')),
  advanced: lazy(() => import('./advanced/AdvancedPage')),
  'chat-setting': lazy(() => import('./chat/ChatSettingPage')),
  join: lazy(() => import('./join/JoinPage')),
  user: lazy(() => import('./user/UserPage')),
  team_manager: lazy(() => import('./team-manager/TeamManagerPage')),
  'match-reservation': lazy(() => import('./match-reservation/MatchReservationPage')),
  'match-manage': lazy(() => import('./match-manage/MatchManagePage')),
  'reservation-manage': lazy(() => import('./reservation-manage/ReservationManagePage')),
  record: lazy(() => import('./record/RecordPage')),
  player_statistics: lazy(() => import('./player-statistics/PlayerStatisticsPage')),
};
