import { describe, expect, it } from 'vitest';
import { lobbyView, placeKey, signedScore } from './lobbyView';

const signup = (state: 0 | 1 | 2 | 3) => ({ state, create_time: 0, blacklisted: 0 });

describe('what a season lobby offers', () => {
  it('a roster player of a running season enters and may be ready', () => {
    expect(lobbyView({ season_state: 2, signup: signup(2), organiser: false })).toEqual({
      enter: true,
      canReady: true,
      notice: null,
    });
  });

  it('an organiser enters a running season to chat, ready only if also on the roster', () => {
    expect(lobbyView({ season_state: 2, signup: signup(0), organiser: true })).toEqual({
      enter: true,
      canReady: false,
      notice: null,
    });
    expect(lobbyView({ season_state: 2, signup: signup(2), organiser: true }).canReady).toBe(true);
  });

  it('a roster player is told when the lobby opens or that it is over', () => {
    expect(lobbyView({ season_state: 1, signup: signup(2), organiser: false })).toMatchObject({
      enter: false,
      notice: 'notStarted',
    });
    for (const state of [3, 4])
      expect(lobbyView({ season_state: state, signup: signup(2), organiser: false }).notice).toBe('over');
  });

  it('pending, rejected and strangers have no lobby', () => {
    for (const state of [0, 1, 3] as const)
      expect(lobbyView({ season_state: 2, signup: signup(state), organiser: false })).toEqual({
        enter: false,
        canReady: false,
        notice: null,
      });
  });

  it('names places 1st to 4th', () => {
    expect([1, 2, 3, 4].map(placeKey)).toEqual([
      'portal.place.1',
      'portal.place.2',
      'portal.place.3',
      'portal.place.4',
    ]);
  });

  it('writes settled scores with their sign', () => {
    // One decimal always, so "+4.0" stands beside "+9.4" (never "+4").
    expect([45300, -12000, 0, 500, -25, 4000, 9400].map(signedScore)).toEqual([
      '+45.3',
      '−12.0',
      '0.0',
      '+0.5',
      '0.0',
      '+4.0',
      '+9.4',
    ]);
  });
});
