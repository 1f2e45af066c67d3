import { describe, expect, it } from 'vitest';
import { signupView } from './signupView';

const NOW = 1_800_000_000;
const season = {
  season_id: 1,
  state: 2,
  start_time: NOW - 86_400,
  end_time: NOW + 7 * 86_400,
  signup_type: 3,
  signup_start_time: NOW - 3600,
  signup_end_time: NOW + 3600,
  rank_type: 0,
  player_count: 3,
  max_player_count: 3000,
};
const none = { state: 0 as const, create_time: 0, blacklisted: 0 };

describe("the player's sign-up (spec §4)", () => {
  it('a player not signed up may sign up while the checked window is open', () => {
    expect(signupView(season, none, NOW)).toEqual({ kind: 'open', rejected: false });
    expect(signupView({ ...season, signup_type: 2, signup_end_time: 0 }, none, NOW).kind).toBe('open');
  });

  it('pending players see "awaiting review" and may withdraw until the season is over', () => {
    const pending = { ...none, state: 1 as const, create_time: NOW - 60 };
    expect(signupView(season, pending, NOW)).toEqual({ kind: 'pending', canWithdraw: true });
    expect(signupView({ ...season, state: 4 }, pending, NOW)).toEqual({
      kind: 'pending',
      canWithdraw: false,
    });
  });

  it('accepted players are on the roster, whatever the season', () => {
    expect(signupView({ ...season, state: 4 }, { ...none, state: 2 }, NOW)).toEqual({ kind: 'accepted' });
  });

  it('a rejected player may sign up again unless blacklisted (2530)', () => {
    const rejected = { ...none, state: 3 as const };
    expect(signupView(season, rejected, NOW)).toEqual({ kind: 'open', rejected: true });
    expect(signupView(season, { ...rejected, blacklisted: 1 }, NOW)).toEqual({
      kind: 'blocked',
      rejected: true,
      reason: 'blacklisted',
    });
  });

  it('closed (2552), outside the window (2539), finished (2508/2565) and full (2566) are refused with the reason', () => {
    const reason = (s: typeof season) => {
      const view = signupView(s, none, NOW);
      return view.kind === 'blocked' ? view.reason : view.kind;
    };
    expect(reason({ ...season, signup_type: 1 })).toBe('closed');
    expect(reason({ ...season, signup_start_time: NOW + 60 })).toBe('notYet');
    expect(reason({ ...season, signup_end_time: NOW - 1 })).toBe('over');
    expect(reason({ ...season, state: 3 })).toBe('finished');
    expect(reason({ ...season, state: 4 })).toBe('finished');
    expect(reason({ ...season, player_count: 3000 })).toBe('full');
    expect(signupView(null, none, NOW)).toEqual({ kind: 'blocked', rejected: false, reason: 'noSeason' });
  });
});
