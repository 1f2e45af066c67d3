import { SeasonState, SeasonType, SignupType } from '@taikai/protocol';

/** Season sub-pages of spec §2, in menu order; the empty path is the season info page. */
export const SEASON_SUBPAGES = [
  '',
  'advanced',
  'chat-setting',
  'join',
  'user',
  'team_manager',
  'match-reservation',
  'match-manage',
  'reservation-manage',
  'record',
  'player_statistics',
] as const;
export type SeasonSubpage = (typeof SEASON_SUBPAGES)[number];

/** Locale key (under `season.pages`) of each sub-page. */
export const SEASON_SUBPAGE_LABEL: Record<SeasonSubpage, string> = {
  '': 'info',
  advanced: 'advanced',
  'chat-setting': 'chatSetting',
  join: 'join',
  user: 'user',
  team_manager: 'teamManager',
  'match-reservation': 'matchReservation',
  'match-manage': 'matchManage',
  'reservation-manage': 'reservationManage',
  record: 'record',
  player_statistics: 'playerStatistics',
};

export interface SeasonMenuFacts {
  state: number;
  signup_type: number;
  rank_type: number;
  /** The deployment offers season chat (site config `chat`); the chat settings exist only then. */
  chat?: boolean;
  /** Whether the season has any game plan; reservation-manage is hidden without one. */
  hasGamePlans?: boolean;
}

const LIVE_ONLY = new Set<SeasonSubpage>([
  'advanced',
  'chat-setting',
  'join',
  'match-manage',
  'match-reservation',
  'reservation-manage',
]);

/**
 * The sub-page an address under a season opens (`sub`: the path after the season id), or null when the
 * address must go to the season info page instead (replacing it): an unknown sub-path, and a sub-page the
 * menu hides for this season, which opened by address would add a tab the menu does not have.
 */
export function seasonPageAt(sub: string, menu: readonly SeasonSubpage[]): SeasonSubpage | null {
  const page = sub.replace(/\/+$/, '');
  return (menu as readonly string[]).includes(page) ? (page as SeasonSubpage) : null;
}

/** The season sub-pages the menu shows for a season (spec §2). */
export function seasonMenu(season: SeasonMenuFacts): SeasonSubpage[] {
  const live =
    season.state === SeasonState.PENDING ||
    season.state === SeasonState.RUNNING ||
    season.state === SeasonState.FINISHED;
  return SEASON_SUBPAGES.filter((page) => {
    if (LIVE_ONLY.has(page) && !live) return false;
    if (page === 'chat-setting') return season.chat === true;
    if (page === 'join') return season.signup_type === SignupType.CHECK;
    if (page === 'team_manager') return season.rank_type === SeasonType.TEAM;
    if (page === 'reservation-manage') return season.hasGamePlans === true;
    return true;
  });
}
