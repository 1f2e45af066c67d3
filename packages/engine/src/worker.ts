import { parentPort } from 'node:worker_threads';
import { installFastShanten } from './shanten/install';
import { Table } from './table';
import type { FromWorker, ToWorker } from './worker-protocol';

/**
 * A pool worker: hosts many tables, each stepping in short slices, so controls and answers are handled between
 * steps. Our fast shanten is installed once for every robot here.
 */
installFastShanten();

const port = parentPort;
if (!port) throw new Error('the engine worker runs inside a worker thread');
const tables = new Map<string, Table>();

// What the tables report during one task of this thread (a run of steps, an answer, a control) is posted as one
// batch when the task ends: no later than one message at a time would be, with one wake-up of the main thread.
let outbox: FromWorker[] = [];
const flush = () => {
  const batch = outbox;
  outbox = [];
  port.postMessage(batch);
};
const post = (message: FromWorker) => {
  if (outbox.push(message) === 1) queueMicrotask(flush);
};

port.on('message', (batch: ToWorker[]) => {
  for (const message of batch) handle(message);
});

function handle(message: ToWorker): void {
  switch (message.op) {
    case 'start': {
      const spec = message.table;
      try {
        if (tables.has(spec.tableId)) throw new Error(`table ${spec.tableId} is already running`);
        const table = new Table({ ...spec, onEvent: (event) => post({ kind: 'event', event }) });
        tables.set(spec.tableId, table);
        table.done.then(() => tables.delete(spec.tableId));
        post({ kind: 'started', reqId: message.reqId, commitment: table.commitment });
        table.start();
      } catch (error) {
        post({
          kind: 'start_failed',
          reqId: message.reqId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return;
    }
    case 'control': {
      const table = tables.get(message.tableId);
      const result = table ? table[message.action]() : { ok: false, state: 'missing' as const };
      post({ kind: 'control', reqId: message.reqId, result });
      return;
    }
    case 'answer':
      tables.get(message.tableId)?.answer(message.seat, message.askId, message.reply);
      return;
    case 'connect':
      tables.get(message.tableId)?.setConnected(message.seat, message.connected);
      return;
  }
}
