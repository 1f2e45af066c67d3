import { ErrorCode, encodeAccountId } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import { type Organiser, startWorld, type World } from '../support/world';

// The operator console (issue 22): an operator account does from the web, while the server runs, what the command
// line does; every act is in the audit history. Runs with review on (TAIKAI_REVIEW_TEXT=1) for the review queue.

let world: World;
let op: Organiser;
let op2: Organiser;
let firstStart: Awaited<ReturnType<typeof operator.ensureOperator>>;
beforeAll(async () => {
  world = await startWorld({ TAIKAI_REVIEW_TEXT: '1' });
  // The database is fresh: the first start's operator is made first.
  firstStart = await operator.ensureOperator(world.opCtx());
  op = await operatorAccount('Chief');
  op2 = await operatorAccount('Deputy');
});
afterAll(() => world.close());

/** An operator account (as the command line makes one), logged in. */
async function operatorAccount(nickname: string): Promise<Organiser> {
  const email = `${nickname.toLowerCase()}@operators.test`;
  const password = 'secret-pass';
  const created = await operator.createAccount(world.opCtx(), {
    email,
    nickname,
    password,
    isOperator: true,
  });
  const login = await world.post('/api/login', { account: email, password, type: 0 });
  return {
    token: login.body.data.token,
    account: { id: created.id, publicId: created.publicId, email, nickname, password },
  };
}

const asOp = (name: string, body: Record<string, unknown>, who: Organiser = op) =>
  world.post(name, body, { token: who.token });
const readAsOp = (name: string, query: Record<string, unknown> = {}) =>
  world.get(name, query, { token: op.token });

const login = (who: Organiser, headers: Record<string, string> = {}) =>
  world.post(
    '/api/login',
    { account: who.account.email, password: who.account.password, type: 0 },
    { headers },
  );

const DEVICE = 'd3b07384-d9a7-4e4b-9b1a-2f6b5c4e0a11';

describe('the first start', () => {
  it('makes an operator account with enough currency for a first tournament, once', async () => {
    expect(firstStart).toMatchObject({ email: 'operator@taikai.local', currency: 60 });
    expect(await operator.ensureOperator(world.opCtx())).toBeNull();
    const session = await world.post('/api/login', {
      account: firstStart!.email,
      password: firstStart!.password,
      type: 0,
    });
    const token = session.body.data.token;
    expect((await world.get('fetch_account_info', {}, { token })).body.data.is_operator).toBe(true);
    expect((await world.post('create_contest', world.contestBody(), { token })).status).toBe(200);
  });
});

