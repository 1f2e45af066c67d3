import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { verifyGame } from '@taikai/engine';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { appliedSchema, tablesWithRows } from '../../src/backup/catalog';
import { backupCommand, restoreCommand } from '../../src/backup/cli';
import { BACKUP_EXTENSION, knownMigrations } from '../../src/backup/format';
import { BackupRefused, verifyBackup } from '../../src/backup/read';
import { migrateUpTo, restoreBackup } from '../../src/backup/restore';
import { BackupLeader, scheduledBackup } from '../../src/backup/schedule';
import { writeBackup } from '../../src/backup/write';
import { loadConfig } from '../../src/config';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { gameRecords } from '../../src/db/schema';
import * as operator from '../../src/domains/accounts/operator';
import { SIGNUP, seasonWith } from '../players/support';
import {
  eventually,
  gameOfPlan,
  gameRow,
  makeReady,
  plan,
  playRecordedGame,
  seasonWithRoster,
} from '../support/games';
import { databaseUrlFor } from '../support/postgres';
import { startWorld, type World } from '../support/world';
import { addMembers, createTeams, teamSeason } from '../teams/support';

// The restore drill: a backup taken while the server runs (a game in progress, a season mid-sign-up, finished
// records, teams, audit history) restores into a fresh database, and a server started on it answers the same and
// finishes the game. On the embedded database and on PostgreSQL (TAIKAI_TEST_DATABASE_URL); the backup of a
// running embedded server through its operator socket, with real processes, on the embedded database alone.

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '../../src/main.ts');
const serverUrl = process.env.TAIKAI_TEST_DATABASE_URL;

let world: World;
let dir: string;
const dropped: string[] = [];

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/**
 * Puts the run's migrated template (no rows) in a data folder, as `taikai migrate` would leave it: a new embedded
 * database takes seconds to create and migrate.
 */
async function copyTemplate(dataDir: string): Promise<void> {
  const template = await PGlite.create(join(dataDir, 'pg'), {
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
  });
  await template.close();
}

/**
 * A fresh target: a data folder migrated but empty, or an empty PostgreSQL database (there the restore applies
 * the migrations up to the backup's schema).
 */
