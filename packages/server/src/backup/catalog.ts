import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { knownMigrations, type SchemaVersion } from './format';

// What a backup and a restore read of the database itself: its tables (from PostgreSQL's catalog, so that a
// table added by a migration is backed up without a change here) and the last migration applied to it.

export type TableInfo = {
  name: string;
  /** Columns a restore inserts (generated columns left out), in table order. */
  columns: string[];
  primaryKey: string[];
};

// biome-ignore lint/suspicious/noExplicitAny: rows of catalog queries
export async function rows<T = any>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The tables of the public schema, each after the tables its foreign keys refer to. */
export async function tablesInForeignKeyOrder(db: Executor): Promise<TableInfo[]> {
  const tables = await rows<{ name: string; columns: string[] | string; pk: string[] | string }>(
    db,
    sql`SELECT c.relname AS name,
        (SELECT json_agg(a.attname ORDER BY a.attnum) FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '')::text AS columns,
        (SELECT json_agg(a.attname ORDER BY array_position(i.indkey::int2[], a.attnum)) FROM pg_index i
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
          WHERE i.indrelid = c.oid AND i.indisprimary)::text AS pk
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  const links = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
      JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = ch.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of links) {
    if (child === parent) continue;
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)!.add(parent);
  }
  const info = tables.map((t) => ({
    name: t.name,
    columns: JSON.parse(String(t.columns)) as string[],
    primaryKey: t.pk === null ? [] : (JSON.parse(String(t.pk)) as string[]),
  }));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < info.length) {
    const next = info.filter(
      (t) => !placed.has(t.name) && [...(parents.get(t.name) ?? [])].every((p) => placed.has(p)),
    );
    if (next.length === 0) throw new Error('the tables refer to each other in a circle: no insertion order');
    for (const t of next) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  for (const t of ordered) {
    if (t.primaryKey.length === 0) throw new Error(`table ${t.name} has no primary key`);
  }
  return ordered;
}

/** The last migration applied to the database (null when none is). */
export async function appliedSchema(db: Executor): Promise<{ when: number } | null> {
  const [exists] = await rows<{ found: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!exists?.found) return null;
  const [last] = await rows<{ when: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS when FROM drizzle.__drizzle_migrations`,
  );
  return last?.when ? { when: Number(last.when) } : null;
}

/** The known migration a database's last applied one is; throws when this program does not know it. */
export function schemaOf(applied: { when: number } | null): SchemaVersion {
  const known = knownMigrations();
  const found = applied && known.find((m) => m.when === applied.when);
  if (!found) {
    throw new Error(
      applied
        ? 'the database has a schema this program does not know (a newer version migrated it)'
        : 'the database has no schema yet (run `taikai migrate` or start the server once)',
    );
  }
  return found;
}

/** Each sequence that fills a column (serial or identity), with its table and column. */
export async function sequences(
  db: Executor,
): Promise<{ table: string; column: string; sequence: string }[]> {
  return rows(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column",
        pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) AS sequence
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) IS NOT NULL`,
  );
}

/** Every table of the public schema that holds at least one row. */
export async function tablesWithRows(db: Executor): Promise<string[]> {
  const tables = await tablesInForeignKeyOrder(db);
  const full: string[] = [];
  for (const t of tables) {
    const [row] = await rows(db, sql`SELECT 1 AS one FROM ${sql.identifier(t.name)} LIMIT 1`);
    if (row) full.push(t.name);
  }
  return full;
}
