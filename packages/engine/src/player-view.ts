/// <reference path="./majiang.d.ts" />
/**
 * `@taikai/engine/player-view` — what a player's client (a browser) may use of the engine: the seat views and
 * judgements the player seats use, without the table runtime, the worker pool, node modules or the protocol's
 * schemas. A client replays its seat's messages into a view (`Majiang.Player`, or `SanmaView` at a three-player
 * table) and asks it what the rules allow, as `PlayerSeat` does on the server.
 */
import Majiang from '@kobalab/majiang-core';
import { forSanma } from './sanma/seat';

export { guyiWinAllowed, type WinWay } from './guyi/seat-win';
export type { GameMessage, Reply } from './robots/types';
export { meetsMinHan, yakuHan } from './rules/min-han';
export { SANMA_LIVE_TILES, SanmaBoard } from './sanma/board';
export { canKita, markOf } from './sanma/seat';
export { type Situation, situationOf } from './seats/win-situation';
export { type SettledPlayer, type Settlement, settle } from './settlement';

/** A silent seat view of a four-player table: follows the messages, judges what the seat may do. */
export class SeatView extends Majiang.Player {}

/** A silent seat view of a three-player table. */
export class SanmaSeatView extends forSanma(Majiang.Player, { robot: false }) {}

export { Majiang };
