import Majiang from '@kobalab/majiang-core';
import type { GameMessage } from '../../src/robots/types';

/**
 * The two messages that open a game for seat 0, the first dealer, under the rules engine's default rule:
 * `kaiju`, then `qipai` dealing `hand` (the other hands hidden) with `baopai` as the dora indicator.
 */
export function openingMessages(hand: string, baopai: string): GameMessage[] {
  return [
    { kaiju: { id: 0, rule: Majiang.rule(), title: '', player: ['a', 'b', 'c', 'd'], qijia: 0 } },
    {
      qipai: {
        zhuangfeng: 0,
        jushu: 0,
        changbang: 0,
        lizhibang: 0,
        defen: [25000, 25000, 25000, 25000],
        baopai,
        shoupai: [hand, '', '', ''],
      },
    },
  ];
}