describe('who may use the operator console', () => {
  it('no login answers 2505 (HTTP 401); an account that is not an operator 2506; an operator is let through', async () => {
    const org = await world.organiser();
    const anonymous = await world.get('operator_search_accounts', { query: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe(ErrorCode.NOT_LOGGED_IN);
    const refused = await world.post(
      'operator_adjust_currency',
      { account_id: org.account.id, delta: 100 },
      { token: org.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(ErrorCode.NO_PERMISSION);
    expect(await world.currencyOf(org)).toBe(0);
    const allowed = await readAsOp('operator_search_accounts', { query: org.account.nickname });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.list.map((a: { account_id: number }) => a.account_id)).toEqual([org.account.id]);
  });

  it('fetch_account_info tells an operator so', async () => {
    const info = await readAsOp('fetch_account_info');
    expect(info.body.data.is_operator).toBe(true);
  });
});

describe('finding accounts', () => {
  it('by part of the nickname or e-mail in any case, by public id and by internal id, with last login and bans', async () => {
    const org = await world.organiser({ nickname: 'MahjongFinder', currency: 7 });
    await login(org, { 'x-taikai-device': DEVICE });
    const byNick = await readAsOp('operator_search_accounts', { query: 'jongfind' });
    const shown = byNick.body.data.list.find((a: { account_id: number }) => a.account_id === org.account.id);
    expect(shown).toMatchObject({
      public_id: encodeAccountId(org.account.id),
      email: org.account.email,
      nickname: 'MahjongFinder',
      currency: 7,
      can_create: true,
      is_operator: false,
      last_login_device: DEVICE,
      bans: [],
    });
    expect(shown.last_login_ip).toEqual(expect.any(String));
    const byEmail = await readAsOp('operator_search_accounts', { query: 'MAHJONGFINDER@EXAMPLE' });
    expect(byEmail.body.data.list.map((a: { account_id: number }) => a.account_id)).toContain(org.account.id);
    const byPublic = await readAsOp('operator_search_accounts', { query: String(org.account.publicId) });
    expect(byPublic.body.data.list[0].account_id).toBe(org.account.id);
    const byInternal = await readAsOp('operator_search_accounts', { query: String(org.account.id) });
    expect(byInternal.body.data.list[0].account_id).toBe(org.account.id);
    // LIKE wildcards are text: "%" finds no one.
    expect((await readAsOp('operator_search_accounts', { query: '%' })).body.data.list).toEqual([]);
  });
});

describe('accounts', () => {
  it('creates an account whose made password is shown once and logs in; the act is in the history', async () => {
    const res = await asOp('operator_create_account', {
      email: 'New.Player@Example.test',
      nickname: 'Fresh',
    });
    expect(res.status).toBe(200);
    const { account, password } = res.body.data;
    expect(account).toMatchObject({ email: 'new.player@example.test', nickname: 'Fresh', currency: 0 });
    expect(password).toMatch(/\S{8,}/);
    const again = await world.post('/api/login', { account: 'new.player@example.test', password, type: 0 });
    expect(again.status).toBe(200);
    const taken = await asOp('operator_create_account', { email: 'other@example.test', nickname: 'fresh' });
    expect(taken.body.error.code).toBe(ErrorCode.NICKNAME_TAKEN);
    const history = await readAsOp('operator_audit_list', { limit: 5 });
    expect(history.body.data.list[0]).toMatchObject({
      action: 'operator.account.create',
      actor_id: op.account.id,
      actor_nickname: 'Chief',
      target_id: String(account.account_id),
    });
    // No password in the history.
    expect(JSON.stringify(history.body.data)).not.toContain(password);
  });

  it('grants and takes currency; a take below zero is refused with 501 and changes nothing', async () => {
    const org = await world.organiser();
    const grant = await asOp('operator_adjust_currency', { account_id: org.account.id, delta: 100 });
    expect(grant.body.data).toEqual({ account_id: org.account.id, currency: 100 });
    const take = await asOp('operator_adjust_currency', { account_id: org.account.id, delta: -30 });
    expect(take.body.data.currency).toBe(70);
    const tooMuch = await asOp('operator_adjust_currency', { account_id: org.account.id, delta: -71 });
    expect(tooMuch.body.error.code).toBe(ErrorCode.INSUFFICIENT_CURRENCY);
    expect(await world.currencyOf(org)).toBe(70);
    const history = (await readAsOp('operator_audit_list', { limit: 3 })).body.data.list;
    expect(history.slice(0, 2).map((e: { action: string }) => e.action)).toEqual([
      'operator.currency.take',
      'operator.currency.grant',
    ]);
    expect(history[0]).toMatchObject({ before: { currency: 100 }, after: { currency: 70 } });
  });

  it('two operators granting at the same moment: both grants are counted', async () => {
    const org = await world.organiser();
    const grants = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        asOp('operator_adjust_currency', { account_id: org.account.id, delta: 10 }),
      ),
      ...Array.from({ length: 4 }, () =>
        asOp('operator_adjust_currency', { account_id: org.account.id, delta: 25 }, op2),
      ),
    ]);
    expect(grants.map((g) => g.status)).toEqual(Array(8).fill(200));
    expect(await world.currencyOf(org)).toBe(140);
    const balances = grants.map((g) => g.body.data.currency).sort((a, b) => a - b);
    expect(balances.at(-1)).toBe(140);
    expect(new Set(balances).size).toBe(8);
  });

  it('a new password ends the sessions and is shown once; a given one is not echoed', async () => {
    const org = await world.organiser();
    const res = await asOp('operator_set_password', { account_id: org.account.id });
    const { password } = res.body.data;
    expect(password).toMatch(/\S{8,}/);
    expect((await world.get('fetch_account_info', {}, { token: org.token })).status).toBe(401);
    expect((await login(org)).body.error.code).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await login({ ...org, account: { ...org.account, password } })).status).toBe(200);
    const given = await asOp('operator_set_password', {
      account_id: org.account.id,
      password: 'chosen-pass',
    });
    expect(given.body.data).toEqual({ password: null });
    expect((await login({ ...org, account: { ...org.account, password: 'chosen-pass' } })).status).toBe(200);
  });

  it('an account that does not exist answers 1002 and nothing is written', async () => {
    const before = (await readAsOp('operator_audit_list')).body.data.total;
    const res = await asOp('operator_adjust_currency', { account_id: 2_000_000_000, delta: 5 });
    expect(res.body.error.code).toBe(ErrorCode.ACCOUNT_NOT_FOUND);
    expect((await readAsOp('operator_audit_list')).body.data.total).toBe(before);
  });

  it('bad input is refused with 2517: a zero amount, a kind of ban that does not exist, a malformed device', async () => {
    const org = await world.organiser();
    expect(
      (await asOp('operator_adjust_currency', { account_id: org.account.id, delta: 0 })).body.error.code,
    ).toBe(2517);
    expect((await asOp('operator_set_ban', { kind: 'phone', value: '1', banned: 1 })).body.error.code).toBe(
      2517,
    );
    expect((await asOp('operator_set_ban', { kind: 'device', value: 'x', banned: 1 })).body.error.code).toBe(
      2517,
    );
    expect(
      (await asOp('operator_set_ban', { kind: 'ip', value: '300.1.1.1', banned: 1 })).body.error.code,
    ).toBe(2517);
    expect(
      (await asOp('operator_set_ban', { kind: 'email', value: 'nope', banned: 1 })).body.error.code,
    ).toBe(ErrorCode.BAD_EMAIL);
    expect((await readAsOp('operator_ban_list', { kind: 'device' })).body.data.total).toBe(0);
  });

  it('denies and allows creating tournaments (2516)', async () => {
    const org = await world.organiser({ currency: 60 });
    await asOp('operator_set_create_right', { account_id: org.account.id, allowed: 0 });
    const refused = await world.post('create_contest', world.contestBody(), { token: org.token });
    expect(refused.body.error.code).toBe(ErrorCode.NO_CREATE_RIGHT);
    const allowed = await asOp('operator_set_create_right', { account_id: org.account.id, allowed: 1 });
    expect(allowed.body.data).toEqual({ account_id: org.account.id, can_create: true });
    expect((await world.post('create_contest', world.contestBody(), { token: org.token })).status).toBe(200);
  });
});

