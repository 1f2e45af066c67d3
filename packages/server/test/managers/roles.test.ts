import { AddContestAdminRes, ErrorCode, LIMITS, ManagerRole } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage } from '../../src/domains/chat/queries';
import { blacklist, entries, ids, type Season, SIGNUP, seasonWith } from '../players/support';
import { type Organiser, startWorld, type World } from '../support/world';
import { accountIds, admins, appointed, codeOf, contestAudit } from './support';

// Delegated roles (spec §6): besides admins the creator appoints chat managers (role 2: the chat limits and the
// chat's moderation) and player managers (role 3: sign-up review, the roster, the blacklist), 20 managers in all.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const { CHAT, PLAYER, ADMIN } = ManagerRole;

const appoint = (s: Season, account_list: unknown[], role?: unknown, token = s.creator.token) =>
  world.post(
    'add_contest_admin',
    { unique_id: s.unique_id, account_list, ...(role === undefined ? {} : { role }) },
    { token },
  );
const detail = (who: Organiser, unique_id: number) =>
  world.get('fetch_contest_detail', { unique_id }, { token: who.token });
const signup = (who: Organiser, s: Season) =>
  world.post('signup_contest_season', ids(s), { token: who.token });
const review = (s: Season, who: Organiser, account_id: number, pass = 1) =>
  world.post(
    'check_contest_season_player',
    { ...ids(s), checked_list: [{ account_id, pass, blacklist: 0 }] },
    { token: who.token },
  );

/** A sign-up-by-review season with a manager of `role` and `pending` accounts waiting for review. */
async function seasonWithManager(role: number, pending = 0) {
  const s = await seasonWith(world, SIGNUP.CHECK);
  const manager = await world.organiser();
  expect((await appoint(s, [manager.account.id], role)).status).toBe(200);
  const players: Organiser[] = [];
  for (let i = 0; i < pending; i++) {
    const p = await world.organiser();
    await signup(p, s);
    players.push(p);
  }
  return { s, manager, players };
}

/** A message of a player in the season's chat, as the lobby writes it. */
async function chatMessage(s: Season, who: Organiser) {
  const row = await insertMessage(world.database.db, {
    uniqueId: s.unique_id,
    seasonId: s.season_id,
    accountId: who.account.id,
    nickname: who.account.nickname,
    organiser: 0,
    text: 'something rude',
    stamp: null,
    createTime: world.clock.now(),
  });
  return row.id;
}

