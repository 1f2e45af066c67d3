import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsTable } from '../../src/db/schema';
import { type Organiser, startWorld, type World } from '../support/world';
import {
  accounts,
  addSeason,
  auditCount,
  blacklist,
  endSeason,
  entries,
  ids,
  type Season,
  SIGNUP,
  seasonWith,
  setCap,
  snapshot,
} from './support';

// The roster as organisers manage it: list and search, add, remove, remark, season nickname, import, blacklist,
// and the account search of the add dialog.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const as = (s: Season) => ({ token: s.creator.token });
const add = (s: Season, account_list: unknown[]) =>
  world.post('add_contest_season_player', { ...ids(s), account_list }, as(s));
const list = (s: Season, query: Record<string, unknown> = {}) =>
  world.get('contest_season_player_list', { ...ids(s), ...query }, as(s));
const idsOf = (rows: { account_id: number }[]) => rows.map((r) => r.account_id);
const signup = (who: Organiser, s: Season) =>
  world.post('signup_contest_season', ids(s), { token: who.token });
const setLimit = (s: Season, add_list: number[], remove_list: number[] = []) =>
  world.post('set_contest_season_player_limit', { ...ids(s), type: 2, add_list, remove_list }, as(s));

describe('contest_season_player_list', () => {
  it('lists the roster in entry order, with the wire fields, paged, with the total', async () => {
    const s = await seasonWith(world);
    const players = await accounts(world, 5);
    for (const p of players) {
      await add(s, [p.account.id]);
      world.clock.advance(1);
    }
    const page = await list(s, { state: 2, offset: 1, limit: 2 });
    expect(page.body.data.total).toBe(5);
    expect(idsOf(page.body.data.list)).toEqual([players[1].account.id, players[2].account.id]);
    expect(page.body.data.list[0]).toEqual({
      account_id: players[1].account.id,
      nickname: players[1].account.nickname,
      remark: '',
      state: 2,
      create_time: expect.any(Number),
      team_name: '',
      account_data: { total_game_count: 0, recent_games: [], highest_series_points: 0 },
      level_4p: 10101,
      level_3p: 20101,
    });
    // state 2 is the default; offset and limit default to 0 and 10.
    const all = await list(s);
    expect(idsOf(all.body.data.list)).toEqual(players.map((p) => p.account.id));
    const past = await list(s, { offset: 10 });
    expect(past.body.data).toEqual({ list: [], total: 5 });
  });

  it('lists pending sign-ups newest first with state 1', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const players = await accounts(world, 3);
    for (const p of players) {
      await signup(p, s);
      world.clock.advance(5);
    }
    const res = await list(s, { state: '1' });
    expect(idsOf(res.body.data.list)).toEqual(players.map((p) => p.account.id).reverse());
    expect(res.body.data.list.every((r: { state: number }) => r.state === 1)).toBe(true);
    expect((await list(s, { state: 2 })).body.data.total).toBe(0);
  });

  it('search matches a part of the nickname in any case, or an internal account id; LIKE wildcards are literal', async () => {
    const s = await seasonWith(world);
    const alice = await world.organiser({ nickname: 'Alice_Q' });
    const bob = await world.organiser({ nickname: 'Bobby' });
    const carol = await world.organiser({ nickname: 'Car%ol' });
    await add(s, [alice.account.id, bob.account.id, carol.account.id]);
    const search = async (text: string) => idsOf((await list(s, { search: text })).body.data.list);
    expect(await search('ALICE')).toEqual([alice.account.id]);
    expect(await search('bby')).toEqual([bob.account.id]);
    expect(await search(String(bob.account.id))).toEqual([bob.account.id]);
    expect(await search('_')).toEqual([alice.account.id]);
    expect(await search('%')).toEqual([carol.account.id]);
    expect(await search('nobody-like-this')).toEqual([]);
    expect((await list(s, { search: 'alice' })).body.data.total).toBe(1);
    // The season nickname an organiser set is searched too.
    await world.post(
      'update_contest_season_player_nickname',
      { ...ids(s), account_id: bob.account.id, nickname: 'Captain' },
      as(s),
    );
    expect(await search('capt')).toEqual([bob.account.id]);
  });

  it('account_id keeps that one account, even when other nicknames hold its digits', async () => {
    const s = await seasonWith(world);
    const target = await world.organiser();
    const lookalike = await world.organiser({ nickname: `Digits${target.account.id}x` });
    await add(s, [target.account.id, lookalike.account.id]);
    const byId = await list(s, { account_id: target.account.id });
    expect(idsOf(byId.body.data.list)).toEqual([target.account.id]);
    expect(byId.body.data.total).toBe(1);
    // A part of a nickname that is also an id still finds both.
    const bySearch = await list(s, { search: String(target.account.id) });
    expect(idsOf(bySearch.body.data.list).sort()).toEqual([target.account.id, lookalike.account.id].sort());
    expect((await list(s, { account_id: 2_000_000_000 })).body.data).toEqual({ list: [], total: 0 });
  });

  it('is for the creator and admins only (2501 for others)', async () => {
    const s = await seasonWith(world);
    const stranger = await world.organiser();
    const res = await world.get('contest_season_player_list', ids(s), { token: stranger.token });
    expect(res.body.error.code).toBe(2501);
    const missing = await list({ ...s, season_id: 5 });
    expect(missing.body.error.code).toBe(2536);
  });
});

