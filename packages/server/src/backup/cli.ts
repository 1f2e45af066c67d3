import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { restoreBackup } from './restore';
import { startBackupSchedule } from './schedule';
import { askServer, listenOperatorSocket } from './socket';
import { writeBackup } from './write';

// The operator's backup and restore commands, and what `serve` runs for them (the operator socket on the
// embedded database, the scheduled backups).

const describe = (w: Record<string, unknown>) =>
  `backup written: ${w.path} (${w.bytes} bytes, ${w.rows} rows, ${w.ms} ms)`;

/**
 * `backup [--out FILE]`: on PostgreSQL, read directly; on the embedded database, through the server that holds
 * the data folder when one runs, else by opening it here.
 */
export async function backupCommand(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  const target = values.out ? { out: resolve(values.out) } : { dir: config.backup.dir };
  if (!config.databaseUrl) {
    const answer = await askServer(config.dataDir, { command: 'backup', ...target });
    if (answer) {
      if (!answer.ok) throw new Error(`the server could not write the backup: ${answer.error}`);
      console.log(`${describe(answer)}, by the running server`);
      return;
    }
  }
  const database = await openDatabase(config);
  try {
    console.log(describe(await writeBackup(database, target)));
  } finally {
    await database.close();
  }
}

/** `restore FILE`: into the data folder or the database the configuration names, which must be empty. */
export async function restoreCommand(config: Config, args: string[], usage: string): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error(`restore needs one backup file\n\n${usage}`);
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    throw new Error(`refusing to restore: ${(err as Error).message}`);
  }
  try {
    const r = await restoreBackup(database, resolve(file));
    console.log(
      `restored ${r.rows} rows of ${r.tables} tables (schema ${r.schema}, now ${r.migratedTo}) into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir} in ${r.ms} ms`,
    );
  } finally {
    await database.close();
  }
}

/**
 * What `serve` runs beside the app: the operator socket on the embedded database (backups while it runs) and
 * the scheduled backups. Answers the function that stops them.
 */
export async function startBackupServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  let socket: { close(): Promise<void> } | null = null;
  if (database.kind === 'pglite') {
    try {
      socket = await listenOperatorSocket(
        config.dataDir,
        {
          backup: async (request) => {
            const { out, dir } = request;
            const written = await writeBackup(
              database,
              typeof out === 'string' ? { out } : { dir: typeof dir === 'string' ? dir : config.backup.dir },
            );
            log.info(
              { path: written.path, bytes: written.bytes, ms: written.ms, rows: written.rows },
              'backup written',
            );
            return { path: written.path, bytes: written.bytes, rows: written.rows, ms: written.ms };
          },
        },
        log,
      );
    } catch (err) {
      // The server runs without it (a data folder path too long for a Unix socket, say): `backup` then needs
      // the server stopped.
      log.warn({ err }, 'the operator socket could not be opened: `taikai backup` needs the server stopped');
    }
  }
  const stopSchedule = startBackupSchedule(config, database, log);
  return async () => {
    await stopSchedule();
    await socket?.close();
  };
}
