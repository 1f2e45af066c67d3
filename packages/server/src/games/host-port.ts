import type { ControlResult, Reply } from '@taikai/engine';
import type { FailReason, PlayerLinkOut } from '@taikai/protocol';
import type { LiveHub } from './live-hub';
import type { Presence } from './presence';
import type { SpectateHub } from './spectate-hub';

/**
 * What the services, the player links and the season streams use of the game host (`GameHost` in host.ts has
 * it all). The services' context names this instead of the host class: host.ts imports services (chat refusals,
 * season state), so a context that imported host.ts would tie every service into one import circle with it.
 */
export interface GameHostPort {
  /** Who is ready in which season. */
  readonly presence: Presence;
  /** The live channels: player links by account and lobby, season streams. */
  readonly live: LiveHub;
  /** Spectators of running games: the tables' delayed buffers here, and the spectator streams here. */
  readonly spectators: SpectateHub;
  /** Games this process is running. */
  readonly runningCount: number;
  /** Table events stored since this host started. */
  readonly eventsStored: number;
  /** Runs a scheduler pass soon. */
  kick(): void;
  pause(uuid: string): Promise<ControlResult>;
  resume(uuid: string): Promise<ControlResult>;
  terminate(uuid: string): Promise<ControlResult>;
  /** An emoji stamp from a seated player (throws the chat refusal 2512 when refused). */
  stamp(accountId: number, gameUuid: string, stamp: number): void;
  /** The running game of a season the account sits at, or null. */
  playingIn(
    accountId: number,
    uniqueId: number,
    seasonId: number,
  ): { game_uuid: string; seat: number } | null;
  /** A seated player's decision. */
  answer(accountId: number, gameUuid: string, askId: number, reply: Reply): void;
  /** After a player link of the account opened or closed. */
  linkChanged(accountId: number): void;
  /**
   * For a player (re)joining: each running game it sits in, and the hand so far, given to `send` (later, for
   * games another process runs).
   */
  tableStateFor(accountId: number, send: (out: PlayerLinkOut) => void): void;
  /** Players who may no longer play in a season: no longer ready there; their cancelled plans announced. */
  withdraw(
    season: { uniqueId: number; seasonId: number },
    accountIds: number[],
    cancelledPlans?: { uuid: string; reason: FailReason }[],
  ): void;
}