describe('add_contest_season_player', () => {
  it('adds accounts (ids, strings or {account_id, nickname}); failures 1002 unknown, 2588 already on the roster, 2530 blacklisted', async () => {
    const s = await seasonWith(world);
    const [a, b, c, banned] = await accounts(world, 4);
    await add(s, [a.account.id]);
    await setLimit(s, [banned.account.id]);
    const res = await add(s, [
      { account_id: b.account.id, nickname: 'whatever' },
      String(c.account.id),
      a.account.id,
      99_999_999,
      banned.account.id,
    ]);
    expect(res.body.data).toEqual({
      success: [b.account.id, c.account.id],
      failed: [
        { account_id: a.account.id, error: 2588 },
        { account_id: 99_999_999, error: 1002 },
        { account_id: banned.account.id, error: 2530 },
      ],
    });
    expect(await entries(world, s)).toEqual({ [a.account.id]: 2, [b.account.id]: 2, [c.account.id]: 2 });
  });

  it('a pending sign-up becomes accepted, keeping its sign-up time', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const p = await world.organiser();
    await signup(p, s);
    const signedAt = world.clock.now();
    world.clock.advance(100);
    expect((await add(s, [p.account.id])).body.data.success).toEqual([p.account.id]);
    const roster = await list(s);
    expect(roster.body.data.list[0]).toMatchObject({
      account_id: p.account.id,
      state: 2,
      create_time: signedAt,
    });
  });

  it('beyond the cap each account fails with 2566', async () => {
    const s = await seasonWith(world);
    await setCap(world, s.unique_id, 2);
    const players = await accounts(world, 3);
    const res = await add(
      s,
      players.map((p) => p.account.id),
    );
    expect(res.body.data).toEqual({
      success: [players[0].account.id, players[1].account.id],
      failed: [{ account_id: players[2].account.id, error: 2566 }],
    });
  });

  it('adds 1,200 accounts in one call', async () => {
    const s = await seasonWith(world);
    const now = world.clock.now();
    const rows = await world.database.db
      .insert(accountsTable)
      .values(
        Array.from({ length: 1200 }, (_, i) => ({
          email: `bulk${i}@example.test`,
          nickname: `bulk${i}`,
          createTime: now,
        })),
      )
      .returning({ id: accountsTable.id });
    const res = await add(
      s,
      rows.map((r) => r.id),
    );
    expect(res.body.data.success).toHaveLength(1200);
    expect(res.body.data.failed).toEqual([]);
    expect((await list(s, { limit: 1 })).body.data.total).toBe(1200);
  });

  it('an ended season is refused with 2542 and writes nothing', async () => {
    const s = await seasonWith(world);
    await endSeason(world, s);
    const p = await world.organiser();
    const before = await snapshot(world, s);
    expect((await add(s, [p.account.id])).body.error.code).toBe(2542);
    expect(await snapshot(world, s)).toEqual(before);
  });
});

describe('remove_contest_season_player', () => {
  it('takes players off the roster and answers those that were on it', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const [a, b, pending] = await accounts(world, 3);
    await add(s, [a.account.id, b.account.id]);
    await signup(pending, s);
    const res = await world.post(
      'remove_contest_season_player',
      { ...ids(s), account_id_list: [a.account.id, pending.account.id, 12345] },
      as(s),
    );
    expect(res.body).toEqual({ data: { success: [a.account.id] } });
    expect(await entries(world, s)).toEqual({ [b.account.id]: 2, [pending.account.id]: 1 });
  });

  it('takes the players as account_list entries ({account_id, nickname}) too, as some bots send them', async () => {
    const s = await seasonWith(world);
    const [a, b, c] = await accounts(world, 3);
    await add(s, [a.account.id, b.account.id, c.account.id]);
    const res = await world.post(
      'remove_contest_season_player',
      {
        ...ids(s),
        account_list: [
          { account_id: a.account.id, nickname: a.account.nickname },
          { account_id: String(b.account.id), nickname: b.account.nickname },
        ],
      },
      as(s),
    );
    expect(res.body).toEqual({ data: { success: [a.account.id, b.account.id] } });
    expect(await entries(world, s)).toEqual({ [c.account.id]: 2 });
  });

  it('without account_id_list or account_list it is refused with 2517 and removes nobody', async () => {
    const s = await seasonWith(world);
    const [a] = await accounts(world, 1);
    await add(s, [a.account.id]);
    const res = await world.post('remove_contest_season_player', ids(s), as(s));
    expect(res.body.error.code).toBe(2517);
    expect(await entries(world, s)).toEqual({ [a.account.id]: 2 });
  });
});

