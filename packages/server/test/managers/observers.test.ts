import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, startWorld, type World } from '../support/world';
import { accountIds, codeOf, contestAudit, named, setObserverSwitch, tournament } from './support';

// The observer roster: set by the creator and admins; an observer reads the tournament and its seasons, while
// the observer switch is on, and changes nothing.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const fetchList = (who: Organiser, unique_id: number) =>
  world.get('fetch_observer_list', { unique_id }, { token: who.token });
const setList = (
  who: Organiser,
  unique_id: number,
  lists: { add_list?: unknown[]; remove_list?: unknown[] },
) => world.post('set_observer_list', { unique_id, ...lists }, { token: who.token });

describe('set_observer_list and fetch_observer_list', () => {
  it('a new tournament has no observers: an empty list, never null', async () => {
    const { creator, unique_id } = await tournament(world);
    expect((await fetchList(creator, unique_id)).body).toEqual({ data: [] });
  });

  it('the creator adds observers; the list shows them oldest first with nicknames; one audit entry', async () => {
    const { creator, unique_id } = await tournament(world);
    const first = await world.organiser();
    const second = await world.organiser();
    const res = await setList(creator, unique_id, {
      add_list: [first.account.id, String(second.account.id)],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: [first.account.id, second.account.id], failed: [] });
    expect((await fetchList(creator, unique_id)).body.data).toEqual(named(first, second));
    const entries = await contestAudit(world, unique_id, 'contest_observer.set');
    expect(entries).toHaveLength(1);
    expect(entries[0].after).toEqual({ added: [first.account.id, second.account.id], removed: [] });
  });

  it('an unknown account fails with 1002 in the failed list; the others are set', async () => {
    const { creator, unique_id } = await tournament(world);
    const [known] = await accountIds(world, 1);
    const res = await setList(creator, unique_id, {
      add_list: [known, 2_000_000_001],
      remove_list: [2_000_000_002],
    });
    expect(res.body.data).toEqual({
      success: [known],
      failed: [
        { account_id: 2_000_000_001, error: ErrorCode.ACCOUNT_NOT_FOUND },
        { account_id: 2_000_000_002, error: ErrorCode.ACCOUNT_NOT_FOUND },
      ],
    });
    expect(
      (await fetchList(creator, unique_id)).body.data.map((o: { account_id: number }) => o.account_id),
    ).toEqual([known]);
  });

  it('removes observers; an id in both lists ends off the roster; a change that changes nothing writes nothing', async () => {
    const { creator, unique_id } = await tournament(world);
    const [a, b, c] = await accountIds(world, 3);
    await setList(creator, unique_id, { add_list: [a, b] });
    await setList(creator, unique_id, { add_list: [c], remove_list: [a, c] });
    expect(
      (await fetchList(creator, unique_id)).body.data.map((o: { account_id: number }) => o.account_id),
    ).toEqual([b]);
    const again = await setList(creator, unique_id, { add_list: [b], remove_list: [a] });
    expect(again.body.data).toEqual({ success: [b, a], failed: [] });
    const entries = await contestAudit(world, unique_id, 'contest_observer.set');
    expect(entries.map((e) => e.after)).toEqual([
      { added: [a, b], removed: [] },
      { added: [], removed: [a] },
    ]);
  });

  it('admins manage observers too; an observer is refused with 2506, a stranger with 2501', async () => {
    const { creator, unique_id } = await tournament(world);
    const admin = await world.organiser();
    const observer = await world.organiser();
    const stranger = await world.organiser();
    await world.makeAdmin(unique_id, admin);
    await setObserverSwitch(world, unique_id, true);
    expect((await setList(admin, unique_id, { add_list: [observer.account.id] })).status).toBe(200);
    expect((await fetchList(admin, unique_id)).body.data).toEqual(named(observer));
    const [other] = await accountIds(world, 1);
    expect(codeOf(await setList(observer, unique_id, { add_list: [other] }))).toBe(ErrorCode.NO_PERMISSION);
    expect(codeOf(await fetchList(observer, unique_id))).toBe(ErrorCode.NO_PERMISSION);
    expect(codeOf(await setList(stranger, unique_id, { add_list: [other] }))).toBe(
      ErrorCode.CONTEST_NOT_FOUND,
    );
    expect(codeOf(await fetchList(stranger, unique_id))).toBe(ErrorCode.CONTEST_NOT_FOUND);
    expect((await fetchList(creator, unique_id)).body.data).toEqual(named(observer));
  });
});

