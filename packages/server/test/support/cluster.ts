import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { HANG_GUARD_MS } from './hang-guard';
import { databaseUrlFor } from './postgres';

// Real server processes on one PostgreSQL database and one Redis, as the scaled mode runs them, and a Redis and a
// PostgreSQL of a test's own to stop and start. Everything here waits for events (a port answering, a process
// exiting, a log line); the only loops are readiness probes.

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = join(here, '../../src/main.ts');
const BIN = join(here, '../../bin/taikai.mjs');

/** The Redis the suite may use (.ci/run starts one where none answers); every test file takes its own prefix. */
export const TEST_REDIS_URL = process.env.TAIKAI_TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A key prefix no other test file or run uses. */
export function freshRedisPrefix(): string {
  return `taikai-test-${randomBytes(6).toString('hex')}`;
}

/** A TCP port free at this moment on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Polls a readiness probe until it holds; `gone` names why it never will (the process exited). */
async function until(what: string, probe: () => Promise<boolean>, gone: () => string | undefined) {
  const end = Date.now() + HANG_GUARD_MS;
  for (;;) {
    if (await probe()) return;
    const reason = gone();
    if (reason !== undefined) throw new Error(`${what}: ${reason}`);
    if (Date.now() > end) throw new Error(`${what}: not ready within ${HANG_GUARD_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** A child process whose output is kept, and whose exit and log lines can be awaited. */
class Child {
  output = '';
  exit: Exit | null = null;
  readonly exited: Promise<Exit>;
  private readonly watchers = new Set<() => void>();

  constructor(readonly process: ChildProcess) {
    const take = (d: Buffer) => {
      this.output += d;
      for (const w of this.watchers) w();
    };
    process.stdout?.on('data', take);
    process.stderr?.on('data', take);
    this.exited = new Promise((resolve) => {
      const ended = (exit: Exit) => {
        if (this.exit) return;
        this.exit = exit;
        for (const w of this.watchers) w();
        resolve(exit);
      };
      // 'close' rather than 'exit': by then everything the process wrote has been read.
      process.once('close', (code, signal) => ended({ code, signal }));
      // Could not start (no such command): as an exit, with the reason in the output.
      process.once('error', (err) => {
        this.output += `${err.message}\n`;
        ended({ code: -1, signal: null });
      });
    });
  }

  get running(): boolean {
    return this.exit === null;
  }

  /** The first line of output from `from` on that matches; refused when the process exits without writing it. */
  line(pattern: RegExp, from = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.output
          .slice(from)
          .split('\n')
          .find((l) => pattern.test(l));
        if (found !== undefined) {
          this.watchers.delete(check);
          resolve(found);
        } else if (this.exit) {
          this.watchers.delete(check);
          reject(new Error(`exited (${describeExit(this.exit)}) without a line matching ${pattern}`));
        }
      };
      this.watchers.add(check);
      check();
    });
  }

  tail(lines = 40): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }

  /** Sends `signal` and waits for the exit; a graceful stop that hangs is ended with SIGKILL after 10 s. */
  async end(signal: NodeJS.Signals): Promise<Exit> {
    if (this.exit) return this.exit;
    this.process.kill(signal);
    const force = signal === 'SIGKILL' ? undefined : setTimeout(() => this.process.kill('SIGKILL'), 10_000);
    const exit = await this.exited;
    clearTimeout(force);
    return exit;
  }
}

function describeExit(exit: Exit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

/** The test runner's environment without what would change a server's settings behind a test's back. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('VITEST') || key === 'NODE_ENV') continue;
    if (key === 'DATABASE_URL' || key.startsWith('TAIKAI_REDIS_') || key === 'PORT' || key === 'HOST')
      continue;
    env[key] = value;
  }
  return env;
}

async function answersServerTime(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/contest/server_time`, { signal: AbortSignal.timeout(2000) });
    const body = (await res.json()) as { data?: { time?: unknown } };
    return res.ok && typeof body.data?.time === 'number';
  } catch {
    return false;
  }
}