async function freshTarget(): Promise<{ database: Database; env: Record<string, string> }> {
  const dataDir = mkdtempSync(join(dir, 'target-'));
  if (!serverUrl) {
    await copyTemplate(dataDir);
    return { database: await openPglite({ dataDir }), env: { TAIKAI_DATA_DIR: dataDir } };
  }
  const name = `taikai_restore_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  dropped.push(name);
  const url = databaseUrlFor(serverUrl, name);
  return { database: openPostgres(url), env: { TAIKAI_DATA_DIR: dataDir, DATABASE_URL: url } };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taikai-drill-'));
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
  if (serverUrl)
    for (const name of dropped) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a backup taken mid-game restores everything; a server on the copy answers the same and finishes the game', async () => {
    // A finished record and its ranking.
    const played = await seasonWithRoster(world, 2);
    const recorded = await playRecordedGame(world, played.owner, played, [played.ids[0], 0, 0, 0]);
    // Teams with members.
    const teamed = await teamSeason(world);
    const [teamId] = await createTeams(world, teamed, ['Red', 'Blue']);
    await addMembers(world, teamed, teamId!, played.ids);
    // A season mid-sign-up: two sign-ups wait for review.
    const signing = await seasonWith(world, SIGNUP.CHECK);
    for (const p of played.roster) {
      const res = await world.post(
        'signup_contest_season',
        { unique_id: signing.unique_id, season_id: signing.season_id },
        { token: p.token },
      );
      expect(res.body.error).toBeUndefined();
    }
    // A game in progress: its player answers every ask a moment later.
    const running = await seasonWithRoster(world, 1);
    const answering = (host: World['app']['deps']['games']) =>
      host.live.onAccount(running.ids[0]!, (m) => {
        if (m.op === 'game_message' && m.ask) {
          const ask = m.ask;
          setTimeout(() => host.answer(running.ids[0]!, m.game_uuid, ask.id, {}), 3);
        }
      });
    const unlink = answering(world.app.deps.games);
    makeReady(world, running.unique_id, running.season_id, running.ids);
    const gameUuid = await gameOfPlan(
      world,
      await plan(world, running.owner, running, [running.ids[0]!, 0, 0, 0], { ai_level: 1 }),
    );
    await eventually(async () => (await gameRow(world, gameUuid)).hand >= 1, 'hand 1');

    const written = await writeBackup(world.database, { dir: join(dir, 'backups') });
    unlink();
    expect(written.path).toMatch(/\/taikai-\d{8}-\d{6}-s\d{4}\.taikai-backup$/);
    expect(written.header.database).toBe(world.database.kind);

    // What clients see of the finished record, the ranking, the teams, the sign-ups and the history.
    const views = (get: World['get']) => {
      const season = { unique_id: played.unique_id, season_id: played.season_id };
      const owner = { token: played.owner.token };
      return Promise.all([
        get('fetch_contest_game_records', { ...season, limit: 10 }, owner),
        get('fetch_contest_game_record_file', { ...season, uuid: recorded }, owner),
        get('fetch_season_player_rank', { ...season, limit: 10 }, owner),
        get('contest_season_player_list', { ...season, state: 2 }, owner),
        get('fetch_contest_history', { unique_id: played.unique_id, limit: 50 }, owner),
        get(
          'fetch_contest_team_list',
          { unique_id: teamed.unique_id, season_id: teamed.season_id },
          { token: teamed.owner.token },
        ),
        get(
          'contest_season_player_list',
          { unique_id: signing.unique_id, season_id: signing.season_id, state: 1 },
          { token: signing.creator.token },
        ),
        get('fetch_account_info', {}, owner),
      ]);
    };
    const before = await views(world.get);
    for (const v of before) expect(v.body.error, JSON.stringify(v.body)).toBeUndefined();
    expect(before[1]!.body.data.verification.ok).toBe(true);
    expect(before[6]!.body.data.total).toBe(2);

    const target = await freshTarget();
    const restored = await restoreBackup(target.database, written.path);
    expect(restored.rows).toBe(written.rows);
    const config = loadConfig({
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      TAIKAI_CALL_WINDOW_MS: '5',
      ...target.env,
    });
    const next = await buildApp({ config, database: target.database, clock: world.clock, logger: false });
    // The game in progress resumes once the server is ready (the host's restart path); its player answers there.
    answering(next.deps.games);
    await next.ready();
    try {
      const get = async (name: string, query?: Record<string, unknown>, opts: { token?: string } = {}) => {
        const res = await next.inject({
          method: 'GET',
          url: `/api/contest/${name}`,
          query: query as Record<string, string>,
          headers: opts.token ? { authorization: `Majsoul ${opts.token}` } : {},
        });
        return { status: res.statusCode, body: res.json() };
      };
      const after = await views(get as World['get']);
      for (const [i, v] of after.entries()) expect(v.body, `view ${i}`).toEqual(before[i]!.body);

      const record = await eventually(async () => {
        const [row] = await target.database.db
          .select()
          .from(gameRecords)
          .where(eq(gameRecords.uuid, gameUuid));
        return row ?? null;
      }, 'the resumed game to end');
      expect(verifyGame(record.seed, record.log as never).ok).toBe(true);
      // A new account takes an id past every restored one: the sequences moved on.
      const created = await operator.createAccount(
        { ...next.deps, actor: null, ip: 'test', now: world.clock.now() },
        { email: 'after-restore@example.test', nickname: 'AfterRestore', password: 'secret-pass' },
      );
      expect(created.id).toBeGreaterThan(Math.max(...running.ids, played.owner.account.id));
    } finally {
      await next.close();
      await target.database.close();
    }
  });

  it('restore refuses a damaged or truncated file and a live database, and changes nothing', async () => {
    const good = await writeBackup(world.database, { out: join(dir, 'good.taikai-backup') });
    const bytes = readFileSync(good.path);
    const truncated = join(dir, 'truncated.taikai-backup');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] ^= 0xff;
    const damaged = join(dir, 'damaged.taikai-backup');
    writeFileSync(damaged, flipped);
    const other = join(dir, 'other.taikai-backup');
    writeFileSync(other, 'hello\n');

    const target = await freshTarget();
    const schemaBefore = await appliedSchema(target.database.db);
    try {
      for (const file of [truncated, damaged, other]) {
        await expect(restoreBackup(target.database, file)).rejects.toThrow(BackupRefused);
      }
      expect(await appliedSchema(target.database.db)).toEqual(schemaBefore);
      expect(await tablesWithRows(target.database.db)).toEqual([]);
    } finally {
      await target.database.close();
    }

    const live = await tablesWithRows(world.database.db);
    await expect(restoreBackup(world.database, good.path)).rejects.toThrow(/target database is in use/);
    expect(await tablesWithRows(world.database.db)).toEqual(live);
  });

  it('a scheduled backup goes into the folder, logs one line, and keeps the newest files of that name', async () => {
    const folder = mkdtempSync(join(dir, 'kept-'));
    const old = ['taikai-20260101-000000-s0013', 'taikai-20260102-000000-s0013'].map((name, i) => {
      const path = join(folder, `${name}${BACKUP_EXTENSION}`);
      writeFileSync(path, 'x');
      utimesSync(path, new Date(Date.UTC(2026, 0, i + 1)), new Date(Date.UTC(2026, 0, i + 1)));
      return path;
    });
    writeFileSync(join(folder, 'notes.txt'), 'not a backup');
    const lines: unknown[][] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    await scheduledBackup({ backup: { dir: folder, everyMinutes: 60, keep: 2 } }, world.database, log);
    const kept = readdirSync(folder).filter((n) => n.endsWith(BACKUP_EXTENSION));
    expect(kept).toHaveLength(2);
    expect(existsSync(old[0]!)).toBe(false);
    expect(existsSync(old[1]!)).toBe(true);
    expect(existsSync(join(folder, 'notes.txt'))).toBe(true);
    const written = kept.find((n) => !old.includes(join(folder, n)))!;
    expect(written).toMatch(/^taikai-\d{8}-\d{6}-s\d{4}\.taikai-backup$/);
    expect(lines).toEqual([
      [
        expect.objectContaining({ path: join(folder, written), bytes: statSync(join(folder, written)).size }),
        'backup written',
      ],
    ]);
  });

  it.skipIf(serverUrl)(
    'a backup of a running embedded server goes through its operator socket; restore refuses its folder',
    async () => {
      const dataDir = mkdtempSync(join(dir, 'live-'));
      await copyTemplate(dataDir);
      const env = { TAIKAI_DATA_DIR: dataDir, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0' };
      const server: ChildProcess = spawn(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), main, 'serve'],
        { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let log = '';
      server.stdout?.on('data', (d: Buffer) => {
        log += d;
      });
      try {
        await eventually(() => {
          if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}: ${log}`);
          return log.includes('taikai listening');
        }, 'the server to listen');
        expect(statSync(join(dataDir, 'operator.sock')).mode & 0o777).toBe(0o600);
        const config = loadConfig(env);
        await backupCommand(config, []);
        // The server wrote it (its log says so): this process could not have opened the folder.
        await eventually(() => log.includes('backup written'), 'the server to log the backup');
        const [file] = readdirSync(join(dataDir, 'backups'));
        expect(file).toMatch(/^taikai-\d{8}-\d{6}-s\d{4}\.taikai-backup$/);
        const path = join(dataDir, 'backups', file!);
        // The file is whole and holds the operator account the first start created.
        const { header } = await verifyBackup(path);
        expect(header.tables.find((t) => t.name === 'accounts')?.rows).toBe(1);

        await expect(restoreCommand(config, [path], '')).rejects.toThrow(
          /refusing to restore: .*in use by process/,
        );
      } finally {
        server.kill('SIGTERM');
        await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
      }
      expect(existsSync(join(dataDir, 'operator.sock'))).toBe(false);
    },
  );

  it.runIf(serverUrl)(
    'on PostgreSQL one process at a time writes the scheduled backups; another takes over when it stops',
    async () => {
      const target = await freshTarget();
      const url = target.env.DATABASE_URL!;
      const first = new BackupLeader(url);
      const second = new BackupLeader(url);
      try {
        expect(await first.isLeader()).toBe(true);
        expect(await second.isLeader()).toBe(false);
        expect(await first.isLeader()).toBe(true);
        await first.close();
        expect(await second.isLeader()).toBe(true);
      } finally {
        await first.close();
        await second.close();
        await target.database.close();
      }
    },
  );

  it.runIf(serverUrl)(
    'a backup of an older schema restores into this version: its rows, then the newer migrations',
    async () => {
      const known = knownMigrations();
      const older = known.at(-2)!;
      const source = await freshTarget();
      const target = await freshTarget();
      try {
        await migrateUpTo(source.database, older);
        await source.database.db.execute(
          sql`INSERT INTO accounts (email, nickname, password_hash, create_time) VALUES ('old@example.test', 'Old', NULL, 1)`,
        );
        const written = await writeBackup(source.database, { dir: join(dir, 'older') });
        expect(written.path).toMatch(new RegExp(`-s${String(older.idx).padStart(4, '0')}\\.taikai-backup$`));
        const restored = await restoreBackup(target.database, written.path);
        expect(restored).toMatchObject({ rows: 1, schema: older.tag, migratedTo: known.at(-1)!.tag });
        expect(await appliedSchema(target.database.db)).toEqual({ when: known.at(-1)!.when });
        expect(await tablesWithRows(target.database.db)).toEqual(['accounts']);
      } finally {
        await source.database.close();
        await target.database.close();
      }
    },
  );

  it.runIf(serverUrl && spawnSync('pg_dump', ['--version']).status === 0)(
    'PostgreSQL: the README recipe, pg_dump -Fc and pg_restore --no-owner into a fresh database, copies every row',
    async (ctx) => {
      const [{ server_version_num }] = (await admin((c) => c.query('SHOW server_version_num'))).rows;
      const dumpMajor = /\s(\d+)/.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout)?.[1];
      // pg_dump must be of the server's major version.
      if (Number(dumpMajor) !== Math.floor(Number(server_version_num) / 10_000)) ctx.skip();
      // The source: a copy of the test's database (its URL is the restore target's).
      const source = await freshTarget();
      await restoreBackup(
        source.database,
        (await writeBackup(world.database, { out: join(dir, 'pg.taikai-backup') })).path,
      );
      const dump = join(dir, 'taikai.dump');
      const run = spawnSync('pg_dump', ['-Fc', '-f', dump, '-d', source.env.DATABASE_URL!], {
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      const target = await freshTarget();
      const url = target.env.DATABASE_URL!;
      const back = spawnSync('pg_restore', ['--no-owner', '-d', url, dump], { encoding: 'utf8' });
      expect(back.stderr).toBe('');
      const count = async (db: Database) =>
        (await db.db.execute(
          sql`SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM audit_log) AS n`,
        )) as unknown as { rows: { n: number }[] };
      expect(Number((await count(target.database)).rows[0]!.n)).toBe(
        Number((await count(world.database)).rows[0]!.n),
      );
      await target.database.close();
      await source.database.close();
    },
  );
});
