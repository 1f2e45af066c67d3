import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { type Organiser, startWorld, type World } from '../support/world';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const detailOf = (who: Organiser, unique_id: number | string) =>
  world.get('fetch_contest_detail', { unique_id }, { token: who.token });

describe('fetch_contest_list', () => {
  it('lists the tournaments created or administered, newest first, in the wire shape', async () => {
    const creator = await world.organiser({ currency: 60 });
    const other = await world.organiser({ currency: 120 });
    const mine = await world.contest(creator, { name: [{ lang: 'en', content: 'Mine' }] });
    world.clock.advance(60);
    const theirs = await world.contest(other, { name: [{ lang: 'en', content: 'Theirs' }] });
    await world.makeAdmin(theirs.unique_id, creator);

    const res = await world.get('fetch_contest_list', {}, { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { unique_id: number }) => c.unique_id)).toEqual([
      theirs.unique_id,
      mine.unique_id,
    ]);
    const [first, second] = res.body.data;
    expect(first).toMatchObject({
      contest_id: theirs.contest_id,
      contest_name: [{ lang: 'en', content: 'Theirs' }],
      manager_role: 1,
      mode: 2,
      season: { uniqueId_: theirs.unique_id, seasonId_: 1, endTime_: expect.any(Number) },
    });
    expect(second).toMatchObject({ manager_role: 4, creator_id: creator.account.id });
    expect(typeof first.create_time).toBe('number');

    const otherList = await world.get('fetch_contest_list', {}, { token: other.token });
    expect(otherList.body.data.map((c: { unique_id: number }) => c.unique_id)).toEqual([theirs.unique_id]);
  });

  it('is an empty list, never null, for a new account', async () => {
    const fresh = await world.organiser();
    expect((await world.get('fetch_contest_list', {}, { token: fresh.token })).body).toEqual({ data: [] });
  });
});

describe('fetch_contest_detail', () => {
  it('answers every field of the wire shape', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const { data } = (await detailOf(org, unique_id)).body;
    for (const field of [
      'unique_id',
      'contest_id',
      'contest_name',
      'state',
      'creator_id',
      'create_time',
      'start_time',
      'finish_time',
      'signup_start_time',
      'signup_end_time',
      'signup_type',
      'open',
      'rank_rule',
      'show_zones',
      'available_zones',
      'i18n_switch',
      'observer_switch',
      'check_state',
      'mode',
      'rule',
      'max_player_count',
      'season_list',
      'admin_list',
      'public_notice',
      'private_notice',
      'manager_notice',
      'contest_setting',
      'game_mode',
    ]) {
      expect(data, field).toHaveProperty(field);
    }
    expect(data.contest_setting).toEqual({ game_limit: 0, system_broadcast: 0, level_limit: [] });
    expect(data.show_zones).toEqual([1, 2, 3]);
    expect(data.public_notice).toEqual([]);
    expect(data.max_player_count).toBe(3000);
    expect(data.season_list[0]).toEqual({
      season_id: 1,
      state: 1,
      start_time: data.start_time,
      end_time: expect.any(Number),
      create_time: expect.any(Number),
      signup_type: 1,
      signup_start_time: expect.any(Number),
      signup_end_time: expect.any(Number),
      auto_match: 0,
      match_start_time: expect.any(Number),
      match_end_time: expect.any(Number),
      rank_rule: 0,
      rank_type: 0,
      show_team_rank: 0,
      remark: '',
    });
  });

  it('an admin sees it with the admin list', async () => {
    const org = await world.organiser({ currency: 60 });
    const admin = await world.organiser({ nickname: 'Helper' });
    const { unique_id } = await world.contest(org);
    await world.makeAdmin(unique_id, admin);
    const res = await detailOf(admin, String(unique_id));
    expect(res.status).toBe(200);
    expect(res.body.data.manager_role).toBe(1);
    expect(res.body.data.admin_list).toEqual([{ account_id: admin.account.id, nickname: 'Helper', role: 1 }]);
  });

  it("another organiser's tournament is invisible: 2501", async () => {
    const org = await world.organiser({ currency: 60 });
    const stranger = await world.organiser();
    const { unique_id } = await world.contest(org);
    const res = await detailOf(stranger, unique_id);
    expect(res.body.error.code).toBe(2501);
    expect(res.body.data).toBeUndefined();
  });

  it('an unknown id answers 2501; a missing or non-numeric id is a parameter error', async () => {
    const org = await world.organiser();
    expect((await detailOf(org, 999_999)).body.error.code).toBe(2501);
    expect((await detailOf(org, 'abc')).body.error.code).toBe(2517);
    expect((await world.get('fetch_contest_detail', {}, { token: org.token })).body.error.code).toBe(2517);
  });

  it('the state follows the clock: pending, running, finished', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    expect((await detailOf(org, unique_id)).body.data.state).toBe(1);
    world.clock.advance(2 * 86_400);
    const running = (await detailOf(org, unique_id)).body.data;
    expect(running.state).toBe(2);
    expect(running.season_list[0].state).toBe(2);
    world.clock.advance(7 * 86_400);
    expect((await detailOf(org, unique_id)).body.data.state).toBe(3);
  });
});

