import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ErrorCode, type PlayerLinkOut } from '@taikai/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ReadinessProbe } from '../../src/http/health';
import { freePort } from '../support/cluster';
import { eventually, gameOfPlan, gameRow, makeReady, plan, seasonWithRoster } from '../support/games';
import { startWorld, type World } from '../support/world';

// Health probes and Prometheus metrics: /healthz and /readyz for proxies and process managers, /metrics off
// unless TAIKAI_METRICS asks for it, on the main port or a port of its own.

/** The probes' bound in the tests that wait it out (the server's is 2 s). */
const SHORT_BOUND_MS = 300;

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample named `name` whose labels include `labels` (undefined when there is none). */
function metric(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(world: World): Promise<string> {
  const res = await world.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

describe('health probes; metrics on a port of their own (TAIKAI_METRICS=<port>)', () => {
  let world: World;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    world = await startWorld({ TAIKAI_METRICS: String(port) });
  });
  afterAll(() => world.close());

  it('/healthz answers 200 {"status":"ok"} without a session', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers and is migrated (and Redis, in the scaled mode)', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', ...(world.config.redis ? { redis: 'ok' } : {}) },
    });
  });

  it('/readyz answers 503 naming the migrations while the newest one is not applied', async () => {
    const db = world.database.db;
    const rows = (await db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string | number }[] };
    const newest = rows.rows[0];
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await world.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('not ready');
      expect(res.json().checks).toMatchObject({ database: 'ok', migrations: 'pending' });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await world.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('a readiness check that does not answer within its bound is a timeout, and ready again after', async () => {
    // A transaction holds the migrations table: the probe's query waits behind it, past the probe's bound.
    const probe = new ReadinessProbe(world.database, undefined, SHORT_BOUND_MS);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = world.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    try {
      expect(await probe.check()).toEqual({
        status: 'not ready',
        checks: { database: 'timeout', migrations: 'unknown' },
      });
    } finally {
      release();
      await holder;
    }
    await eventually(async () => (await probe.check()).status === 'ready', 'ready again');
  });

  it('in the scaled mode, a Redis that does not answer makes the process not ready', async () => {
    const nobody = await freePort();
    const probe = new ReadinessProbe(
      world.database,
      { url: `redis://127.0.0.1:${nobody}`, prefix: 'taikai-health-test' },
      SHORT_BOUND_MS,
    );
    try {
      expect(await probe.check()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', redis: 'timeout' },
      });
    } finally {
      await probe.close();
    }
  });

  it('metrics are off by default; where they are not served, GET /metrics answers 404, not the console', async () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    const res = await world.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('serves the exposition on TAIKAI_METRICS_HOST:port', async () => {
    await world.get('server_time');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(metric(text, 'taikai_http_requests_total', { call: 'server_time', status: '200' })).toBe(1);
    expect(metric(text, 'taikai_running_tables')).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});

describe('metrics on the main port (TAIKAI_METRICS=1)', () => {
  let world: World;
  let backups: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    backups = mkdtempSync(join(tmpdir(), 'taikai-backups-'));
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    world = await startWorld(
      { TAIKAI_METRICS: '1', TAIKAI_BACKUP_DIR: backups, LOG_LEVEL: 'info' },
      { logStream },
    );
  });
  afterAll(async () => {
    await world.close();
    rmSync(backups, { recursive: true, force: true });
  });

  it('counts requests by call, status and error code, whichever prefix, with their latency', async () => {
    expect((await world.get('server_time')).status).toBe(200);
    const refused = await world.app.inject({
      method: 'GET',
      url: '/api/contest_gate/api/contest/fetch_account_info',
    });
    expect(refused.statusCode).toBe(401);
    await world.get('fetch_account_info');
    const text = await scrape(world);
    expect(metric(text, 'taikai_http_requests_total', { call: 'server_time', status: '200', code: '' })).toBe(
      1,
    );
    expect(
      metric(text, 'taikai_http_requests_total', {
        call: 'fetch_account_info',
        status: '401',
        code: String(ErrorCode.NOT_LOGGED_IN),
      }),
    ).toBe(2);
    expect(metric(text, 'taikai_http_request_duration_seconds_count', { call: 'fetch_account_info' })).toBe(
      2,
    );
    // Never the raw URL: no series carries a path or query string of a request.
    expect(text).not.toMatch(/call="\/api\//);
    // Default process metrics come along.
    expect(metric(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('shows running tables, open links and streams, and the wait of answered decisions', async () => {
    const s = await seasonWithRoster(world, 1);
    const host = world.app.deps.games;
    const player = s.ids[0];
    let gameUuid = '';
    let answered = 0;
    // The player answers the first decision asked of them, then lets the table wait on their seat.
    const stopListening = host.live.onAccount(player, (out: PlayerLinkOut) => {
      if (out.op !== 'game_message' || !out.ask || answered > 0) return;
      answered++;
      host.answer(player, out.game_uuid, out.ask.id, {});
    });
    const stopWatching = host.live.onSeason(s.unique_id, s.season_id, () => {});
    try {
      makeReady(world, s.unique_id, s.season_id, [player]);
      const planUuid = await plan(world, s.owner, s, [0, player, 0, 0], { ai_level: 0 });
      gameUuid = await gameOfPlan(world, planUuid);
      await eventually(async () => (await gameRow(world, gameUuid)).handStart !== null, 'the first hand');
      const text = await eventually(async () => {
        const t = await scrape(world);
        return (metric(t, 'taikai_decision_seconds_count') ?? 0) >= 1 ? t : null;
      }, 'an answered decision');
      expect(metric(text, 'taikai_running_tables')).toBe(1);
      expect(metric(text, 'taikai_player_links_open')).toBe(1);
      expect(metric(text, 'taikai_season_streams_open')).toBe(1);
      expect(metric(text, 'taikai_decision_seconds_count')).toBe(1);
      expect(metric(text, 'taikai_decision_seconds_bucket', { le: '+Inf' })).toBe(1);
      if (world.config.redis) {
        expect(metric(text, 'taikai_queue_jobs', { queue: 'tables', state: 'active' })).toBe(1);
        expect(metric(text, 'taikai_queue_stalled_jobs_total', { queue: 'tables' })).toBe(0);
      }
      if (world.database.kind === 'pg') {
        expect(metric(text, 'taikai_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
        expect(metric(text, 'taikai_db_pool_connections', { state: 'waiting' })).toBe(0);
      } else expect(metric(text, 'taikai_db_pool_connections', { state: 'total' })).toBeUndefined();
    } finally {
      stopListening();
      stopWatching();
      if (gameUuid) await host.terminate(gameUuid);
    }
    const after = await scrape(world);
    expect(metric(after, 'taikai_running_tables')).toBe(0);
    expect(metric(after, 'taikai_player_links_open')).toBe(0);
    expect(metric(after, 'taikai_season_streams_open')).toBe(0);
  });

  it('probes and scrapes are not logged at info, unlike calls', async () => {
    logLines.length = 0;
    for (const url of ['/healthz', '/readyz', '/metrics'])
      expect((await world.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(logLines.filter((line) => /\/(healthz|readyz|metrics)\b/.test(line))).toEqual([]);
    await world.get('server_time');
    expect(logLines.some((line) => line.includes('/api/contest/server_time'))).toBe(true);
  });

  it('gives the age of the newest backup file, NaN while there is none', async () => {
    expect(metric(await scrape(world), 'taikai_backup_age_seconds')).toBeNaN();
    const older = join(backups, 'a.taikai-backup');
    const newer = join(backups, 'b.taikai-backup');
    writeFileSync(older, 'x');
    writeFileSync(newer, 'x');
    writeFileSync(join(backups, 'notes.txt'), 'not a backup');
    const now = Date.now() / 1000;
    utimesSync(older, now - 7200, now - 7200);
    utimesSync(newer, now - 600, now - 600);
    utimesSync(join(backups, 'notes.txt'), now, now);
    const age = metric(await scrape(world), 'taikai_backup_age_seconds');
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(7200);
  });
});
