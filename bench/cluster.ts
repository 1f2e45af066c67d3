/**
 * `npm run bench:cluster`: how many human-speed tables the game server holds, on PostgreSQL, in one process or
 * spread over several.
 *
 * Each step of the ladder (`--tables 250,1000,2000` by default) runs on a fresh database, created here and dropped
 * after: N tables of one person and three level-0 robots (four-player South games), planned through
 * `create_game_plan`. The server runs as in production (`packages/server/src/main.ts serve`, one engine worker
 * thread per core; its entry here is `cluster-probe.ts`, which adds the probe), in `--processes P` processes (1 by
 * default); with P > 1 they share the database and a Redis (`TAIKAI_REDIS_URL`, a fresh `TAIKAI_REDIS_PREFIX`,
 * its keys deleted after), and each person's link goes to a process chosen round-robin: tables are placed by the
 * cluster, so a link's messages may cross processes. The people run in worker threads of this process
 * (`cluster-people.ts`), each over a real player link from its own loopback address: they authenticate, enter the
 * lobby, say they are ready (which starts their table), and answer every decision after a random 1–3 s.
 *
 * Once every table has started and `--warmup` seconds (15) have passed, a window of `--window` seconds (60) is
 * measured: the time from a person's answer to the table's next message to that person (p50, p99, max), the
 * tables held, the server's memory per table (RSS at the window's end less RSS before any link opened), the
 * messages the people received and the hands the tables stored per second, and each server process's main
 * event-loop utilisation and delay and CPU (probe: `cluster-probe.ts`), beside the machine's load average.
 * `--profile DIR` writes each server main thread's CPU profile of the window to DIR (and every thread's whole-life
 * profile, `--cpu-prof`).
 *
 * The call window (`TAIKAI_CALL_WINDOW_MS`) is left at the engine's default: it holds only tables with two or
 * more people connected, and these have one. `BENCH_PG_URL` (postgres://postgres@127.0.0.1:5432/postgres) is
 * where databases are created; `BENCH_REDIS_URL` (redis://127.0.0.1:6379) the Redis of P > 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { connectRedis } from '../packages/server/src/cluster/redis';
import { openPostgres } from '../packages/server/src/db/client';
import { accounts, sessions } from '../packages/server/src/db/schema';
import { sha256 } from '../packages/server/src/domains/accounts/secrets';
import type { FromPeople, PeopleCounts, PeopleData, Person, ToPeople } from './cluster-people';
import type { ProbeSample, ToProbe } from './cluster-probe';
import { printTable } from './report';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '250,1000,2000' },
    processes: { type: 'string', default: '1' },
    window: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '15' },
    /** Links opened per second, all people threads together. */
    ramp: { type: 'string', default: '100' },
    'people-threads': { type: 'string', default: '2' },
    profile: { type: 'string' },
  },
});
const LADDER = (args.tables as string).split(',').map(Number);
const PROCESSES = Number(args.processes);
const WINDOW_S = Number(args.window);
const WARMUP_S = Number(args.warmup);
const RAMP = Number(args.ramp);
const PEOPLE_THREADS = Number(args['people-threads']);
const PROFILE_DIR = args.profile ? resolve(args.profile) : undefined;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A hanchan: a table outlives the window at human speed. */
const SOUTH_4P = 2;
/** Tables whose seats all started within this long of the last link opening, else the step goes on without them. */
const SEATING_GRACE_S = 60;
/** The goal's latency: answers slower than this are broken down by what came next. */
const SLOW_MS = 200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nowS = () => Math.floor(Date.now() / 1000);
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : '—');

