import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../db/client';

// The backup file: one gzip stream of JSON lines.
//   line 1            the header (`BackupHeader`): format, version, creation date, schema, database kind, tables
//   per table         `{"table":"<name>","rows":N}`, then N lines, each a row as PostgreSQL's row_to_json wrote it
//   last line         `{"end":true,"sha256":"<hex>"}`: the sha256 of every line before it (each with its "\n")
// Tables come in foreign-key order (a table after the tables it refers to), rows in primary-key order, so a
// restore inserts them as they come. A file without its last line, or whose lines do not hash to it, is refused.

export const BACKUP_FORMAT = 'taikai-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** Every backup file's name ends so; the scheduled backups' pruning and the backup-age metric look for it. */
export const BACKUP_EXTENSION = '.taikai-backup';

/** A migration of the database schema, as drizzle-kit's journal lists it. */
export type SchemaVersion = { idx: number; tag: string; when: number };

export const BackupHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  /** ISO 8601 time at which the snapshot was taken. */
  createdAt: z.string(),
  /** The last migration applied to the database backed up. */
  schema: z.object({ idx: z.number().int(), tag: z.string(), when: z.number() }),
  database: z.enum(['pglite', 'pg']),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int() })),
});
export type BackupHeader = z.infer<typeof BackupHeader>;

export const TableLine = z.object({ table: z.string(), rows: z.number().int().nonnegative() });
export const EndLine = z.object({ end: z.literal(true), sha256: z.string() });

/** The migrations this program knows, oldest first. */
export function knownMigrations(dir = MIGRATIONS_DIR): SchemaVersion[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: SchemaVersion[];
  };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

const two = (n: number) => String(n).padStart(2, '0');

/** `taikai-<YYYYMMDD-HHMMSS>-s<schema>.taikai-backup`, the time in UTC and the schema as its migration number. */
export function backupFileName(createdAt: Date, schema: SchemaVersion): string {
  const d = createdAt;
  const date = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
  const time = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  return `taikai-${date}-${time}-s${String(schema.idx).padStart(4, '0')}${BACKUP_EXTENSION}`;
}
