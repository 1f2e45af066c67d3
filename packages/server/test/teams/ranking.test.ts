import { FetchContestTeamRankRes } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGame } from '../ranking/support';
import { eventually, gameOfPlan, gameRow, makeReady, plan, playRecordedGame } from '../support/games';
import { startWorld, type World } from '../support/world';
import {
  accounts,
  addMembers,
  caller,
  createTeams,
  dataOf,
  seasonIds,
  type TeamSeason,
  teamSeason,
} from './support';

// The team ranking: a team's figures are its current members' season totals (the per-player summary that every
// record recounts), plus the organiser's score change; equal scores share a rank. And the team names the other
// lists show: roster, ready players, plans, running games, records, rankings.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

type Row = { team_id: number; name: string; rank: number; total_point: number; total_score: number };

async function standing(s: TeamSeason) {
  const data = dataOf(await caller(world, s).post('fetch_contest_team_rank'));
  expect(FetchContestTeamRankRes.safeParse(data).success).toBe(true);
  return data.list.map((r: Row) => [r.name, r.rank, r.total_score]);
}

describe('fetch_contest_team_rank', () => {
  // Settled points of a game: 1st +30, 2nd +10, 3rd −10, 4th −30 (×1000).
  it('adds up the members’ season totals, ranks by total_score (ties share a rank), and follows every change', async () => {
    const s = await teamSeason(world);
    const [A, B, C] = await createTeams(world, s, ['A', 'B', 'C', 'D']);
    const [p1, p2, p3, p4] = (await accounts(world, 4)).map((p) => p.account.id);
    await addMembers(world, s, A, [p1, p2]);
    await addMembers(world, s, B, [p3]);
    await addMembers(world, s, C, [p4]);
    const season = seasonIds(s);
    const t = world.clock.now();
    expect(await standing(s)).toEqual([
      ['A', 1, 0],
      ['B', 1, 0],
      ['C', 1, 0],
      ['D', 1, 0],
    ]);

    await writeGame(world, season, [p1, p3, p4, 0], t + 1);
    expect(await standing(s)).toEqual([
      ['A', 1, 30000],
      ['B', 2, 10000],
      ['D', 3, 0],
      ['C', 4, -10000],
    ]);

    await writeGame(world, season, [p3, p2, 0, p1], t + 2);
    const data = dataOf(await caller(world, s).post('fetch_contest_team_rank'));
    expect(data.list[0]).toMatchObject({
      name: 'B',
      rank: 1,
      member_count: 1,
      total_game_count: 2,
      total_point: 40000,
      total_score: 40000,
    });
    expect(data.list[1]).toMatchObject({
      name: 'A',
      member_count: 2,
      total_game_count: 3,
      total_point: 10000,
    });

    // The organiser's score change: C reaches A's score and shares its rank; the team id orders the tie.
    const call = caller(world, s);
    dataOf(
      await call.team('update_contest_team', { team_id: C, modify_score: 20000, modify_detail: 'fair play' }),
    );
    expect(await standing(s)).toEqual([
      ['B', 1, 40000],
      ['A', 2, 10000],
      ['C', 2, 10000],
      ['D', 4, 0],
    ]);

    // Moving a player moves their points: p2 (+10) leaves A for D.
    dataOf(await call.team('delete_team_member', { team_id: A, account_id_list: [p2] }));
    await addMembers(world, s, (await createTeams(world, s, ['E']))[0], [p2]);
    expect(await standing(s)).toEqual([
      ['B', 1, 40000],
      ['C', 2, 10000],
      ['E', 2, 10000],
      ['A', 4, 0],
      ['D', 4, 0],
    ]);

    // A removed record no longer counts.
    const records = dataOf(await call.post('fetch_contest_game_records', { offset: 0, limit: 10 }));
    const second = records.record_list[0].uuid;
    dataOf(await call.post('update_contest_game_record', { uuid: second, remove: 1 }));
    expect(await standing(s)).toEqual([
      ['A', 1, 30000],
      ['B', 2, 10000],
      ['C', 2, 10000],
      ['D', 4, 0],
      ['E', 4, 0],
    ]);
  });
});

