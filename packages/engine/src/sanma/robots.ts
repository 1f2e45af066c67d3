import { createRequire } from 'node:module';
import Majiang from '@kobalab/majiang-core';
import { RobotLevel } from '@taikai/protocol';
import { AutoDiscardRobot } from '../robots/auto-discard';
import { CommonRobot } from '../robots/common';
import { SimpleRobot } from '../robots/simple';
import type { RobotClass } from '../robots/types';
import { PlayerSeat } from '../seats/player-seat';
import { forSanma, markOf } from './seat';

/** The common robot's tile counter (majiang-ai's `SuanPai`: tiles unseen by the seat, by kind). */
interface TileCounter {
  _paishu: Record<string, number[]>;
  qipai(qipai: unknown, menfeng: number): void;
  decrease(p: string): void;
}
const SuanPai = createRequire(import.meta.url)('@kobalab/majiang-ai/lib/suanpai.js') as new (
  red: unknown,
) => TileCounter;

/** `ai_level` 1 at a three-player table. */
export class SanmaSimpleRobot extends forSanma(SimpleRobot, { robot: true }) {}

/**
 * `ai_level` 2 at a three-player table: majiang-ai fed the three-player tile count (2m–8m do not exist, Norths set
 * aside are seen) and the seat's three-player wind.
 */
export class SanmaCommonRobot extends forSanma(CommonRobot, { robot: true }) {
  declare _suanpai: TileCounter;
  declare _defen_cache: Record<string, number>;
  declare _eval_cache: Record<string, number>;

  qipai(qipai: { jushu: number }): void {
    this._defen_cache = {};
    this._eval_cache = {};
    const counter = new SuanPai(this._rule.赤牌);
    for (let n = 2; n <= 8; n++) counter._paishu.m[n] = 0;
    counter.qipai(qipai, (this._id + 3 - qipai.jushu) % 3);
    this._suanpai = counter;
    // The engine's own deal bookkeeping (the majiang-ai override would count four seats).
    (Majiang.Player.prototype as unknown as { qipai(q: unknown): void }).qipai.call(this, qipai);
  }

  protected override onKitaExtra(kita: { l: number }): void {
    this._eval_cache = {};
    if (kita.l !== this._menfeng) this._suanpai.decrease('z4');
  }
}

/** A player seat at a three-player table: it is offered the ron on another player's North. */
export class SanmaPlayerSeat extends forSanma(PlayerSeat, { robot: false }) {
  override action_kita(kita: { l: number }): void {
    if (kita.l !== this._menfeng && this.allow_hule(this.shoupai, `z4${markOf(kita.l, this._menfeng)}`)) {
      this.ask();
    } else this.inform();
  }
}

/** A silent three-player seat view (for the rule guard's judgement of a robot's answers). */
export class SanmaView extends forSanma(Majiang.Player, { robot: false }) {}

/** Robot classes by `ai_level` at a three-player table. Auto-discard needs nothing more: it never calls. */
const SANMA_ROBOTS: Record<number, RobotClass> = {
  [RobotLevel.NONE]: AutoDiscardRobot,
  [RobotLevel.SIMPLE]: SanmaSimpleRobot,
  [RobotLevel.COMMON]: SanmaCommonRobot,
};

export function sanmaRobotClassFor(level: number): RobotClass {
  const robot = SANMA_ROBOTS[level];
  if (!robot) throw new Error(`no robot for ai_level ${level}`);
  return robot;
}
