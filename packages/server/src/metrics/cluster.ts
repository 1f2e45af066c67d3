import { Counter, Gauge, type Registry } from 'prom-client';
import type { ClusterQueues, QueueName } from '../cluster/queues';
import { withinMs } from './bounded';

/** A scrape waits this long for Redis (ms); while Redis is away the queue depth is left out. */
const REDIS_WAIT_MS = 2000;

const QUEUES: QueueName[] = ['tables', 'scheduler'];

/**
 * Scaled mode: the depth of the BullMQ queues (`tables`, `scheduler`) by state, read from Redis when scraped (the
 * same for every process), and the jobs this process's workers found stalled.
 */
export function queueMetrics(queues: ClusterQueues, registry: Registry): void {
  new Gauge({
    name: 'taikai_queue_jobs',
    help: 'Jobs of a BullMQ queue by state (waiting, active, delayed), cluster-wide',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await withinMs(queues.jobCounts(), REDIS_WAIT_MS).catch(() => null);
      if (!counts) return;
      for (const queue of QUEUES)
        for (const [state, n] of Object.entries(counts[queue])) this.set({ queue, state }, n);
    },
  });
  const seen: Record<QueueName, number> = { tables: 0, scheduler: 0 };
  new Counter({
    name: 'taikai_queue_stalled_jobs_total',
    help: "Jobs found stalled by this process's workers (their process stopped renewing the lock) and taken back",
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      for (const queue of QUEUES) {
        this.inc({ queue }, queues.stalled[queue] - seen[queue]);
        seen[queue] = queues.stalled[queue];
      }
    },
  });
}
