import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { type Organiser, startWorld, type World } from '../support/world';
import { accountIds, codeOf, setObserverSwitch, tournament } from './support';

// The History view: the audit entries of a tournament, its seasons and their players, newest first, by kind,
// paged; read by the creator and admins.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const history = (who: Organiser, query: Record<string, unknown>) =>
  world.get('fetch_contest_history', query, { token: who.token });
const actions = (res: { body: { data: { list: { action: string }[] } } }) =>
  res.body.data.list.map((e) => e.action);

/** A tournament with one change of each kind, a minute apart: contest, season, season_player, contest_admin. */
async function busyTournament() {
  const t = await tournament(world);
  const ids = { unique_id: t.unique_id, season_id: t.season_id };
  const admin = await world.organiser();
  const player = await world.organiser();
  const steps: [string, Record<string, unknown>][] = [
    ['update_contest_base', { unique_id: t.unique_id, setting: { open_show: 0 } }],
    ['update_contest_season', { ...ids, setting: { remark: 'Finals' } }],
    ['add_contest_season_player', { ...ids, account_list: [player.account.id] }],
    ['add_contest_admin', { unique_id: t.unique_id, account_list: [admin.account.id] }],
  ];
  for (const [name, body] of steps) {
    world.clock.advance(60);
    const res = await world.post(name, body, { token: t.creator.token });
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
  }
  return { ...t, ids, admin, player };
}

describe('fetch_contest_history', () => {
  it('lists who did what to the tournament, its seasons and their players, newest first, with before and after', async () => {
    const { creator, unique_id, season_id, player, admin } = await busyTournament();
    const res = await history(creator, { unique_id });
    expect(res.status).toBe(200);
    expect(actions(res)).toEqual([
      'contest_admin.add',
      'season_player.add',
      'season.update',
      'contest.update_base',
      'season.create',
      'contest.create',
    ]);
    expect(res.body.data.total).toBe(6);
    const [adminAdd, playerAdd, seasonUpdate, baseUpdate] = res.body.data.list;
    expect(adminAdd).toMatchObject({
      actor_id: creator.account.id,
      actor_nickname: creator.account.nickname,
      target_type: 'contest',
      target_id: String(unique_id),
      after: { added: [admin.account.id] },
    });
    expect(playerAdd).toMatchObject({
      target_type: 'season',
      target_id: `${unique_id}/${season_id}`,
      after: { added: [player.account.id] },
    });
    expect(seasonUpdate).toMatchObject({ before: { remark: '' }, after: { remark: 'Finals' } });
    expect(baseUpdate).toMatchObject({ before: { open: 1 }, after: { open: 0 } });
    expect(adminAdd.time - baseUpdate.time).toBeGreaterThanOrEqual(180);
    expect(Object.keys(adminAdd).sort()).toEqual(
      [
        'action',
        'actor_id',
        'actor_nickname',
        'after',
        'before',
        'id',
        'target_id',
        'target_type',
        'time',
      ].sort(),
    );
  });

  it('filters by kind, the part of the action before its dot', async () => {
    const { creator, unique_id } = await busyTournament();
    const kinds = {
      contest: ['contest.update_base', 'contest.create'],
      season: ['season.update', 'season.create'],
      season_player: ['season_player.add'],
      contest_admin: ['contest_admin.add'],
      contest_observer: [],
    };
    for (const [kind, expected] of Object.entries(kinds)) {
      const res = await history(creator, { unique_id, kind });
      expect(actions(res), kind).toEqual(expected);
      expect(res.body.data.total, kind).toBe(expected.length);
    }
    // An empty kind is no filter.
    expect((await history(creator, { unique_id, kind: '' })).body.data.total).toBe(6);
  });

  it('pages with offset and limit; total counts every entry', async () => {
    const { creator, unique_id } = await busyTournament();
    const all = actions(await history(creator, { unique_id, limit: 100 }));
    const first = await history(creator, { unique_id, offset: 0, limit: 4 });
    const second = await history(creator, { unique_id, offset: 4, limit: 4 });
    expect(actions(first)).toEqual(all.slice(0, 4));
    expect(actions(second)).toEqual(all.slice(4));
    expect(second.body.data.total).toBe(6);
    const past = await history(creator, { unique_id, offset: 50, limit: 4 });
    expect(past.body.data).toEqual({ list: [], total: 6 });
  });

  it('a page holds at most 100 entries; a bad limit, offset or kind is a parameter error (2517)', async () => {
    const { creator, unique_id } = await tournament(world);
    for (const query of [
      { limit: 101 },
      { limit: 0 },
      { offset: -1 },
      { kind: 'season%' },
      { kind: 'a.b' },
    ]) {
      const res = await history(creator, { unique_id, ...query });
      expect(codeOf(res), JSON.stringify(query)).toBe(ErrorCode.PARAM_ERROR);
    }
    expect((await history(creator, { unique_id, limit: 100 })).status).toBe(200);
  });

  it('shows nothing of other tournaments and nothing about accounts', async () => {
    const mine = await tournament(world);
    const theirs = await tournament(world);
    const [other] = await accountIds(world, 1);
    await world.post(
      'add_contest_admin',
      { unique_id: theirs.unique_id, account_list: [other] },
      { token: theirs.creator.token },
    );
    const res = await history(mine.creator, { unique_id: mine.unique_id });
    expect(actions(res)).toEqual(['season.create', 'contest.create']);
    const targets = res.body.data.list.map((e: { target_id: string }) => e.target_id);
    expect(targets).toEqual([`${mine.unique_id}/${mine.season_id}`, String(mine.unique_id)]);
  });

  it("the operator's entries have no actor: actor_id null, actor_nickname ''", async () => {
    const { creator, unique_id } = await tournament(world);
    world.clock.advance(60);
    await world.database.db.insert(auditLog).values({
      actorId: null,
      ip: 'cli',
      action: 'contest.lock',
      targetType: 'contest',
      targetId: String(unique_id),
      before: null,
      after: { locked: true },
      time: world.clock.now(),
    });
    const [entry] = (await history(creator, { unique_id })).body.data.list;
    expect(entry).toMatchObject({ action: 'contest.lock', actor_id: null, actor_nickname: '' });
    expect(entry).not.toHaveProperty('ip');
  });

  it('is for the creator and admins: an observer is refused with 2506, a stranger with 2501', async () => {
    const { creator, unique_id } = await tournament(world);
    const admin = await world.organiser();
    const observer = await world.organiser();
    const stranger = await world.organiser();
    await world.makeAdmin(unique_id, admin);
    await setObserverSwitch(world, unique_id, true);
    await world.post(
      'set_observer_list',
      { unique_id, add_list: [observer.account.id] },
      { token: creator.token },
    );
    expect(actions(await history(admin, { unique_id }))[0]).toBe('contest_observer.set');
    expect(codeOf(await history(observer, { unique_id }))).toBe(ErrorCode.NO_PERMISSION);
    expect(codeOf(await history(stranger, { unique_id }))).toBe(ErrorCode.CONTEST_NOT_FOUND);
  });
});
