import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { offsetClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import type { Ctx } from '../../src/context';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import * as operator from '../../src/domains/accounts/operator';
import { addAdmin } from '../../src/domains/admins/service';
import { deleteRedisKeys, freshRedisPrefix } from './cluster';
import { databaseUrlFor } from './postgres';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies
export type Reply = { status: number; body: any };
export type CallOptions = {
  token?: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
};
export type Organiser = {
  token: string;
  account: { id: number; publicId: number; email: string; nickname: string; password: string };
};

const DAY = 86_400;
let sequence = 0;

/** A database a world runs on: its handle, its PostgreSQL URL (none for PGlite), and how to drop it. */
export type WorldDatabase = { database: Database; url?: string; drop: () => Promise<void> };

/** A fresh database for one test file: a copy of the run's migrated template. */
async function freshDatabase(): Promise<WorldDatabase> {
  const serverUrl = process.env.TAIKAI_TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (serverUrl && template) {
    const name = `taikai_srv_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = databaseUrlFor(serverUrl, name);
    const database = openPostgres(url);
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        // The pool's connections close a moment after pool.end() resolves: wait for them rather than cut
        // them off, since a connection terminated by the server while closing raises an uncaught error.
        for (let tries = 0; ; tries++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}${tries < 50 ? '' : ' WITH (FORCE)'}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || tries >= 50) throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        await c.end();
      },
    };
  }
  const tarball = readFileSync(inject('pgliteTemplate'));
  const instance = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  const database = await openPglite({ instance });
  return { database, drop: () => database.close() };
}

/**
 * Builds the app on a fresh database (or on `options.database`, migrated, which the world then drops), with
 * factories for the people and things tests need. Logs are off unless `logStream` is given: then they go there at
 * the configured LOG_LEVEL.
 */
export async function startWorld(
  env: Record<string, string> = {},
  options: { logStream?: Writable; database?: WorldDatabase } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'taikai-world-'));
  const { database, url, drop } = options.database ?? (await freshDatabase());
  // On PostgreSQL with a Redis for the tests (TAIKAI_TEST_REDIS_URL, as `npm test` finds one), the app runs as one
  // process of the scaled mode: its tables, scheduler passes and live traffic go through Redis, so that the whole
  // API suite holds for both deployments.
  const redis =
    url && process.env.TAIKAI_TEST_REDIS_URL
      ? { url: process.env.TAIKAI_TEST_REDIS_URL, prefix: freshRedisPrefix() }
      : null;
  // Factories log in through /api/login: per-IP limits are roomy unless a test sets them.
  const config = loadConfig({
    TAIKAI_DATA_DIR: dataDir,
    // The dev outbox is served on loopback only.
    HOST: '127.0.0.1',
    TAIKAI_DEV_OUTBOX: '1',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_PER_IP: '10000',
    SEND_CODE_RATE_PER_IP: '10000',
    // Tables of scripted people play on a short call window (the engine's tests hold it to the millisecond).
    TAIKAI_CALL_WINDOW_MS: '5',
    ...(url && redis
      ? { DATABASE_URL: url, TAIKAI_REDIS_URL: redis.url, TAIKAI_REDIS_PREFIX: redis.prefix }
      : {}),
    ...env,
  });
  const clock = offsetClock();
  const app: FastifyInstance = await buildApp({
    config,
    database,
    clock,
    logger: options.logStream ? { stream: options.logStream } : false,
  });
  await app.ready();

  const opCtx = (): Ctx => ({
    ...app.deps,
    actor: null,
    ip: 'test',
    now: clock.now(),
  });

  async function call(method: 'GET' | 'POST', name: string, body?: unknown, opts: CallOptions = {}) {
    const path = name.startsWith('/') ? name : `/api/contest/${name}`;
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Majsoul ${opts.token}`;
    const res = await app.inject({
      method,
      url: path,
      query: opts.query as Record<string, string> | undefined,
      headers,
      ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
    });
    return { status: res.statusCode, body: res.json() } as Reply;
  }

  const world = {
    app,
    clock,
    config,
    database,
    opCtx,
    DAY,
    get: (name: string, query?: Record<string, unknown>, opts: CallOptions = {}) =>
      call('GET', name, undefined, { ...opts, query }),
    post: (name: string, body?: unknown, opts: CallOptions = {}) => call('POST', name, body, opts),

    /** An account (created by the operator) logged in through /api/login. */
    async organiser(
      opts: { currency?: number; canCreate?: boolean; nickname?: string } = {},
    ): Promise<Organiser> {
      sequence += 1;
      const nickname = opts.nickname ?? `org${sequence}${randomBytes(2).toString('hex')}`;
      const email = `${nickname.toLowerCase()}@example.test`;
      const password = 'secret-pass';
      const created = await operator.createAccount(opCtx(), { email, nickname, password });
      if (opts.currency) await operator.adjustCurrency(opCtx(), email, opts.currency);
      if (opts.canCreate === false) await operator.setCreateRight(opCtx(), email, false);
      const login = await call('POST', '/api/login', { account: email, password, type: 0 });
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      return {
        token: login.body.data.token,
        account: { id: created.id, publicId: created.publicId, email, nickname, password },
      };
    },

    /** A second session of an existing account. */
    async login(who: Organiser): Promise<Organiser> {
      const { email, password } = who.account;
      const login = await call('POST', '/api/login', { account: email, password, type: 0 });
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      return { ...who, token: login.body.data.token };
    },

    /** A valid create_contest body, starting tomorrow and ending a week later. */
    contestBody(overrides: Record<string, unknown> = {}) {
      const now = clock.now();
      return {
        name: [{ lang: 'default', content: 'Spring Cup' }],
        game_rule_setting: { mode: 2 },
        open_show: 1,
        start_time: now + DAY,
        end_time: now + 8 * DAY,
        ...overrides,
      };
    },

    /** A tournament created through the API by `owner`; returns its ids. */
    async contest(owner: Organiser, overrides: Record<string, unknown> = {}) {
      const res = await call('POST', 'create_contest', world.contestBody(overrides), { token: owner.token });
      if (res.status !== 200) throw new Error(`create_contest failed: ${JSON.stringify(res.body)}`);
      return res.body.data as { unique_id: number; contest_id: number; season_id: number };
    },

    /** Makes `who` an admin of a tournament (managing admins is not a call yet). */
    /** Appoints a manager of the tournament: an admin, or with `role` 2 a chat manager, 3 a player manager. */
    async makeAdmin(uniqueId: number, who: Organiser, role?: number) {
      await addAdmin(database.db, uniqueId, who.account.id, clock.now(), role);
    },

    async currencyOf(who: Organiser): Promise<number> {
      const res = await call('GET', 'fetch_account_info', undefined, { token: who.token });
      return res.body.data.currency[0].count;
    },

    /** Latest mail to an address, from the dev outbox. */
    async lastMail(email: string) {
      const res = await call('GET', '/api/dev/outbox', undefined, { query: { email } });
      return res.body.data.at(-1) as { code: string | null; subject: string; text: string } | undefined;
    },

    async close() {
      await app.close();
      await drop();
      if (redis) await deleteRedisKeys(redis.url, redis.prefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

export type World = Awaited<ReturnType<typeof startWorld>>;
