import type { ControlResult } from './errors';
import type { TableEvent } from './events';
import type { Reply } from './robots/types';
import type { TableOptions } from './table';

export type ControlAction = 'pause' | 'resume' | 'terminate';

/** A table as the worker starts it: its options less the event sink (the pool's), the step loop's tuning and the clock. */
export type StartTable = Omit<TableOptions, 'onEvent' | 'sliceMs' | 'clock'>;

/**
 * Main thread → worker. Messages cross the thread boundary in batches (`ToWorker[]`, in order): what is sent
 * within one turn of the main thread's event loop (the answers read from many players' connections) leaves in
 * one message, so the worker is woken once for them.
 */
export type ToWorker =
  | { op: 'start'; reqId: number; table: StartTable }
  | { op: 'control'; reqId: number; tableId: string; action: ControlAction }
  | { op: 'answer'; tableId: string; seat: number; askId: number; reply: Reply }
  | { op: 'connect'; tableId: string; seat: number; connected: boolean };

/**
 * Worker → main thread, in batches too (`FromWorker[]`, in order): the events of one run of a table's steps (a
 * discard, the robots' turns, the next draw) leave together, so the main thread is woken and dispatched once for
 * them instead of once per event.
 */
export type FromWorker =
  | { kind: 'event'; event: TableEvent }
  | { kind: 'started'; reqId: number; commitment: string }
  | { kind: 'start_failed'; reqId: number; error: string }
  | { kind: 'control'; reqId: number; result: ControlResult };