/** A free local port (the server is started on it just after). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A person's own loopback address: the server's per-address limits see each person as its own client. */
const addressOf = (i: number) => `127.77.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

interface ServerProcess {
  child: ChildProcess;
  base: string;
  link: string;
  log: string;
  samples: ProbeSample[];
}

async function startServer(index: number, env: NodeJS.ProcessEnv, logDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `taikai-bench-cluster-${index}-`));
  const log = join(logDir, `server-${index}.log`);
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', join(HERE, 'cluster-probe.ts'), 'serve'],
    {
      cwd: ROOT,
      env: { ...env, PORT: String(port), TAIKAI_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const out = createWriteStream(log);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const server: ServerProcess = {
    child,
    base: `http://127.0.0.1:${port}`,
    link: `ws://127.0.0.1:${port}/api/player/link`,
    log,
    samples: [],
  };
  child.on('message', (m: ProbeSample) => {
    if (m.kind === 'sample') server.samples.push(m);
  });
  // A process that dies closes its channel: that is told by `died`, not thrown here.
  child.on('error', () => {});
  children.add(child);
  child.once('exit', () => children.delete(child));
  const t0 = performance.now();
  for (;;) {
    if (gone(server)) throw new Error(`server ${index} exited:\n${readFileSync(log, 'utf8')}`);
    try {
      if ((await fetch(`${server.base}/api/contest/server_time`)).ok) return server;
    } catch {}
    if (performance.now() - t0 > 60_000) throw new Error(`server ${index} did not answer within 60 s`);
    await sleep(200);
  }
}

/** The server processes this benchmark started and that still run: killed if the benchmark itself stops. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const gone = (s: ServerProcess) => s.child.exitCode !== null || s.child.signalCode !== null;

/** Throws, with the end of its log, when a server process has died (the step fails; the next one runs). */
function died(servers: ServerProcess[]): void {
  const i = servers.findIndex(gone);
  if (i < 0) return;
  const tail = readFileSync(servers[i].log, 'utf8').slice(-1500);
  throw new Error(
    `server process ${i} died (${servers[i].child.exitCode ?? servers[i].child.signalCode}); its log ends:\n${tail}`,
  );
}

/** The window since the last `mark` of every server, as each probe measured it. */
async function sampleAll(servers: ServerProcess[]): Promise<ProbeSample[]> {
  died(servers);
  const before = servers.map((s) => s.samples.length);
  for (const s of servers) s.child.send({ op: 'sample' } satisfies ToProbe);
  while (servers.some((s, i) => s.samples.length === before[i])) {
    died(servers);
    await sleep(50);
  }
  return servers.map((s) => s.samples[s.samples.length - 1]);
}

function markAll(servers: ServerProcess[], profileName?: string): void {
  died(servers);
  servers.forEach((s, i) => {
    const profile =
      PROFILE_DIR && profileName ? join(PROFILE_DIR, `${profileName}-p${i}.cpuprofile`) : undefined;
    s.child.send({ op: 'mark', ...(profile ? { profile } : {}) } satisfies ToProbe);
  });
}

async function stopServer(s: ServerProcess): Promise<void> {
  if (gone(s)) return;
  s.child.kill('SIGTERM');
  const exited = once(s.child, 'exit');
  const timeout = sleep(20_000).then(() => 'timeout');
  if ((await Promise.race([exited, timeout])) === 'timeout') s.child.kill('SIGKILL');
}

