import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client';
import { databaseUrlFor } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data folder. */
    pgliteTemplate: string;
    /** Tarball of a PGlite data folder before any migration (creating one costs seconds; loading it, little). */
    pgliteEmpty: string;
    /** Name of a migrated PostgreSQL template database, when TAIKAI_TEST_DATABASE_URL is set. */
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'taikai-test-'));
  const instance = await PGlite.create();
  const empty = join(dir, 'empty.tar');
  writeFileSync(empty, Buffer.from(await (await instance.dumpDataDir('none')).arrayBuffer()));
  project.provide('pgliteEmpty', empty);
  const embedded = await openPglite({ instance });
  await embedded.migrate();
  const tarball = join(dir, 'template.tar');
  writeFileSync(tarball, Buffer.from(await (await instance.dumpDataDir('none')).arrayBuffer()));
  await embedded.close();
  project.provide('pgliteTemplate', tarball);

  const serverUrl = process.env.TAIKAI_TEST_DATABASE_URL;
  let template: string | null = null;
  if (serverUrl) {
    template = `taikai_srvtpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = openPostgres(databaseUrlFor(serverUrl, template));
    await database.migrate();
    await database.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (serverUrl && template) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    }
  };
}
