import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, MIGRATIONS_DIR, openPglite, openPostgres } from '../../../src/db/client';
import { databaseUrlFor } from '../../support/postgres';
import type { WorldDatabase } from '../../support/world';

// Databases as earlier releases left them: empty ones (PGlite, or a new database on the PostgreSQL server of
// TAIKAI_TEST_DATABASE_URL) brought forward one migration at a time.

/** The journal's migrations, in order, as drizzle's migrator reads them (statements, hash, `when`). */
export const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });

/**
 * Applies the first `count` migrations that the database has not had yet, through drizzle's own migration step
 * (what `migrate()` of drizzle-orm/pglite and drizzle-orm/node-postgres runs, given the list cut short): each
 * statement in one transaction, and each migration recorded in drizzle.__drizzle_migrations with its file's hash
 * and its journal `when`, so that the database's `migrate()` later applies only the rest.
 */
export async function migrateFirst(database: Database, count: number): Promise<void> {
  const db = database.db as unknown as {
    dialect: { migrate(m: unknown, session: unknown, config: unknown): Promise<void> };
    session: unknown;
  };
  await db.dialect.migrate(migrations.slice(0, count), db.session, { migrationsFolder: MIGRATIONS_DIR });
}

/** An empty database, not migrated: PGlite, or a new PostgreSQL database when TAIKAI_TEST_DATABASE_URL is set. */
export async function emptyDatabase(): Promise<WorldDatabase> {
  const serverUrl = process.env.TAIKAI_TEST_DATABASE_URL;
  if (!serverUrl) {
    const empty = readFileSync(inject('pgliteEmpty'));
    const database = await openPglite({ instance: await PGlite.create({ loadDataDir: new Blob([empty]) }) });
    return { database, drop: () => database.close() };
  }
  const name = `taikai_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrlFor(serverUrl, name);
  const database = openPostgres(url);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // The pool's connections close a moment after pool.end() resolves: wait for them (see test/support/world.ts).
      for (let tries = 0; ; tries++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}${tries < 50 ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || tries >= 50) throw err;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await c.end();
    },
  };
}
