import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeConsoleBuild } from '../support/console-build';
import { startWorld, type World } from '../support/world';

// Every answer tells the browser: run only the console's own scripts, never inside a frame, never guess a
// content type, send no referrer.

let world: World;
let webDist: string;
beforeAll(async () => {
  webDist = fakeConsoleBuild();
  world = await startWorld({ TAIKAI_WEB_DIST: webDist, HTTP_BODY_LIMIT: '1024' });
});
afterAll(async () => {
  await world.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on calls, errors, console files, the console fallback and not-found answers', async () => {
    const org = await world.organiser();
    const requests: (InjectOptions & { expected: number })[] = [
      { method: 'GET', url: '/api/contest/server_time', expected: 200 },
      { method: 'GET', url: '/api/contest/fetch_account_info', expected: 401 },
      {
        method: 'GET',
        url: '/api/contest/fetch_contest_detail?unique_id=x',
        headers: { authorization: `Majsoul ${org.token}` },
        expected: 400,
      },
      {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"account":',
        expected: 400,
      },
      {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(4096) }),
        expected: 400,
      },
      { method: 'GET', url: '/api/no_such_call', expected: 404 },
      { method: 'GET', url: '/assets/main.js', expected: 200 },
      { method: 'GET', url: '/', expected: 200 },
      { method: 'GET', url: '/contest/12/season/1/record', expected: 200 },
      { method: 'HEAD', url: '/', expected: 200 },
      { method: 'POST', url: '/somewhere', expected: 404 },
    ];
    for (const { expected, ...request } of requests) {
      const res = await world.app.inject(request);
      const what = `${request.method} ${request.url}`;
      expect(res.statusCode, what).toBe(expected);
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, what).toContain("frame-ancestors 'none'");
      expect(csp, what).toContain("script-src 'self';");
      expect(csp, what).toContain("connect-src 'self'");
      expect(csp, what).not.toContain('unsafe-eval');
    }
  });
});
