/** Runs the idle-table measurement in its own worker thread and returns what it found. */
import { Worker } from 'node:worker_threads';

export interface IdleTables {
  tables: number;
  waiting: number;
  parkedIn: number;
  bytesPerTable: number;
  externalPerTable: number;
  heapBefore: number;
  heapAfter: number;
}

export function measureIdleTables(tables: number): Promise<IdleTables> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./idle-tables-entry.mjs', import.meta.url), {
      workerData: { tables },
    });
    worker.once('message', (result: IdleTables) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
