/**
 * `npm run bench:reads`: authenticated reads against the framework's ceiling, through the real server as its own
 * process (`main.ts serve` on a local port), on the embedded database and on PostgreSQL.
 *
 * Each mode seeds a running season the way clients do: the organiser made by the operator CLI, BENCH_PLAYERS
 * (300) players registered through the API (send_code, the dev outbox, register), the tournament created and the
 * roster added through the API, BENCH_READY (24) of them ready on their player links (held open during the
 * load). The season's records (BENCH_RECORDS, 2 000: every player about 27 games) are written in bulk straight
 * into the tables the game host writes, as `bench:ranking` does, with the server stopped: playing that many
 * games would take the run's whole time. Then each call is loaded by `wrk` (one thread, 32 connections,
 * BENCH_SECONDS, 8, after a 2 s warm-up) with one bot's token; `server_time` (no auth, no query) is the ceiling
 * every read is compared with, measured in the same run just before the reads.
 *
 * wrk is the load generator because it is a C client: on a 2-core machine a Node client would take as much CPU
 * per request as the server it measures and flatten the ceiling. Install it with `apt-get install -y wrk`.
 *
 * PostgreSQL: a fresh database made on BENCH_POSTGRES_URL's server (postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped at the end; skipped when that server does not answer. BENCH_ONLY=pglite|postgres runs one mode,
 * BENCH_CALLS=<read>,<read> only those reads (server_time always); BENCH_KEEP=1 keeps the PostgreSQL database.
 * BENCH_CPU_PROF=<dir> runs the server with `node --cpu-prof` into that folder (one profile per server start).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { recountStatement } from '../packages/server/src/domains/ranking/queries';
import { printTable } from './report';
import { seededRandom, seedRecords } from './seed-records';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 300);
const READY = Number(process.env.BENCH_READY ?? 24);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;
const ONLY = process.env.BENCH_ONLY;
const CALLS = process.env.BENCH_CALLS?.split(',').map((c) => c.trim());
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CPU_PROF = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const ROOT = resolve(import.meta.dirname, '..');
const MAIN = 'packages/server/src/main.ts';
const GOAL = { postgres: 0.2, pglite: 0.1, p99Ms: 20 };

type Mode = 'pglite' | 'postgres';
type Season = { unique_id: number; season_id: number };
type Load = { rps: number; p50: number; p99: number; errors: number };

function requireWrk(): void {
  if (spawnSync('wrk', ['--version']).error) {
    console.error(
      'bench:reads needs wrk, the HTTP load generator: install it with `apt-get install -y wrk` (Debian/Ubuntu).',
    );
    process.exit(1);
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server as a child process, and the operator CLI against the same data. */
class ServerProcess {
  private child: ChildProcess | undefined;
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {}

  private logTail(): string {
    return readFileSync(this.logFile, 'utf8').split('\n').slice(-40).join('\n');
  }

