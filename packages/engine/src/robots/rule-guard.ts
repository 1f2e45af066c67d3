import Majiang, { type Player } from '@kobalab/majiang-core';
import { yakuHan } from '../rules/min-han';
import type { GameMessage, Reply, ReplyFn, SeatPlayer } from './types';

/** The table rules a robot does not know by itself. */
export interface GuardedRules {
  /** `fanfu`: minimum han of yaku. */
  minHan: number;
  /** `have_jiuzhongjiupai`: kyuushu kyuuhai may be declared. */
  nineTerminals: boolean;
}

/**
 * Teaches a robot the table rules the robots do not know by themselves (they play the rules engine's defaults):
 * - minimum han (`fanfu` 2 or 4): a win is kept only when its yaku (dora not counted) reach the minimum, judged
 *   from what the seat can see; yaku it cannot be sure of (ippatsu, double riichi, first-draw wins) are not
 *   counted, so no illegal win goes through;
 * - kyuushu kyuuhai switched off on its own (`have_jiuzhongjiupai`): the declaration is dropped.
 * A dropped answer becomes a pass (or the discard of the drawn tile).
 */
export class RuleGuard implements SeatPlayer {
  private readonly view: Player;

  /** `view`: the seat's view of the table to judge from (a three-player one at a sanma table). */
  constructor(
    private readonly robot: SeatPlayer,
    private readonly rules: GuardedRules,
    view: Player = new Majiang.Player(),
  ) {
    this.view = view;
  }

  /** Whether a table with these rules needs the guard at all. */
  static needed(rules: GuardedRules): boolean {
    return rules.minHan > 1 || !rules.nineTerminals;
  }

  action(msg: GameMessage, reply?: ReplyFn): void {
    this.view.action(msg);
    if (!reply) {
      this.robot.action(msg);
      return;
    }
    this.robot.action(msg, (answer?: Reply) => {
      const claim = msg.zimo ?? msg.gangzimo ?? msg.dapai ?? msg.gang ?? msg.kita;
      if (answer?.hule && claim && this.rules.minHan > 1 && !this.winAllowed(msg)) return reply({});
      if (answer?.daopai && msg.zimo && !this.rules.nineTerminals) return reply({});
      reply(answer);
    });
  }

  dispose(): void {
    this.robot.dispose?.();
  }

  private winAllowed(msg: GameMessage): boolean {
    const view = this.view;
    const menfeng = view._menfeng;
    const hand = view.shoupai.clone();
    const paishu: number = view.shan.paishu;
    const claim = msg.dapai ?? msg.gang ?? msg.kita;
    const tsumo = !claim;
    let rongpai: string | null = null;
    if (claim) {
      const d = ['', '+', '=', '-'][(4 + claim.l - menfeng) % 4];
      // A North set aside (three players) is robbed like a discard.
      const tile = msg.dapai
        ? msg.dapai.p.slice(0, 2)
        : msg.kita
          ? 'z4'
          : (msg.gang?.m[0] ?? '') + (msg.gang?.m.slice(-1) ?? '');
      rongpai = tile + d;
    }
    const lingshang = tsumo && !!msg.gangzimo;
    const hule = Majiang.Util.hule(hand, rongpai, {
      rule: view._rule,
      zhuangfeng: view.model.zhuangfeng,
      menfeng,
      hupai: {
        lizhi: hand.lizhi ? 1 : 0,
        yifa: 0,
        qianggang: !!msg.gang,
        lingshang,
        haidi: paishu > 0 || lingshang ? 0 : tsumo ? 1 : 2,
        tianhu: 0,
      },
      baopai: [],
      fubaopai: null,
      jicun: { changbang: 0, lizhibang: 0 },
    });
    return yakuHan(hule) >= this.rules.minHan;
  }
}
