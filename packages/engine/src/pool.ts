import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { isChuanmaRule } from './chuanma/rule';
import type { ControlResult } from './errors';
import type { EventSink, TableEvent } from './events';
import type { Reply } from './robots/types';
import { toTableRule } from './rules/adapter';
import { refuseUnsupported } from './rules/unsupported';
import type { ControlAction, FromWorker, StartTable, ToWorker } from './worker-protocol';
import { isXuezhanRule } from './xuezhan/rule';

export interface PoolOptions {
  /** Worker threads; one per core by default. */
  workers?: number;
}

export interface StartOptions extends StartTable {
  onEvent: EventSink;
}

export interface TablePool {
  /** Starts a table; resolves with its wall commitment once the worker has it. Refuses unsupported rules. */
  start(options: StartOptions): Promise<{ tableId: string; commitment: string }>;
  pause(tableId: string): Promise<ControlResult>;
  resume(tableId: string): Promise<ControlResult>;
  terminate(tableId: string): Promise<ControlResult>;
  /** A player's answer to a decision asked in a `seat_message` event. */
  answer(tableId: string, seat: number, askId: number, reply: Reply): void;
  /** A player seat's connection state; disconnected seats are auto-played. */
  setConnected(tableId: string, seat: number, connected: boolean): void;
  /** Tables running (or paused) now. */
  readonly size: number;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  tables: number;
  /** Messages for the worker not yet posted: they leave as one batch at the end of this turn of the event loop. */
  outbox: ToWorker[];
}

interface Pending {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  slot: Slot;
}

const ENDED_MEMORY = 10_000;
const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);

/**
 * The worker pool: tables are spread over worker threads (the least busy first) so the caller's event loop
 * never runs a game step. Events come back through each table's `onEvent`, in order.
 */
export function createTablePool(options: PoolOptions = {}): TablePool {
  const count = Math.max(1, options.workers ?? availableParallelism());
  const sinks = new Map<string, { sink: EventSink; slot: Slot }>();
  const pending = new Map<number, Pending>();
  /** Tables that have ended, so a repeated control still gets a straight answer. */
  const ended = new Map<string, 'finished' | 'terminated'>();
  let reqSeq = 0;
  let closed = false;

  /**
   * Queues a message for a slot's worker. The batch is posted once the current phase of the event loop is over
   * (`setImmediate`: right after the connections read in this turn were handled), so answers read from many
   * connections at once wake the worker once, and none waits for more than that turn.
   */
  const send = (slot: Slot, message: ToWorker): void => {
    if (slot.outbox.push(message) > 1) return;
    const outbox = slot.outbox;
    setImmediate(() => {
      // A worker replaced meanwhile has a new outbox: what was queued for the lost one is dropped with it.
      if (slot.outbox !== outbox || closed) return;
      slot.outbox = [];
      slot.worker.postMessage(outbox);
    });
  };

  const request = <T>(slot: Slot, message: ToWorker & { reqId: number }): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      pending.set(message.reqId, { resolve: resolve as (v: never) => void, reject, slot });
      send(slot, message);
    });

  const onBatch = (batch: FromWorker[]) => {
    for (const message of batch) onMessage(message);
  };

  const onMessage = (message: FromWorker) => {
    if (message.kind === 'event') return deliver(message.event);
    const waiter = pending.get(message.reqId);
    if (!waiter) return;
    pending.delete(message.reqId);
    if (message.kind === 'start_failed') waiter.reject(new Error(message.error));
    else if (message.kind === 'started') (waiter.resolve as (v: unknown) => void)(message.commitment);
    else (waiter.resolve as (v: unknown) => void)(message.result);
  };

  const deliver = (event: TableEvent) => {
    const entry = sinks.get(event.tableId);
    if (!entry) return;
    if (event.type === 'finished' || event.type === 'terminated' || event.type === 'failed') {
      sinks.delete(event.tableId);
      entry.slot.tables--;
      ended.set(event.tableId, event.type === 'finished' ? 'finished' : 'terminated');
      if (ended.size > ENDED_MEMORY) ended.delete(ended.keys().next().value as string);
    }
    entry.sink(event);
  };

  /** Starts (or restarts) a slot's worker. A worker that dies fails its tables and is replaced. */
  const spawn = (slot: Slot): void => {
    const worker = new Worker(WORKER_URL);
    slot.worker = worker;
    slot.outbox = [];
    worker.on('message', onBatch);
    const lost = (error: unknown) => {
      if (slot.worker !== worker) return;
      for (const [tableId, entry] of sinks) {
        if (entry.slot === slot) deliver({ type: 'failed', tableId, error: String(error) });
      }
      for (const [reqId, waiter] of pending) {
        if (waiter.slot !== slot) continue;
        pending.delete(reqId);
        waiter.reject(new Error(`engine worker lost: ${String(error)}`));
      }
      if (!closed) spawn(slot);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (!closed) lost(new Error(`engine worker exited with code ${code}`));
    });
  };
  const slots: Slot[] = Array.from({ length: count }, () => {
    const slot = { tables: 0, outbox: [] } as Partial<Slot> as Slot;
    spawn(slot);
    return slot;
  });

  const control = (tableId: string, action: ControlAction): Promise<ControlResult> => {
    const entry = sinks.get(tableId);
    if (!entry) {
      const state = ended.get(tableId);
      if (!state) return Promise.resolve({ ok: false, state: 'missing' });
      // Terminating an ended table is a no-op that succeeds; pausing or resuming it is refused.
      return Promise.resolve({ ok: action === 'terminate', state });
    }
    return request<ControlResult>(entry.slot, { op: 'control', reqId: ++reqSeq, tableId, action });
  };

  return {
    async start(options) {
      if (closed) throw new Error('the table pool is closed');
      const { onEvent, ...table } = options;
      // Refused up front, by name (a chuanma or xuezhandaodi rule by its own list; see `refuseUnsupported`).
      if (isChuanmaRule(table.rule) || isXuezhanRule(table.rule))
        refuseUnsupported(table.rule, table.roundType);
      else toTableRule(table.rule, table.roundType);
      if (sinks.has(table.tableId)) throw new Error(`table ${table.tableId} is already running`);
      ended.delete(table.tableId);
      const slot = slots.reduce((a, b) => (b.tables < a.tables ? b : a));
      slot.tables++;
      sinks.set(table.tableId, { sink: onEvent, slot });
      try {
        const commitment = await request<string>(slot, { op: 'start', reqId: ++reqSeq, table });
        return { tableId: table.tableId, commitment };
      } catch (error) {
        sinks.delete(table.tableId);
        slot.tables--;
        throw error;
      }
    },
    pause: (tableId) => control(tableId, 'pause'),
    resume: (tableId) => control(tableId, 'resume'),
    terminate: (tableId) => control(tableId, 'terminate'),
    answer(tableId, seat, askId, reply) {
      const entry = sinks.get(tableId);
      if (entry) send(entry.slot, { op: 'answer', tableId, seat, askId, reply });
    },
    setConnected(tableId, seat, connected) {
      const entry = sinks.get(tableId);
      if (entry) send(entry.slot, { op: 'connect', tableId, seat, connected });
    },
    get size() {
      return sinks.size;
    },
    async close() {
      closed = true;
      for (const waiter of pending.values()) waiter.reject(new Error('the table pool is closed'));
      pending.clear();
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
