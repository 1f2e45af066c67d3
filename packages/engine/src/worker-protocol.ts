import type { ControlResult } from './errors';
import type { TableEvent } from './events';
import type { Reply } from './robots/types';
import type { RuleFields } from './rules/fields';
import type { SeatSpec } from './seats/seat-spec';

export type ControlAction = 'pause' | 'resume' | 'terminate';

export interface StartTable {
  tableId: string;
  rule: RuleFields;
  roundType: number;
  seats: SeatSpec[];
  seed?: string;
  initPoints?: number[];
  pauseLimitMs?: number;
  /** Build the Tenhou-JSON export into the `finished` event (in the worker). */
  tenhou?: boolean;
}

/** Main thread → worker. */
export type ToWorker =
  | { op: 'start'; reqId: number; table: StartTable }
  | { op: 'control'; reqId: number; tableId: string; action: ControlAction }
  | { op: 'answer'; tableId: string; seat: number; askId: number; reply: Reply }
  | { op: 'connect'; tableId: string; seat: number; connected: boolean };

/** Worker → main thread. */
export type FromWorker =
  | { kind: 'event'; event: TableEvent }
  | { kind: 'started'; reqId: number; commitment: string }
  | { kind: 'start_failed'; reqId: number; error: string }
  | { kind: 'control'; reqId: number; result: ControlResult };
