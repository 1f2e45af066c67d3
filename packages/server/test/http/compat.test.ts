import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeConsoleBuild } from '../support/console-build';
import { startWorld, type World } from '../support/world';

let world: World;
let webDist: string;
beforeAll(async () => {
  webDist = fakeConsoleBuild();
  world = await startWorld({ TAIKAI_WEB_DIST: webDist });
});
afterAll(async () => {
  await world.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('test database', () => {
  it('runs on PostgreSQL when TAIKAI_TEST_DATABASE_URL is set, else on PGlite', () => {
    expect(world.database.kind).toBe(process.env.TAIKAI_TEST_DATABASE_URL ? 'pg' : 'pglite');
  });
});

describe('both prefixes', () => {
  it('serves contest calls and login under /api/contest_gate/api as well', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const login = await world.post('/api/contest_gate/api/login', {
      account: org.account.email,
      password: org.account.password,
      type: 0,
    });
    expect(login.status).toBe(200);
    const detail = await world.get(
      '/api/contest_gate/api/contest/fetch_contest_detail',
      { unique_id },
      { token: login.body.data.token },
    );
    expect(detail.body.data.unique_id).toBe(unique_id);
    const time = await world.get('/api/contest_gate/api/contest/server_time');
    expect(time.body.data.time).toEqual(expect.any(Number));
  });
});

describe('envelope', () => {
  it('an unknown call answers 404 with the error envelope', async () => {
    const res = await world.get('no_such_call');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 2517, message: expect.stringContaining('no_such_call') });
  });

  it('malformed JSON answers 400 with 2517', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(2517);
  });

  it('a POST with an empty JSON body is read as {}', async () => {
    const org = await world.organiser();
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json', authorization: `Majsoul ${org.token}` },
      payload: '',
    });
    expect(res.json()).toEqual({ data: {} });
  });
});

describe('console', () => {
  it('serves built files and answers index.html for console routes', async () => {
    const asset = await world.app.inject({ method: 'GET', url: '/assets/main.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    for (const url of ['/', '/contest/12/season/1/record']) {
      const page = await world.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('taikai console');
    }
  });

  it('answers a game’s table opened directly with the table’s own page, never cached', async () => {
    for (const url of ['/play/game/0b8f2c1e', '/play/game/0b8f2c1e/']) {
      const page = await world.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('taikai table');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    // The players' other pages are the console's.
    for (const url of ['/play', '/play/123', '/play/game/a/b']) {
      expect((await world.app.inject({ method: 'GET', url })).body).toContain('taikai console');
    }
  });

  it('does not serve files outside the build folder', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
