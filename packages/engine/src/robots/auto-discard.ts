import type { GameMessage, ReplyFn, SeatPlayer } from './types';

/**
 * `ai_level` 0, auto-discard: discards every drawn tile (tsumogiri) and passes on everything else. It is also
 * how a player seat is played while its player is away or out of time.
 */
export class AutoDiscardRobot implements SeatPlayer {
  action(_msg: GameMessage, reply?: ReplyFn): void {
    reply?.({});
  }
}
