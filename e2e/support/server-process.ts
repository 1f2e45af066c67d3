import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './paths';

const MAIN = 'packages/server/src/main.ts';
const READY_TIMEOUT_MS = 120_000;

export interface ServerOptions {
  port: number;
  dataDir: string;
  /** The built console the server serves. */
  webDist: string;
  /** PostgreSQL URL; the embedded database in dataDir when absent. */
  databaseUrl?: string;
  /** With PostgreSQL: the scaled mode's Redis and this run's key prefix. */
  redis?: { url: string; prefix: string };
  /** File receiving the server's stdout and stderr. */
  logFile: string;
  /** More environment of the server (a journey's own configuration, e.g. social login's providers). */
  env?: Record<string, string>;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Environment of the server and of CLI commands against the same data. */
function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'DATABASE_URL') delete env[key];
  }
  env.PORT = String(options.port);
  env.HOST = '127.0.0.1';
  env.TAIKAI_DATA_DIR = options.dataDir;
  env.TAIKAI_DEV_OUTBOX = '1';
  env.TAIKAI_WEB_DIST = options.webDist;
  // Every journey registers its people from this one address: the per-address limits would refuse the later ones.
  env.SEND_CODE_RATE_PER_IP = '1000';
  env.LOGIN_RATE_PER_IP = '1000';
  // Tables of scripted people play on a short call window, so that their games end in seconds.
  env.TAIKAI_CALL_WINDOW_MS = '5';
  // The operator's contact, shown as the console footer's link.
  env.TAIKAI_CONTACT = process.env.TAIKAI_CONTACT || 'organisers@e2e.taikai.test';
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.redis) {
    env.TAIKAI_REDIS_URL = options.redis.url;
    env.TAIKAI_REDIS_PREFIX = options.redis.prefix;
  }
  Object.assign(env, options.env);
  return env;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * The real server as a child process (`node --import tsx packages/server/src/main.ts serve`).
 * While it runs on the embedded database no other process may open the data folder: CLI commands reach
 * it through its operator socket, as an operator's do.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private log: WriteStream;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly options: ServerOptions) {
    this.log = createWriteStream(options.logFile, { flags: 'a' });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  async start(): Promise<void> {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
      cwd: repoRoot,
      env: serverEnv(this.options),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    let exited: number | null | undefined;
    child.once('exit', (code) => {
      exited = code;
    });
    while (Date.now() - started < READY_TIMEOUT_MS) {
      if (exited !== undefined) {
        throw new Error(`server exited with ${exited} before it was ready:\n${this.logTail()}`);
      }
      if (await this.answersServerTime()) {
        console.log(
          `[e2e] server ready on ${this.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        return;
      }
      await sleep(250);
    }
    await this.stop();
    throw new Error(`server not ready within ${READY_TIMEOUT_MS / 1000} s:\n${this.logTail()}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }

  /**
   * Runs `main.ts <args>` for each command, in order, against the server's data while it serves (on the
   * embedded database the commands reach it through its operator socket). Calls are queued, one batch at a time.
   */
  cli(commands: readonly (readonly string[])[]): Promise<CliResult[]> {
    const next = this.queue.then(() => this.runCommands(commands));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.stop();
    await new Promise<void>((r) => this.log.end(() => r()));
  }

  private async runCommands(commands: readonly (readonly string[])[]): Promise<CliResult[]> {
    const results: CliResult[] = [];
    for (const args of commands) {
      const result = await this.runCommand(args);
      results.push(result);
      if (result.code !== 0) break;
    }
    return results;
  }

  private runCommand(args: readonly string[]): Promise<CliResult> {
    return new Promise<CliResult>((resolveRun, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
        cwd: repoRoot,
        env: serverEnv(this.options),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.once('error', reject);
      child.once('close', (code) => {
        this.log.write(`[e2e] cli ${args.join(' ')} → ${code}\n${stdout}${stderr}`);
        resolveRun({ code: code ?? -1, stdout, stderr });
      });
    });
  }

  private async answersServerTime(): Promise<boolean> {
    try {
      const res = await fetch(`${this.baseUrl}/api/contest/server_time`, {
        signal: AbortSignal.timeout(2000),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { data?: { time?: unknown } };
      return typeof body.data?.time === 'number';
    } catch {
      return false;
    }
  }

  private logTail(): string {
    try {
      return readFileSync(resolve(this.options.logFile), 'utf8').split('\n').slice(-40).join('\n');
    } catch {
      return '(no server log)';
    }
  }
}
