import { createRequire } from 'node:module';

type Counter = { current: number; ttl: number };
type Store = {
  incr(key: string, cb: (err: Error | null, res: Counter) => void, timeWindow: number, max: number): void;
  read?(key: string, cb: (err: Error | null, res: Counter) => void, timeWindow: number): void;
};

const require = createRequire(import.meta.url);
const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store =
  require('@fastify/rate-limit/store/LocalStore.js');

/**
 * The per-address counters of every rate-limited call in one table. The rate-limit plugin gives each route a
 * store of its own, so a call served under both prefixes would count twice; here every route shares this one,
 * and the key carries the call's `groupId` (its path below the prefix), so the two prefixes share a bucket.
 */
export class SharedRateStore {
  private readonly local: Store;
  constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    this.local = new LocalStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      50_000,
    );
  }
  incr(...args: Parameters<Store['incr']>): void {
    this.local.incr(...args);
  }
  read(...args: Parameters<NonNullable<Store['read']>>): void {
    this.local.read?.(...args);
  }
  child(): SharedRateStore {
    return this;
  }
}
