// The real server a benchmark measures, and the organiser and tournament it starts from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../packages/server/src/app';
import { offsetClock } from '../packages/server/src/clock';
import { loadConfig } from '../packages/server/src/config';
import type { Ctx } from '../packages/server/src/context';
import { type Database, openDatabase } from '../packages/server/src/db/client';
import { adjustCurrency, createAccount } from '../packages/server/src/domains/accounts/operator';

type App = Awaited<ReturnType<typeof buildApp>>;
type OffsetClock = ReturnType<typeof offsetClock>;

export interface BenchServer {
  app: App;
  database: Database;
  /** The server's clock, moved by the benchmark. */
  clock: OffsetClock;
  /** A call context with no actor, for the operator functions. */
  ctx(): Ctx;
  /** Calls `/api/<path>` (GET with a query string, POST with JSON) and answers its `data`; an error throws. */
  call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown>,
    token?: string,
  ): Promise<T>;
  close(): Promise<void>;
}

/**
 * Builds the server on a fresh data folder: the embedded database, or BENCH_DATABASE_URL (a database it may fill;
 * `databaseUrl` overrides it), migrated. `listen`: serve HTTP on a free local port and call through it; otherwise calls go through Fastify's
 * inject.
 */
export async function openBenchServer(
  name: string,
  options: {
    listen?: boolean;
    gameWorkers?: number;
    databaseUrl?: string | null;
    /** More configuration, as environment variables (e.g. `TAIKAI_METRICS`). */
    env?: Record<string, string>;
  } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `taikai-bench-${name}-`));
  // `databaseUrl: null` asks for the embedded database whatever the environment says.
  const databaseUrl =
    options.databaseUrl === undefined ? process.env.BENCH_DATABASE_URL : (options.databaseUrl ?? undefined);
  const config = loadConfig({
    TAIKAI_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_PER_IP: '100000',
    ...options.env,
  });
  const database = await openDatabase(config);
  await database.migrate();
  const clock = offsetClock();
  const app = await buildApp({ config, database, clock, logger: false, gameWorkers: options.gameWorkers });
  let base = '';
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  } else await app.ready();

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown>,
    token?: string,
  ): Promise<T> {
    const headers: Record<string, string> = token ? { authorization: `Majsoul ${token}` } : {};
    const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
    const url = method === 'GET' ? `/api/${path}?${query}` : `/api/${path}`;
    const json = (
      options.listen
        ? await (
            await fetch(`${base}${url}`, {
              method,
              headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
              body: method === 'POST' ? JSON.stringify(body) : undefined,
            })
          ).json()
        : (await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: body } : {}) })).json()
    ) as { data?: T; error?: { code: number; message: string } };
    if (json.error) throw new Error(`${path}: ${json.error.code} ${json.error.message}`);
    return json.data as T;
  }

  return {
    app,
    database,
    clock,
    ctx: () => ({ ...app.deps, actor: null, ip: 'bench', now: clock.now() }),
    call,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An organiser (an account with 60 currency, logged in through the API) and the tournament it creates, from
 * `startIn` to `endIn` seconds from now on the server's clock. `stamp` makes this run's e-mails and names unique.
 */
export async function organiserWithTournament(
  server: BenchServer,
  tournament: { name: string; mode: number; startIn: number; endIn: number },
): Promise<{ stamp: string; token: string; season: { unique_id: number; season_id: number } }> {
  const stamp = Date.now().toString(36);
  const email = `bench-org-${stamp}@example.test`;
  await createAccount(server.ctx(), { email, nickname: `BenchOrg${stamp}`, password: 'bench-pass' });
  await adjustCurrency(server.ctx(), email, 60);
  const { token } = await server.call<{ token: string }>('POST', 'login', {
    account: email,
    password: 'bench-pass',
    type: 0,
  });
  const now = server.clock.now();
  const created = await server.call<{ unique_id: number; season_id: number }>(
    'POST',
    'contest/create_contest',
    {
      name: [{ lang: 'default', content: tournament.name }],
      game_rule_setting: { mode: tournament.mode },
      open_show: 1,
      start_time: now + tournament.startIn,
      end_time: now + tournament.endIn,
    },
    token,
  );
  return { stamp, token, season: { unique_id: created.unique_id, season_id: created.season_id } };
}
