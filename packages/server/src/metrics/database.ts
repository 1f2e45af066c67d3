import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';

/** PostgreSQL: the pool's connections by state, read when scraped. PGlite has no pool, and no such metric. */
export function poolMetrics(database: Database, registry: Registry): void {
  const poolUse = database.poolUse;
  if (!poolUse) return;
  new Gauge({
    name: 'taikai_db_pool_connections',
    help: 'Database pool of this process: connections open (total) and idle, and queries waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
}