describe('mark_contest_season_player and update_contest_season_player_nickname', () => {
  it('sets the remark of a roster player or a pending sign-up, shown in the list', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const [a, pending] = await accounts(world, 2);
    await add(s, [a.account.id]);
    await signup(pending, s);
    for (const p of [a, pending]) {
      const res = await world.post(
        'mark_contest_season_player',
        { ...ids(s), account_id: p.account.id, remark: 'seed 1' },
        as(s),
      );
      expect(res.body).toEqual({ data: {} });
    }
    expect((await list(s)).body.data.list[0].remark).toBe('seed 1');
    expect((await list(s, { state: 1 })).body.data.list[0].remark).toBe('seed 1');
  });

  it('a remark over 100 characters is refused with 2554; exactly 100 is fine', async () => {
    const s = await seasonWith(world);
    const p = await world.organiser();
    await add(s, [p.account.id]);
    const before = await snapshot(world, s);
    const long = await world.post(
      'mark_contest_season_player',
      { ...ids(s), account_id: p.account.id, remark: '字'.repeat(101) },
      as(s),
    );
    expect(long.body.error.code).toBe(2554);
    expect(await snapshot(world, s)).toEqual(before);
    const fits = await world.post(
      'mark_contest_season_player',
      { ...ids(s), account_id: p.account.id, remark: '字'.repeat(100) },
      as(s),
    );
    expect(fits.body).toEqual({ data: {} });
  });

  it('an account not in the season is refused with 2511 (also a rejected sign-up)', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const [stranger, rejected] = await accounts(world, 2);
    await signup(rejected, s);
    await world.post(
      'check_contest_season_player',
      { ...ids(s), checked_list: [{ account_id: rejected.account.id, pass: 0 }] },
      as(s),
    );
    for (const p of [stranger, rejected]) {
      const mark = await world.post(
        'mark_contest_season_player',
        { ...ids(s), account_id: p.account.id, remark: 'x' },
        as(s),
      );
      expect(mark.body.error.code).toBe(2511);
      const rename = await world.post(
        'update_contest_season_player_nickname',
        { ...ids(s), account_id: p.account.id, nickname: 'X' },
        as(s),
      );
      expect(rename.body.error.code).toBe(2511);
    }
  });

  it('the season nickname replaces the account nickname in this season only', async () => {
    const s = await seasonWith(world);
    const p = await world.organiser();
    await add(s, [p.account.id]);
    const res = await world.post(
      'update_contest_season_player_nickname',
      { ...ids(s), account_id: p.account.id, nickname: '  Seed One ' },
      as(s),
    );
    expect(res.body).toEqual({ data: {} });
    expect((await list(s)).body.data.list[0].nickname).toBe('Seed One');
    const other = await seasonWith(world);
    await add(other, [p.account.id]);
    expect((await list(other)).body.data.list[0].nickname).toBe(p.account.nickname);
  });

  it('an ended season is read-only: 2542', async () => {
    const s = await seasonWith(world);
    const p = await world.organiser();
    await add(s, [p.account.id]);
    await endSeason(world, s);
    const res = await world.post(
      'mark_contest_season_player',
      { ...ids(s), account_id: p.account.id, remark: 'x' },
      as(s),
    );
    expect(res.body.error.code).toBe(2542);
  });
});