  get base(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  async start(): Promise<void> {
    const flags = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : [];
    // The log goes to a file: read through a pipe, it would cost this process CPU beside the server's.
    const log = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', MAIN, 'serve'], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    const started = Date.now();
    while (Date.now() - started < 120_000) {
      if (child.exitCode !== null)
        throw new Error(`server exited with ${child.exitCode}:\n${this.logTail()}`);
      try {
        const res = await fetch(`${this.base}/api/contest/server_time`, {
          signal: AbortSignal.timeout(2000),
        });
        if (res.ok) return;
      } catch {}
      await sleep(200);
    }
    throw new Error(`server not ready in 120 s:\n${this.logTail()}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }

  cli(...args: string[]): string {
    return execFileSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      cwd: ROOT,
      env: this.env,
      encoding: 'utf8',
    });
  }
}

async function api<T>(
  base: string,
  path: string,
  options: { token?: string; body?: object; query?: Record<string, unknown> } = {},
): Promise<T> {
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  const res = await fetch(`${base}/api/${path}${query}`, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      ...(options.token ? { authorization: `Majsoul ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const json = (await res.json()) as { data?: T; error?: { code: number; message: string } };
  if (res.status !== 200 || json.error || json.data === undefined)
    throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json.error ?? json)}`);
  return json.data;
}

/** Registers an account through the API (code read from the dev outbox); answers its id and token. */
async function register(base: string, email: string, nickname: string) {
  await api(base, 'send_code', { body: { email, purpose: 'register' } });
  const mails = await api<{ code?: string }[]>(base, 'dev/outbox', { query: { email } });
  const code = mails.at(-1)?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  const { token } = await api<{ token: string }>(base, 'register', {
    body: { email, password: 'bench-pass', nickname, code },
  });
  const info = await api<{ account_id: number }>(base, 'contest/fetch_account_info', { token });
  return { id: info.account_id, token };
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Records of the season written in bulk (the host's tables), then every player counted once. */
async function writeRecords(env: NodeJS.ProcessEnv, season: Season, ids: number[]): Promise<void> {
  const config = loadConfig(env as Record<string, string>);
  const database = await openDatabase(config);
  const db = database.db;
  const now = Math.floor(Date.now() / 1000);
  await seedRecords(db, season, ids, {
    count: RECORDS,
    random: seededRandom(),
    endTimeOf: (g) => now - (RECORDS - g) * 2,
    roundType: 2,
    chunk: 500,
  });
  await db.execute(
    recountStatement(sql`unique_id = ${season.unique_id} and season_id = ${season.season_id}`),
  );
  // Autovacuum would have analysed the tables after such a load.
  await db.execute(sql`analyze`);
  await database.close();
}

/** Player links that authenticate, enter the season and declare themselves ready; held open until closed. */
async function readyLinks(base: string, season: Season, tokens: string[]): Promise<WebSocket[]> {
  const url = `${base.replace('http', 'ws')}/api/player/link`;
  return Promise.all(
    tokens.map(
      (token) =>
        new Promise<WebSocket>((done, fail) => {
          const ws = new WebSocket(url);
          ws.on('open', () => ws.send(JSON.stringify({ op: 'auth', token })));
          ws.on('error', fail);
          ws.on('message', (data) => {
            const m = JSON.parse(String(data)) as { op: string; ready?: boolean };
            if (m.op === 'authed') ws.send(JSON.stringify({ op: 'enter', ...season }));
            else if (m.op === 'entered') ws.send(JSON.stringify({ op: 'ready', ready: true }));
            else if (m.op === 'ready' && m.ready) done(ws);
            else if (m.op === 'error') fail(new Error(`player link: ${String(data)}`));
          });
        }),
    ),
  );
}

/** One wrk run on `path` (GET): requests per second and latency percentiles. */
function wrk(base: string, path: string, token: string | undefined, seconds: number): Load {
  const script = join(tmpdir(), 'taikai-bench-reads.lua');
  writeFileSync(
    script,
    `done = function(s, latency)
  local errors = s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout + s.errors.status
  io.write(string.format("\\nRESULT %d %d %d %d %d\\n", s.requests, s.duration, latency:percentile(50),
    latency:percentile(99), errors))
end
`,
  );
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script];
  if (token) args.push('-H', `Authorization: Majsoul ${token}`);
  const out = execFileSync('wrk', [...args, `${base}${path}`], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const [requests, durationUs, p50, p99, errors] = line.split(' ').slice(1).map(Number);
  return { rps: requests / (durationUs / 1e6), p50: p50 / 1000, p99: p99 / 1000, errors };
}

async function runMode(mode: Mode): Promise<string[][] | null> {
  const dataDir = mkdtempSync(join(tmpdir(), 'taikai-bench-reads-'));
  let dbName: string | undefined;
  let admin: pg.Client | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env))
    if (key === 'DATABASE_URL' || key.startsWith('TAIKAI_')) delete env[key];
  Object.assign(env, {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    TAIKAI_DATA_DIR: dataDir,
    TAIKAI_DEV_OUTBOX: '1',
    // The server logs as deployed (every request at info) unless BENCH_LOG_LEVEL says otherwise.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    LOGIN_RATE_PER_IP: '100000',
    SEND_CODE_RATE_PER_IP: '100000',
  });
  if (mode === 'postgres') {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.log(`PostgreSQL skipped: ${ADMIN_URL} does not answer (${(err as Error).message})`);
      return null;
    }
    dbName = `taikai_bench_reads_${Date.now().toString(36)}`;
    await admin.query(`create database ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const server = new ServerProcess(env, join(dataDir, 'server.log'));
  let links: WebSocket[] = [];
  try {
    const stamp = Date.now().toString(36);
    const organiser = `bench-org-${stamp}@example.test`;
    server.cli('migrate');
    server.cli(
      'account',
      'create',
      '--email',
      organiser,
      '--nickname',
      `Org${stamp}`,
      '--password',
      'bench-pass',
    );
    server.cli('account', 'grant', organiser, '60');
    await server.start();
    const base = server.base;
    const seedStart = performance.now();
    const { token } = await api<{ token: string }>(base, 'login', {
      body: { account: organiser, password: 'bench-pass', type: 0 },
    });
    const now = Math.floor(Date.now() / 1000);
    const season = await api<Season>(base, 'contest/create_contest', {
      token,
      body: {
        name: [{ lang: 'default', content: 'Reads Cup' }],
        game_rule_setting: { mode: 2 },
        open_show: 1,
        start_time: now + 1,
        end_time: now + 30 * 86_400,
      },
    });
    const players = await inBatches(
      Array.from({ length: PLAYERS }, (_, i) => i),
      8,
      (i) => register(base, `bench-p${i}-${stamp}@example.test`, `P${i}${stamp}`.slice(0, 16)),
    );
    for (let i = 0; i < players.length; i += 100) {
      await api(base, 'contest/add_contest_season_player', {
        token,
        body: { ...season, account_list: players.slice(i, i + 100).map((p) => ({ account_id: p.id })) },
      });
    }
    await server.stop();
    await writeRecords(
      env,
      season,
      players.map((p) => p.id),
    );
    await server.start();
    links = await readyLinks(
      base,
      season,
      players.slice(0, READY).map((p) => p.token),
    );
    console.log(
      `${mode}: seeded ${PLAYERS} players, ${RECORDS} records, ${links.length} ready in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );

    const s = `unique_id=${season.unique_id}&season_id=${season.season_id}`;
    const reads: [string, string][] = [
      ['fetch_account_info', '/api/contest/fetch_account_info'],
      ['fetch_contest_detail', `/api/contest/fetch_contest_detail?unique_id=${season.unique_id}`],
      ['contest_season_player_list', `/api/contest/contest_season_player_list?${s}&offset=0&limit=20`],
      ['fetch_season_player_rank', `/api/contest/fetch_season_player_rank?${s}&offset=0&limit=20`],
      ['fetch_contest_season_list', `/api/contest/fetch_contest_season_list?unique_id=${season.unique_id}`],
      ['ready_player_list', `/api/contest/ready_player_list?${s}`],
      ['contest_running_game_list', `/api/contest/contest_running_game_list?${s}`],
    ];
    if (CALLS) {
      const unknown = CALLS.filter((c) => !reads.some(([name]) => name === c));
      if (unknown.length) throw new Error(`BENCH_CALLS: no such read ${unknown.join(', ')}`);
      reads.splice(0, reads.length, ...reads.filter(([name]) => CALLS.includes(name)));
    }
    // Each read answers data (not an error) before it is loaded.
    for (const [name, path] of reads) {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Majsoul ${token}` } });
      const body = (await res.json()) as { data?: unknown; error?: unknown };
      if (res.status !== 200 || body.error || body.data === undefined)
        throw new Error(`${name} answered ${res.status}: ${JSON.stringify(body)}`);
      if (name === 'ready_player_list' && (body.data as unknown[]).length !== READY)
        throw new Error(`ready_player_list lists ${(body.data as unknown[]).length} players, not ${READY}`);
    }

    const load = loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
    wrk(base, '/api/contest/server_time', undefined, 2);
    const ceiling = wrk(base, '/api/contest/server_time', undefined, SECONDS);
    const rows: string[][] = [[mode, 'server_time', ...figures(ceiling, ceiling, mode, true)]];
    for (const [name, path] of reads) {
      wrk(base, path, token, 2);
      rows.push([mode, name, ...figures(wrk(base, path, token, SECONDS), ceiling, mode, false)]);
    }
    console.log(`${mode}: load average before the runs ${load}, after ${loadavg()[0].toFixed(1)}`);
    return rows;
  } finally {
    for (const ws of links) ws.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin && dbName && process.env.BENCH_KEEP === '1') {
      console.log(`postgres: kept database ${dbName} (BENCH_KEEP=1)`);
      await admin.end();
    } else if (admin && dbName) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

