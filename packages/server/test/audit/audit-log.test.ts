import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { adjustCurrency } from '../../src/domains/accounts/operator';
import { type Organiser, startWorld, type World } from '../support/world';

// Every mutation writes who did what, with before and after, in its own transaction.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const entries = () => world.database.db.select().from(auditLog).orderBy(asc(auditLog.id));

it('registration, login, tournament creation and logout are recorded with their actor', async () => {
  const email = 'audited@example.test';
  await world.post('/api/send_code', { email, purpose: 'register' });
  const code = (await world.lastMail(email))!.code;
  const reg = await world.post('/api/register', { email, password: 'hunter22', nickname: 'Audited', code });
  const login = await world.post('/api/login', { account: email, password: 'hunter22', type: 0 });
  const token = login.body.data.token;
  const org = { token, account: { email } } as Organiser;
  await adjustCurrency(world.opCtx(), email, 60);
  const { unique_id } = await world.contest(org);
  await world.post('/api/logout', {}, { token });

  const log = await entries();
  const actions = log.map((e) => e.action);
  expect(actions).toEqual([
    'account.send_code',
    'account.register',
    'account.login',
    'operator.currency.grant',
    'account.spend.create_contest',
    'contest.create',
    'season.create',
    'account.logout',
  ]);
  const accountId = log.find((e) => e.action === 'account.register')!.actorId;
  expect(accountId).toEqual(expect.any(Number));
  expect(reg.status).toBe(200);
  expect(log.find((e) => e.action === 'account.spend.create_contest')).toMatchObject({
    actorId: accountId,
    before: { currency: 60 },
    after: { currency: 0 },
  });
  expect(log.find((e) => e.action === 'contest.create')).toMatchObject({
    actorId: accountId,
    targetId: String(unique_id),
    before: null,
  });
  expect(log.find((e) => e.action === 'operator.currency.grant')!.actorId).toBeNull();
  expect(log.find((e) => e.action === 'account.logout')!.actorId).toBe(accountId);
});

it('a refused call writes nothing', async () => {
  const org = await world.organiser({ currency: 10 });
  const before = (await entries()).length;
  const res = await world.post('create_contest', world.contestBody(), { token: org.token });
  expect(res.body.error.code).toBe(501);
  expect((await entries()).length).toBe(before);
});
