// The store contract of the rate-limit plugin (`@fastify/rate-limit`), as the process's and Redis's stores meet it.

export type RateCounter = { current: number; ttl: number };
export type RateCallback = (err: Error | null, res: RateCounter) => void;
/** A store as the rate-limit plugin drives it. */
export type RateStore = {
  incr(key: string, cb: RateCallback, timeWindow: number, max: number): void;
  read?(key: string, cb: RateCallback, timeWindow: number): void;
};
/** What the plugin passes to a store's constructor (its global settings). */
export type RateStoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };
