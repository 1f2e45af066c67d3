import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisSettings } from '../cluster/redis';
import { type Database, MIGRATIONS_DIR } from '../db/client';
import { withinMs } from '../metrics/bounded';

/** A readiness probe waits this long for the database and for Redis (ms); past it, that part is not ready. */
export const PROBE_TIMEOUT_MS = 2000;

/** What a readiness check found: `ok`, or why not. */
type Check = 'ok' | 'timeout' | 'unavailable' | 'pending' | 'unknown';

export type Readiness = {
  status: 'ready' | 'not ready';
  checks: { database: Check; migrations: Check; redis?: Check };
};

/** The time stamp of the newest migration this code ships (drizzle's journal); the database must have it. */
function lastMigration(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** SQLSTATE of an error, looking through drizzle's wrapping. */
function sqlState(err: unknown): string | undefined {
  let e = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs `work` once for all callers while it is in flight: probes of a hung database do not pile up queries. */
function singleFlight<T>(work: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= work().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/**
 * The readiness checks: the database answers a query, which also tells whether this code's migrations are all
 * applied; in the scaled mode, Redis answers PING (on a connection of its own). Each is bounded by
 * `timeoutMs` (`PROBE_TIMEOUT_MS`).
 */
export class ReadinessProbe {
  private readonly lastMigration = lastMigration();
  private redis: Redis | null = null;
  private readonly databaseOnce: () => Promise<Pick<Readiness['checks'], 'database' | 'migrations'>>;
  private readonly redisOnce: () => Promise<Check>;

  constructor(
    private readonly database: Database,
    private readonly redisSettings: RedisSettings | undefined,
    private readonly timeoutMs = PROBE_TIMEOUT_MS,
  ) {
    this.databaseOnce = singleFlight(() => this.checkDatabase());
    this.redisOnce = singleFlight(() => this.checkRedis());
  }

  async check(): Promise<Readiness> {
    const [db, redis] = await Promise.all([
      withinMs(this.databaseOnce(), this.timeoutMs).then(
        (found) => found ?? ({ database: 'timeout', migrations: 'unknown' } as const),
      ),
      this.redisSettings
        ? withinMs(this.redisOnce(), this.timeoutMs).then((found) => found ?? ('timeout' as const))
        : undefined,
    ]);
    const checks: Readiness['checks'] = { ...db, ...(redis ? { redis } : {}) };
    const ready = Object.values(checks).every((c) => c === 'ok');
    return { status: ready ? 'ready' : 'not ready', checks };
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
    this.redis = null;
  }

  private async checkDatabase(): Promise<Pick<Readiness['checks'], 'database' | 'migrations'>> {
    try {
      const result = await this.database.db.execute(
        sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
      );
      const last = Number((result as unknown as { rows: { last: unknown }[] }).rows[0]?.last ?? 0);
      return { database: 'ok', migrations: last >= this.lastMigration ? 'ok' : 'pending' };
    } catch (err) {
      // The database answers, but was never migrated (no migrations table, or no drizzle schema).
      const state = sqlState(err);
      if (state === '42P01' || state === '3F000') return { database: 'ok', migrations: 'pending' };
      return { database: 'unavailable', migrations: 'unknown' };
    }
  }

  private async checkRedis(): Promise<Check> {
    if (!this.redisSettings) return 'ok';
    this.redis ??= connectRedis(this.redisSettings, 'health');
    // Errors of this connection are the probe's answer, not log lines.
    if (this.redis.listenerCount('error') === 0) this.redis.on('error', () => {});
    try {
      return (await this.redis.ping()) === 'PONG' ? 'ok' : 'unavailable';
    } catch {
      return 'unavailable';
    }
  }
}

/**
 * `GET /healthz`: the process lives (200 `{"status":"ok"}`). `GET /readyz`: 200 when the database answers, its
 * migrations are applied and (scaled mode) Redis answers; else 503 naming what is not. For proxies and process
 * managers: no auth, no rate limit, not logged below warnings.
 */
export function healthRoutes(app: FastifyInstance, probe: ReadinessProbe): void {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const readiness = await probe.check();
    reply.header('cache-control', 'no-store');
    return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
  });
  app.addHook('onClose', () => probe.close());
}