/** One `taikai serve` process (`node --import tsx src/main.ts serve`, as `npm start` runs it) on its own port. */
export class ServerProcess {
  private child: Child | null = null;
  /** Everything the process wrote, over all its starts. */
  private earlier = '';

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child?.running ?? false;
  }

  /** Its output so far, over all its starts. */
  get output(): string {
    return this.earlier + (this.child?.output ?? '');
  }

  /** Starts it (with `extraEnv` over its environment for this start) and waits until it answers `server_time`. */
  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    if (this.running) throw new Error(`server ${this.index} is running already`);
    this.earlier = this.output;
    const child = new Child(
      spawn(process.execPath, ['--import', import.meta.resolve('tsx'), MAIN, 'serve'], {
        env: { ...this.env, ...extraEnv, HOST: '127.0.0.1', PORT: String(this.port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    this.child = child;
    await until(
      `server ${this.index} on port ${this.port}`,
      () => answersServerTime(this.url),
      () =>
        child.exit ? `exited (${describeExit(child.exit)}) before it answered:\n${child.tail()}` : undefined,
    );
  }

  /** `kill -9`: the process ends on the spot, its connections cut. */
  async kill(): Promise<void> {
    await this.child?.end('SIGKILL');
  }

  /** SIGTERM: the server closes gracefully. */
  async stop(): Promise<void> {
    await this.child?.end('SIGTERM');
  }

  /** Waits for the current run's exit (e.g. a crash the test provokes). */
  exited(): Promise<Exit> {
    if (!this.child) throw new Error(`server ${this.index} was never started`);
    return this.child.exited;
  }

  /** The first line of the current run's output matching `pattern` (from the start of the run, or `from`). */
  logLine(pattern: RegExp, from = 0): Promise<string> {
    if (!this.child) throw new Error(`server ${this.index} was never started`);
    return this.child.line(pattern, from);
  }

  /** Length of the current run's output: pass it to `logLine` to wait only for what comes after now. */
  mark(): number {
    return this.child?.output.length ?? 0;
  }
}

export type ClusterOptions = {
  /** How many server processes. */
  processes: number;
  /** The Redis of the scaled mode: the suite's (default), another URL (a `privateRedis`), or false for none. */
  redis?: string | false;
  /** PostgreSQL server the cluster's database is created on (default TAIKAI_TEST_DATABASE_URL). */
  postgres?: string;
  /** Environment of every process (e.g. `LOGIN_RATE_PER_IP`). */
  env?: Record<string, string>;
  /** Environment of process `i`, over `env`. */
  envOf?: (index: number) => Record<string, string>;
};

/** A created PostgreSQL database: the migrated template of the run when there is one, else empty. */
async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `taikai_cluster_${randomBytes(5).toString('hex')}`;
  const template = serverUrl === process.env.TAIKAI_TEST_DATABASE_URL ? inject('pgTemplate') : null;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(serverUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Deletes every key under `prefix` (SCAN + DEL: other deployments may share the Redis). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Refuses at once, with what to do, when nothing answers at `url` (rather than servers waiting for it). */
async function expectRedisAt(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(
      `no Redis answers at ${url} (${(err as Error).message}): start one (redis-server) or set ` +
        'TAIKAI_TEST_REDIS_URL; .ci/run starts one where none answers',
    );
  } finally {
    redis.disconnect();
  }
}

/** P real server processes on one fresh database (and Redis, under a fresh prefix), each on its own port. */
export class Cluster {
  private constructor(
    readonly processes: ServerProcess[],
    readonly databaseUrl: string,
    readonly redis: { url: string; prefix: string } | null,
    private readonly env: Record<string, string>,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async start(options: ClusterOptions): Promise<Cluster> {
    const serverUrl = options.postgres ?? process.env.TAIKAI_TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('a cluster needs PostgreSQL: set TAIKAI_TEST_DATABASE_URL');
    const redisUrl = options.redis === undefined ? TEST_REDIS_URL : options.redis;
    if (redisUrl) await expectRedisAt(redisUrl);
    const database = await createDatabase(serverUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'taikai-cluster-'));
    const redis = redisUrl ? { url: redisUrl, prefix: freshRedisPrefix() } : null;
    const env: Record<string, string> = {
      ...cleanEnv(),
      TAIKAI_DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      ...(redis ? { TAIKAI_REDIS_URL: redis.url, TAIKAI_REDIS_PREFIX: redis.prefix } : {}),
      ...options.env,
    };
    const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
    const processes = ports.map((port, i) => new ServerProcess(i, port, { ...env, ...options.envOf?.(i) }));
    const cluster = new Cluster(processes, database.url, redis, env, async () => {
      // Every step, even when one fails (PostgreSQL left down by a failed test): nothing stays behind.
      rmSync(dataDir, { recursive: true, force: true });
      const steps = await Promise.allSettled([
        database.drop(),
        redis ? deleteRedisKeys(redis.url, redis.prefix) : Promise.resolve(),
      ]);
      for (const step of steps) if (step.status === 'rejected') throw step.reason;
    });
    try {
      await Promise.all(processes.map((p) => p.start()));
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return cluster;
  }

  get urls(): string[] {
    return this.processes.map((p) => p.url);
  }

  /** `kill -9` of process `i`. */
  kill(i: number): Promise<void> {
    return this.processes[i].kill();
  }

  /** Starts process `i` again on its port (stopping it first if it runs), with `extraEnv` for this start. */
  async restart(i: number, extraEnv: Record<string, string> = {}): Promise<void> {
    const p = this.processes[i];
    if (p.running) await p.stop();
    await p.start(extraEnv);
  }

  /** Runs the operator CLI (`taikai <args>`) against the cluster's database; resolves to its stdout. */
  cli(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = new Child(spawn(process.execPath, [BIN, ...args], { env: this.env, stdio: 'pipe' }));
      void child.exited.then((exit) => {
        if (exit.code === 0) resolve(child.output);
        else reject(new Error(`taikai ${args.join(' ')} (${describeExit(exit)}): ${child.output}`));
      });
    });
  }

  /** The last lines of every process's output, for a failed test's report. */
  logs(lines = 60): string {
    return this.processes
      .map((p) => `--- server ${p.index} (${p.url}) ---\n${p.output.split('\n').slice(-lines).join('\n')}`)
      .join('\n');
  }

  /** Stops every process, drops the database and deletes the prefix's Redis keys. */
  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
    await this.cleanup();
  }
}

/** `startCluster({ processes: 2 })`: see `Cluster`. */
export function startCluster(options: ClusterOptions): Promise<Cluster> {
  return Cluster.start(options);
}

/** A redis-server of the test's own on a free port, without persistence: restarting it empties it. */
export class PrivateRedis {
  private child: Child | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it on its port and waits until it accepts connections. */
  async start(): Promise<void> {
    if (this.child?.running) return;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = new Child(spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    this.child = child;
    await child.line(/Ready to accept connections/);
  }

  async stop(): Promise<void> {
    await this.child?.end('SIGTERM');
  }

  /** Stops it and starts it again on the same port. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

export function privateRedis(): Promise<PrivateRedis> {
  return PrivateRedis.start();
}

/** Runs a command to its end; refused with its output when it fails. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = new Child(spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    void child.exited.then((exit) => {
      if (exit.code === 0) resolve(child.output);
      else reject(new Error(`${command} ${args.join(' ')} (${describeExit(exit)}): ${child.output}`));
    });
  });
}

/** The newest PostgreSQL binaries of the Debian packages, else those on PATH. */
function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length > 0 ? join(root, versions[0], 'bin', name) : name;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (as .ci/run does). */
const asRoot = process.getuid?.() === 0;

function runPostgres(name: string, args: string[]): Promise<string> {
  const bin = postgresBin(name);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
}

/** A throwaway PostgreSQL cluster of the test's own (initdb into a temporary folder) on a free port. */
export class PrivatePostgres {
  /** Whether it was last started (true) or stopped (false). */
  running = false;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'taikai-pg-'));
    if (asRoot) {
      const [uid, gid] = await postgresIds();
      chownSync(dir, uid, gid);
    }
    const pgServer = new PrivatePostgres(dir, await freePort());
    await runPostgres('initdb', ['-D', pgServer.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await pgServer.start();
    return pgServer;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** The server's `postgres` database; the cluster harness creates its own next to it. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts it and waits until it accepts connections (`pg_ctl -w`). */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await runPostgres('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-o',
      options,
      'start',
    ]);
    this.running = true;
  }

  /** Stops it (fast shutdown: open connections are cut, as in a restart) and waits until it is down. */
  async stop(): Promise<void> {
    await runPostgres('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
    this.running = false;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops it if it runs and deletes its files. */
  async remove(): Promise<void> {
    await this.stop().catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function postgresIds(): Promise<[number, number]> {
  const uid = Number((await run('id', ['-u', 'postgres'])).trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).trim());
  return [uid, gid];
}

export function privatePostgres(): Promise<PrivatePostgres> {
  return PrivatePostgres.start();
}
