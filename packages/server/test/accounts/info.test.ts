import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import { startWorld, type World } from '../support/world';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('fetch_account_info', () => {
  it('answers the internal account id, nickname and currency list', async () => {
    const org = await world.organiser({ currency: 120, nickname: 'Banker' });
    const res = await world.get('fetch_account_info', {}, { token: org.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        account_id: org.account.id,
        nickname: 'Banker',
        currency: [{ id: 100, count: 120 }],
        is_operator: false,
      },
    });
  });

  it('shows operator grants and takes', async () => {
    const org = await world.organiser({ currency: 10 });
    await operator.adjustCurrency(world.opCtx(), org.account.email, 50);
    expect(await world.currencyOf(org)).toBe(60);
    await operator.adjustCurrency(world.opCtx(), String(org.account.publicId), -25);
    expect(await world.currencyOf(org)).toBe(35);
  });

  it('an operator take below zero is refused and changes nothing', async () => {
    const org = await world.organiser({ currency: 10 });
    await expect(operator.adjustCurrency(world.opCtx(), org.account.email, -11)).rejects.toMatchObject({
      code: 501,
    });
    expect(await world.currencyOf(org)).toBe(10);
  });

  it('needs a token', async () => {
    const res = await world.get('fetch_account_info');
    expect(res.status).toBe(401);
  });
});

describe('server_time', () => {
  it('answers the server clock in unix seconds, without a token', async () => {
    const res = await world.get('server_time');
    expect(res.status).toBe(200);
    expect(Math.abs(res.body.data.time - world.clock.now())).toBeLessThanOrEqual(1);
  });
});

describe('fetch_announcement', () => {
  it('lists the operator announcements of a language plus those for every language', async () => {
    await operator.announce(world.opCtx(), { lang: 'en', title: 'Welcome', content: 'Season one is open' });
    await operator.announce(world.opCtx(), { lang: 'jp', title: 'ようこそ', content: '開幕' });
    await operator.announce(world.opCtx(), {
      lang: 'default',
      title: 'Maintenance',
      content: 'Sunday 02:00',
    });
    const en = await world.get('fetch_announcement', { language: 'en' });
    expect(en.body.data).toEqual([
      { title: 'Welcome', content: 'Season one is open', language: 'en' },
      { title: 'Maintenance', content: 'Sunday 02:00', language: 'default' },
    ]);
    const jp = await world.get('fetch_announcement', { language: 'jp' });
    expect(jp.body.data).toEqual([
      { title: 'ようこそ', content: '開幕', language: 'jp' },
      { title: 'Maintenance', content: 'Sunday 02:00', language: 'default' },
    ]);
  });
});

describe('first start', () => {
  it('creates the operator account once, only while there are no accounts', async () => {
    const empty = await startWorld();
    try {
      const first = await operator.ensureOperator(empty.opCtx());
      // With currency for a first tournament (LIMITS.CREATE_COST).
      expect(first).toEqual({
        email: 'operator@taikai.local',
        password: expect.stringMatching(/^\S{12,}$/),
        currency: 60,
      });
      expect(await operator.ensureOperator(empty.opCtx())).toBeNull();
      const login = await empty.post('/api/login', {
        account: first!.email,
        password: first!.password,
        type: 0,
      });
      expect(login.status).toBe(200);
    } finally {
      await empty.close();
    }
  });
});

describe('dev outbox', () => {
  it('is not served unless TAIKAI_DEV_OUTBOX=1', async () => {
    const quiet = await startWorld({ TAIKAI_DEV_OUTBOX: '0' });
    try {
      const res = await quiet.get('/api/dev/outbox', { email: 'a@example.test' });
      expect(res.status).toBe(404);
    } finally {
      await quiet.close();
    }
  });
});
