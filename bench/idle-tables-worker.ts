/**
 * Inside a worker, as in the pool: starts N tables whose four seats are human players who never answer, waits
 * until every table is parked on its first decision (the dealer's first discard), and measures the heap each
 * table holds while it waits. Posts `{ tables, waiting, bytesPerTable, ... }` to the parent.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { installFastShanten, Table } from '@taikai/engine';
import { seedOf } from './seeds';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const count: number = workerData?.tables ?? 1000;
installFastShanten();

function startIdle(n: number, prefix: string, onWaiting: () => void): Table[] {
  const tables: Table[] = [];
  for (let i = 0; i < n; i++) {
    const table = new Table({
      tableId: `${prefix}-${i}`,
      rule: {},
      roundType: 2,
      seats: [0, 1, 2, 3].map((seat) => ({ kind: 'player' as const, name: `player ${seat}` })),
      seed: seedOf(`${prefix}-${i}`),
      onEvent: (e) => {
        if (e.type === 'seat_message' && e.ask) onWaiting();
      },
    });
    table.start();
    tables.push(table);
  }
  return tables;
}

async function until(done: () => boolean, limitMs: number): Promise<void> {
  const start = Date.now();
  while (!done() && Date.now() - start < limitMs) await new Promise((r) => setTimeout(r, 20));
}

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
};

// Warm up: load every module the tables use and let the JIT settle, then let it all go.
let warm = 0;
const warmUp = startIdle(50, 'warm', () => warm++);
await until(() => warm >= 50, 10_000);
for (const t of warmUp) t.terminate();
await settle();

const before = process.memoryUsage();
let waiting = 0;
const started = performance.now();
const tables = startIdle(count, 'idle', () => waiting++);
// Every table asks its dealer for the first discard; the seats' 25 s limit is far off.
await until(() => waiting >= count, 20_000);
const parkedIn = (performance.now() - started) / 1000;
await settle();
const after = process.memoryUsage();
for (const t of tables) t.terminate();

parentPort?.postMessage({
  tables: count,
  waiting,
  parkedIn,
  bytesPerTable: (after.heapUsed - before.heapUsed) / count,
  externalPerTable: (after.external + after.arrayBuffers - before.external - before.arrayBuffers) / count,
  heapBefore: before.heapUsed,
  heapAfter: after.heapUsed,
});