/** Calls `/api/contest/<name>` (GET with a query string, POST with JSON) and answers its `data`. */
async function call<T>(
  base: string,
  method: 'GET' | 'POST',
  name: string,
  body: Record<string, unknown>,
  token: string,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Majsoul ${token}` };
  const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await fetch(
    method === 'GET' ? `${base}/api/contest/${name}?${query}` : `${base}/api/contest/${name}`,
    {
      method,
      headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    },
  );
  const json = (await response.json()) as { data?: T; error?: { code: number; message: string } };
  if (json.error) throw new Error(`${name}: ${json.error.code} ${json.error.message}`);
  return json.data as T;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/** Accounts with a live session each, written straight into the database (no password work per account). */
async function seedAccounts(
  db: ReturnType<typeof openPostgres>['db'],
  stamp: string,
  count: number,
  currency = 0,
  prefix = 'p',
): Promise<{ id: number; token: string }[]> {
  const now = nowS();
  const out: { id: number; token: string }[] = [];
  for (let from = 0; from < count; from += 1000) {
    const chunk = Array.from({ length: Math.min(1000, count - from) }, (_, k) => from + k);
    const rows = await db
      .insert(accounts)
      .values(
        chunk.map((i) => ({
          email: `bench-${stamp}-${prefix}${i}@example.test`,
          nickname: `${prefix}${stamp}${i}`,
          currency,
          createTime: now,
        })),
      )
      .returning({ id: accounts.id });
    const tokens = rows.map(() => randomUUID());
    await db.insert(sessions).values(
      rows.map((r, k) => ({
        tokenHash: sha256(tokens[k]),
        accountId: r.id,
        createTime: now,
        expireTime: now + 86_400,
      })),
    );
    for (const [k, r] of rows.entries()) out.push({ id: r.id, token: tokens[k] });
  }
  return out;
}

interface StepResult {
  tables: number;
  held: number;
  latencies: number[];
  rssPerTable: number;
  messagesPerS: number;
  answersPerS: number;
  handsPerS: number;
  servers: ProbeSample[];
  load: number[];
  clientLagP99: number;
  errors: Record<string, number>;
  setupS: number;
  /** Answers slower than the goal's 200 ms: what came next, and in how many seconds of the window they fell. */
  slow: string;
}

async function step(tables: number, admin: pg.Client): Promise<StepResult> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const dbName = `taikai_bench_cluster_${stamp}`;
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  const redisPrefix = `taikai-bench-cluster-${stamp}`;
  const logDir = mkdtempSync(join(tmpdir(), 'taikai-bench-cluster-logs-'));
  const servers: ServerProcess[] = [];
  const workers: Worker[] = [];
  const setupStart = performance.now();
  if (tables > 3000) throw new Error('one season holds at most 3000 players: --tables up to 3000');
  await admin.query(`CREATE DATABASE ${dbName}`);
  let database: ReturnType<typeof openPostgres> | undefined;
  try {
    database = openPostgres(dbUrl.toString());
    await database.migrate();
    const [organiser] = await seedAccounts(database.db, stamp, 1, 60, 'o');
    const people = await seedAccounts(database.db, stamp, tables);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(PROCESSES > 1 ? { TAIKAI_REDIS_URL: REDIS_URL, TAIKAI_REDIS_PREFIX: redisPrefix } : {}),
    };
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer(i, env, logDir));
    const base = (i: number) => servers[i % servers.length].base;

    // A tournament (four-player South games) running from a second from now, with every person on its roster,
    // seasons of at most 3000 players each.
    const start = nowS() + 1;
    const created = await call<{ unique_id: number; season_id: number }>(
      base(0),
      'POST',
      'create_contest',
      {
        name: [{ lang: 'default', content: 'Cluster Cup' }],
        game_rule_setting: { mode: SOUTH_4P },
        open_show: 1,
        start_time: start,
        end_time: start + 7 * 86_400,
      },
      organiser.token,
    );
    const season = { unique_id: created.unique_id, season_id: created.season_id };
    await call(
      base(0),
      'POST',
      'add_contest_season_player',
      { ...season, account_list: people.map((p) => p.id) },
      organiser.token,
    );
    while (nowS() <= start) await sleep(100);
    await inParallel(people, 16, async (p, i) => {
      await call(
        base(i),
        'POST',
        'create_game_plan',
        { ...season, account_list: [p.id, 0, 0, 0], ai_level: 0 },
        organiser.token,
      );
    });
    const rssBefore = (
      await (async () => {
        markAll(servers);
        return sampleAll(servers);
      })()
    ).reduce((a, s) => a + s.rss, 0);
    const setupS = (performance.now() - setupStart) / 1000;

    // The people, in a few threads; person i talks to process i mod P.
    const persons: Person[] = people.map((p, i) => ({
      url: servers[i % servers.length].link,
      token: p.token,
      localAddress: addressOf(i),
    }));
    const threads = Math.max(1, Math.min(PEOPLE_THREADS, tables));
    const progress: PeopleCounts[] = [];
    const collected: Extract<FromPeople, { kind: 'collected' }>[] = [];
    for (let t = 0; t < threads; t++) {
      const data: PeopleData = {
        people: persons.filter((_, i) => i % threads === t),
        season,
        openPerSecond: RAMP / threads,
        answerMinMs: 1000,
        answerMaxMs: 3000,
      };
      const worker = new Worker(new URL('./cluster-people-entry.mjs', import.meta.url), { workerData: data });
      worker.on('message', (m: FromPeople) => {
        if (m.kind === 'progress') progress[t] = m;
        else if (m.kind === 'collected') collected[t] = m;
      });
      worker.on('error', (e) => console.error(`people thread ${t}:`, e));
      workers.push(worker);
    }
    const total = (key: 'ready' | 'seated' | 'closed') => progress.reduce((a, c) => a + (c?.[key] ?? 0), 0);

    // Every table seated (or no more coming), then the warm-up.
    const rampS = tables / RAMP;
    const seatStart = performance.now();
    let lastSeated = -1;
    let lastChange = performance.now();
    for (;;) {
      await sleep(1000);
      died(servers);
      const seated = total('seated');
      if (seated !== lastSeated) {
        lastSeated = seated;
        lastChange = performance.now();
      }
      const elapsed = (performance.now() - seatStart) / 1000;
      process.stdout.write(
        `\r  ${tables} tables: ${total('ready')} ready, ${seated} seated (${elapsed.toFixed(0)} s)   `,
      );
      if (seated >= tables) break;
      if (elapsed > rampS && (performance.now() - lastChange) / 1000 > SEATING_GRACE_S) break;
    }
    process.stdout.write('\n');
    await sleep(WARMUP_S * 1000);

    // The window.
    const handsBefore = await countHands(dbName);
    const load0 = loadavg();
    markAll(servers, `tables-${tables}`);
    for (const w of workers) w.postMessage({ op: 'measure' } satisfies ToPeople);
    await sleep(WINDOW_S * 1000);
    for (const w of workers) w.postMessage({ op: 'collect' } satisfies ToPeople);
    const samples = await sampleAll(servers);
    while (collected.filter(Boolean).length < threads) await sleep(50);
    const load1 = loadavg();
    const handsAfter = await countHands(dbName);
    const held = await runningGames(dbName);
    if (held < tables)
      for (const s of servers)
        console.log(`server log (${s.log}):\n${readFileSync(s.log, 'utf8').slice(-3000)}`);

    const latencies = collected.flatMap((c) => c.latencies).sort((a, b) => a - b);
    const slowKinds = new Map<string, number>();
    const slowSeconds = new Set<number>();
    for (const c of collected)
      c.latencies.forEach((l, k) => {
        if (l <= SLOW_MS) return;
        slowKinds.set(c.kinds[k], (slowKinds.get(c.kinds[k]) ?? 0) + 1);
        slowSeconds.add(Math.floor(c.at[k] / 1000));
      });
    const slow = slowKinds.size
      ? `${[...slowKinds].map(([k, n]) => `${k} ${n}`).join(', ')} (in ${slowSeconds.size} of ${WINDOW_S} s)`
      : 'none';
    const seconds = Math.max(...collected.map((c) => c.seconds));
    const errors: Record<string, number> = {};
    for (const c of collected)
      for (const [k, v] of Object.entries(c.errors)) errors[k] = (errors[k] ?? 0) + v;
    return {
      tables,
      held,
      latencies,
      rssPerTable: (samples.reduce((a, s) => a + s.rss, 0) - rssBefore) / Math.max(1, held),
      messagesPerS: collected.reduce((a, c) => a + c.messages, 0) / seconds,
      answersPerS: collected.reduce((a, c) => a + c.answers, 0) / seconds,
      handsPerS: (handsAfter - handsBefore) / seconds,
      servers: samples,
      load: [load0[0], load1[0]],
      clientLagP99: Math.max(...collected.map((c) => c.clientLagP99)),
      errors,
      setupS,
      slow,
    };
  } finally {
    // The servers stop first: closing the links first would set every seat to auto-play at robot speed.
    await Promise.all(servers.map(stopServer));
    await Promise.all(
      workers.map(async (w) => {
        w.postMessage({ op: 'close' } satisfies ToPeople);
        await Promise.race([once(w, 'message'), sleep(5000)]);
        await w.terminate();
      }),
    );
    await database?.close().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (PROCESSES > 1) await dropRedisKeys(redisPrefix);
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** Hands stored so far (each hand's end is one row). */
async function countHands(dbName: string): Promise<number> {
  return countIn(dbName, 'SELECT count(*)::int AS n FROM game_hands');
}

/** Games running (state 2) at the window's end: the tables held. */
async function runningGames(dbName: string): Promise<number> {
  return countIn(dbName, 'SELECT count(*)::int AS n FROM games WHERE state = 2');
}

async function countIn(dbName: string, sql: string): Promise<number> {
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Every key of this run's deployment prefix (the queue's and the buses'). */
async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = connectRedis({ url: REDIS_URL, prefix }, 'bench-cleanup');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function print(results: StepResult[]): void {
  const head = [
    'tables',
    'held',
    'p50',
    'p99',
    'max',
    'answers',
    'RSS/table',
    'msgs/s',
    'hands/s',
    'main loop (util · lag p99 / max) per process',
    'CPU cores',
    'load 1m',
    'client lag p99',
  ];
  const rows = results.map((r) => [
    String(r.tables),
    String(r.held),
    ms(percentile(r.latencies, 50)),
    ms(percentile(r.latencies, 99)),
    ms(r.latencies[r.latencies.length - 1] ?? Number.NaN),
    String(r.latencies.length),
    `${(r.rssPerTable / 1024).toFixed(0)} KiB`,
    r.messagesPerS.toFixed(0),
    r.handsPerS.toFixed(1),
    r.servers.map((s) => `${(s.elu * 100).toFixed(0)} % · ${ms(s.lagP99)} / ${ms(s.lagMax)}`).join(' | '),
    r.servers.map((s) => s.cpu.toFixed(2)).join(' | '),
    `${r.load[0].toFixed(1)}→${r.load[1].toFixed(1)}`,
    ms(r.clientLagP99),
  ]);
  console.log('');
  printTable(head, rows);
  for (const r of results) {
    console.log(`${r.tables} tables: answers over ${SLOW_MS} ms, by what came next: ${r.slow}`);
    if (Object.keys(r.errors).length)
      console.log(`${r.tables} tables: link errors ${JSON.stringify(r.errors)}`);
  }
}

console.log(
  `taikai cluster benchmark — ${PROCESSES} server process${PROCESSES > 1 ? 'es' : ''}, ` +
    `${availableParallelism()} cores, ` +
    `Node ${process.version}, PostgreSQL; one person (answers after 1–3 s) + three level-0 robots per table; ` +
    `window ${WINDOW_S} s after a ${WARMUP_S} s warm-up; links opened at ${RAMP}/s`,
);
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const results: StepResult[] = [];
const failures: string[] = [];
try {
  for (const tables of LADDER) {
    try {
      const result = await step(tables, admin);
      results.push(result);
      console.log(
        `  ${tables} tables: setup ${result.setupS.toFixed(0)} s, p99 ${ms(percentile(result.latencies, 99))}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`${tables} tables: failed — ${message}`);
      console.log(`\n  ${tables} tables: failed — ${message}`);
    }
  }
} finally {
  await admin.end();
}
print(results);
for (const failure of failures) console.log(failure.split('\n')[0]);
process.exit(failures.length > 0 ? 1 : 0);
