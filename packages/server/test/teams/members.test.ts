import {
  AddTeamMemberRes,
  ExportContestTeamMemberListRes,
  FetchContestTeamMemberListRes,
} from '@taikai/protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests, seasonPlayers } from '../../src/db/schema';
import { startWorld, type World } from '../support/world';
import {
  accounts,
  addMembers,
  caller,
  codeOf,
  createTeams,
  dataOf,
  rosterOf,
  seasonIds,
  setSeason,
  snapshot,
  type TeamSeason,
  teamSeason,
  teamsOf,
} from './support';

// Team members through HTTP: adding (per-account errors, entering the roster, remarks), taking out, cleaning a
// team, the member lists; the roster and the teams kept together.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const add = (s: TeamSeason, team_id: number, member_list: Record<string, unknown>[]) =>
  caller(world, s).team('add_team_member', { team_id, member_list });

async function remarkOf(s: TeamSeason, accountId: number) {
  const [row] = await world.database.db
    .select({ remark: seasonPlayers.remark })
    .from(seasonPlayers)
    .where(
      and(
        eq(seasonPlayers.uniqueId, s.unique_id),
        eq(seasonPlayers.seasonId, s.season_id),
        eq(seasonPlayers.accountId, accountId),
      ),
    );
  return row?.remark;
}

describe('add_team_member', () => {
  it('puts accounts in a team and enters those not yet on the roster (state 2) in the same call', async () => {
    const s = await teamSeason(world);
    const [team] = await createTeams(world, s, ['Tigers']);
    const [onRoster, newcomer] = await accounts(world, 2);
    await world.post(
      'add_contest_season_player',
      { ...seasonIds(s), account_list: [onRoster.account.id] },
      { token: s.owner.token },
    );
    const data = dataOf(
      await add(s, team, [
        { account_id: onRoster.account.id, nickname: 'ignored' },
        { account_id: String(newcomer.account.id), remark: 'captain' },
      ]),
    );
    expect(AddTeamMemberRes.safeParse(data).success).toBe(true);
    expect(data).toEqual({ success: [onRoster.account.id, newcomer.account.id], errors: [] });
    expect(await teamsOf(world, s)).toEqual({
      Tigers: [onRoster.account.id, newcomer.account.id].sort((a, b) => a - b),
    });
    expect(await rosterOf(world, s)).toEqual({ [onRoster.account.id]: 2, [newcomer.account.id]: 2 });
    expect(await remarkOf(s, newcomer.account.id)).toBe('captain');
  });

  it('per-account errors: 1002 no such account, 2580 in a team already, 2530 blacklisted, 2566 roster full', async () => {
    const s = await teamSeason(world);
    const [tigers, lions] = await createTeams(world, s, ['Tigers', 'Lions']);
    const [inTigers, inLions, banned, late, fine] = await accounts(world, 5);
    await addMembers(world, s, tigers, [inTigers.account.id]);
    await addMembers(world, s, lions, [inLions.account.id]);
    await world.post(
      'set_contest_season_player_limit',
      { ...seasonIds(s), type: 2, add_list: [banned.account.id], remove_list: [] },
      { token: s.owner.token },
    );
    // Room for one more player on the roster.
    await world.database.db
      .update(contests)
      .set({ maxPlayerCount: 3 })
      .where(eq(contests.uniqueId, s.unique_id));
    const before = await rosterOf(world, s);
    const data = dataOf(
      await add(s, tigers, [
        { account_id: 999_999 },
        { account_id: 0 },
        { account_id: inTigers.account.id },
        { account_id: inLions.account.id },
        { account_id: banned.account.id },
        { account_id: fine.account.id },
        { account_id: late.account.id },
        { account_id: fine.account.id },
      ]),
    );
    expect(data.success).toEqual([fine.account.id]);
    expect(data.errors).toEqual([
      { account_id: 999_999, error: 1002 },
      { account_id: 0, error: 1002 },
      { account_id: inTigers.account.id, error: 2580 },
      { account_id: inLions.account.id, error: 2580 },
      { account_id: banned.account.id, error: 2530 },
      { account_id: late.account.id, error: 2566 },
    ]);
    expect(await rosterOf(world, s)).toEqual({ ...before, [fine.account.id]: 2 });
    expect((await teamsOf(world, s)).Tigers).toEqual(
      [inTigers.account.id, fine.account.id].sort((a, b) => a - b),
    );
  });

  it('a pending sign-up is accepted; a remark over 100 characters refuses the whole call with 2554', async () => {
    const s = await teamSeason(world);
    const now = world.clock.now();
    await setSeason(world, s, { signupType: 3, signupStartTime: now - 60, signupEndTime: now + world.DAY });
    const [team] = await createTeams(world, s, ['Tigers']);
    const [pending, other] = await accounts(world, 2);
    expect(
      codeOf(await world.post('signup_contest_season', seasonIds(s), { token: pending.token })),
    ).toBeUndefined();
    expect(await rosterOf(world, s)).toEqual({ [pending.account.id]: 1 });
    const before = await snapshot(world, s);
    const refused = await add(s, team, [
      { account_id: other.account.id },
      { account_id: pending.account.id, remark: 'x'.repeat(101) },
    ]);
    expect(codeOf(refused)).toBe(2554);
    expect(await snapshot(world, s)).toEqual(before);
    await addMembers(world, s, team, [pending.account.id]);
    expect(await rosterOf(world, s)).toEqual({ [pending.account.id]: 2 });
    // A remark given for a player already on the roster becomes their season remark; an empty one changes nothing.
    dataOf(
      await add(s, (await createTeams(world, s, ['Lions']))[0], [
        { account_id: other.account.id, remark: '' },
      ]),
    );
    dataOf(
      await caller(world, s).team('delete_team_member', {
        team_id: team,
        account_id_list: [pending.account.id],
      }),
    );
    dataOf(await add(s, team, [{ account_id: pending.account.id, remark: 'ace' }]));
    expect(await remarkOf(s, pending.account.id)).toBe('ace');
    expect(await remarkOf(s, other.account.id)).toBe('');
  });
});