describe('update_contest_base', () => {
  it('changes names, show-in-list and zones, answers the new detail, and writes an audit entry', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const res = await world.post(
      'update_contest_base',
      {
        unique_id: String(unique_id),
        setting: {
          name: [{ lang: 'default', content: '  Autumn Open ' }],
          open_show: 0,
          show_zones: [3, 1],
          available_zones: [2],
        },
      },
      { token: org.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      contest_name: [{ lang: 'default', content: 'Autumn Open' }],
      open: 0,
      show_zones: [1, 3],
      available_zones: [2],
    });
    expect((await detailOf(org, unique_id)).body.data.open).toBe(0);
    const entries = await world.database.db.select().from(auditLog);
    const entry = entries.find((e) => e.action === 'contest.update_base' && e.targetId === String(unique_id));
    expect(entry).toMatchObject({
      actorId: org.account.id,
      before: { open: 1, showZones: [1, 2, 3] },
      after: { open: 0, showZones: [1, 3] },
    });
  });

  it('turning multi-language on needs all five names: 2517 and nothing changes', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const partial = await world.post(
      'update_contest_base',
      { unique_id, setting: { i18n_switch: 1, name: [{ lang: 'en', content: 'Cup' }], open_show: 0 } },
      { token: org.token },
    );
    expect(partial.body.error.code).toBe(2517);
    const unchanged = (await detailOf(org, unique_id)).body.data;
    expect(unchanged).toMatchObject({
      i18n_switch: 0,
      open: 1,
      contest_name: [{ lang: 'default', content: 'Spring Cup' }],
    });

    const names = ['chs', 'chs_t', 'jp', 'en', 'kr'].map((lang) => ({ lang, content: `Cup ${lang}` }));
    const full = await world.post(
      'update_contest_base',
      { unique_id, i18n_switch: 1, setting: { name: names } },
      { token: org.token },
    );
    expect(full.status).toBe(200);
    expect(full.body.data.i18n_switch).toBe(1);
    expect(full.body.data.contest_name).toEqual(names);
  });

  it('a too-long name is refused with 2547', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const res = await world.post(
      'update_contest_base',
      { unique_id, setting: { name: [{ lang: 'chs', content: '长'.repeat(26) }] } },
      { token: org.token },
    );
    expect(res.body.error.code).toBe(2547);
  });

  it('an unknown zone is a parameter error', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const res = await world.post(
      'update_contest_base',
      { unique_id, setting: { show_zones: [4] } },
      { token: org.token },
    );
    expect(res.body.error.code).toBe(2517);
  });

  it('an admin may edit the basic settings', async () => {
    const org = await world.organiser({ currency: 60 });
    const admin = await world.organiser();
    const { unique_id } = await world.contest(org);
    await world.makeAdmin(unique_id, admin);
    const res = await world.post(
      'update_contest_base',
      { unique_id, setting: { open_show: 0 } },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.open).toBe(0);
  });

  it('a stranger gets 2501 and changes nothing', async () => {
    const org = await world.organiser({ currency: 60 });
    const stranger = await world.organiser();
    const { unique_id } = await world.contest(org);
    const res = await world.post(
      'update_contest_base',
      { unique_id, setting: { name: [{ lang: 'default', content: 'Hijacked' }] } },
      { token: stranger.token },
    );
    expect(res.body.error.code).toBe(2501);
    expect((await detailOf(org, unique_id)).body.data.contest_name).toEqual([
      { lang: 'default', content: 'Spring Cup' },
    ]);
  });

  it('takes unique_id from the query string of the POST', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const res = await world.post(
      'update_contest_base',
      { setting: { open_show: 0 } },
      { token: org.token, query: { unique_id: String(unique_id) } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.open).toBe(0);
  });
});

describe('delete_contest', () => {
  it('the creator deletes it: gone from the list, and the detail answers 2560', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const res = await world.post('delete_contest', { unique_id }, { token: org.token });
    expect(res).toEqual({ status: 200, body: { data: {} } });
    expect((await detailOf(org, unique_id)).body.error.code).toBe(2560);
    expect((await world.get('fetch_contest_list', {}, { token: org.token })).body.data).toEqual([]);
    expect((await world.post('delete_contest', { unique_id }, { token: org.token })).body.error.code).toBe(
      2560,
    );
  });

  it('an admin is refused with 2513 and the tournament stays', async () => {
    const org = await world.organiser({ currency: 60 });
    const admin = await world.organiser();
    const { unique_id } = await world.contest(org);
    await world.makeAdmin(unique_id, admin);
    const res = await world.post('delete_contest', { unique_id }, { token: admin.token });
    expect(res.body.error.code).toBe(2513);
    expect((await detailOf(org, unique_id)).status).toBe(200);
  });

  it('a stranger is refused with 2501 and the tournament stays', async () => {
    const org = await world.organiser({ currency: 60 });
    const stranger = await world.organiser();
    const { unique_id } = await world.contest(org);
    const res = await world.post('delete_contest', { unique_id }, { token: stranger.token });
    expect(res.body.error.code).toBe(2501);
    expect((await detailOf(org, unique_id)).status).toBe(200);
  });
});
