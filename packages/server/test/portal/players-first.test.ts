import { FetchPublicContestListRes, FetchRegisterSettingRes, FetchSeasonLobbyRes } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import { type Organiser, startWorld, type World } from '../support/world';

// Players first: registration that says honestly where the code went (or that none is needed), where an account
// lands after logging in, the portal's public tournament list, and the private notice for the roster only.

let world: World;
beforeAll(async () => {
  world = await startWorld({ TAIKAI_CONTACT: 'desk@club.example' });
});
afterAll(() => world?.close());

const as = (who: { token: string }) => ({ token: who.token });

describe('registration without a mail server', () => {
  it('fetch_register_setting tells anyone, without a login, that the operator holds the code, and the contact', async () => {
    const res = await world.get('fetch_register_setting');
    expect(res.status).toBe(200);
    expect(FetchRegisterSettingRes.parse(res.body.data)).toEqual({
      verification: 'operator',
      contact: 'desk@club.example',
    });
  });

  it('send_code answers that the operator holds the code, which went only to the outbox', async () => {
    const sent = await world.post('/api/send_code', { email: 'honest@example.test', purpose: 'register' });
    expect(sent.body).toEqual({ data: { cooldown: 60, delivery: 'operator' } });
    expect((await world.lastMail('honest@example.test'))?.code).toMatch(/^\d{6}$/);
  });

  it('a registration without a code is refused with 116 and makes no account', async () => {
    const body = { email: 'nocode@example.test', password: 'secret-pass', nickname: 'NoCode' };
    const res = await world.post('/api/register', body);
    expect(res.body.error.code).toBe(116);
    const login = await world.post('/api/login', { account: body.email, password: body.password, type: 0 });
    expect(login.body.error.code).toBe(1002);
  });
});

