import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import * as operator from '../../src/domains/accounts/operator';
import { startWorld, type World } from '../support/world';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let world: World;
beforeAll(async () => {
  world = await startWorld({ LOGIN_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(() => world.close());

const login = (body: Record<string, unknown>) => world.post('/api/login', body);

describe('login', () => {
  it('by e-mail and password answers a UUID token and the internal account id, also as access_token', async () => {
    const org = await world.organiser();
    const res = await login({ account: org.account.email, password: org.account.password, type: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { token: expect.stringMatching(UUID), account_id: org.account.id },
      access_token: res.body.data.token,
    });
  });

  it('by e-mail and an e-mailed code', async () => {
    const org = await world.organiser();
    await world.post('/api/send_code', { email: org.account.email, purpose: 'login' });
    const { code } = (await world.lastMail(org.account.email))!;
    const res = await login({ account: org.account.email, code, type: 0 });
    expect(res.status).toBe(200);
    const info = await world.get('fetch_account_info', {}, { token: res.body.data.token });
    expect(info.body.data.nickname).toBe(org.account.nickname);
  });

  it('takes type as a string and the e-mail in any case', async () => {
    const org = await world.organiser();
    const res = await login({ account: org.account.email.toUpperCase(), password: 'secret-pass', type: '0' });
    expect(res.status).toBe(200);
  });

  it('refuses an unknown e-mail with 1002', async () => {
    const res = await login({ account: 'ghost@example.test', password: 'whatever', type: 0 });
    expect(res.body.error.code).toBe(1002);
  });

  it('refuses a malformed e-mail with 121 and an unknown login name with 1002', async () => {
    expect((await login({ account: 'ghost@', password: 'whatever', type: 0 })).body.error.code).toBe(121);
    expect((await login({ account: 'ghost', password: 'whatever', type: 0 })).body.error.code).toBe(1002);
  });

  it('refuses a wrong password with 1003', async () => {
    const org = await world.organiser();
    const res = await login({ account: org.account.email, password: 'wrong-pass', type: 0 });
    expect(res.body.error.code).toBe(1003);
  });

  it('refuses a wrong code with 116', async () => {
    const org = await world.organiser();
    await world.post('/api/send_code', { email: org.account.email, purpose: 'login' });
    const { code } = (await world.lastMail(org.account.email))!;
    const res = await login({
      account: org.account.email,
      code: code === '000000' ? '999999' : '000000',
      type: 0,
    });
    expect(res.body.error.code).toBe(116);
  });

  it('refuses a body with neither password nor code as a parameter error', async () => {
    const res = await login({ account: 'a@example.test', type: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2517);
  });

  it('after 3 failures the account is refused with 1028, even with the right password', async () => {
    const org = await world.organiser();
    for (let i = 0; i < 3; i++) await login({ account: org.account.email, password: 'nope-nope', type: 0 });
    const res = await login({ account: org.account.email, password: org.account.password, type: 0 });
    expect(res.body.error.code).toBe(1028);
    world.clock.advance(15 * 60 + 1);
    const later = await login({ account: org.account.email, password: org.account.password, type: 0 });
    expect(later.status).toBe(200);
  });

  it('failures count across server processes sharing the database', async () => {
    const org = await world.organiser();
    const second = await buildApp({
      config: world.config,
      database: world.database,
      clock: world.clock,
      logger: false,
    });
    try {
      for (let i = 0; i < 3; i++) await login({ account: org.account.email, password: 'nope-nope', type: 0 });
      const res = await second.inject({
        method: 'POST',
        url: '/api/login',
        payload: { account: org.account.email, password: org.account.password, type: 0 },
      });
      expect(res.json().error.code).toBe(1028);
    } finally {
      await second.close();
    }
  });
});

describe('bans refuse login with 503', () => {
  it('by account', async () => {
    const org = await world.organiser();
    await operator.setBan(world.opCtx(), String(org.account.publicId), true);
    expect((await login({ account: org.account.email, password: 'secret-pass' })).body.error.code).toBe(503);
    // A ban also ends the account's sessions.
    expect((await world.get('fetch_account_info', {}, { token: org.token })).status).toBe(401);
    await operator.setBan(world.opCtx(), String(org.account.publicId), false);
    expect((await login({ account: org.account.email, password: 'secret-pass' })).status).toBe(200);
  });

  it('by e-mail', async () => {
    const org = await world.organiser();
    await operator.setBan(world.opCtx(), org.account.email, true);
    expect((await login({ account: org.account.email, password: 'secret-pass' })).body.error.code).toBe(503);
    expect((await world.get('fetch_account_info', {}, { token: org.token })).status).toBe(401);
  });

  it('by IP', async () => {
    const org = await world.organiser();
    await operator.setBan(world.opCtx(), '127.0.0.1', true);
    const res = await login({ account: org.account.email, password: 'secret-pass' });
    // Without TRUST_PROXY a forwarded address cannot dodge the ban.
    const forwarded = await world.post(
      '/api/login',
      { account: org.account.email, password: 'secret-pass' },
      { headers: { 'x-forwarded-for': '198.51.100.4' } },
    );
    await operator.setBan(world.opCtx(), '127.0.0.1', false);
    expect(res.body.error.code).toBe(503);
    expect(forwarded.body.error.code).toBe(503);
    expect((await login({ account: org.account.email, password: 'secret-pass' })).status).toBe(200);
  });
});

describe('tokens', () => {
  it('logout revokes the token: the next call answers 401', async () => {
    const org = await world.organiser();
    const out = await world.post('/api/logout', undefined, { token: org.token });
    expect(out).toEqual({ status: 200, body: { data: {} } });
    const after = await world.get('fetch_account_info', {}, { token: org.token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe(2505);
  });

  it('an expired token answers 401', async () => {
    const org = await world.organiser();
    world.clock.advance(world.config.tokenTtl + 1);
    expect((await world.get('fetch_account_info', {}, { token: org.token })).status).toBe(401);
  });

  it('a missing or unknown token answers 401', async () => {
    expect((await world.get('fetch_account_info')).status).toBe(401);
    expect((await world.get('fetch_account_info', {}, { token: 'forged' })).status).toBe(401);
  });

  it('accepts Majsoul, Bearer and the bare token, header name in any case, client version optional', async () => {
    const org = await world.organiser();
    const variants: Record<string, string>[] = [
      { Authorization: `Majsoul ${org.token}` },
      { AUTHORIZATION: `Bearer ${org.token}` },
      { authorization: org.token, 'X-Web-Client-Version': '1.2.3' },
    ];
    for (const headers of variants) {
      const res = await world.get('fetch_account_info', {}, { headers });
      expect(res.status).toBe(200);
    }
  });
});

describe('rate limit per IP', () => {
  it('login bursts beyond the limit answer 429 with code 1028', async () => {
    const limited = await startWorld({ LOGIN_RATE_PER_IP: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.post('/api/login', { account: 'x@example.test', password: 'whatever' });
        codes.push(res.status);
        if (i === 3) expect(res.body.error.code).toBe(1028);
      }
      expect(codes.slice(0, 3)).not.toContain(429);
      expect(codes[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
