import { describe, expect, it } from 'vitest';
import { seasonMenu, seasonPageAt } from './seasonRoutes';

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

describe('a season sub-page opened by address follows the menu rules', () => {
  const running = seasonMenu({ ...season, signup_type: 3 });
  const ended = seasonMenu({ ...season, state: 4, signup_type: 3 });

  it('a sub-page the menu shows opens, with or without a trailing slash', () => {
    expect(seasonPageAt('join', running)).toBe('join');
    expect(seasonPageAt('user/', running)).toBe('user');
    expect(seasonPageAt('', ended)).toBe('');
  });

  it('a sub-page the menu hides goes to the season info page instead of adding a tab', () => {
    expect(seasonPageAt('advanced', ended)).toBeNull();
    expect(seasonPageAt('join', ended)).toBeNull();
    expect(seasonPageAt('team_manager', running)).toBeNull();
    expect(seasonPageAt('chat-setting', seasonMenu({ ...season, chat: false }))).toBeNull();
    expect(seasonPageAt('reservation-manage', running)).toBeNull();
  });

  it('an unknown sub-path goes to the season info page', () => {
    expect(seasonPageAt('nowhere', running)).toBeNull();
    expect(seasonPageAt('user/extra', running)).toBeNull();
  });
});