describe('import_contest_season_player', () => {
  it('copies the roster of another season, with season nicknames and remarks; failures 2588, 2530, 2566', async () => {
    const s = await seasonWith(world);
    const [a, b, c, d] = await accounts(world, 4);
    await add(s, [a.account.id, b.account.id, c.account.id, d.account.id]);
    await world.post(
      'mark_contest_season_player',
      { ...ids(s), account_id: a.account.id, remark: 'top seed' },
      as(s),
    );
    await world.post(
      'update_contest_season_player_nickname',
      { ...ids(s), account_id: a.account.id, nickname: 'Ace' },
      as(s),
    );
    await addSeason(world, s, 2);
    const target = { ...s, season_id: 2 };
    await add(target, [b.account.id]);
    await setLimit(target, [c.account.id]);
    await setCap(world, s.unique_id, 2);
    const res = await world.post(
      'import_contest_season_player',
      { unique_id: s.unique_id, from_season_id: 1, to_season_id: 2 },
      as(s),
    );
    expect(res.body.data).toEqual({
      success: [a.account.id],
      failed: [
        { account_id: b.account.id, error: 2588 },
        { account_id: c.account.id, error: 2530 },
        { account_id: d.account.id, error: 2566 },
      ],
    });
    const roster = (await list(target)).body.data.list;
    expect(roster.find((r: { account_id: number }) => r.account_id === a.account.id)).toMatchObject({
      nickname: 'Ace',
      remark: 'top seed',
    });
  });

  it('importing a season into itself fails every player with 2588', async () => {
    const s = await seasonWith(world);
    const [a, b] = await accounts(world, 2);
    await add(s, [a.account.id, b.account.id]);
    const before = await auditCount(world);
    const res = await world.post(
      'import_contest_season_player',
      { unique_id: s.unique_id, from_season_id: 1, to_season_id: 1 },
      as(s),
    );
    expect(res.body.data).toEqual({
      success: [],
      failed: [
        { account_id: a.account.id, error: 2588 },
        { account_id: b.account.id, error: 2588 },
      ],
    });
    expect(await auditCount(world)).toBe(before);
  });

  it('an unknown season (either side) is refused with 2536, an ended target with 2542', async () => {
    const s = await seasonWith(world);
    await addSeason(world, s, 2);
    const imp = (from: number, to: number) =>
      world.post(
        'import_contest_season_player',
        { unique_id: s.unique_id, from_season_id: from, to_season_id: to },
        as(s),
      );
    expect((await imp(3, 1)).body.error.code).toBe(2536);
    expect((await imp(1, 3)).body.error.code).toBe(2536);
    await endSeason(world, s);
    expect((await imp(2, 1)).body.error.code).toBe(2542);
    expect((await imp(1, 2)).body.data).toEqual({ success: [], failed: [] });
  });
});

describe('the season blacklist', () => {
  it('contest_season_player_limit lists the blacklist (type 2) with nicknames, in the order it was filled', async () => {
    const s = await seasonWith(world);
    const [a, b] = await accounts(world, 2);
    await setLimit(s, [b.account.id]);
    world.clock.advance(1);
    await setLimit(s, [a.account.id]);
    const res = await world.get('contest_season_player_limit', ids(s), as(s));
    expect(res.body.data).toEqual({
      type: 2,
      list: [
        { account_id: b.account.id, nickname: b.account.nickname },
        { account_id: a.account.id, nickname: a.account.nickname },
      ],
    });
  });

  it('set_contest_season_player_limit adds and removes; failures 1002 unknown, 2588 on the roster', async () => {
    const s = await seasonWith(world);
    const [a, b, onRoster] = await accounts(world, 3);
    await add(s, [onRoster.account.id]);
    await setLimit(s, [a.account.id]);
    const res = await setLimit(s, [b.account.id, onRoster.account.id, 88_888_888], [a.account.id]);
    expect(res.body.data).toEqual({
      success: [b.account.id, a.account.id],
      failed: [
        { account_id: onRoster.account.id, error: 2588 },
        { account_id: 88_888_888, error: 1002 },
      ],
    });
    expect(await blacklist(world, s)).toEqual([b.account.id]);
  });

  it('blacklisting a player whose sign-up is pending rejects the sign-up', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const p = await world.organiser();
    await signup(p, s);
    await setLimit(s, [p.account.id]);
    expect(await entries(world, s)).toEqual({ [p.account.id]: 3 });
  });

  it('an ended season blocks blacklist changes with 2542 and writes nothing', async () => {
    const s = await seasonWith(world);
    const p = await world.organiser();
    await endSeason(world, s);
    const before = await snapshot(world, s);
    expect((await setLimit(s, [p.account.id])).body.error.code).toBe(2542);
    expect(await snapshot(world, s)).toEqual(before);
  });
});

describe('search_accounts', () => {
  it('answers the nicknames of the internal ids that exist, in request order; unknown ids are left out', async () => {
    const [a, b] = await accounts(world, 2);
    const res = await world.post(
      'search_accounts',
      { account_list: [b.account.id, 77_777_777, String(a.account.id)] },
      { token: a.token },
    );
    expect(res.body).toEqual({
      data: [
        { account_id: b.account.id, nickname: b.account.nickname },
        { account_id: a.account.id, nickname: a.account.nickname },
      ],
    });
    expect((await world.post('search_accounts', { account_list: [] }, { token: a.token })).body).toEqual({
      data: [],
    });
  });

  it('takes at most 1000 ids per call (2517 beyond)', async () => {
    const a = await world.organiser();
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    const res = await world.post('search_accounts', { account_list: many }, { token: a.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2517);
  });
});