describe('team names in the season’s lists', () => {
  it('a game the host plays counts for the team at once; records, rankings, ready, plans and running name the team', async () => {
    const s = await teamSeason(world);
    const [tigers, lions] = await createTeams(world, s, ['Tigers', 'Lions']);
    const ps = (await accounts(world, 5)).map((p) => p.account.id);
    await addMembers(world, s, tigers, [ps[0], ps[1]]);
    await addMembers(world, s, lions, [ps[2], ps[3]]);
    // ps[4] is on the roster without a team.
    await world.post(
      'add_contest_season_player',
      { ...seasonIds(s), account_list: [ps[4]] },
      { token: s.owner.token },
    );
    world.clock.advance(world.DAY + 60);
    const season = seasonIds(s);
    const call = caller(world, s);
    const teamOf = {
      [ps[0]]: 'Tigers',
      [ps[1]]: 'Tigers',
      [ps[2]]: 'Lions',
      [ps[3]]: 'Lions',
      [ps[4]]: '',
      0: '',
    };

    const uuid = await playRecordedGame(world, s.owner, season, [ps[0], ps[2], ps[4], 0]);
    const rank = dataOf(await call.post('fetch_contest_team_rank'));
    const seats = dataOf(await call.post('fetch_contest_game_records', { offset: 0, limit: 10 }))
      .record_list[0];
    expect(seats.uuid).toBe(uuid);
    for (const a of seats.accounts) expect(a.team_name).toBe(teamOf[a.account_id]);
    const pointsOf = (id: number) =>
      seats.result.players.find((r: { seat: number }) => seats.accounts[r.seat].account_id === id)
        .total_point;
    const byName = Object.fromEntries(rank.list.map((r: Row & { total_game_count: number }) => [r.name, r]));
    expect(byName.Tigers).toMatchObject({ total_game_count: 1, total_point: pointsOf(ps[0]) });
    expect(byName.Lions).toMatchObject({ total_game_count: 1, total_point: pointsOf(ps[2]) });

    const personal = dataOf(await call.post('fetch_season_player_rank', { offset: 0, limit: 10 }));
    for (const row of personal.list) expect(row.team_name).toBe(teamOf[row.account_id]);
    const calc = dataOf(
      await call.post('fetch_season_player_calc_rank', {
        setting: { points: [30, 10, -10, -30], divisor: 1, min_games: 0 },
        offset: 0,
        limit: 10,
      }),
    );
    for (const row of calc.list) expect(row.team_name).toBe(teamOf[row.account_id]);
    expect(dataOf(await call.get('fetch_season_player_data', { account_id: ps[2] })).team_name).toBe('Lions');
    const mine = dataOf(
      await call.get('fetch_contest_season_player_game_record', { account_id: ps[0], offset: 0, limit: 5 }),
    );
    expect(mine.record_list[0].accounts.map((a: { team_name: string }) => a.team_name)).toEqual([
      ...seats.accounts.map((a: { account_id: number }) => teamOf[a.account_id]),
    ]);

    // Ready players and a plan waiting for a player who is not ready.
    makeReady(world, s.unique_id, s.season_id, [ps[1], ps[4]]);
    const ready = dataOf(await call.get('ready_player_list'));
    expect(ready.map((r: { account_id: number }) => r.account_id)).toEqual(
      expect.arrayContaining([ps[1], ps[4]]),
    );
    for (const r of ready) expect(r.team_name).toBe(teamOf[r.account_id]);
    await plan(world, s.owner, season, [ps[3], 0, ps[4], 0], { ai_level: 0 });
    const plans = dataOf(await call.get('fetch_contest_game_plan_list'));
    expect(plans[0].accounts.map((a: { team_name: string }) => a.team_name)).toEqual(['Lions', '', '', '']);
    dataOf(await call.post('remove_contest_plan_game', { uuid: plans[0].uuid }));

    // A running game: its player is linked and never answers, so the table waits on their seat.
    const host = world.app.deps.games;
    const stop = host.live.onAccount(ps[1], () => {});
    const gameUuid = await gameOfPlan(
      world,
      await plan(world, s.owner, season, [0, ps[1], 0, 0], { ai_level: 0 }),
    );
    await eventually(async () => (await gameRow(world, gameUuid)).handStart !== null, 'the first hand');
    const running = dataOf(await call.get('contest_running_game_list'));
    expect(running[0].players.map((p: { team_name?: string }) => p.team_name)).toEqual([
      undefined,
      'Tigers',
      undefined,
      undefined,
    ]);
    dataOf(
      await world.post(
        'terminate_contest_running_game',
        { unique_id: s.unique_id, uuid: gameUuid },
        { token: s.owner.token },
      ),
    );
    stop();
    host.linkChanged(ps[1]);
  });

  it('a personal season shows no team, even for players in teams made while it ranked teams', async () => {
    const s = await teamSeason(world);
    const [tigers] = await createTeams(world, s, ['Tigers']);
    const [p] = (await accounts(world, 1)).map((a) => a.account.id);
    await addMembers(world, s, tigers, [p]);
    await world.post(
      'update_contest_season',
      { ...seasonIds(s), setting: { rank_type: 0 } },
      { token: s.owner.token },
    );
    const list = dataOf(
      await world.get('contest_season_player_list', { ...seasonIds(s), state: 2 }, { token: s.owner.token }),
    );
    expect(list.list[0].team_name).toBe('');
  });
});