function figures(load: Load, ceiling: Load, mode: Mode, isCeiling: boolean): string[] {
  const ratio = load.rps / ceiling.rps;
  const pass = isCeiling || (ratio >= GOAL[mode] && load.p99 <= GOAL.p99Ms && load.errors === 0);
  return [
    load.rps.toFixed(0),
    load.p50.toFixed(1),
    load.p99.toFixed(1),
    isCeiling ? '100 %' : `${(ratio * 100).toFixed(1)} %`,
    String(load.errors),
    isCeiling ? '' : pass ? 'PASS' : 'FAIL',
  ];
}

requireWrk();
console.log(
  `taikai read benchmark — wrk, ${CONNECTIONS} connections, ${SECONDS} s a call, Node ${process.version}; goal: ≥ ${GOAL.postgres * 100} % of server_time on PostgreSQL, ≥ ${GOAL.pglite * 100} % on PGlite, p99 ≤ ${GOAL.p99Ms} ms`,
);
const table: string[][] = [];
for (const mode of ['pglite', 'postgres'] as const) {
  if (ONLY && ONLY !== mode) continue;
  const rows = await runMode(mode);
  if (rows) table.push(...rows);
}
const head = ['database', 'call', 'req/s', 'p50 ms', 'p99 ms', 'of server_time', 'errors', ''];
console.log('');
printTable(head, table, (i) => i >= 2 && i <= 6);
