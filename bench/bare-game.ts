/**
 * The bare rules engine: `Majiang.Game` run synchronously (`do_sync`) with the robots of a level, dealing the
 * same seeded walls as our table (first dealer seat 0, wall of hand n from `dealWall(seed, n)`), with nothing of
 * ours around it: no events, no step loop, no rule extensions, no settlement. The reference for the overhead of
 * our table runtime.
 */
import Majiang, { type MajiangRule } from '@kobalab/majiang-core';
import { dealWall, type RuleFields, robotClassFor, toTableRule } from '@taikai/engine';

class WallShan extends Majiang.Shan {
  constructor(rule: MajiangRule, wall: string[]) {
    super(rule);
    this._pai = wall;
    this._baopai = [wall[4]];
    this._fubaopai = rule['裏ドラあり'] ? [wall[9]] : null;
  }
}

class BareGame extends Majiang.Game {
  private hand = 0;
  constructor(
    players: unknown[],
    rule: MajiangRule,
    private readonly seed: string,
  ) {
    super(players, undefined, rule);
  }
  override kaiju(): void {
    super.kaiju(0);
  }
  override qipai(): void {
    const red = this._rule['赤牌'] as { m: number; p: number; s: number };
    super.qipai(new WallShan(this._rule, dealWall(this.seed, this.hand++, red)));
  }
}

export interface BareResult {
  hands: number;
  scores: number[];
  /** The hand log (`paipu.log`). */
  handLog: unknown[][];
}

/** One South game (or East for roundType 1) with four robots of `level`, on the engine rule our table would use. */
export function playBareGame(
  seed: string,
  level: number,
  roundType = 2,
  detailRule: RuleFields = {},
): BareResult {
  const rule = toTableRule(detailRule, roundType).core;
  const Robot = robotClassFor(level);
  const game = new BareGame(
    [0, 1, 2, 3].map(() => new Robot()),
    rule,
    seed,
  );
  game.do_sync();
  return { hands: game._paipu.log.length, scores: game._model.defen.slice(), handLog: game._paipu.log };
}
