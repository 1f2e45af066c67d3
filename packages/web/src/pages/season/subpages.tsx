import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { SeasonSubpage } from '../../app/seasonRoutes';
import type { SeasonPageProps } from './pageProps';

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