describe('delete_team_member, clean_contest_team_member', () => {
  it('every listed account must be a member of the team, else 2585 and nothing changes; they stay on the roster', async () => {
    const s = await teamSeason(world);
    const [tigers, lions] = await createTeams(world, s, ['Tigers', 'Lions']);
    const [a, b, c] = await accounts(world, 3);
    await addMembers(world, s, tigers, [a.account.id, b.account.id]);
    await addMembers(world, s, lions, [c.account.id]);
    const call = caller(world, s);
    const before = await snapshot(world, s);
    const refused = await call.team('delete_team_member', {
      team_id: tigers,
      account_id_list: [a.account.id, c.account.id],
    });
    expect(codeOf(refused)).toBe(2585);
    expect(refused.body.error.account_id).toBe(c.account.id);
    expect(await snapshot(world, s)).toEqual(before);
    const done = await call.team('delete_team_member', {
      team_id: tigers,
      account_id_list: [a.account.id, a.account.id],
    });
    expect(dataOf(done)).toEqual({ success: [a.account.id] });
    expect((await teamsOf(world, s)).Tigers).toEqual([b.account.id]);
    expect((await rosterOf(world, s))[a.account.id]).toBe(2);
  });

  it('clean_contest_team_member takes every member out: {success: [ids], fail: []}', async () => {
    const s = await teamSeason(world);
    const [tigers, empty] = await createTeams(world, s, ['Tigers', 'Empty']);
    const ps = await accounts(world, 3);
    await addMembers(
      world,
      s,
      tigers,
      ps.map((p) => p.account.id),
    );
    const call = caller(world, s);
    const data = dataOf(await call.team('clean_contest_team_member', { team_id: tigers }));
    expect(data).toEqual({ success: ps.map((p) => p.account.id).sort((x, y) => x - y), fail: [] });
    expect(await teamsOf(world, s)).toEqual({ Tigers: [], Empty: [] });
    expect(Object.keys(await rosterOf(world, s))).toHaveLength(3);
    expect(dataOf(await call.team('clean_contest_team_member', { team_id: empty }))).toEqual({
      success: [],
      fail: [],
    });
  });

  it('removing a player from the roster also takes them out of their team, in the same call', async () => {
    const s = await teamSeason(world);
    const [tigers] = await createTeams(world, s, ['Tigers']);
    const [a, b] = await accounts(world, 2);
    await addMembers(world, s, tigers, [a.account.id, b.account.id]);
    const res = await world.post(
      'remove_contest_season_player',
      { ...seasonIds(s), account_id_list: [a.account.id] },
      { token: s.owner.token },
    );
    expect(dataOf(res)).toEqual({ success: [a.account.id] });
    expect(await teamsOf(world, s)).toEqual({ Tigers: [b.account.id] });
    // Back on the roster, they are in no team until added again.
    await world.post(
      'add_contest_season_player',
      { ...seasonIds(s), account_list: [a.account.id] },
      { token: s.owner.token },
    );
    expect(await teamsOf(world, s)).toEqual({ Tigers: [b.account.id] });
    await addMembers(world, s, tigers, [a.account.id]);
  });

  it('the roster list shows each player’s team', async () => {
    const s = await teamSeason(world);
    const [tigers] = await createTeams(world, s, ['Tigers']);
    const [a, b] = await accounts(world, 2);
    await addMembers(world, s, tigers, [a.account.id]);
    await world.post(
      'add_contest_season_player',
      { ...seasonIds(s), account_list: [b.account.id] },
      { token: s.owner.token },
    );
    const list = dataOf(
      await world.get('contest_season_player_list', { ...seasonIds(s), state: 2 }, { token: s.owner.token }),
    );
    const teamOf = Object.fromEntries(
      list.list.map((r: { account_id: number; team_name: string }) => [r.account_id, r.team_name]),
    );
    expect(teamOf).toEqual({ [a.account.id]: 'Tigers', [b.account.id]: '' });
  });
});

