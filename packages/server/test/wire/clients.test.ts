import { passwordDigest } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as q from '../../src/domains/accounts/queries';
import { hashPassword } from '../../src/domains/accounts/secrets';
import { type Organiser, startWorld, type World } from '../support/world';

// What existing community clients send, shape for shape (WIRE.md), and what they read back.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The check one bot makes on the header it builds. */
const BOT_HEADER = /^Majsoul [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOGINS = ['/api/login', '/api/contest_gate/api/login'];
const PREFIXES = ['/api/contest', '/api/contest_gate/api/contest'];

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

async function newKey(owner: Organiser, label = 'league bot'): Promise<{ id: number; key: string }> {
  const res = await world.post('create_api_key', { label }, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A token works for a contest call and names the expected account. */
async function expectSessionOf(token: string, owner: Organiser) {
  expect(`Majsoul ${token}`).toMatch(BOT_HEADER);
  const info = await world.get('fetch_account_info', {}, { headers: { Authorization: `Majsoul ${token}` } });
  expect(info.status).toBe(200);
  expect(info.body.data.account_id).toBe(owner.account.id);
}

describe('every login body clients send, on both login paths, with any ?method=', () => {
  const bodies: [string, (o: Organiser, key: string) => Record<string, unknown>][] = [
    [
      '{account, password: digest, type: 0}',
      (o) => ({ account: o.account.email, password: passwordDigest(o.account.password), type: 0 }),
    ],
    [
      '{account, password: plain, type: 0}',
      (o) => ({ account: o.account.email, password: o.account.password, type: 0 }),
    ],
    [
      '{account: login name, password: digest, type: 1}',
      (o) => ({ account: o.account.nickname, password: passwordDigest(o.account.password), type: 1 }),
    ],
    [
      '{account: login name, password: plain, type: "0"}',
      (o) => ({ account: o.account.nickname.toUpperCase(), password: o.account.password, type: '0' }),
    ],
    ['{type: 7, uid: "<id>", code: key}', (o, key) => ({ type: 7, uid: String(o.account.id), code: key })],
    ['{type: 8, uid: <id>, code: key}', (o, key) => ({ type: 8, uid: o.account.id, code: key })],
  ];
  for (const path of LOGINS) {
    for (const method of [undefined, 'oauth2', 'oauth2_yostar_v4']) {
      for (const [name, body] of bodies) {
        it(`${path}${method ? `?method=${method}` : ''} ${name} answers {data:{token, account_id}, access_token}`, async () => {
          const owner = await world.organiser();
          const { key } = await newKey(owner);
          const res = await world.post(path, body(owner, key), { query: method ? { method } : undefined });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body).toEqual({
            data: { token: expect.stringMatching(UUID), account_id: owner.account.id },
            access_token: res.body.data.token,
          });
          await expectSessionOf(res.body.data.token, owner);
        });
      }
    }
  }

  it('every login answers a different token; each is a random v4 UUID', async () => {
    const owner = await world.organiser();
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await world.post('/api/login', {
        account: owner.account.email,
        password: owner.account.password,
        type: 0,
      });
      expect(res.body.data.token).toMatch(UUID);
      tokens.add(res.body.data.token);
    }
    expect(tokens.size).toBe(5);
  });

  it('the token is stored only as a hash', async () => {
    const owner = await world.organiser();
    const rows = await world.database.db.execute('select token_hash from sessions');
    const hashes = (rows as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(owner.token);
  });
});

describe('API-key logins refuse what is not a live key of that account', () => {
  it('a wrong key, another account’s key and a revoked key answer 1003; an unknown uid 1002', async () => {
    const owner = await world.organiser();
    const other = await world.organiser();
    const { id, key } = await newKey(owner);
    const { key: othersKey } = await newKey(other);
    const login = (body: Record<string, unknown>) => world.post('/api/login', body);
    expect((await login({ type: 7, uid: owner.account.id, code: `${key}x` })).body.error.code).toBe(1003);
    expect((await login({ type: 7, uid: owner.account.id, code: othersKey })).body.error.code).toBe(1003);
    expect((await login({ type: 7, uid: 999_999, code: key })).body.error.code).toBe(1002);
    expect((await login({ type: 7, uid: owner.account.id, code: key })).status).toBe(200);
    expect((await world.post('revoke_api_key', { id }, { token: owner.token })).status).toBe(200);
    expect((await login({ type: 7, uid: owner.account.id, code: key })).body.error.code).toBe(1003);
  });

  it('revoking a key ends the sessions opened with it, and no other session', async () => {
    const owner = await world.organiser();
    const { id, key } = await newKey(owner);
    const bot = (await world.post('/api/login', { type: 7, uid: owner.account.id, code: key })).body.data
      .token;
    expect((await world.get('fetch_account_info', {}, { token: bot })).status).toBe(200);
    await world.post('revoke_api_key', { id }, { token: owner.token });
    expect((await world.get('fetch_account_info', {}, { token: bot })).status).toBe(401);
    expect((await world.get('fetch_account_info', {}, { token: owner.token })).status).toBe(200);
  });

  it('a key login without uid or code is a parameter error; other login types answer 2517', async () => {
    expect((await world.post('/api/login', { type: 7, code: 'x' })).body.error.code).toBe(2517);
    expect((await world.post('/api/login', { type: 8, uid: 1 })).body.error.code).toBe(2517);
    expect((await world.post('/api/login', { type: 5, uid: 1, code: 'x' })).body.error.code).toBe(2517);
  });

  it('wrong keys count as failed logins: the limit answers 1028 even for the right key', async () => {
    const limited = await startWorld({ LOGIN_FAILURES_PER_ACCOUNT: '2' });
    try {
      const owner = await limited.organiser();
      const key = (await limited.post('create_api_key', { label: 'bot' }, { token: owner.token })).body.data
        .key;
      for (let i = 0; i < 2; i++)
        await limited.post('/api/login', { type: 7, uid: owner.account.id, code: 'nope' });
      const res = await limited.post('/api/login', { type: 7, uid: owner.account.id, code: key });
      expect(res.body.error.code).toBe(1028);
    } finally {
      await limited.close();
    }
  });
});

describe('passwords stored before the digest form', () => {
  it('open with the plain password, which upgrades them; then the digest opens them too', async () => {
    const owner = await world.organiser();
    await q.setPasswordHash(world.database.db, owner.account.id, await hashPassword('old-secret'));
    const digest = passwordDigest('old-secret');
    const login = (password: string) =>
      world.post('/api/login', { account: owner.account.email, password, type: 0 });
    expect((await login(digest)).body.error.code).toBe(1003);
    expect((await login('old-secret')).status).toBe(200);
    expect((await q.accountById(world.database.db, owner.account.id))!.passwordHash).toMatch(
      /^hmac-scrypt\$/,
    );
    expect((await login(digest)).status).toBe(200);
    expect((await login('old-secret')).status).toBe(200);
  });
});

describe('registration takes the digest the console sends', () => {
  it('a digest registered opens with the digest and with the plain password', async () => {
    const email = 'digest@example.test';
    await world.post('/api/send_code', { email, purpose: 'register' });
    const code = (await world.lastMail(email))!.code;
    const password = passwordDigest('console-pass');
    const reg = await world.post('/api/register', { email, password, nickname: 'Digest', code });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    for (const sent of [password, 'console-pass']) {
      const res = await world.post('/api/login', { account: email, password: sent, type: 0 });
      expect(res.status).toBe(200);
      expect(res.body.data.account_id).toBe(reg.body.data.account_id);
    }
  });
});

describe('requests as clients build them', () => {
  it('ids as numeric strings, repeated in the query of a POST, on both prefixes, header in any spelling', async () => {
    const owner = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(owner);
    for (const prefix of PREFIXES) {
      const update = await world.post(
        `${prefix}/update_contest_base`,
        { unique_id: String(unique_id), setting: { open_show: 0 } },
        {
          query: { unique_id: String(unique_id) },
          headers: { AUTHORIZATION: `Majsoul ${owner.token}`, 'X-Web-Client-Version': '0.11.0' },
        },
      );
      expect(update.status, JSON.stringify(update.body)).toBe(200);
      const detail = await world.get(
        `${prefix}/fetch_contest_detail`,
        { unique_id: String(unique_id) },
        { headers: { authorization: `Majsoul ${owner.token}` } },
      );
      expect(detail.status).toBe(200);
      expect(detail.body.data.creator_id).toBe(owner.account.id);
    }
  });

  it('replies carry internal account ids: account info, creator_id, admin_list', async () => {
    const owner = await world.organiser({ currency: 60 });
    const admin = await world.organiser();
    const { unique_id } = await world.contest(owner);
    await world.makeAdmin(unique_id, admin);
    const info = await world.get('fetch_account_info', {}, { token: owner.token });
    expect(info.body.data.account_id).toBe(owner.account.id);
    const list = await world.get('fetch_contest_list', {}, { token: admin.token });
    expect(list.body.data[0]).toMatchObject({ unique_id, creator_id: owner.account.id, manager_role: 1 });
    const detail = await world.get('fetch_contest_detail', { unique_id }, { token: owner.token });
    expect(detail.body.data.admin_list).toEqual([
      { account_id: admin.account.id, nickname: admin.account.nickname, role: 1 },
    ]);
  });

  it('missing, unknown, expired and revoked tokens all answer HTTP 401', async () => {
    const owner = await world.organiser();
    const call = (headers: Record<string, string>) => world.get('fetch_account_info', {}, { headers });
    expect((await call({})).status).toBe(401);
    expect((await call({ Authorization: 'Majsoul 00000000-0000-4000-8000-000000000000' })).status).toBe(401);
    await world.post('/api/logout', {}, { token: owner.token });
    expect((await call({ Authorization: `Majsoul ${owner.token}` })).status).toBe(401);
    const again = await world.post('/api/login', {
      account: owner.account.email,
      password: owner.account.password,
      type: 0,
    });
    world.clock.advance(world.config.tokenTtl + 1);
    expect((await call({ Authorization: `Majsoul ${again.body.data.token}` })).status).toBe(401);
  });
});