describe('appointing managers with a role', () => {
  it('the creator appoints a chat and a player manager; admin_list, the detail and the list carry the roles', async () => {
    const s = await seasonWith(world);
    const [chat, player] = [await world.organiser(), await world.organiser()];
    const res = await appoint(s, [chat.account.id], CHAT);
    expect(AddContestAdminRes.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data.admin_list).toEqual(appointed([chat], CHAT));
    // The role as a numeric string, as bots send numbers.
    await appoint(s, [player.account.id], String(PLAYER));
    const seen = await detail(s.creator, s.unique_id);
    expect(seen.body.data.admin_list).toEqual([...appointed([chat], CHAT), ...appointed([player], PLAYER)]);
    expect(seen.body.data.manager_role).toBe(ManagerRole.CREATOR);
    // Each manager sees the tournament, told their own role.
    expect((await detail(chat, s.unique_id)).body.data.manager_role).toBe(CHAT);
    expect((await detail(player, s.unique_id)).body.data.manager_role).toBe(PLAYER);
    const list = await world.get('fetch_contest_list', {}, { token: player.token });
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ unique_id: s.unique_id, manager_role: PLAYER }),
    );
    const [entry, second] = await contestAudit(world, s.unique_id, 'contest_admin.add');
    expect(entry.after).toEqual({ admins: [chat.account.id], added: [chat.account.id], role: CHAT });
    expect(second.after).toMatchObject({ added: [player.account.id], role: PLAYER });
  });

  it('a role other than 1, 2 or 3 is a parameter error (2517) and appoints nobody', async () => {
    const s = await seasonWith(world);
    const [other] = await accountIds(world, 1);
    for (const role of [0, 4, 'chat'])
      expect(codeOf(await appoint(s, [other], role))).toBe(ErrorCode.PARAM_ERROR);
    expect((await detail(s.creator, s.unique_id)).body.data.admin_list).toEqual([]);
  });

  it('re-appointing a manager with another role changes the role in place, audited; the same role changes nothing', async () => {
    const { s, manager } = await seasonWithManager(ADMIN);
    const [other] = await accountIds(world, 1);
    await appoint(s, [other], ADMIN);
    const res = await appoint(s, [manager.account.id], PLAYER);
    expect(res.body.data).toMatchObject({ success: [manager.account.id], failed: [] });
    // It keeps its place in the order of appointment.
    expect(res.body.data.admin_list.map((a: { role: number }) => a.role)).toEqual([PLAYER, ADMIN]);
    expect((await detail(manager, s.unique_id)).body.data.manager_role).toBe(PLAYER);
    const [entry, ...more] = await contestAudit(world, s.unique_id, 'contest_admin.role');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: s.creator.account.id,
      before: { changed: [manager.account.id], roles: [ADMIN] },
      after: { changed: [manager.account.id], role: PLAYER },
    });
    // The former admin may no longer edit the tournament.
    const edit = await world.post(
      'update_contest_base',
      { unique_id: s.unique_id, setting: { open_show: 0 } },
      { token: manager.token },
    );
    expect(codeOf(edit)).toBe(ErrorCode.NO_PERMISSION);
    // Again with the same role: no change, no entry.
    await appoint(s, [manager.account.id], PLAYER);
    expect(await contestAudit(world, s.unique_id, 'contest_admin.role')).toHaveLength(1);
    // Without a role (as bots that predate roles send): back to admin.
    await appoint(s, [manager.account.id]);
    expect((await detail(manager, s.unique_id)).body.data.manager_role).toBe(ADMIN);
  });

  it('only the creator appoints: an admin appointing a player manager is refused with 2513', async () => {
    const { s, manager } = await seasonWithManager(ADMIN);
    const [other] = await accountIds(world, 1);
    expect(codeOf(await appoint(s, [other], PLAYER, manager.token))).toBe(ErrorCode.CREATOR_ONLY);
  });

  it('the 20 managers count every role: past 20 is refused with 2514 whatever the role; a role change still fits', async () => {
    const s = await seasonWith(world);
    const people = await accountIds(world, LIMITS.ADMINS_MAX + 1);
    expect(admins(await appoint(s, people.slice(0, 7), ADMIN))).toHaveLength(7);
    expect(admins(await appoint(s, people.slice(7, 14), CHAT))).toHaveLength(14);
    expect(admins(await appoint(s, people.slice(14, 20), PLAYER))).toHaveLength(20);
    for (const role of [ADMIN, CHAT, PLAYER]) {
      expect((await appoint(s, [people[20]], role)).body.data.failed).toEqual([
        { account_id: people[20], error: ErrorCode.ADMINS_MAX },
      ]);
    }
    const change = await appoint(s, [people[0]], CHAT);
    expect(change.body.data).toMatchObject({ success: [people[0]], failed: [] });
    expect(admins(change)).toEqual(people.slice(0, 20));
  });

  it('two tabs of the creator appointing managers of different roles at once never pass 20 together', async () => {
    const s = await seasonWith(world);
    const secondTab = await world.login(s.creator);
    await appoint(s, await accountIds(world, 10), CHAT);
    const fresh = await accountIds(world, 20);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        appoint(
          s,
          fresh.slice(2 * i, 2 * i + 2),
          i % 2 ? PLAYER : ADMIN,
          (i % 2 ? secondTab : s.creator).token,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const added = results.flatMap((r) => r.body.data.success as number[]);
    const failed = results.flatMap((r) => r.body.data.failed as { error: number }[]);
    expect(added).toHaveLength(10);
    expect(failed).toHaveLength(10);
    expect(failed.every((f) => f.error === ErrorCode.ADMINS_MAX)).toBe(true);
    expect((await detail(s.creator, s.unique_id)).body.data.admin_list).toHaveLength(LIMITS.ADMINS_MAX);
  });

  it('removing a chat or player manager takes the tournament from them (2501)', async () => {
    const { s, manager } = await seasonWithManager(PLAYER);
    const res = await world.post(
      'remove_contest_admin',
      { unique_id: s.unique_id, account_id_list: [manager.account.id] },
      { token: s.creator.token },
    );
    expect(res.body.data).toEqual([]);
    expect(codeOf(await detail(manager, s.unique_id))).toBe(ErrorCode.CONTEST_NOT_FOUND);
  });
});

