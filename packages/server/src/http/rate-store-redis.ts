import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisSettings, redisKey } from '../cluster/redis';

import type { RateCallback as Callback, RateStore, RateStoreOptions } from './rate-store-contract';

/** The store of a process on its own. */
type LocalStoreClass = new (options: RateStoreOptions) => Required<RateStore>;

const require = createRequire(import.meta.url);
/** The rate-limit plugin's own Redis store: an atomic INCR + PEXPIRE script per count, under `key + address`. */
const PluginRedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => RateStore = require('@fastify/rate-limit/store/RedisStore.js');

/**
 * How long a count waits for Redis before this process counts on its own. A login must not hang on an outage;
 * a healthy Redis answers in well under a millisecond.
 */
export const REDIS_COUNT_WAIT_MS = 500;

/**
 * The per-address counters in Redis, shared by every process of the deployment: one key per address and call
 * (`<prefix>:rate:<address><call>`), whichever process and URL prefix a request comes by.
 *
 * While Redis is unreachable or slow, each process counts on its own in memory (and says so once in its log):
 * the limits then hold per process instead of across the cluster, looser by the number of processes but never
 * unlimited, and logins and registrations keep working. Refusing them instead would lock every player out for
 * the length of an outage that the rest of the API does not notice; password guessing stays bounded anyway by
 * the per-account failure count, which lives in PostgreSQL.
 */
class RedisRateStore {
  private readonly remote: RateStore;
  private readonly alone: Required<RateStore>;
  private countingAlone = false;

  constructor(
    options: RateStoreOptions,
    private readonly redis: Redis,
    settings: RedisSettings,
    private readonly log: FastifyBaseLogger,
    Local: LocalStoreClass,
  ) {
    this.remote = new PluginRedisStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      redis,
      redisKey(settings, 'rate', ''),
    );
    this.alone = new Local(options);
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    // A command sent now would wait in the connection's queue until Redis is back: count here instead.
    if (this.redis.status !== 'ready') {
      this.countAlone(key, cb, timeWindow, max, 'Redis is unreachable');
      return;
    }
    let settled = false;
    const late = setTimeout(() => {
      settled = true;
      this.countAlone(key, cb, timeWindow, max, `Redis did not answer within ${REDIS_COUNT_WAIT_MS} ms`);
    }, REDIS_COUNT_WAIT_MS);
    const counted: Callback = (err, res) => {
      if (settled) return;
      settled = true;
      clearTimeout(late);
      if (err) {
        this.countAlone(key, cb, timeWindow, max, err.message);
        return;
      }
      if (this.countingAlone) {
        this.countingAlone = false;
        this.log.info('rate limits: counting in Redis again, across every process');
      }
      cb(null, res);
    };
    this.remote.incr(key, counted, timeWindow, max);
  }

  /** The counter without counting (the plugin's `increment: false`); this process's own while Redis is away. */
  read(key: string, cb: Callback, timeWindow: number): void {
    const remoteRead = this.remote.read;
    if (this.redis.status !== 'ready' || !remoteRead) {
      this.alone.read(key, cb, timeWindow);
      return;
    }
    const answered: Callback = (err, res) => {
      if (err) this.alone.read(key, cb, timeWindow);
      else cb(null, res);
    };
    remoteRead.call(this.remote, key, answered, timeWindow);
  }

  /** Every route shares this store: the key carries the call, so both URL prefixes count in one bucket. */
  child(): RedisRateStore {
    return this;
  }

  private countAlone(key: string, cb: Callback, timeWindow: number, max: number, why: string): void {
    if (!this.countingAlone) {
      this.countingAlone = true;
      this.log.warn(`rate limits: ${why}; this process counts on its own until Redis answers again`);
    }
    this.alone.incr(key, cb, timeWindow, max);
  }
}

/**
 * The store class for the rate-limit plugin (which builds it with its options), over a Redis connection of its
 * own that closes with the app; `Local` counts while Redis is away.
 */
export function redisRateStore(
  app: FastifyInstance,
  settings: RedisSettings,
  Local: LocalStoreClass,
): new (
  options: RateStoreOptions,
) => RedisRateStore {
  const redis = connectRedis(settings, 'rate-limits');
  // Outages are reported by the store when a count falls back; the connection's own errors would repeat it.
  redis.on('error', () => {});
  // Nothing to flush: the counters live in Redis. disconnect() rather than quit(), which waits out an outage.
  app.addHook('onClose', async () => redis.disconnect());
  const log = app.log;
  return class extends RedisRateStore {
    constructor(options: RateStoreOptions) {
      super(options, redis, settings, log, Local);
    }
  };
}
