import { SeasonState } from '@taikai/protocol';
import type { SeasonLobby } from '../api';

/**
 * What the lobby of a season offers its visitor: a roster player of a running season enters it (ready toggle
 * and chat); an organiser of a running season enters it to chat and moderate (not to be ready, unless also on
 * the roster); everyone else sees why not. `notice` says why the lobby is closed to a roster player.
 */
export type LobbyView = {
  enter: boolean;
  canReady: boolean;
  notice: 'notStarted' | 'over' | null;
};

export function lobbyView(lobby: Pick<SeasonLobby, 'season_state' | 'signup' | 'organiser'>): LobbyView {
  const onRoster = lobby.signup.state === 2;
  const running = lobby.season_state === SeasonState.RUNNING;
  if (!onRoster && !lobby.organiser) return { enter: false, canReady: false, notice: null };
  if (!running) {
    if (!onRoster) return { enter: false, canReady: false, notice: null };
    return {
      enter: false,
      canReady: false,
      notice: lobby.season_state === SeasonState.PENDING ? 'notStarted' : 'over',
    };
  }
  return { enter: true, canReady: onRoster, notice: null };
}

/** The ordinal key of a final place (1 … 4). */
export function placeKey(place: number): string {
  return `portal.place.${Math.min(Math.max(place, 1), 4)}`;
}

/** A settled score (thousandths) with its sign and one decimal: +45.3, +4.0, −12.0, 0.0 (one formatter). */
export { signedScore } from '@taikai/protocol/scores';
