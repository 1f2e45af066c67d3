import type { GameLog } from './log/game-log';
import type { TenhouLog } from './log/tenhou';
import type { GameMessage } from './robots/types';
import type { EndReason } from './rules/game-end';
import type { Ask } from './seats/player-seat';
import type { Settlement } from './settlement';
import type { HandLog, HandResult, Progress, WinSummary } from './table-game';

/** What a table reports as it plays, in order. The server persists these. */
export type TableEvent =
  | { type: 'started'; tableId: string; commitment: string; roundType: number }
  /**
   * `hand`: the hand's number in the game from 0 (its wall's nonce); `attempt`: the deal attempt of its wall (0,
   * or one more than the last deal of this hand a restart abandoned); the progress is the table at the deal.
   * Reported before any seat is dealt the hand.
   */
  | ({ type: 'hand_start'; tableId: string; hand: number; attempt: number } & Progress)
  /** The progress after the hand's payments; `handLog`: the hand's record (`log.paipu.log[hand]` once finished). */
  | ({
      type: 'hand_end';
      tableId: string;
      hand: number;
      attempt: number;
      result: HandResult;
      handLog: HandLog;
    } & Progress)
  | {
      type: 'yakuman';
      tableId: string;
      seat: number;
      /** `yakuman` (a yakuman hand, `multiple` ≥ 1) or `counted` (kazoe: 13+ han without one). */
      kind: 'yakuman' | 'counted';
      multiple: number;
      /** The marked-record code: the multiple, or 7 for a counted yakuman. */
      yiman: number;
      yaku: string[];
      chang: number;
      ju: number;
      ben: number;
    }
  | { type: 'paused'; tableId: string; until: number; progress: Progress }
  | { type: 'resumed'; tableId: string; expired: boolean }
  | { type: 'terminated'; tableId: string; progress: Progress; seed: string }
  | {
      type: 'finished';
      tableId: string;
      reason: EndReason;
      settlement: Settlement;
      progress: Progress;
      log: GameLog;
      /**
       * The same game in Tenhou's JSON log format, when the table was started with `tenhou: true`; otherwise
       * `toTenhou(log)` builds it on demand.
       */
      tenhou?: TenhouLog;
      seed: string;
      commitment: string;
    }
  /**
   * `msg`: a riichi table's `GameMessage`; at a chuanma table (its `kaiju.mode` is `chuanma`) a `ChuanmaMessage`
   * (`src/chuanma/messages.ts`; read it with `chuanmaMessageOf`). The type stays `GameMessage` for the riichi
   * consumers; both are plain JSON objects keyed by the event.
   */
  | { type: 'seat_message'; tableId: string; seat: number; msg: GameMessage; ask: Ask | null }
  | { type: 'failed'; tableId: string; error: string };

export type EventSink = (event: TableEvent) => void;

/** The `yakuman` event of a win: its multiple, or a counted (kazoe) yakuman as its own kind (code 7). */
export function yakumanEvent(tableId: string, win: WinSummary, progress: Progress): TableEvent {
  return {
    type: 'yakuman',
    tableId,
    seat: win.seat,
    kind: win.counted ? 'counted' : 'yakuman',
    multiple: win.yakuman ?? 1,
    yiman: win.counted ? 7 : (win.yakuman ?? 1),
    yaku: win.yaku,
    chang: progress.chang,
    ju: progress.ju,
    ben: progress.ben,
  };
}
