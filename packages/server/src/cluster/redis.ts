import { Redis } from 'ioredis';
import type { Config } from '../config';

export type RedisSettings = NonNullable<Config['redis']>;

/**
 * A connection to the scaled mode's Redis. Each use takes its own (BullMQ's workers block on theirs, a
 * subscriber may issue nothing but subscriptions); `name` shows in `CLIENT LIST`. Commands wait while Redis is
 * away and go out when it is back (`maxRetriesPerRequest: null`, as BullMQ requires), so a Redis restart
 * delays the cluster instead of failing it.
 */
export function connectRedis(settings: RedisSettings, name: string): Redis {
  return new Redis(settings.url, {
    connectionName: `${settings.prefix}:${name}`,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
}

/** A key or channel of this deployment: `<prefix>:<parts…>`. */
export function redisKey(settings: RedisSettings, ...parts: (string | number)[]): string {
  return [settings.prefix, ...parts].join(':');
}
