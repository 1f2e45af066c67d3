import type { GameMessage, ReplyFn, SeatPlayer } from '../robots/types';
import { PlayerSeat } from '../seats/player-seat';
import { chooseExchange } from './exchange';

/** The tiles of a concealed hand in the rules engine's notation (`m123p0z11` → m1 m2 m3 p0 z1 z1). */
export function tilesOf(paistr: string): string[] {
  const tiles: string[] = [];
  for (const [, suit, digits] of paistr.matchAll(/([mpsz])(\d+)/g))
    for (const d of digits) tiles.push(suit + d);
  return tiles;
}

/**
 * A robot at a xuezhandaodi table: the riichi robot of its level, which answers the exchange (`{ huan }`) with
 * `chooseExchange` — the three tiles whose loss hurts the hand least by shanten — at every level.
 */
export class ExchangingRobot implements SeatPlayer {
  constructor(private readonly robot: SeatPlayer) {}

  action(msg: GameMessage, reply?: ReplyFn): void {
    if (msg.huan) reply?.({ huan: chooseExchange(tilesOf(msg.huan.shoupai)) });
    else this.robot.action(msg, reply);
  }

  dispose(): void {
    this.robot.dispose?.();
  }
}

/**
 * A player's seat at a xuezhandaodi table: the exchange is a decision like any other, asked with the seat's
 * deadline; no answer (time out, away) passes the tiles the robots would choose.
 */
export class XuezhanPlayerSeat extends PlayerSeat {
  override action(msg: GameMessage, reply?: ReplyFn): void {
    if (!msg.huan || !reply) {
      super.action(msg, reply);
      return;
    }
    this.current = msg;
    this._callback = reply;
    this.ask();
  }
}
