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
