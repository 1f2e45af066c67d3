import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: queries take either. */
export type Executor = Db;

/**
 * Runs `read` on one snapshot of the database (a read-only repeatable-read transaction): every query in it sees
 * the same committed data, so a page of a list and the list's count agree while writes go on.
 */
export function inSnapshot<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** Advisory lock key held while migrating PostgreSQL. */
const MIGRATION_LOCK = 7_351_002;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Database = {
  kind: 'pglite' | 'pg';
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections (open, idle) and the queries waiting for one. PGlite has no pool. */
  poolUse?: () => { total: number; idle: number; waiting: number };
};

// int8 and numeric counts come back from pg as strings: every bigint we store is a unix time or a count.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20) return (v: string) => Number(v);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded signature
    return pg.types.getTypeParser(oid, format as any);
  },
};

/**
 * A new connection that takes longer than this is given up, and so is a wait for a free one: a call then fails
 * with a clear error (see `isDatabaseUnavailable`) instead of hanging on an unreachable server.
 */
const CONNECT_TIMEOUT_MS = 5000;

/** PostgreSQL through a pg pool. */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes as pg.CustomTypesConfig,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection cut by the server (a PostgreSQL restart) is reported here; unheard, the error would end
  // the process. The pool drops that connection and opens a new one for the next query.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pg',
    db,
    // Several processes may start at once on one database: they take turns (advisory lock) to migrate.
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Node's codes of a connection that cannot be made or was cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a failed query failed because PostgreSQL cannot be reached right now (down, restarting, out of
 * connections), not because of the query: the caller may try again later. Looks through drizzle's wrapping
 * (`cause`): connection errors of Node, SQLSTATE class 08 (connection exception), 57P (shutting down, starting
 * up), 53300 (too many connections), and pg's own messages for a cut connection and a connect timeout.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '53300')
        return true;
    }
    if (
      typeof message === 'string' &&
      /^Connection terminated|^timeout exceeded when trying to connect/.test(message)
    )
      return true;
    e = cause;
  }
  return false;
}

/** Embedded PostgreSQL (PGlite): in `<dataDir>/pg`, or an already opened instance. */
export async function openPglite(source: { dataDir: string } | { instance: PGlite }): Promise<Database> {
  let instance: PGlite;
  let release = () => {};
  if ('instance' in source) instance = source.instance;
  else {
    const dir = join(source.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(source.dataDir);
    try {
      instance = await PGlite.create(dir);
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzlePglite(instance, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await instance.close();
      release();
    },
  };
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else PGlite in the data folder. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite({ dataDir: opts.dataDir });
}