describe('registration with TAIKAI_REGISTER_WITHOUT_CODE=1', () => {
  let open: World;
  beforeAll(async () => {
    open = await startWorld({ TAIKAI_REGISTER_WITHOUT_CODE: '1' });
  });
  afterAll(() => open?.close());

  it('fetch_register_setting says no code is asked, and registering needs none', async () => {
    expect((await open.get('fetch_register_setting')).body.data).toEqual({
      verification: 'off',
      contact: '',
    });
    const res = await open.post('/api/register', {
      email: 'Walk.In@example.test',
      password: 'secret-pass',
      nickname: 'WalkIn',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[0-9a-f-]{36}$/);
    const info = await open.get('fetch_account_info', {}, { token: res.body.data.token });
    expect(info.body.data.nickname).toBe('WalkIn');
    // The e-mail is still one account's only.
    const again = await open.post('/api/register', {
      email: 'walk.in@example.test',
      password: 'secret-pass',
      nickname: 'WalkInTwo',
    });
    expect(again.body.error.code).toBe(1027);
  });
});

describe('fetch_account_kind: where an account lands after logging in', () => {
  it('a new account is a player; creating a tournament makes an organiser; deleting it a player again', async () => {
    const someone = await world.organiser({ currency: 60 });
    const kind = async (who: Organiser) => {
      const res = await world.get('fetch_account_kind', {}, as(who));
      expect(res.body).toHaveProperty('data');
      return res.body.data.kind;
    };
    expect(await kind(someone)).toBe('player');
    const contest = await world.contest(someone);
    expect(await kind(someone)).toBe('organiser');
    await world.post('delete_contest', { unique_id: contest.unique_id }, as(someone));
    expect(await kind(someone)).toBe('player');
  });

  it('an admin of a tournament and an operator are organisers; a roster player is not', async () => {
    const owner = await world.organiser({ currency: 60 });
    const contest = await world.contest(owner);
    const admin = await world.organiser();
    await world.makeAdmin(contest.unique_id, admin);
    const player = await world.organiser();
    await world.post(
      'add_contest_season_player',
      { ...contest, account_list: [player.account.id] },
      as(owner),
    );
    await operator.createAccount(world.opCtx(), {
      email: 'op.kind@example.test',
      nickname: 'OpKind',
      password: 'secret-pass',
      isOperator: true,
    });
    const login = await world.post('/api/login', {
      account: 'op.kind@example.test',
      password: 'secret-pass',
      type: 0,
    });
    const kinds = await Promise.all(
      [admin.token, login.body.data.token, player.token].map(
        async (token) => (await world.get('fetch_account_kind', {}, { token })).body.data.kind,
      ),
    );
    expect(kinds).toEqual(['organiser', 'organiser', 'player']);
    expect((await world.get('fetch_account_kind')).status).toBe(401);
  });
});

describe('fetch_public_contest_list', () => {
  type Listed = { contest_id: number; unique_id: number; state: number; signup_state: number };
  const list = async (who: Organiser, query: Record<string, unknown>) => {
    const res = await world.get('fetch_public_contest_list', query, as(who));
    expect(res.status).toBe(200);
    return FetchPublicContestListRes.parse(res.body.data) as { list: Listed[]; total: number };
  };

  it('lists tournaments whose show-in-list is on, newest first; hidden and deleted ones are not listed', async () => {
    const owner = await world.organiser({ currency: 240 });
    const viewer = await world.organiser();
    const name = (content: string) => ({ name: [{ lang: 'default', content }] });
    const older = await world.contest(owner, name('Listed Lantern Cup'));
    world.clock.advance(8 * world.DAY);
    const newer = await world.contest(owner, { ...name('Listed Lantern Open'), open_show: 1 });
    world.clock.advance(8 * world.DAY);
    const hidden = await world.contest(owner, { ...name('Listed Lantern Secret'), open_show: 0 });
    world.clock.advance(8 * world.DAY);
    const deleted = await world.contest(owner, name('Listed Lantern Gone'));
    await world.post('delete_contest', { unique_id: deleted.unique_id }, as(owner));

    const found = await list(viewer, { search: 'lantern' });
    expect(found.list.map((c) => c.unique_id)).toEqual([newer.unique_id, older.unique_id]);
    expect(found.total).toBe(2);
    expect(found.list[0]).toMatchObject({
      contest_id: newer.contest_id,
      contest_name: [{ lang: 'default', content: 'Listed Lantern Open' }],
      season_id: newer.season_id,
      state: 3, // its week is over: the clock moved on for the tournaments made after it
      signup_type: expect.any(Number),
      signup_state: 0,
    });
    // By the public id; the hidden one not even so (it is reached by its link, not listed).
    expect((await list(viewer, { search: String(older.contest_id) })).list.map((c) => c.unique_id)).toEqual([
      older.unique_id,
    ]);
    expect((await list(viewer, { search: String(hidden.contest_id) })).list).toEqual([]);
    // Paged: the total stays the number of all matches, also past the end.
    const second = await list(viewer, { search: 'lantern', offset: 1, limit: 1 });
    expect(second).toMatchObject({ list: [{ unique_id: older.unique_id }], total: 2 });
    expect(await list(viewer, { search: 'lantern', offset: 5, limit: 1 })).toEqual({ list: [], total: 2 });
    // A search's % and _ are letters, not patterns.
    expect((await list(viewer, { search: 'Lantern%Cup' })).list).toEqual([]);
  });

  it('filters by state (not started, running, ended) and shows the caller’s own sign-up', async () => {
    const owner = await world.organiser({ currency: 120 });
    const player = await world.organiser();
    const body = { name: [{ lang: 'default', content: 'Statewise Trophy' }] };
    const contest = await world.contest(owner, body);
    await world.post('update_contest_season', { ...contest, setting: { signup_type: 2 } }, as(owner));
    const ids = { unique_id: contest.unique_id, season_id: contest.season_id };
    expect((await world.post('signup_contest_season', ids, as(player))).body.data.state).toBe(2);

    const stateOf = async (state: number) =>
      (await list(player, { search: 'Statewise', state })).list.map((c) => c.unique_id);
    expect(await stateOf(1)).toEqual([contest.unique_id]);
    expect(await stateOf(2)).toEqual([]);
    expect((await list(player, { search: 'Statewise' })).list[0].signup_state).toBe(2);

    world.clock.advance(2 * world.DAY); // started (it starts a day after creation)
    expect(await stateOf(1)).toEqual([]);
    expect(await stateOf(2)).toEqual([contest.unique_id]);
    world.clock.advance(8 * world.DAY); // its end time passed
    expect(await stateOf(2)).toEqual([]);
    expect(await stateOf(3)).toEqual([contest.unique_id]);
    // Someone else's view: not signed up.
    expect((await list(owner, { search: 'Statewise' })).list[0].signup_state).toBe(0);
  });

  it('refuses an unknown state, a page too large and an over-long search with 400, and anyone logged out with 401', async () => {
    const viewer = await world.organiser();
    for (const query of [{ state: 7 }, { limit: 101 }, { search: 'x'.repeat(51) }]) {
      const res = await world.get('fetch_public_contest_list', query, as(viewer));
      expect(res.status).toBe(400);
    }
    expect((await world.get('fetch_public_contest_list', {})).status).toBe(401);
  });
});

describe('the private notice in the lobby', () => {
  it('goes to roster players only; pending and other players get none, the public notice is for everyone', async () => {
    const owner = await world.organiser({ currency: 60 });
    const contest = await world.contest(owner, { name: [{ lang: 'default', content: 'Notice Cup' }] });
    const ids = { unique_id: contest.unique_id, season_id: contest.season_id };
    // Reviewed sign-ups, open for the season's first day (it starts a day after creation).
    const start = (await world.get('fetch_contest_season_list', { unique_id: contest.unique_id }, as(owner)))
      .body.data[0].start_time;
    const setting = { signup_type: 3, signup_start_time: start, signup_end_time: start + world.DAY };
    const updated = await world.post('update_contest_season', { ...contest, setting }, as(owner));
    expect(updated.status).toBe(200);
    world.clock.advance(world.DAY + 60);
    const privateNotice = [{ lang: 'en', content: 'Discord: https://example.test/room' }];
    const publicNotice = [{ lang: 'en', content: 'Welcome, everyone' }];
    await world.post('update_contest_internal_notice', { ...ids, notice: privateNotice }, as(owner));
    await world.post('update_contest_external_notice', { ...ids, notice: publicNotice }, as(owner));

    const player = await world.organiser();
    const stranger = await world.organiser();
    const lobbyOf = async (who: Organiser) => {
      const res = await world.get('fetch_season_lobby', ids, as(who));
      expect(res.status).toBe(200);
      return FetchSeasonLobbyRes.parse(res.body.data);
    };
    const signedUp = await world.post('signup_contest_season', ids, as(player));
    expect(signedUp.body).toMatchObject({ data: { state: 1 } });
    expect((await lobbyOf(player)).private_notice).toEqual([]);
    expect((await lobbyOf(stranger)).private_notice).toEqual([]);

    const checked = await world.post(
      'check_contest_season_player',
      { ...ids, checked_list: [{ account_id: player.account.id, pass: 1 }] },
      as(owner),
    );
    expect(checked.status).toBe(200);
    expect((await lobbyOf(player)).private_notice).toEqual(privateNotice);
    expect((await lobbyOf(stranger)).private_notice).toEqual([]);
    for (const who of [player, stranger]) {
      const info = await world.get('fetch_contest_public_info', { contest_id: contest.contest_id }, as(who));
      expect(info.body.data.public_notice).toEqual(publicNotice);
      expect(info.body.data).not.toHaveProperty('private_notice');
    }
    // Off the roster again: no private notice.
    await world.post(
      'remove_contest_season_player',
      { ...ids, account_id_list: [player.account.id] },
      as(owner),
    );
    expect((await lobbyOf(player)).private_notice).toEqual([]);
  });
});
