import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, inSnapshot } from '../db/client';
import { appliedSchema, rows, schemaOf, tablesInForeignKeyOrder } from './catalog';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupHeader, backupFileName } from './format';

/** Rows read per query: memory holds one page, whatever the table's size. */
const PAGE_ROWS = 1000;

export type BackupWritten = { path: string; bytes: number; rows: number; ms: number; header: BackupHeader };

/**
 * Writes a backup of the whole database to `out`, or into `dir` under its default name. Every table is read in
 * one read-only repeatable-read transaction, so the file is one consistent moment of the database while games
 * and calls go on (on the embedded database, which has one connection, they wait for the reading to end). The
 * file appears under its name only once complete: it is written beside it first (`.partial`) and renamed.
 */
export async function writeBackup(
  database: Database,
  target: { out: string } | { dir: string },
): Promise<BackupWritten> {
  const started = performance.now();
  const partial = `${'out' in target ? target.out : join(target.dir, `.taikai-${process.pid}-${Date.now()}`)}.partial`;
  // Backups hold every account's data: the folder made for them is its owner's alone.
  mkdirSync(dirname(partial), { recursive: true, mode: 0o700 });
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  // A failed write (a full disk) is awaited below; until then it must not count as unhandled.
  written.catch(() => {});
  const hash = createHash('sha256');
  const put = async (line: string, hashed = true) => {
    const text = `${line}\n`;
    if (hashed) hash.update(text);
    // A file that cannot be written ends the wait for room with its error.
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written]);
  };
  try {
    const { header, total } = await inSnapshot(database.db, async (tx) => {
      const schema = schemaOf(await appliedSchema(tx));
      const tables = await tablesInForeignKeyOrder(tx);
      const counted = [];
      for (const t of tables) {
        const [c] = await rows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(t.name)}`,
        );
        counted.push({ name: t.name, columns: t.columns, rows: Number(c!.n) });
      }
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        schema,
        database: database.kind,
        tables: counted,
      };
      await put(JSON.stringify(header));
      let total = 0;
      for (const [i, t] of tables.entries()) {
        await put(JSON.stringify({ table: t.name, rows: counted[i]!.rows }));
        const key = sql.join(
          t.primaryKey.map((c) => sql`t.${sql.identifier(c)}`),
          sql`, `,
        );
        const keyOfLast = sql.join(
          t.primaryKey.map((c) => sql`r.${sql.identifier(c)}`),
          sql`, `,
        );
        let last: string | null = null;
        let n = 0;
        for (;;) {
          const after: ReturnType<typeof sql> = last
            ? sql`WHERE (${key}) > (SELECT ${keyOfLast} FROM json_populate_record(NULL::${sql.identifier(t.name)}, ${last}::json) r)`
            : sql``;
          const page = await rows<{ j: string }>(
            tx,
            sql`SELECT row_to_json(t)::text AS j FROM ${sql.identifier(t.name)} t ${after} ORDER BY ${key} LIMIT ${PAGE_ROWS}`,
          );
          // A newline in JSON text is whitespace (one in a string is escaped): a json column may hold some.
          for (const row of page) await put(row.j.replace(/[\r\n]/g, ' '));
          n += page.length;
          if (page.length < PAGE_ROWS) break;
          last = page.at(-1)!.j;
        }
        // The count and the rows come from the same snapshot: they agree, or the reading is wrong.
        if (n !== counted[i]!.rows) throw new Error(`table ${t.name}: read ${n} rows of ${counted[i]!.rows}`);
        total += n;
      }
      return { header, total };
    });
    await put(JSON.stringify({ end: true, sha256: hash.digest('hex') }), false);
    gzip.end();
    await written;
    const handle = await open(partial, 'r');
    const { size } = await handle.stat();
    await handle.sync();
    await handle.close();
    const path =
      'out' in target
        ? target.out
        : join(target.dir, backupFileName(new Date(header.createdAt), header.schema));
    renameSync(partial, path);
    return { path, bytes: size, rows: total, ms: Math.round(performance.now() - started), header };
  } catch (err) {
    gzip.destroy();
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw err;
  }
}
