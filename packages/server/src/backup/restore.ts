import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, MIGRATIONS_DIR } from '../db/client';
import { appliedSchema, rows, sequences, tablesWithRows } from './catalog';
import { knownMigrations, type SchemaVersion } from './format';
import { BackupRefused, readBatches, verifyBackup } from './read';

export type Restored = { rows: number; tables: number; schema: string; migratedTo: string; ms: number };

/**
 * Applies the migrations up to `schema` and no further: drizzle's migrator applies a folder's whole journal, so it
 * is given a copy of the folder whose journal ends there.
 */
export async function migrateUpTo(database: Database, schema: SchemaVersion): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'taikai-migrations-'));
  try {
    const entries = knownMigrations().filter((m) => m.idx <= schema.idx);
    mkdirSync(join(dir, 'meta'));
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number }[];
    };
    journal.entries = journal.entries.filter((e) => e.idx <= schema.idx);
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    for (const m of entries) copyFileSync(join(MIGRATIONS_DIR, `${m.tag}.sql`), join(dir, `${m.tag}.sql`));
    if (database.kind === 'pg') await migratePg(database.db as never, { migrationsFolder: dir });
    else await migratePglite(database.db as never, { migrationsFolder: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Restores a backup file into an empty database: checks the whole file first (checksum, format, schema), refuses
 * a database that holds any row, migrates it to the backup's schema, inserts every table's rows in the file's
 * (foreign-key) order in one transaction, moves every sequence past the largest id, then applies this program's
 * newer migrations. Throws `BackupRefused` with the reason, the database unchanged, when it cannot.
 */
export async function restoreBackup(database: Database, file: string): Promise<Restored> {
  const started = performance.now();
  const { header, schema } = await verifyBackup(file);
  const full = await tablesWithRows(database.db);
  if (full.length > 0) {
    throw new BackupRefused(
      `the target database is in use (its tables ${full.slice(0, 5).join(', ')}${full.length > 5 ? ', …' : ''} hold rows): restore into a new data folder or an empty database`,
    );
  }
  const applied = await appliedSchema(database.db);
  if (applied && applied.when > schema.when) {
    throw new BackupRefused(
      `the target database is already migrated past the backup's schema (${schema.tag}): restore into a new data folder or an empty database`,
    );
  }
  await migrateUpTo(database, schema);
  let total = 0;
  await database.db.transaction(async (tx) => {
    await readBatches(file, async (batch) => {
      const columns = sql.join(
        batch.columns.map((c) => sql.identifier(c)),
        sql`, `,
      );
      const table = sql.identifier(batch.table);
      await tx.execute(
        sql`INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${table}, ${`[${batch.rows.join(',')}]`}::json)`,
      );
      total += batch.rows.length;
    });
    for (const s of await sequences(tx)) {
      const t = sql.identifier(s.table);
      const c = sql.identifier(s.column);
      await rows(
        tx,
        sql`SELECT setval(${s.sequence}, COALESCE((SELECT max(${c}) FROM ${t}), 1), (SELECT max(${c}) FROM ${t}) IS NOT NULL)`,
      );
    }
  });
  await database.migrate();
  return {
    rows: total,
    tables: header.tables.length,
    schema: schema.tag,
    migratedTo: knownMigrations().at(-1)!.tag,
    ms: Math.round(performance.now() - started),
  };
}
