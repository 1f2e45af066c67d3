import Majiang, { type Player } from '@kobalab/majiang-core';
import { yakuHan } from '../rules/min-han';
import type { GameMessage, Reply, ReplyFn, SeatPlayer } from './types';

/**
 * Teaches a robot the minimum han (`fanfu` 2 or 4), which the robots themselves do not know: a win the robot
 * declares is kept only when its yaku (dora not counted) reach the minimum, judged from what the seat can see;
 * otherwise the seat passes (or discards the drawn tile). Yaku the seat cannot be sure of (ippatsu, double
 * riichi, first-draw wins) are not counted, so the guard never lets an illegal win through.
 */
export class MinHanGuard implements SeatPlayer {
  private readonly view: Player = new Majiang.Player();

  constructor(
    private readonly robot: SeatPlayer,
    private readonly minHan: number,
  ) {}

  action(msg: GameMessage, reply?: ReplyFn): void {
    this.view.action(msg);
    if (!reply) return this.robot.action(msg);
    this.robot.action(msg, (answer?: Reply) => {
      reply(answer?.hule && !this.winAllowed(msg) ? {} : answer);
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
    const claim = msg.dapai ?? msg.gang;
    const tsumo = !claim;
    let rongpai: string | null = null;
    if (claim) {
      const d = ['', '+', '=', '-'][(4 + claim.l - menfeng) % 4];
      const tile = msg.dapai
        ? msg.dapai.p.slice(0, 2)
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
    return yakuHan(hule) >= this.minHan;
  }
}
