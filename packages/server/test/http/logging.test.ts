import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkClient } from '../support/link-client';
import { startWorld, type World } from '../support/world';

// Logs are read by more people than accounts are: no session token, e-mailed code or password may appear in
// any log line, at any level.

let world: World;
const lines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  world = await startWorld({ LOG_LEVEL: 'trace' }, { logStream });
});
afterAll(() => world.close());

/** True when `secret` appears in the log, not merely as part of a longer number. */
const logged = (secret: string) =>
  new RegExp(`(?<![\\d.])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d)`).test(lines.join(''));

describe('the log at trace level', () => {
  it('shows requests, but no token from a query string or an Authorization header', async () => {
    const org = await world.organiser();
    const { token } = org;
    await world.app.inject({ method: 'GET', url: `/m/?token=${token}` });
    await world.app.inject({ method: 'GET', url: `/login?lang=en&access_token=${token}&x=1` });
    await world.app.inject({ method: 'GET', url: `/api/contest/fetch_account_info?Token=${token}` });
    await world.get('fetch_account_info', {}, { token });
    await world.get('fetch_account_info', {}, { headers: { authorization: `Bearer ${token}` } });
    await world.get('fetch_account_info', {}, { headers: { authorization: token } });
    await world.post('/api/logout', {}, { token });

    expect(lines.join('')).toContain('/m/?token=[redacted]');
    expect(lines.join('')).toContain('/login?lang=en&access_token=[redacted]&x=1');
    expect(world.app.log.level).toBe('trace');
    expect(lines.join('')).toContain('incoming request');
    expect(logged(token)).toBe(false);
  });

  it('shows no password of a login or registration, and no e-mailed code', async () => {
    const org = await world.organiser();
    expect(logged(org.account.password)).toBe(false);

    const email = 'logged.newcomer@example.test';
    await world.post('/api/send_code', { email, purpose: 'register' });
    const registerCode = (await world.lastMail(email))!.code!;
    const registered = await world.post('/api/register', {
      email,
      password: 'Newcomer-Pw-77',
      nickname: 'Newcomer',
      code: registerCode,
    });
    expect(registered.status).toBe(200);

    await world.post('/api/send_code', { email, purpose: 'login' });
    const loginCode = (await world.lastMail(email))!.code!;
    const byCode = await world.post('/api/login', { account: email, code: loginCode, type: 0 });
    expect(byCode.status).toBe(200);
    await world.app.inject({ method: 'GET', url: `/register?code=${loginCode}&password=Newcomer-Pw-77` });

    // The mail log says that a mail was written and where, not what it says.
    expect(lines.join('')).toContain('mail written to the outbox');
    for (const secret of ['Newcomer-Pw-77', registerCode, loginCode, byCode.body.data.token]) {
      expect(logged(secret), lines.filter((l) => l.includes(secret)).join('')).toBe(false);
    }
  });
});

describe('a frame the player link refuses', () => {
  it('an oversize frame is logged once, as a refused frame at warn level without a stack; more from the same address within a minute add no line', async () => {
    await world.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
    const from = lines.length;
    for (let i = 0; i < 3; i++) {
      const link = await LinkClient.open(base);
      link.send({ op: 'ping', pad: 'x'.repeat(17_000) });
      expect((await link.closed).code).toBe(1009);
    }
    const entries = lines
      .slice(from)
      .map((l) => JSON.parse(l) as { level: number; msg: string; wsError?: string });
    const serious = entries.filter((e) => e.level >= 40);
    expect(serious).toHaveLength(1);
    expect(serious[0]).toMatchObject({ level: 40, wsError: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(serious[0].msg).toContain('frame refused');
    expect(JSON.stringify(serious[0])).not.toContain('stack');
  });
});
