import Majiang, { type Player, type Shoupai } from '@kobalab/majiang-core';
import type { GameMessage, ReplyFn } from '../robots/types';
import { meetsMinHan } from '../rules/min-han';
import { nextSituation, type Situation, situationOf } from '../seats/win-situation';
import { scoreGuyiWin } from './score';

/** A seat's view of the table (the rules engine's player), as the win check reads it. */
export type WinView = Pick<Player, '_rule' | '_menfeng' | '_diyizimo' | 'shan' | 'model'> & {
  /** The rules engine's furiten bookkeeping: false while the seat may not ron. */
  _neng_rong?: boolean;
};

/** How the winning tile comes, when not plainly: robbing a kan, or the replacement draw of a kan (tsumo). */
export interface WinWay {
  robbing?: boolean;
  lingshang?: boolean;
}

/**
 * guyi_mode: whether the seat may win now with `hand` (tsumo, or ron on `rongpai`), judged from what it sees as
 * the table judges it (`TableGame.allow_hule`): the hand is complete and not furiten, then renhou (a yakuman in
 * this mode: a ron before the seat's first draw, no call made) or the yaku scored with the mode's
 * (`scoreGuyiWin`) reach the minimum han. What it sees: riichi and ippatsu (`situation`), haitei and houtei from
 * the tiles left, the first draw (tenhou, chiihou), robbing a kan or its replacement draw (`way`), and for a ron
 * on a discard, whether it declared riichi (tsubame-gaeshi) or followed a kan's replacement draw (kanburi).
 */
export function guyiWinAllowed(
  view: WinView,
  hand: Shoupai,
  rongpai: string | null,
  situation: Situation,
  way: WinWay,
  minHan: number,
): boolean {
  const menfeng = view._menfeng;
  const zhuangfeng = view.model.zhuangfeng;
  const nengRong = view._neng_rong !== false;
  if (!Majiang.Game.allow_hule(view._rule, hand, rongpai, zhuangfeng, menfeng, true, nengRong)) return false;
  const tsumo = rongpai == null;
  // A kan ends the first go-around (the seat's view learns it only after answering the kan).
  const firstDraw = view._diyizimo && !way.robbing;
  if (!tsumo && firstDraw) return true;
  const lingshang = tsumo && !!way.lingshang;
  const paishu: number = view.shan.paishu;
  const hupai = {
    lizhi: situation.lizhi,
    yifa: situation.yifa ? 1 : 0,
    qianggang: !!way.robbing,
    lingshang,
    haidi: paishu > 0 || lingshang ? 0 : tsumo ? 1 : 2,
    tianhu: tsumo && firstDraw ? (menfeng === 0 ? 1 : 2) : 0,
  };
  const onDiscard = !tsumo && !way.robbing;
  const scored = scoreGuyiWin(
    {
      shoupai: hand,
      rongpai,
      hupai,
      situation: {
        riichiDiscard: onDiscard && situation.riichiDiscard,
        afterKan: onDiscard && situation.afterKan,
      },
    },
    {
      rule: view._rule,
      zhuangfeng,
      menfeng,
      hupai,
      baopai: [],
      fubaopai: null,
      jicun: { changbang: 0, lizhibang: 0 },
    },
  );
  return meetsMinHan(scored, minHan);
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin over the rules engine's player classes
type PlayerClass = new (...args: any[]) => Player;

/**
 * Seats a rules-engine player (robot or player seat) at a guyi_mode table with minimum han `minHan`: its
 * `allow_hule`, which it asks before declaring a win or offering one to its player, is `guyiWinAllowed`, the
 * situation followed from the seat's own messages. A seat of another kind (auto-discard never wins) is unchanged.
 */
export function forGuyi<T>(Seat: T, minHan: number): T {
  if (!((Seat as PlayerClass).prototype instanceof Majiang.Player)) return Seat;
  return class GuyiSeat extends (Seat as PlayerClass) {
    private seen: Situation = situationOf([], 0, 4, false);
    private way: WinWay = {};

    override action(msg: GameMessage, reply?: ReplyFn): void {
      this.seen = nextSituation(this.seen, msg, this._menfeng, 4, !!this._rule?.一発あり);
      this.way = { robbing: !!msg.gang, lingshang: !!msg.gangzimo };
      super.action(msg, reply);
    }

    override allow_hule(shoupai: Shoupai, p: string | null): boolean {
      return guyiWinAllowed(this, shoupai, p, this.seen, this.way, minHan);
    }
  } as T;
}