describe('a player manager', () => {
  it('reviews sign-ups, edits the roster and the blacklist', async () => {
    const { s, manager, players } = await seasonWithManager(PLAYER, 2);
    const [a, b] = players;
    const passed = await review(s, manager, a.account.id);
    expect(passed.body).toEqual({ data: { success: [a.account.id], failed: [] } });
    expect((await entries(world, s))[a.account.id]).toBe(2);
    // The roster: remove and add.
    const removed = await world.post(
      'remove_contest_season_player',
      { ...ids(s), account_id_list: [a.account.id] },
      { token: manager.token },
    );
    expect(removed.status).toBe(200);
    const added = await world.post(
      'add_contest_season_player',
      { ...ids(s), account_list: [{ account_id: a.account.id, nickname: 'Seed' }] },
      { token: manager.token },
    );
    expect(added.body.data).toMatchObject({ success: [a.account.id] });
    // The blacklist.
    const listed = await world.post(
      'set_contest_season_player_limit',
      { ...ids(s), type: 2, add_list: [b.account.id], remove_list: [] },
      { token: manager.token },
    );
    expect(listed.status).toBe(200);
    expect(await blacklist(world, s)).toEqual([b.account.id]);
  });

  it('a sign-up another manager already handled is refused with 2510', async () => {
    const { s, manager, players } = await seasonWithManager(PLAYER, 1);
    const [p] = players;
    await review(s, s.creator, p.account.id, 0);
    const late = await review(s, manager, p.account.id, 1);
    expect(late.body.data.failed).toEqual([
      { account_id: p.account.id, error: ErrorCode.PLAYER_HANDLED_BY_OTHER_ADMIN },
    ]);
    expect((await entries(world, s))[p.account.id]).toBe(3);
  });

  it('is refused the rules, the base, the seasons, game plans, chat limits and moderation with 2506', async () => {
    const { s, manager, players } = await seasonWithManager(PLAYER, 1);
    const token = { token: manager.token };
    const refused = [
      await world.post(
        'update_contest_base',
        {
          unique_id: s.unique_id,
          setting: { game_rule_setting: { mode: 2, detail_rule: { init_point: 30000 } } },
        },
        token,
      ),
      await world.post('update_contest_base', { unique_id: s.unique_id, setting: { open_show: 0 } }, token),
      await world.post(
        'update_contest_external_notice',
        { unique_id: s.unique_id, notice: [{ lang: 'en', content: 'Welcome' }] },
        token,
      ),
      await world.post('update_contest_season', { ...ids(s), setting: { remark: 'Finals' } }, token),
      await world.post(
        'create_game_plan',
        {
          ...ids(s),
          account_list: [players[0].account.id, 0, 0, 0],
          init_points: [25000, 25000, 25000, 25000],
          game_start_time: world.clock.now(),
        },
        token,
      ),
      await world.post(
        'set_contest_season_chat_limit',
        { ...ids(s), type: 1, add_list: [players[0].account.id], remove_list: [] },
        token,
      ),
      await world.post(
        'delete_season_chat_message',
        { ...ids(s), id: await chatMessage(s, players[0]) },
        token,
      ),
      await world.get('fetch_observer_list', { unique_id: s.unique_id }, token),
      await world.get('fetch_contest_history', { unique_id: s.unique_id }, token),
    ];
    expect(refused.map(codeOf)).toEqual(Array(refused.length).fill(ErrorCode.NO_PERMISSION));
    // Nothing changed: the rule and the season are as they were.
    const seen = (await detail(s.creator, s.unique_id)).body.data;
    expect(seen.rule.init_point).toBe(25000);
    expect(seen.season_list[0].remark ?? '').not.toBe('Finals');
  });
});

describe('a chat manager', () => {
  it('sets the chat limits and deletes chat messages', async () => {
    const { s, manager, players } = await seasonWithManager(CHAT, 1);
    const token = { token: manager.token };
    const limit = await world.post(
      'set_contest_season_chat_limit',
      { ...ids(s), type: 1, add_list: [players[0].account.id], remove_list: [] },
      token,
    );
    expect(limit.status).toBe(200);
    const shown = await world.get('contest_season_chat_limit', ids(s), token);
    expect(shown.body.data).toMatchObject({ type: 1 });
    const id = await chatMessage(s, players[0]);
    const deleted = await world.post('delete_season_chat_message', { ...ids(s), id }, token);
    expect(deleted.body).toEqual({ data: {} });
    const [entry] = await world.database.db.query.auditLog.findMany({
      where: (log, { and, eq }) =>
        and(eq(log.action, 'season.chat_delete'), eq(log.actorId, manager.account.id)),
    });
    expect(entry.before).toMatchObject({ id, text: 'something rude' });
  });

  it('cannot touch the roster, the sign-ups or the blacklist (2506)', async () => {
    const { s, manager, players } = await seasonWithManager(CHAT, 1);
    const [p] = players;
    const token = { token: manager.token };
    const refused = [
      await review(s, manager, p.account.id),
      await world.post(
        'add_contest_season_player',
        { ...ids(s), account_list: [{ account_id: p.account.id, nickname: 'x' }] },
        token,
      ),
      await world.post('remove_contest_season_player', { ...ids(s), account_id_list: [p.account.id] }, token),
      await world.post(
        'set_contest_season_player_limit',
        { ...ids(s), type: 2, add_list: [p.account.id], remove_list: [] },
        token,
      ),
      await world.post('update_contest_base', { unique_id: s.unique_id, setting: { open_show: 0 } }, token),
    ];
    expect(refused.map(codeOf)).toEqual(Array(refused.length).fill(ErrorCode.NO_PERMISSION));
    // The sign-up still waits; the blacklist is empty.
    expect((await entries(world, s))[p.account.id]).toBe(1);
    expect(await blacklist(world, s)).toEqual([]);
    // It still reads the season's players.
    const list = await world.get('contest_season_player_list', { ...ids(s), state: 1 }, token);
    expect(list.body.data.total).toBe(1);
  });
});
