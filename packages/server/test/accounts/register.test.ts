import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import { startWorld, type World } from '../support/world';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

async function codeFor(email: string, purpose: 'register' | 'login' = 'register') {
  const sent = await world.post('/api/send_code', { email, purpose });
  expect(sent.status).toBe(200);
  return (await world.lastMail(email))!.code!;
}

describe('send_code', () => {
  it('makes a six-digit code and answers the cooldown, and that the operator holds it (no SMTP here)', async () => {
    const res = await world.post('/api/send_code', { email: 'New.Player@Example.test', purpose: 'register' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { cooldown: 60, delivery: 'operator' } });
    const mail = await world.lastMail('new.player@example.test');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(mail?.code);
  });

  it('also writes the mail to <data dir>/outbox as JSON', async () => {
    await world.post('/api/send_code', { email: 'filed@example.test', purpose: 'register' });
    const dir = join(world.config.dataDir, 'outbox');
    const mails = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
    const mail = mails.find((m) => m.to === 'filed@example.test');
    expect(mail).toMatchObject({ to: 'filed@example.test', code: expect.stringMatching(/^\d{6}$/) });
    expect(mail.text).toContain(mail.code);
  });

  it('refuses a malformed e-mail with 121 and sends nothing', async () => {
    const res = await world.post('/api/send_code', { email: 'not-an-email', purpose: 'register' });
    expect(res.body.error.code).toBe(121);
    expect(await world.lastMail('not-an-email')).toBeUndefined();
  });

  it('refuses a second code within 60 seconds with 130, and sends again after', async () => {
    const email = 'cooldown@example.test';
    await world.post('/api/send_code', { email, purpose: 'register' });
    const first = await world.lastMail(email);
    const again = await world.post('/api/send_code', { email, purpose: 'register' });
    expect(again.body.error.code).toBe(130);
    expect(again.body.error.cooldown).toBeGreaterThan(0);
    expect(await world.lastMail(email)).toEqual(first);
    world.clock.advance(61);
    const later = await world.post('/api/send_code', { email, purpose: 'register' });
    expect(later.status).toBe(200);
  });

  it('refuses a login code for an unknown e-mail with 1002', async () => {
    const res = await world.post('/api/send_code', { email: 'nobody@example.test', purpose: 'login' });
    expect(res.body.error.code).toBe(1002);
  });

  it('refuses a register code for a registered e-mail with 1027', async () => {
    const org = await world.organiser();
    const res = await world.post('/api/send_code', { email: org.account.email, purpose: 'register' });
    expect(res.body.error.code).toBe(1027);
  });

  it('bursts from one IP beyond the limit answer 429 with code 1028', async () => {
    const limited = await startWorld({ SEND_CODE_RATE_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.post('/api/send_code', {
          email: `burst${i}@example.test`,
          purpose: 'register',
        });
        statuses.push(res.status);
        if (i === 2) expect(res.body.error.code).toBe(1028);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses an unknown purpose as a parameter error', async () => {
    const res = await world.post('/api/send_code', { email: 'a@example.test', purpose: 'reset' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2517);
  });
});

describe('register', () => {
  it('creates the account with the e-mailed code and answers a working token', async () => {
    const email = 'alice@example.test';
    const code = await codeFor(email);
    const res = await world.post('/api/register', { email, password: 'hunter22', nickname: 'Alice', code });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(UUID);
    const stored = await operator.findAccount(world.opCtx(), email);
    expect(res.body.data.account_id).toBe(stored.id);
    const info = await world.get('fetch_account_info', {}, { token: res.body.data.token });
    expect(info.body.data).toMatchObject({ account_id: res.body.data.account_id, nickname: 'Alice' });
    const login = await world.post('/api/login', { account: email, password: 'hunter22', type: 0 });
    expect(login.status).toBe(200);
  });

  it('a code works once', async () => {
    const email = 'once@example.test';
    const code = await codeFor(email);
    await world.post('/api/register', { email, password: 'hunter22', nickname: 'Once', code });
    const again = await world.post('/api/register', { email, password: 'hunter22', nickname: 'Twice', code });
    expect(again.body.error.code).toBe(116);
  });

  it('refuses a wrong code with 116 and creates nothing', async () => {
    const email = 'wrongcode@example.test';
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await world.post('/api/register', {
      email,
      password: 'hunter22',
      nickname: 'Wrong',
      code: wrong,
    });
    expect(res.body.error.code).toBe(116);
    const login = await world.post('/api/login', { account: email, password: 'hunter22', type: 0 });
    expect(login.body.error.code).toBe(1002);
  });

  it('burns a code after five wrong guesses', async () => {
    const email = 'guesser@example.test';
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await world.post('/api/register', { email, password: 'hunter22', nickname: 'Guess', code: wrong });
    }
    const right = await world.post('/api/register', { email, password: 'hunter22', nickname: 'Guess', code });
    expect(right.body.error.code).toBe(116);
  });

  it('refuses an expired code with 116', async () => {
    const email = 'late@example.test';
    const code = await codeFor(email);
    world.clock.advance(601);
    const res = await world.post('/api/register', { email, password: 'hunter22', nickname: 'Late', code });
    expect(res.body.error.code).toBe(116);
  });

  it('refuses a taken nickname with 1010 (any case) and keeps the code usable', async () => {
    await world.organiser({ nickname: 'Taken' });
    const email = 'second@example.test';
    const code = await codeFor(email);
    const res = await world.post('/api/register', { email, password: 'hunter22', nickname: 'TAKEN', code });
    expect(res.body.error.code).toBe(1010);
    const retry = await world.post('/api/register', { email, password: 'hunter22', nickname: 'Free', code });
    expect(retry.status).toBe(200);
  });

  it('two registrations racing for one nickname (any case): one wins, the other gets 1010', async () => {
    const a = await codeFor('race.a@example.test');
    const b = await codeFor('race.b@example.test');
    const [ra, rb] = await Promise.all([
      world.post('/api/register', {
        email: 'race.a@example.test',
        password: 'hunter22',
        nickname: 'Racer',
        code: a,
      }),
      world.post('/api/register', {
        email: 'race.b@example.test',
        password: 'hunter22',
        nickname: 'RACER',
        code: b,
      }),
    ]);
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect([ra, rb].find((r) => r.status !== 200)!.body.error.code).toBe(1010);
  });

  it('refuses an e-mail registered meanwhile with 1027', async () => {
    const email = 'dup@example.test';
    const code = await codeFor(email);
    await operator.createAccount(world.opCtx(), { email, nickname: 'DupFirst', password: 'hunter22' });
    const res = await world.post('/api/register', {
      email,
      password: 'hunter22',
      nickname: 'DupSecond',
      code,
    });
    expect(res.body.error.code).toBe(1027);
  });

  it('refuses a malformed e-mail with 121', async () => {
    const res = await world.post('/api/register', {
      email: 'bad@',
      password: 'hunter22',
      nickname: 'Bad',
      code: '123456',
    });
    expect(res.body.error.code).toBe(121);
  });

  it('refuses a short password as a parameter error', async () => {
    const email = 'short@example.test';
    const code = await codeFor(email);
    const res = await world.post('/api/register', { email, password: '123', nickname: 'Short', code });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2517);
  });
});