describe('bans', () => {
  it('by account: its sessions end and its logins are refused with 503 until unbanned', async () => {
    const org = await world.organiser();
    const res = await asOp('operator_set_ban', { kind: 'account', value: String(org.account.id), banned: 1 });
    expect(res.body.data).toEqual({
      kind: 'account',
      value: String(org.account.id),
      banned: true,
      changed: true,
    });
    expect((await world.get('fetch_account_info', {}, { token: org.token })).status).toBe(401);
    expect((await login(org)).body.error.code).toBe(ErrorCode.BANNED);
    const listed = await readAsOp('operator_ban_list', { kind: 'account' });
    expect(listed.body.data.list[0]).toMatchObject({
      kind: 'account',
      value: String(org.account.id),
      account: { account_id: org.account.id, nickname: org.account.nickname },
    });
    const found = await readAsOp('operator_search_accounts', { query: org.account.nickname });
    expect(found.body.data.list[0].bans).toEqual([
      expect.objectContaining({ kind: 'account', value: String(org.account.id) }),
    ]);
    const twice = await asOp('operator_set_ban', {
      kind: 'account',
      value: String(org.account.id),
      banned: 1,
    });
    expect(twice.body.data.changed).toBe(false);
    await asOp('operator_set_ban', { kind: 'account', value: String(org.account.id), banned: 0 });
    expect((await login(org)).status).toBe(200);
  });

  it('by device: a login or registration from that browser is refused with 503; bots (no device) still log in', async () => {
    const org = await world.organiser();
    const device = 'f00dcafe-0000-4000-8000-00000000beef';
    await asOp('operator_set_ban', { kind: 'device', value: device, banned: 1 });
    expect((await login(org, { 'x-taikai-device': device })).body.error.code).toBe(ErrorCode.BANNED);
    expect((await login(org, { 'x-taikai-device': DEVICE })).status).toBe(200);
    expect((await login(org)).status).toBe(200);
    const email = 'from.banned.device@example.test';
    await world.post('/api/send_code', { email, purpose: 'register' });
    const code = (await world.lastMail(email))?.code;
    const register = await world.post(
      '/api/register',
      { email, password: 'secret-pass', nickname: 'DeviceBanned', code },
      { headers: { 'x-taikai-device': device } },
    );
    expect(register.body.error.code).toBe(ErrorCode.BANNED);
    const history = (await readAsOp('operator_audit_list', { limit: 1 })).body.data.list[0];
    expect(history).toMatchObject({ action: 'operator.ban', target_type: 'device', target_id: device });
  });

  it('an operator cannot ban their own account, address or device (2517); the command line is not refused', async () => {
    const own = { headers: { 'x-taikai-device': DEVICE }, token: op.token };
    const self = await asOp('operator_set_ban', { kind: 'account', value: String(op.account.id), banned: 1 });
    expect(self.body.error.code).toBe(2517);
    const device = await world.post('operator_set_ban', { kind: 'device', value: DEVICE, banned: 1 }, own);
    expect(device.body.error.code).toBe(2517);
    const address = await world.app.inject({
      method: 'POST',
      url: '/api/contest/operator_set_ban',
      remoteAddress: '203.0.113.50',
      headers: { authorization: `Majsoul ${op.token}` },
      payload: { kind: 'ip', value: '203.0.113.50', banned: 1 },
    });
    expect(address.json().error.code).toBe(2517);
    expect(
      (await readAsOp('operator_ban_list')).body.data.list.map((b: { value: string }) => b.value),
    ).not.toContain('203.0.113.50');
  });

  it('the command line names a device as device:<id>', async () => {
    const org = await world.organiser();
    const device = 'c0ffee00-1111-4222-8333-444455556666';
    expect(await operator.setBan(world.opCtx(), `device:${device}`, true)).toEqual({
      kind: 'device',
      value: device,
      changed: true,
    });
    expect((await login(org, { 'x-taikai-device': device })).body.error.code).toBe(ErrorCode.BANNED);
    await operator.setBan(world.opCtx(), `device:${device}`, false);
    expect((await login(org, { 'x-taikai-device': device })).status).toBe(200);
    await expect(operator.setBan(world.opCtx(), 'device:no', true)).rejects.toThrow(/device id/);
  });

  it('by e-mail and by IP address', async () => {
    const org = await world.organiser();
    await asOp('operator_set_ban', { kind: 'email', value: org.account.email.toUpperCase(), banned: 1 });
    expect((await login(org)).body.error.code).toBe(ErrorCode.BANNED);
    await asOp('operator_set_ban', { kind: 'email', value: org.account.email, banned: 0 });
    await asOp('operator_set_ban', { kind: 'ip', value: '198.51.100.7', banned: 1 });
    const fromBanned = await world.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.7',
      payload: { account: org.account.email, password: org.account.password, type: 0 },
    });
    expect(fromBanned.json().error.code).toBe(ErrorCode.BANNED);
    expect((await login(org)).status).toBe(200);
    const ips = (await readAsOp('operator_ban_list', { kind: 'ip' })).body.data.list;
    expect(ips.map((b: { value: string }) => b.value)).toContain('198.51.100.7');
  });
});