describe('fetch_contest_team_member_list, export_contest_team_member_list', () => {
  let s: TeamSeason;
  let tigers: number;
  let lions: number;
  let ps: Awaited<ReturnType<typeof accounts>>;
  beforeAll(async () => {
    s = await teamSeason(world);
    [tigers, lions] = await createTeams(world, s, ['Tigers', 'Lions']);
    ps = await accounts(world, 4);
    await addMembers(world, s, tigers, [ps[2].account.id, ps[0].account.id]);
    world.clock.advance(1);
    await addMembers(world, s, tigers, [ps[1].account.id]);
    await addMembers(world, s, lions, [ps[3].account.id]);
    await world.post(
      'mark_contest_season_player',
      { ...seasonIds(s), account_id: ps[1].account.id, remark: 'sub' },
      { token: s.owner.token },
    );
    await world.post(
      'update_contest_season_player_nickname',
      { ...seasonIds(s), account_id: ps[0].account.id, nickname: 'Zero' },
      { token: s.owner.token },
    );
  });

  it('a team’s members in the order they joined, with season nickname and remark, paged; POST and GET', async () => {
    const call = caller(world, s);
    const data = dataOf(await call.post('fetch_contest_team_member_list', { team_id: tigers }));
    expect(FetchContestTeamMemberListRes.safeParse(data).success).toBe(true);
    const joined = [ps[0], ps[2]].map((p) => p.account.id).sort((a, b) => a - b);
    expect(data.list.map((m: { account_id: number }) => m.account_id)).toEqual([...joined, ps[1].account.id]);
    expect(data.total).toBe(3);
    expect(data.list.find((m: { account_id: number }) => m.account_id === ps[0].account.id).nickname).toBe(
      'Zero',
    );
    expect(data.list.at(-1)).toEqual({
      account_id: ps[1].account.id,
      nickname: ps[1].account.nickname,
      remark: 'sub',
      user_id: ps[1].account.id,
    });
    const page = dataOf(
      await call.get('fetch_contest_team_member_list', { team_id: tigers, offset: 2, limit: 1 }),
    );
    expect(page).toEqual({ list: [data.list[2]], total: 3 });
  });

  it('a member page of more than 500 is refused with 2582; 500 is served', async () => {
    const call = caller(world, s);
    expect(codeOf(await call.post('fetch_contest_team_member_list', { team_id: tigers, limit: 501 }))).toBe(
      2582,
    );
    expect(codeOf(await call.get('export_contest_team_member_list', { limit: 501 }))).toBe(2582);
    expect(
      dataOf(await call.post('fetch_contest_team_member_list', { team_id: tigers, limit: 500 })).total,
    ).toBe(3);
  });

  it('the export lists every member of every team, by team then account, in pages', async () => {
    const call = caller(world, s);
    const data = dataOf(await call.post('export_contest_team_member_list', { limit: 500 }));
    expect(ExportContestTeamMemberListRes.safeParse(data).success).toBe(true);
    expect(data.total).toBe(4);
    const tigersIds = [ps[0], ps[1], ps[2]].map((p) => p.account.id).sort((a, b) => a - b);
    expect(data.list.map((m: { team_id: number; account_id: number }) => [m.team_id, m.account_id])).toEqual([
      ...tigersIds.map((id) => [tigers, id]),
      [lions, ps[3].account.id],
    ]);
    expect(data.list[3]).toEqual({
      team_id: lions,
      team_name: 'Lions',
      account_id: ps[3].account.id,
      nickname: ps[3].account.nickname,
      remark: '',
    });
    const page = dataOf(await call.get('export_contest_team_member_list', { offset: 3, limit: 2 }));
    expect(page.list).toEqual([data.list[3]]);
    expect(page.total).toBe(4);
  });
});
