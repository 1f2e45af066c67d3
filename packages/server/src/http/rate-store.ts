import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { RateStore, RateStoreOptions } from './rate-store-contract';

const require = createRequire(import.meta.url);
const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateStore =
  require('@fastify/rate-limit/store/LocalStore.js');

/**
 * The per-address counters of every rate-limited call in one table. The rate-limit plugin gives each route a
 * store of its own, so a call served under both prefixes would count twice; here every route shares this one,
 * and the key carries the call's `groupId` (its path below the prefix), so the two prefixes share a bucket.
 */
export class SharedRateStore {
  private readonly local: RateStore;
  constructor(options: RateStoreOptions) {
    this.local = new LocalStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      50_000,
    );
  }
  incr(...args: Parameters<RateStore['incr']>): void {
    this.local.incr(...args);
  }
  read(...args: Parameters<NonNullable<RateStore['read']>>): void {
    this.local.read?.(...args);
  }
  child(): SharedRateStore {
    return this;
  }
}

/**
 * The store class the app gives the rate-limit plugin: this process's memory, or with several processes
 * (`config.redis`) Redis, so that an address's calls count together whichever process serves them.
 */
export async function rateStoreFor(
  app: FastifyInstance,
  config: Pick<Config, 'redis'>,
): Promise<new (options: RateStoreOptions) => unknown> {
  if (!config.redis) return SharedRateStore;
  // Loaded only in the scaled mode: the embedded server never loads the Redis client.
  const { redisRateStore } = await import('./rate-store-redis');
  return redisRateStore(app, config.redis, SharedRateStore);
}
