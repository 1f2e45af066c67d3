import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { prepareConsole } from './build';
import { startControlServer } from './control-server';
import { artifactsDir } from './paths';
import { findFreePort } from './ports';
import { ServerProcess } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the console and API answer, e.g. http://127.0.0.1:3312. */
    baseUrl: string;
    /** The run's control endpoint for operator CLI commands (see control-server.ts). */
    controlUrl: string;
    /** 'pglite' or 'postgres': which database the server runs on. */
    database: 'pglite' | 'postgres';
    /** The console this run built (for a journey that starts a server of its own). */
    webDist: string;
  }
}

/** Builds the console, starts the real server on a fresh data folder, and stops it at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(artifactsDir, { recursive: true });
  const runDir = mkdtempSync(join(tmpdir(), 'taikai-e2e-'));
  const webDist = join(runDir, 'web');
  const dataDir = join(runDir, 'data');
  mkdirSync(dataDir);
  try {
    prepareConsole(webDist);
  } catch (err) {
    rmSync(runDir, { recursive: true, force: true });
    throw err;
  }

  const databaseUrl = process.env.TAIKAI_E2E_DATABASE_URL || undefined;
  // On PostgreSQL the server runs in the scaled mode (its tables and scheduler on Redis queues), so the journeys
  // hold for both deployments.
  const redisUrl = process.env.TAIKAI_TEST_REDIS_URL;
  const redis =
    databaseUrl && redisUrl
      ? {
          url: redisUrl,
          prefix: `taikai-e2e-${randomBytes(6).toString('hex')}`,
        }
      : undefined;
  const port = await findFreePort();
  const server = new ServerProcess({
    port,
    dataDir,
    webDist,
    databaseUrl,
    redis,
    logFile: join(artifactsDir, 'server.log'),
  });
  rmSync(server.options.logFile, { force: true });
  const control = await startControlServer(server, await findFreePort([port]));
  const controlAddress = control.address();
  const controlPort = typeof controlAddress === 'object' && controlAddress ? controlAddress.port : 0;

  const teardown = async () => {
    await new Promise<void>((r) => control.close(() => r()));
    await server.close();
    rmSync(runDir, { recursive: true, force: true });
    if (redis) await deleteKeys(redis.url, redis.prefix);
  };
  try {
    await server.start();
  } catch (err) {
    await teardown();
    throw err;
  }

  project.provide('baseUrl', server.baseUrl);
  project.provide('controlUrl', `http://127.0.0.1:${controlPort}`);
  project.provide('database', databaseUrl ? 'postgres' : 'pglite');
  project.provide('webDist', webDist);
  return teardown;
}

/** Deletes the run's Redis keys (SCAN + DEL: the Redis may serve others). */
async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