describe('announcements', () => {
  it('publishes, lists and deletes; readers see it until deleted; deleting twice answers 2517', async () => {
    const made = await asOp('operator_announce', {
      lang: 'en',
      title: 'Maintenance',
      content: 'Tonight 22:00.',
    });
    expect(made.body.data).toMatchObject({ lang: 'en', title: 'Maintenance' });
    const shown = await world.get('fetch_announcement', { language: 'en' });
    expect(shown.body.data.map((a: { title: string }) => a.title)).toContain('Maintenance');
    const list = await readAsOp('operator_announcement_list');
    expect(list.body.data.list[0].id).toBe(made.body.data.id);
    expect((await asOp('operator_delete_announcement', { id: made.body.data.id })).status).toBe(200);
    const after = await world.get('fetch_announcement', { language: 'en' });
    expect(after.body.data.map((a: { title: string }) => a.title)).not.toContain('Maintenance');
    expect((await asOp('operator_delete_announcement', { id: made.body.data.id })).body.error.code).toBe(
      2517,
    );
  });
});

describe('tournaments: lock and review', () => {
  it('finds a tournament by its contest id and locks it (2558 for its changes) and unlocks it', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id, contest_id } = await world.contest(org);
    const found = await readAsOp('operator_find_contest', { contest_id });
    expect(found.body.data).toMatchObject({
      unique_id,
      contest_id,
      creator_id: org.account.id,
      locked: false,
    });
    const locked = await asOp('operator_set_contest_lock', { contest_id, locked: 1 });
    expect(locked.body.data.locked).toBe(true);
    const edit = () =>
      world.post(
        'update_contest_base',
        { unique_id, setting: { manager_notice: [{ lang: 'default', content: 'x' }] } },
        { token: org.token },
      );
    expect((await edit()).body.error.code).toBe(ErrorCode.LOCKED_BY_OPERATOR);
    await asOp('operator_set_contest_lock', { contest_id, locked: 0 });
    expect((await edit()).status).toBe(200);
    expect((await readAsOp('operator_find_contest', { contest_id: 999_999_9 })).body.error.code).toBe(
      ErrorCode.CONTEST_NOT_FOUND,
    );
  });

  it('shows pending text before → after, approves it; deciding again answers 2517', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id, contest_id } = await world.contest(org);
    await world.post(
      'update_contest_base',
      { unique_id, setting: { name: [{ lang: 'default', content: 'Renamed Cup' }] } },
      { token: org.token },
    );
    const queue = await readAsOp('operator_review_list');
    expect(queue.body.data.enabled).toBe(true);
    const item = queue.body.data.list.find(
      (i: { contest: { contest_id: number } }) => i.contest.contest_id === contest_id,
    );
    expect(item.fields).toEqual([
      {
        field: 'name',
        before: [{ lang: 'default', content: 'Spring Cup' }],
        after: [{ lang: 'default', content: 'Renamed Cup' }],
      },
    ]);
    const decided = await asOp('operator_review_decide', { contest_id, approve: 1 });
    expect(decided.body.data).toMatchObject({
      check_state: 0,
      contest_name: [{ lang: 'default', content: 'Renamed Cup' }],
    });
    expect((await asOp('operator_review_decide', { contest_id, approve: 1 })).body.error.code).toBe(2517);
  });
});

describe('history', () => {
  it('lists the operator acts newest first, paged, the command line among them (no actor)', async () => {
    const org = await world.organiser();
    await operator.adjustCurrency(world.opCtx(), org.account.email, 3);
    await asOp('operator_adjust_currency', { account_id: org.account.id, delta: 4 });
    const page = await readAsOp('operator_audit_list', { offset: 0, limit: 2 });
    expect(
      page.body.data.list.map((e: { actor_id: number | null; after: unknown }) => [e.actor_id, e.after]),
    ).toEqual([
      [op.account.id, { currency: 7 }],
      [null, { currency: 3 }],
    ]);
    expect(page.body.data.total).toBeGreaterThan(2);
    const next = await readAsOp('operator_audit_list', { offset: 1, limit: 1 });
    expect(next.body.data.list[0].id).toBe(page.body.data.list[1].id);
    // Only operator acts: no logins, no tournament changes.
    const all = await readAsOp('operator_audit_list', { limit: 100 });
    expect(all.body.data.list.every((e: { action: string }) => e.action.startsWith('operator.'))).toBe(true);
  });
});
