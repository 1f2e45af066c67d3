import type { XuezhanRecordLog } from '@taikai/protocol';
import type { SeatMessage } from '../table/model/tableState';
import type { ReplayGame } from './tenhouLog';

/**
 * A xuezhandaodi record (`format: 'xuezhan'`, the engine's record) as a replay: its hands are the rules engine's
 * messages already (`paipu.log[n]`: the deal with every hand open, then every move, every win where it happened,
 * and the hand's last win or draw), so the table model replays them as they are.
 */
export function readXuezhan(log: XuezhanRecordLog): ReplayGame {
  return {
    players: 4,
    names: log.paipu.player.slice(),
    qijia: log.paipu.qijia,
    xuezhan: true,
    hands: log.paipu.log.map((entries) => {
      const qipai = (entries[0]?.qipai ?? {}) as { zhuangfeng?: number; jushu?: number; changbang?: number };
      return {
        round: { wind: qipai.zhuangfeng ?? 0, hand: qipai.jushu ?? 0, honba: qipai.changbang ?? 0 },
        messages: entries as SeatMessage[],
      };
    }),
  };
}
