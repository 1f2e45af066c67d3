import {
  CreateContestTeamBatchRes,
  FetchContestTeamListRes,
  FetchContestTeamRankRes,
  FetchMultiContestTeamListRes,
  type SeasonChange,
  UpdateContestTeamRes,
} from '@taikai/protocol';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { startWorld, type World } from '../support/world';
import {
  accounts,
  addMembers,
  caller,
  codeOf,
  createTeams,
  dataOf,
  endSeason,
  rosterOf,
  snapshot,
  type TeamSeason,
  teamSeason,
  teamsOf,
} from './support';

// Teams of a team season through HTTP: creating them (all or none, the name rules, the 300 cap), the list with
// its searches, renaming and the score change, deleting; the refusals of personal and ended seasons.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const create = (s: TeamSeason, team_list: { name: string; detail?: string }[]) =>
  caller(world, s).post('create_contest_team_batch', { team_list });

async function lastAudit() {
  const [row] = await world.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe('create_contest_team_batch', () => {
  it('creates the whole batch and answers the teams in request order', async () => {
    const s = await teamSeason(world);
    const res = await create(s, [
      { name: 'Tigers', detail: 'Osaka' },
      { name: 'Dragons' },
      { name: '麻雀部' },
    ]);
    const data = dataOf(res);
    expect(CreateContestTeamBatchRes.safeParse(data).success).toBe(true);
    expect(data.res.map((r: { team_name: string }) => r.team_name)).toEqual(['Tigers', 'Dragons', '麻雀部']);
    expect(Object.keys(await teamsOf(world, s))).toEqual(['Tigers', 'Dragons', '麻雀部']);
    const entry = await lastAudit();
    expect(entry.action).toBe('team.create');
    expect(entry.targetId).toBe(`${s.unique_id}/${s.season_id}`);
  });

  it('a name taken in the season, or twice in the batch, is refused with 2579 and nothing is created', async () => {
    const s = await teamSeason(world);
    await createTeams(world, s, ['Tigers']);
    const before = await snapshot(world, s);
    expect(codeOf(await create(s, [{ name: 'Lions' }, { name: 'Tigers' }]))).toBe(2579);
    expect(codeOf(await create(s, [{ name: 'Lions' }, { name: 'Lions' }]))).toBe(2579);
    expect(await snapshot(world, s)).toEqual(before);
    // Names are compared as written.
    expect(dataOf(await create(s, [{ name: 'tigers' }])).res).toHaveLength(1);
  });

  it('names and descriptions follow the team text rules: 2587 not allowed or empty, 2586 a name too long', async () => {
    const s = await teamSeason(world);
    const before = await snapshot(world, s);
    expect(codeOf(await create(s, [{ name: 'Good' }, { name: 'has space' }]))).toBe(2587);
    expect(codeOf(await create(s, [{ name: '' }]))).toBe(2587);
    expect(codeOf(await create(s, [{ name: 'ABCDEFGHIJKLMNO' }]))).toBe(2586);
    expect(codeOf(await create(s, [{ name: '八個漢字八個漢字' }]))).toBe(2586);
    expect(codeOf(await create(s, [{ name: 'Good', detail: 'no spaces allowed' }]))).toBe(2587);
    expect(codeOf(await create(s, [{ name: 'Good', detail: 'x'.repeat(51) }]))).toBe(2587);
    expect(await snapshot(world, s)).toEqual(before);
    expect(
      dataOf(await create(s, [{ name: 'ABCDEFGHIJKLMN', detail: '~@!#%&()_+=|{}:;<>' }])).res,
    ).toHaveLength(1);
  });

  it('a season holds at most 300 teams: a batch that would pass it is refused whole with 2576', async () => {
    const s = await teamSeason(world);
    const names = Array.from({ length: 290 }, (_, i) => `T${i}`);
    for (let i = 0; i < names.length; i += 20) await createTeams(world, s, names.slice(i, i + 20));
    const before = await snapshot(world, s);
    const batch = Array.from({ length: 20 }, (_, i) => ({ name: `U${i}` }));
    expect(codeOf(await create(s, batch))).toBe(2576);
    expect(await snapshot(world, s)).toEqual(before);
    expect(dataOf(await create(s, batch.slice(0, 10))).res).toHaveLength(10);
    expect(Object.keys(await teamsOf(world, s))).toHaveLength(300);
    expect(codeOf(await create(s, [{ name: 'Extra' }]))).toBe(2576);
  });
});

describe('team calls and the season', () => {
  it('on a personal season every team call answers 2583', async () => {
    const owner = await world.organiser({ currency: 60 });
    const ids = await world.contest(owner);
    const s: TeamSeason = { ...ids, owner };
    const call = caller(world, s);
    expect(codeOf(await create(s, [{ name: 'Tigers' }]))).toBe(2583);
    expect(codeOf(await call.get('fetch_contest_team_list'))).toBe(2583);
    expect(codeOf(await call.post('fetch_contest_team_rank'))).toBe(2583);
    expect(codeOf(await call.post('export_contest_team_member_list'))).toBe(2583);
    expect(codeOf(await call.post('clean_contest_team'))).toBe(2583);
    expect(codeOf(await call.post('export_contest_team_xlsx'))).toBe(2583);
    expect(codeOf(await call.post('import_contest_team_xlsx', { content_base64: 'AAAA' }))).toBe(2583);
    // A team made while the season ranked teams answers 2583 once it ranks players again.
    const t = await teamSeason(world);
    const [team] = await createTeams(world, t, ['Tigers']);
    await world.post(
      'update_contest_season',
      { unique_id: t.unique_id, season_id: t.season_id, setting: { rank_type: 0 } },
      { token: t.owner.token },
    );
    const tc = caller(world, t);
    expect(codeOf(await tc.team('update_contest_team', { team_id: team, name: 'Lions' }))).toBe(2583);
    expect(
      codeOf(await tc.team('add_team_member', { team_id: team, member_list: [{ account_id: 1 }] })),
    ).toBe(2583);
    expect(codeOf(await tc.post('fetch_contest_team_member_list', { team_id: team }))).toBe(2583);
  });

  it('an ended season refuses every change with 2542 and still answers reads', async () => {
    const s = await teamSeason(world);
    const [team] = await createTeams(world, s, ['Tigers']);
    const [p] = await accounts(world, 1);
    await addMembers(world, s, team, [p.account.id]);
    await endSeason(world, s);
    const call = caller(world, s);
    const before = await snapshot(world, s);
    expect(codeOf(await create(s, [{ name: 'Lions' }]))).toBe(2542);
    expect(codeOf(await call.team('update_contest_team', { team_id: team, modify_score: 1000 }))).toBe(2542);
    expect(codeOf(await call.team('delete_contest_team', { team_id: team }))).toBe(2542);
    expect(codeOf(await call.team('clean_contest_team_member', { team_id: team }))).toBe(2542);
    expect(codeOf(await call.post('clean_contest_team'))).toBe(2542);
    expect(
      codeOf(await call.team('add_team_member', { team_id: team, member_list: [{ account_id: 1 }] })),
    ).toBe(2542);
    expect(
      codeOf(await call.team('delete_team_member', { team_id: team, account_id_list: [p.account.id] })),
    ).toBe(2542);
    expect(codeOf(await call.post('import_contest_team_xlsx', { content_base64: 'AAAA', dry_run: 0 }))).toBe(
      2542,
    );
    expect(await snapshot(world, s)).toEqual(before);
    expect(dataOf(await call.get('fetch_contest_team_list')).total).toBe(1);
    expect(dataOf(await call.post('fetch_contest_team_member_list', { team_id: team })).total).toBe(1);
  });

  it('an unknown team, or a team of another tournament or season, is 2577', async () => {
    const s = await teamSeason(world);
    const other = await teamSeason(world);
    const [mine] = await createTeams(world, s, ['Tigers']);
    const [theirs] = await createTeams(world, other, ['Lions']);
    const call = caller(world, s);
    for (const team_id of [theirs, 999_999]) {
      expect(codeOf(await call.team('update_contest_team', { team_id, name: 'X' }))).toBe(2577);
      expect(codeOf(await call.team('delete_contest_team', { team_id }))).toBe(2577);
      expect(codeOf(await call.team('clean_contest_team_member', { team_id }))).toBe(2577);
      expect(codeOf(await call.team('add_team_member', { team_id, member_list: [{ account_id: 1 }] }))).toBe(
        2577,
      );
      expect(codeOf(await call.team('delete_team_member', { team_id, account_id_list: [1] }))).toBe(2577);
      expect(codeOf(await call.post('fetch_contest_team_member_list', { team_id }))).toBe(2577);
    }
    expect(
      codeOf(await call.team('delete_contest_team', { team_id: mine, season_id: s.season_id + 1 })),
    ).toBe(2577);
    expect(await teamsOf(world, other)).toEqual({ Lions: [] });
  });

  it('a stranger sees no team (2501); an admin manages them', async () => {
    const s = await teamSeason(world);
    const [stranger, admin] = await accounts(world, 2);
    await world.makeAdmin(s.unique_id, admin);
    expect(codeOf(await caller(world, s, stranger).get('fetch_contest_team_list'))).toBe(2501);
    expect(codeOf(await create(s, [{ name: 'Mine' }]))).toBeUndefined();
    expect(
      dataOf(await caller(world, s, admin).post('create_contest_team_batch', { team_list: [{ name: 'A' }] })),
    ).toBeDefined();
  });
});

describe('fetch_contest_team_list and fetch_multi_contest_team_list', () => {
  let s: TeamSeason;
  let ids: number[];
  let players: Awaited<ReturnType<typeof accounts>>;
  beforeAll(async () => {
    s = await teamSeason(world);
    ids = await createTeams(world, s, ['Tigers', 'Dragons', 'Lions', 'Tiger_Cubs']);
    players = await accounts(world, 3);
    await addMembers(world, s, ids[1], [players[0].account.id, players[1].account.id]);
    await addMembers(world, s, ids[2], [players[2].account.id]);
  });

  const names = (data: { list: { name: string }[] }) => data.list.map((t) => t.name);

  it('lists every team with its figures, by rank then id; team_count is every team of the season', async () => {
    const data = dataOf(await caller(world, s).get('fetch_contest_team_list'));
    expect(FetchContestTeamListRes.safeParse(data).success).toBe(true);
    expect(names(data)).toEqual(['Tigers', 'Dragons', 'Lions', 'Tiger_Cubs']);
    expect(data.total).toBe(4);
    expect(data.team_count).toBe(4);
    expect(data.list[1]).toEqual({
      team_id: ids[1],
      name: 'Dragons',
      detail: '',
      member_count: 2,
      total_game_count: 0,
      total_point: 0,
      modify_score: 0,
      modify_detail: '',
      total_score: 0,
      rank: 1,
    });
    const page = dataOf(await caller(world, s).post('fetch_contest_team_list', { offset: 1, limit: 2 }));
    expect(names(page)).toEqual(['Dragons', 'Lions']);
    expect(page.total).toBe(4);
  });

  it('search: 0 a team name, a member nickname or id; 1 names only; 2 nicknames only; account_id one team', async () => {
    const call = caller(world, s);
    const search = async (query: Record<string, unknown>) => {
      const data = dataOf(await call.get('fetch_contest_team_list', query));
      expect(data.team_count).toBe(4);
      expect(data.total).toBe(data.list.length);
      return names(data);
    };
    expect(await search({ search: 'tiger' })).toEqual(['Tigers', 'Tiger_Cubs']);
    expect(await search({ search: 'r_c', search_type: 1 })).toEqual(['Tiger_Cubs']);
    const nick = players[2].account.nickname;
    expect(await search({ search: nick.toUpperCase() })).toEqual(['Lions']);
    expect(await search({ search: nick, search_type: 1 })).toEqual([]);
    expect(await search({ search: nick, search_type: 2 })).toEqual(['Lions']);
    expect(await search({ search: 'Tigers', search_type: 2 })).toEqual([]);
    expect(await search({ search: String(players[0].account.id) })).toEqual(['Dragons']);
    expect(await search({ account_id: players[1].account.id })).toEqual(['Dragons']);
    expect(await search({ account_id: 999_999 })).toEqual([]);
  });

  it('a page of more than 300 teams is refused with 2581; 300 is served', async () => {
    const call = caller(world, s);
    expect(codeOf(await call.get('fetch_contest_team_list', { limit: 301 }))).toBe(2581);
    expect(codeOf(await call.post('fetch_multi_contest_team_list', { limit: 301 }))).toBe(2581);
    expect(codeOf(await call.post('fetch_contest_team_rank', { limit: 301 }))).toBe(2581);
    expect(dataOf(await call.get('fetch_contest_team_list', { limit: 300 })).list).toHaveLength(4);
    expect(dataOf(await call.get('fetch_contest_team_rank', { limit: 300 })).total).toBe(4);
  });

  it('fetch_multi_contest_team_list gives each team its members, in the order they joined', async () => {
    const data = dataOf(await caller(world, s).post('fetch_multi_contest_team_list', { search: 'Dragons' }));
    expect(FetchMultiContestTeamListRes.safeParse(data).success).toBe(true);
    expect(data.list).toHaveLength(1);
    expect(data.list[0].member_list).toEqual(
      [players[0], players[1]].map((p) => ({
        account_id: p.account.id,
        nickname: p.account.nickname,
        remark: '',
        user_id: p.account.id,
      })),
    );
    const all = dataOf(await caller(world, s).get('fetch_multi_contest_team_list'));
    expect(all.list.map((t: { member_list: unknown[] }) => t.member_list.length)).toEqual([0, 2, 1, 0]);
    const rank = dataOf(await caller(world, s).post('fetch_contest_team_rank'));
    expect(FetchContestTeamRankRes.safeParse(rank).success).toBe(true);
  });
});

describe('update_contest_team', () => {
  it('renames and describes a team; a name another team has is 2579; one audit entry per change', async () => {
    const s = await teamSeason(world);
    const [tigers] = await createTeams(world, s, ['Tigers', 'Lions']);
    const call = caller(world, s);
    const res = await call.team('update_contest_team', {
      team_id: tigers,
      name: 'Hanshin',
      detail: 'Koshien',
    });
    const team = dataOf(res);
    expect(UpdateContestTeamRes.safeParse(team).success).toBe(true);
    expect(team).toMatchObject({ team_id: tigers, name: 'Hanshin', detail: 'Koshien', rank: 1 });
    const entry = await lastAudit();
    expect(entry.action).toBe('team.update');
    expect(entry.before).toEqual({ teamId: tigers, name: 'Tigers', detail: '' });
    expect(entry.after).toEqual({ teamId: tigers, name: 'Hanshin', detail: 'Koshien' });
    const before = await snapshot(world, s);
    expect(codeOf(await call.team('update_contest_team', { team_id: tigers, name: 'Lions' }))).toBe(2579);
    expect(codeOf(await call.team('update_contest_team', { team_id: tigers, name: 'ABCDEFGHIJKLMNO' }))).toBe(
      2586,
    );
    expect(codeOf(await call.team('update_contest_team', { team_id: tigers, detail: 'a b' }))).toBe(2587);
    // The same values change nothing and write nothing.
    expect(dataOf(await call.team('update_contest_team', { team_id: tigers, name: 'Hanshin' })).name).toBe(
      'Hanshin',
    );
    expect(await snapshot(world, s)).toEqual(before);
  });

  it('the score change: thousandths with one decimal (else 2587), within ±1000000 (else 2589), a note ≤ 50', async () => {
    const s = await teamSeason(world);
    const [team] = await createTeams(world, s, ['Tigers']);
    const call = caller(world, s);
    const update = (body: Record<string, unknown>) =>
      call.team('update_contest_team', { team_id: team, ...body });
    const changed = dataOf(await update({ modify_score: -12_300, modify_detail: 'late' }));
    expect(changed).toMatchObject({ modify_score: -12_300, modify_detail: 'late', total_score: -12_300 });
    const before = await snapshot(world, s);
    expect(codeOf(await update({ modify_score: 12_345 }))).toBe(2587);
    expect(codeOf(await update({ modify_score: 1_000_000_100 }))).toBe(2589);
    expect(codeOf(await update({ modify_score: -1_000_000_100 }))).toBe(2589);
    expect(codeOf(await update({ modify_score: 100, modify_detail: 'x'.repeat(51) }))).toBe(2587);
    expect(codeOf(await update({ modify_detail: 'x'.repeat(51) }))).toBe(2587);
    expect(await snapshot(world, s)).toEqual(before);
    expect(dataOf(await update({ modify_score: '1000000000' }))).toMatchObject({
      modify_score: 1_000_000_000,
      modify_detail: 'late',
    });
    expect(dataOf(await update({ modify_detail: '' })).modify_detail).toBe('');
  });
});

describe('delete_contest_team, clean_contest_team', () => {
  it('only an empty team is deleted (2584 otherwise)', async () => {
    const s = await teamSeason(world);
    const [full, empty] = await createTeams(world, s, ['Full', 'Empty']);
    const [p] = await accounts(world, 1);
    await addMembers(world, s, full, [p.account.id]);
    const call = caller(world, s);
    const before = await snapshot(world, s);
    expect(codeOf(await call.team('delete_contest_team', { team_id: full }))).toBe(2584);
    expect(await snapshot(world, s)).toEqual(before);
    expect(dataOf(await call.team('delete_contest_team', { team_id: empty }))).toEqual({});
    expect(await teamsOf(world, s)).toEqual({ Full: [p.account.id] });
    expect((await lastAudit()).action).toBe('team.delete');
  });

  it('clean_contest_team deletes every team and membership of the season; the players stay on the roster', async () => {
    const s = await teamSeason(world);
    const other = await teamSeason(world);
    const [a, b] = await createTeams(world, s, ['A', 'B']);
    const [keep] = await createTeams(world, other, ['Keep']);
    const ps = await accounts(world, 3);
    await addMembers(world, s, a, [ps[0].account.id]);
    await addMembers(world, s, b, [ps[1].account.id]);
    await addMembers(world, other, keep, [ps[2].account.id]);
    expect(dataOf(await caller(world, s).post('clean_contest_team'))).toEqual({ deleted: 2 });
    expect(await teamsOf(world, s)).toEqual({});
    expect(await rosterOf(world, s)).toEqual({ [ps[0].account.id]: 2, [ps[1].account.id]: 2 });
    expect(await teamsOf(world, other)).toEqual({ Keep: [ps[2].account.id] });
    expect(dataOf(await caller(world, s).post('clean_contest_team'))).toEqual({ deleted: 0 });
  });
});

describe('the season event stream hears of team changes', () => {
  it('each committed team change is announced as `teams`, naming the teams deleted; a refused one is not', async () => {
    const s = await teamSeason(world);
    const heard: SeasonChange[] = [];
    const stop = world.app.deps.games.live.onSeason(s.unique_id, s.season_id, (c) => heard.push(c));
    const call = caller(world, s);
    const next = () => heard.splice(0);
    try {
      const [a, b] = await createTeams(world, s, ['A', 'B']);
      expect(next()).toEqual([{ kind: 'teams', removed: [] }]);
      const [p] = await accounts(world, 1);
      await addMembers(world, s, a, [p.account.id]);
      expect(next()).toEqual([{ kind: 'teams', removed: [] }]);
      // Calls naming only the team (as bots send them) reach the team's season.
      dataOf(await call.team('update_contest_team', { team_id: a, name: 'A2' }));
      expect(next()).toEqual([{ kind: 'teams', removed: [] }]);
      expect(codeOf(await call.team('delete_contest_team', { team_id: a }))).toBe(2584);
      expect(codeOf(await call.team('update_contest_team', { team_id: b, name: 'A2' }))).toBe(2579);
      expect(next()).toEqual([]);
      dataOf(await call.team('delete_contest_team', { team_id: b }));
      expect(next()).toEqual([{ kind: 'teams', removed: [b] }]);
      dataOf(await call.post('clean_contest_team'));
      expect(next()).toEqual([{ kind: 'teams', removed: 'all' }]);
    } finally {
      stop();
    }
  });
});
