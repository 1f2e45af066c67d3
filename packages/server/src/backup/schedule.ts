import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { BACKUP_EXTENSION } from './format';
import { writeBackup } from './write';

/** Advisory lock held by the one process of a PostgreSQL deployment that writes the scheduled backups. */
const BACKUP_LEADER_LOCK = 7_351_003;

/**
 * Keeps the newest `keep` backup files of `dir` (by modification time) and deletes the older ones; files of
 * other names are left alone. Answers the deleted paths.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(BACKUP_EXTENSION))
    .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime || b.path.localeCompare(a.path));
  const old = files.slice(keep).map((f) => f.path);
  for (const path of old) rmSync(path, { force: true });
  return old;
}

/** One scheduled backup: written into the folder, the older files pruned, one log line. */
export async function scheduledBackup(
  config: Pick<Config, 'backup'>,
  database: Database,
  log: FastifyBaseLogger,
): Promise<void> {
  const { path, bytes, ms, rows } = await writeBackup(database, { dir: config.backup.dir });
  const pruned = pruneBackups(config.backup.dir, config.backup.keep);
  log.info({ path, bytes, ms, rows, pruned: pruned.length }, 'backup written');
}

/**
 * On PostgreSQL several processes may serve one database: the one holding a session advisory lock writes the
 * backups. The lock lives on its own connection; a process that ends releases it and another takes it at its
 * next turn.
 */
export class BackupLeader {
  private client: pg.Client | null = null;

  constructor(private readonly url: string) {}

  async isLeader(): Promise<boolean> {
    if (this.client) return true;
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => {
      if (this.client === client) this.client = null;
    });
    client.on('end', () => {
      if (this.client === client) this.client = null;
    });
    try {
      await client.connect();
      const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS won', [BACKUP_LEADER_LOCK]);
      if (rows[0]?.won) {
        this.client = client;
        return true;
      }
    } catch {
      // Not reachable now: not the leader this turn.
    }
    await client.end().catch(() => {});
    return false;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/**
 * Writes a backup into `config.backup.dir` every `config.backup.everyMinutes` minutes, at the multiples of that
 * interval on the clock, and keeps the newest `config.backup.keep` files. On PostgreSQL exactly one process
 * does it (see `BackupLeader`). Answers the function that stops it.
 */
export function startBackupSchedule(
  config: Pick<Config, 'backup' | 'databaseUrl'>,
  database: Database,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const everyMs = (config.backup.everyMinutes ?? 0) * 60_000;
  if (everyMs <= 0) return async () => {};
  const leader = config.databaseUrl ? new BackupLeader(config.databaseUrl) : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const turn = async () => {
    if (leader && !(await leader.isLeader())) return;
    try {
      await scheduledBackup(config, database, log);
    } catch (err) {
      log.error({ err }, 'scheduled backup failed');
    }
  };
  const plan = () => {
    if (stopped) return;
    const wait = everyMs - (Date.now() % everyMs);
    timer = setTimeout(() => {
      running = turn().finally(plan);
    }, wait);
    timer.unref();
  };
  plan();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    await leader?.close();
  };
}
