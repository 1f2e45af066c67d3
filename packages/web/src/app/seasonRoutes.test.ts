import { describe, expect, it } from 'vitest';
import { seasonMenu } from './seasonRoutes';

const season = { state: 2, signup_type: 2, rank_type: 0 };

describe('season menu (spec §2)', () => {
  it('a running personal season with automatic sign-up shows the live pages but no sign-up review or teams', () => {
    expect(seasonMenu(season)).toEqual([
      '',
      'advanced',
      'user',
      'match-reservation',
      'match-manage',
      'record',
      'player_statistics',
    ]);
  });

  it('sign-up review only when sign-up is checked; team manager only for team seasons', () => {
    expect(seasonMenu({ ...season, signup_type: 3 })).toContain('join');
    expect(seasonMenu({ ...season, rank_type: 1 })).toContain('team_manager');
  });

  it('chat settings only when the deployment offers chat; reservations only when a game plan exists', () => {
    expect(seasonMenu({ ...season, chat: true })).toContain('chat-setting');
    expect(seasonMenu({ ...season, chat: false })).not.toContain('chat-setting');
    expect(seasonMenu({ ...season, hasGamePlans: true })).toContain('reservation-manage');
  });

  it('an ended season shows no rule, sign-up or match pages', () => {
    const menu = seasonMenu({ ...season, state: 4, signup_type: 3, hasGamePlans: true, chat: true });
    expect(menu).toEqual(['', 'user', 'record', 'player_statistics']);
  });
});