describe('what an observer may do', () => {
  async function observed() {
    const t = await tournament(world);
    const observer = await world.organiser();
    const player = await world.organiser();
    await setObserverSwitch(world, t.unique_id, true);
    await setList(t.creator, t.unique_id, { add_list: [observer.account.id] });
    const ids = { unique_id: t.unique_id, season_id: t.season_id };
    await world.post(
      'add_contest_season_player',
      { ...ids, account_list: [player.account.id] },
      { token: t.creator.token },
    );
    return { ...t, ids, observer, player };
  }

  it('reads the tournament and its seasons: detail, season list, roster, blacklist and chat limits', async () => {
    const { unique_id, ids, observer, player, creator } = await observed();
    const notice = [{ lang: 'default', content: 'Admins meet at 19:00' }];
    await world.post(
      'update_contest_base',
      { unique_id, setting: { manager_notice: notice } },
      { token: creator.token },
    );
    const detail = await world.get('fetch_contest_detail', { unique_id }, { token: observer.token });
    expect(detail.status).toBe(200);
    // Not a manager of it: manager_role 0.
    expect(detail.body.data).toMatchObject({ unique_id, creator_id: creator.account.id, manager_role: 0 });
    // The manager notice is for the people who run it.
    expect(detail.body.data.manager_notice).toEqual([]);
    const own = await world.get('fetch_contest_detail', { unique_id }, { token: creator.token });
    expect(own.body.data.manager_notice).toEqual(notice);
    const seasons = await world.get('fetch_contest_season_list', { unique_id }, { token: observer.token });
    expect(seasons.body.data.map((s: { season_id: number }) => s.season_id)).toEqual([ids.season_id]);
    const roster = await world.get(
      'contest_season_player_list',
      { ...ids, state: 2, offset: 0, limit: 10 },
      { token: observer.token },
    );
    expect(roster.body.data.list.map((p: { account_id: number }) => p.account_id)).toEqual([
      player.account.id,
    ]);
    expect((await world.get('contest_season_player_limit', ids, { token: observer.token })).status).toBe(200);
    expect((await world.get('contest_season_chat_limit', ids, { token: observer.token })).status).toBe(200);
  });

  it('changes nothing: every change is refused with 2506 (2513 where only the creator may), and nothing changed', async () => {
    const { unique_id, ids, observer, player, creator } = await observed();
    const [other] = await accountIds(world, 1);
    const refusals = {
      update_contest_base: { unique_id, setting: { open_show: 0 } },
      create_contest_season: {
        unique_id,
        start_time: world.clock.now() + 10 * world.DAY,
        end_time: world.clock.now() + 20 * world.DAY,
      },
      update_contest_season: { ...ids, setting: { remark: 'Observed' } },
      add_contest_season_player: { ...ids, account_list: [other] },
      remove_contest_season_player: { ...ids, account_id_list: [player.account.id] },
      mark_contest_season_player: { ...ids, account_id: player.account.id, remark: 'x' },
      set_contest_season_player_limit: { ...ids, type: 2, add_list: [other] },
      set_contest_season_chat_limit: { ...ids, type: 1, add_list: [other] },
      set_observer_list: { unique_id, add_list: [other] },
    };
    for (const [name, body] of Object.entries(refusals)) {
      const res = await world.post(name, body, { token: observer.token });
      expect(codeOf(res), name).toBe(ErrorCode.NO_PERMISSION);
    }
    for (const name of ['add_contest_admin', 'delete_contest']) {
      const res = await world.post(name, { unique_id, account_list: [other] }, { token: observer.token });
      expect(codeOf(res), name).toBe(ErrorCode.CREATOR_ONLY);
    }
    const history = await world.get('fetch_contest_history', { unique_id }, { token: observer.token });
    expect(codeOf(history)).toBe(ErrorCode.NO_PERMISSION);
    const detail = await world.get('fetch_contest_detail', { unique_id }, { token: creator.token });
    expect(detail.body.data).toMatchObject({ open: 1, admin_list: [] });
    const roster = await world.get('contest_season_player_list', ids, { token: creator.token });
    expect(roster.body.data.list).toEqual([
      expect.objectContaining({ account_id: player.account.id, remark: '' }),
    ]);
  });

  it('with the observer switch off the roster is kept but grants nothing (2501); on again, it does', async () => {
    const { unique_id, observer, creator } = await observed();
    await setObserverSwitch(world, unique_id, false);
    const off = await world.get('fetch_contest_detail', { unique_id }, { token: observer.token });
    expect(codeOf(off)).toBe(ErrorCode.CONTEST_NOT_FOUND);
    expect((await fetchList(creator, unique_id)).body.data).toEqual(named(observer));
    await setObserverSwitch(world, unique_id, true);
    expect((await world.get('fetch_contest_detail', { unique_id }, { token: observer.token })).status).toBe(
      200,
    );
  });

  it('an observer taken off the roster no longer sees the tournament (2501)', async () => {
    const { unique_id, observer, creator } = await observed();
    await setList(creator, unique_id, { remove_list: [observer.account.id] });
    const res = await world.get('fetch_contest_detail', { unique_id }, { token: observer.token });
    expect(codeOf(res)).toBe(ErrorCode.CONTEST_NOT_FOUND);
  });

  it('the tournament list stays the tournaments created or administered: observed ones are not in it', async () => {
    const { unique_id, observer } = await observed();
    const list = await world.get('fetch_contest_list', {}, { token: observer.token });
    expect(list.body.data.map((c: { unique_id: number }) => c.unique_id)).not.toContain(unique_id);
  });
});
