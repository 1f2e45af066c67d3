import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { askServer, type OperatorRequest } from '../operator/socket';
import { restoreBackup } from './restore';
import { writeBackup } from './write';

// The operator's backup and restore commands, and the operator socket's backup (on the embedded database).

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

/** The operator socket's `backup` command: a backup written by the server that holds the embedded database. */
export function backupBySocket(config: Config, database: Database, log: FastifyBaseLogger) {
  return async (request: OperatorRequest) => {
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
  };
}
