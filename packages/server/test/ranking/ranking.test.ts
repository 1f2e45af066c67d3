import {
  FetchSeasonPlayerCalcRankRes,
  FetchSeasonPlayerDataRes,
  FetchSeasonPlayerRankRes,
} from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonWithRoster } from '../support/games';
import { type Organiser, startWorld, type World } from '../support/world';
import { caller, codeOf, dataOf, type Season, setRankRule, writeGame } from './support';

// The season ranking, the calculated ranking and a player's statistics through HTTP, on hand-built records
// (README "Rankings"). Three players, robots in the other seats; a 1st place scores +30, 2nd +10, 3rd −10,
// 4th −30 (×1000). In end-time order:
//   game   1    2    3    4    5    6
//   A     +30  +30  −30  −30  −30  +10    total −20, places 1 1 4 4 4 2
//   B     +10  −10  +30  +30  +10  +30    total +100, places 2 3 1 1 2 1
//   C     −10  +10  +10                   total +10, places 3 2 2

let world: World;
let owner: Organiser;
let season: Season;
let A: number;
let B: number;
let C: number;
let stranger: Organiser;
const uuids: string[] = [];
let base: number;

type Row = { rank: number; account_id: number; score: number; qualified: number; counted_count: number };

async function rank(query: Record<string, unknown> = {}) {
  const res = await caller(world, owner, season).post('fetch_season_player_rank', { limit: 100, ...query });
  const data = dataOf(res);
  expect(FetchSeasonPlayerRankRes.safeParse(data).success).toBe(true);
  return data as { list: (Row & Record<string, unknown>)[]; total: number; rank_rule: number };
}
/** The ranking as [account, rank, score, qualified] rows. */
async function standing(rule: number) {
  await setRankRule(world, season, rule);
  const data = await rank();
  expect(data.rank_rule).toBe(rule);
  return data.list.map((r) => [r.account_id, r.rank, r.score, r.qualified]);
}

beforeAll(async () => {
  world = await startWorld();
  const s = await seasonWithRoster(world, 3);
  owner = s.owner;
  season = { unique_id: s.unique_id, season_id: s.season_id };
  [A, B, C] = s.ids;
  stranger = await world.organiser();
  base = world.clock.now() - 10_000;
  const games = [
    [A, B, C, 0],
    [A, C, B, 0],
    [B, C, 0, A],
    [B, 0, 0, A],
    [0, B, 0, A],
    [B, A, 0, 0],
  ];
  for (const [i, byPlace] of games.entries())
    uuids.push(await writeGame(world, season, byPlace, base + i * 60));
});
afterAll(() => world?.close());

describe('fetch_season_player_rank: every rank rule', () => {
  it('rule 0 (none) ranks by the total of every game; robots are never ranked', async () => {
    expect(await standing(0)).toEqual([
      [B, 1, 100000, 1],
      [C, 2, 10000, 1],
      [A, 3, -20000, 1],
    ]);
    const data = await rank();
    expect(data.total).toBe(3);
    expect(data.list.map((r) => r.account_id)).not.toContain(0);
  });

  it('recent 3 (code 1) sums each player’s 3 most recent games; a player with exactly 3 games qualifies', async () => {
    expect(await standing(1)).toEqual([
      [B, 1, 70000, 1],
      [C, 2, 10000, 1],
      [A, 3, -50000, 1],
    ]);
  });

  it('recent 5 (code 2): a player with fewer than 5 games is not qualified and ranks after every qualified player', async () => {
    expect(await standing(2)).toEqual([
      [B, 1, 90000, 1],
      [A, 2, -50000, 1],
      [C, 3, 10000, 0],
    ]);
  });

  it('recent N (codes 102…110): recent 10 with nobody qualified ranks everyone by the total of their games', async () => {
    expect(await standing(110)).toEqual([
      [B, 1, 100000, 0],
      [C, 2, 10000, 0],
      [A, 3, -20000, 0],
    ]);
    expect(await standing(104)).toEqual([
      [B, 1, 100000, 1],
      [A, 2, -80000, 1],
      [C, 3, 10000, 0],
    ]);
  });

  it('best 2 consecutive (code 12): equal scores share a rank (1, 1, 3), account id orders within the tie', async () => {
    expect(await standing(12)).toEqual([
      [A, 1, 60000, 1],
      [B, 1, 60000, 1],
      [C, 3, 20000, 1],
    ]);
  });

  it('best 3 consecutive (code 13): the best window in end-time order; uuid is the last game of the earliest best window', async () => {
    expect(await standing(13)).toEqual([
      [B, 1, 70000, 1],
      [A, 2, 30000, 1],
      [C, 3, 10000, 1],
    ]);
    const rows = (await rank()).list;
    const row = (id: number) => rows.find((r) => r.account_id === id);
    // B reaches 70 with games 3–5 and again with 4–6: the earlier window counts.
    expect(row(B)?.uuid).toBe(uuids[4]);
    expect(row(A)?.uuid).toBe(uuids[2]);
    expect(row(B)?.counted_count).toBe(3);
  });

  it('best 6 consecutive (code 206): a player with fewer games ranks after the qualified, by their total', async () => {
    expect(await standing(206)).toEqual([
      [B, 1, 100000, 1],
      [A, 2, -20000, 1],
      [C, 3, 10000, 0],
    ]);
    // Best 5 consecutive (code 15): B 90 (games 2–6), A −30 (games 1–5).
    expect(await standing(15)).toEqual([
      [B, 1, 90000, 1],
      [A, 2, -30000, 1],
      [C, 3, 10000, 0],
    ]);
  });

  it('rows carry the player, their season totals and place counts, and the rule’s counted games', async () => {
    await setRankRule(world, season, 1);
    const [first] = (await rank()).list;
    expect(first).toMatchObject({
      rank: 1,
      account_id: B,
      remark: '',
      team_name: '',
      score: 70000,
      accumulate_point: 100000,
      game_count: 6,
      counted_count: 3,
      qualified: 1,
      rank_1_count: 3,
      rank_2_count: 2,
      rank_3_count: 1,
      rank_4_count: 0,
      uuid: uuids[5],
    });
    expect(typeof first.nickname).toBe('string');
    expect(first.nickname).not.toBe('');
  });

  it('a team season (rank type 1) ranks with rule none whatever rule is stored', async () => {
    await setRankRule(world, season, 13, 1);
    const data = await rank();
    expect(data.rank_rule).toBe(0);
    expect(data.list.map((r) => [r.account_id, r.score])).toEqual([
      [B, 100000],
      [C, 10000],
      [A, -20000],
    ]);
    await setRankRule(world, season, 0);
  });

  it('is served as GET with a query and as POST with a body, under both prefixes, with the same answer', async () => {
    await setRankRule(world, season, 0);
    const posted = dataOf(await caller(world, owner, season).post('fetch_season_player_rank', { limit: 2 }));
    const got = dataOf(await caller(world, owner, season).get('fetch_season_player_rank', { limit: 2 }));
    const gated = dataOf(
      await world.post(
        '/api/contest_gate/api/contest/fetch_season_player_rank',
        { ...season, limit: 2 },
        { token: owner.token },
      ),
    );
    expect(got).toEqual(posted);
    expect(gated).toEqual(posted);
    expect(posted.list).toHaveLength(2);
    expect(posted.total).toBe(3);
  });

  it('pages by offset and limit (20 by default); total counts every ranked player', async () => {
    await setRankRule(world, season, 0);
    const page = dataOf(
      await caller(world, owner, season).post('fetch_season_player_rank', { offset: 1, limit: 1 }),
    );
    expect(page.list.map((r: Row) => [r.account_id, r.rank])).toEqual([[C, 2]]);
    expect(page.total).toBe(3);
    const past = dataOf(await caller(world, owner, season).post('fetch_season_player_rank', { offset: 10 }));
    expect(past).toEqual({ list: [], total: 3, rank_rule: 0 });
  });
});

describe('fresh: removed records never count, restored ones at once, new ones in the next read', () => {
  it('removing a record changes the next ranking read; restoring brings it back', async () => {
    await setRankRule(world, season, 0);
    const as = caller(world, owner, season);
    const before = (await rank()).list.map((r) => [r.account_id, r.score]);
    dataOf(await as.post('update_contest_game_record', { uuid: uuids[5], remove: 1 }));
    expect((await rank()).list.map((r) => [r.account_id, r.score, r.game_count])).toEqual([
      [B, 70000, 5],
      [C, 10000, 3],
      [A, -30000, 5],
    ]);
    // Under best 6 consecutive, A and B now lack a sixth game.
    await setRankRule(world, season, 206);
    expect((await rank()).list.every((r) => r.qualified === 0)).toBe(true);
    await setRankRule(world, season, 0);
    dataOf(await as.post('update_contest_game_record', { uuid: uuids[5], remove: 0 }));
    expect((await rank()).list.map((r) => [r.account_id, r.score])).toEqual(before);
  });

  it('a removed record leaves the calculated ranking and the player statistics too', async () => {
    const as = caller(world, owner, season);
    dataOf(await as.post('update_contest_game_record', { uuid: uuids[0], remove: 1 }));
    const calc = dataOf(
      await as.post('fetch_season_player_calc_rank', {
        setting: { points: [0, 0, 0, 0], divisor: 1, min_games: 0 },
      }),
    );
    expect(calc.list.find((r: Row) => r.account_id === C).game_count).toBe(2);
    const data = dataOf(await as.get('fetch_season_player_data', { account_id: A }));
    expect(data.game_count).toBe(5);
    expect(data.games.map((g: { uuid: string }) => g.uuid)).not.toContain(uuids[0]);
    dataOf(await as.post('update_contest_game_record', { uuid: uuids[0], remove: 0 }));
    expect(dataOf(await as.get('fetch_season_player_data', { account_id: A })).game_count).toBe(6);
  });

  it('a record written by the host shows in the next read', async () => {
    const other = await seasonWithRoster(world, 2);
    const s2 = { unique_id: other.unique_id, season_id: other.season_id };
    const as = caller(world, other.owner, s2);
    expect(dataOf(await as.post('fetch_season_player_rank')).total).toBe(0);
    await writeGame(world, s2, [other.ids[1], 0, other.ids[0], 0], world.clock.now());
    const data = dataOf(await as.post('fetch_season_player_rank'));
    expect(data.list.map((r: Row) => [r.account_id, r.rank, r.score])).toEqual([
      [other.ids[1], 1, 30000],
      [other.ids[0], 2, -10000],
    ]);
  });
});

describe('fetch_season_player_calc_rank', () => {
  const calc = async (setting: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await caller(world, owner, season).post('fetch_season_player_calc_rank', {
      setting,
      ...extra,
    });
    const data = dataOf(res);
    expect(FetchSeasonPlayerCalcRankRes.safeParse(data).success).toBe(true);
    return data as { list: (Row & Record<string, number>)[]; total: number };
  };

  it('score = total/1000 × divisor + the position points of every game, ×1000', async () => {
    const data = await calc({ points: [30, 10, -10, -30], divisor: 1, min_games: 0 });
    expect(data.list.map((r) => [r.account_id, r.rank, r.score, r.total_point, r.game_count])).toEqual([
      [B, 1, 200000, 100000, 6],
      [C, 2, 20000, 10000, 3],
      [A, 3, -40000, -20000, 6],
    ]);
    expect(data.total).toBe(3);
    expect(data.list[0]).toMatchObject({
      rank_1_count: 3,
      rank_2_count: 2,
      rank_3_count: 1,
      rank_4_count: 0,
    });
    const doubled = await calc({ points: [30, 10, -10, -30], divisor: 2 });
    expect(doubled.list.map((r) => [r.account_id, r.score])).toEqual([
      [B, 300000],
      [C, 30000],
      [A, -60000],
    ]);
  });

  it('position points and divisors may have decimals; the score is rounded', async () => {
    const data = await calc({ points: [2.5, 0.5, -0.5, -2.5], divisor: 1.0005 });
    // B: 100000 × 1.0005 + 1000 × (3 × 2.5 + 2 × 0.5 − 0.5) = 100050 + 8000
    expect(data.list.find((r) => r.account_id === B)?.score).toBe(108050);
  });

  it('only players with the minimum games are ranked', async () => {
    const data = await calc({ points: [30, 10, -10, -30], divisor: 1, min_games: 4 });
    expect(data.list.map((r) => r.account_id)).toEqual([B, A]);
    expect(data.total).toBe(2);
    expect((await calc({ points: [30, 10, -10, -30], divisor: 1, min_games: 7 })).total).toBe(0);
  });

  it('equal scores share a rank, account id orders within it', async () => {
    // A: −20 + (2×2 − 4 + 3×6) = −2; C: 10 + (−4 − 2×4) = −2; B: 100 − 6 = 94.
    const data = await calc({ points: [2, -4, -4, 6], divisor: 1 });
    expect(data.list.map((r) => [r.account_id, r.rank, r.score])).toEqual([
      [B, 1, 94000],
      [A, 2, -2000],
      [C, 2, -2000],
    ]);
  });

  it('pages by offset and limit', async () => {
    const data = await calc({ points: [30, 10, -10, -30], divisor: 1 }, { offset: 2, limit: 5 });
    expect(data.list.map((r) => r.account_id)).toEqual([A]);
    expect(data.total).toBe(3);
  });

  it.each([
    ['points not summing to zero', { points: [30, 10, -10, -20], divisor: 1 }],
    ['a position point above 100', { points: [150, -50, -50, -50], divisor: 1 }],
    ['a position point below −100', { points: [101, 0, 0, -101], divisor: 1 }],
    ['three position points', { points: [10, 0, -10], divisor: 1 }],
    ['a divisor below 1', { points: [30, 10, -10, -30], divisor: 0.5 }],
    ['a negative minimum', { points: [30, 10, -10, -30], divisor: 1, min_games: -1 }],
    ['a fractional minimum', { points: [30, 10, -10, -30], divisor: 1, min_games: 1.5 }],
    ['no points', { divisor: 1 }],
  ])('%s is refused with 2517', async (_what, setting) => {
    const res = await caller(world, owner, season).post('fetch_season_player_calc_rank', { setting });
    expect(codeOf(res)).toBe(2517);
  });
});

describe('fetch_season_player_data', () => {
  const playerData = async (accountId: number) => {
    const res = await caller(world, owner, season).get('fetch_season_player_data', { account_id: accountId });
    const data = dataOf(res);
    expect(FetchSeasonPlayerDataRes.safeParse(data).success).toBe(true);
    return data;
  };

  it('games, places and their rates, average place and score, total, best series, current rank, recent and all games', async () => {
    await setRankRule(world, season, 13);
    const data = await playerData(A);
    expect(data).toMatchObject({
      account_id: A,
      remark: '',
      team_name: '',
      game_count: 6,
      rank_1_count: 2,
      rank_2_count: 1,
      rank_3_count: 0,
      rank_4_count: 3,
      rank_rates: [2 / 6, 1 / 6, 0, 3 / 6],
      average_score: -3333,
      total_point: -20000,
      highest_series_points: 30000,
      rank: 2,
    });
    expect(data.average_rank).toBeCloseTo(16 / 6, 10);
    expect(data.recent_games.map((g: { uuid: string }) => g.uuid)).toEqual([...uuids].reverse());
    expect(data.games.map((g: { uuid: string }) => g.uuid)).toEqual(uuids);
    expect(data.games[0]).toEqual({
      uuid: uuids[0],
      end_time: base,
      rank: 1,
      total_point: 30000,
      part_point: 40000,
    });
    expect(data.games[3]).toMatchObject({ rank: 4, total_point: -30000, part_point: 10000 });
  });

  it('under rule none the highest series is the total of every game', async () => {
    await setRankRule(world, season, 0);
    expect(await playerData(B)).toMatchObject({ highest_series_points: 100000, rank: 1 });
    await setRankRule(world, season, 12);
    expect(await playerData(C)).toMatchObject({ highest_series_points: 20000, rank: 3 });
  });

  it('the 10 latest games, newest first, when a player has more', async () => {
    const other = await seasonWithRoster(world, 1);
    const s2 = { unique_id: other.unique_id, season_id: other.season_id };
    const t = world.clock.now() - 5000;
    for (let i = 0; i < 12; i++)
      await writeGame(world, s2, i % 2 ? [other.ids[0], 0, 0, 0] : [0, other.ids[0], 0, 0], t + i);
    const data = dataOf(
      await caller(world, other.owner, s2).get('fetch_season_player_data', { account_id: other.ids[0] }),
    );
    expect(data.game_count).toBe(12);
    expect(data.games).toHaveLength(12);
    expect(data.recent_games).toHaveLength(10);
    expect(data.recent_games[0].end_time).toBe(t + 11);
    expect(data.recent_games.map((g: { rank: number }) => g.rank)).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
  });

  it('an account with no games in the season has zero statistics, not an error', async () => {
    const data = await playerData(stranger.account.id);
    expect(data).toEqual({
      account_id: stranger.account.id,
      nickname: stranger.account.nickname,
      remark: '',
      team_name: '',
      game_count: 0,
      rank_1_count: 0,
      rank_2_count: 0,
      rank_3_count: 0,
      rank_4_count: 0,
      rank_rates: [0, 0, 0, 0],
      average_rank: 0,
      average_score: 0,
      total_point: 0,
      highest_series_points: 0,
      rank: 0,
      recent_games: [],
      games: [],
    });
  });

  it('an account that does not exist answers 1002', async () => {
    const res = await caller(world, owner, season).get('fetch_season_player_data', {
      account_id: 999_999_999,
    });
    expect(codeOf(res)).toBe(1002);
  });
});

describe('contest_season_player_list: account_data from the records', () => {
  it('total games, the 10 latest (place and points, newest first) and the best series under the season rule', async () => {
    await setRankRule(world, season, 13);
    const data = dataOf(
      await caller(world, owner, season).get('contest_season_player_list', {
        state: 2,
        offset: 0,
        limit: 10,
      }),
    );
    const byId = new Map(data.list.map((r: { account_id: number }) => [r.account_id, r]));
    expect((byId.get(A) as { account_data: unknown }).account_data).toEqual({
      total_game_count: 6,
      recent_games: [
        { rank: 2, total_point: 10000 },
        { rank: 4, total_point: -30000 },
        { rank: 4, total_point: -30000 },
        { rank: 4, total_point: -30000 },
        { rank: 1, total_point: 30000 },
        { rank: 1, total_point: 30000 },
      ],
      highest_series_points: 30000,
    });
    expect(
      (byId.get(C) as { account_data: { total_game_count: number } }).account_data.total_game_count,
    ).toBe(3);
    await setRankRule(world, season, 0);
  });
});

describe('refusals', () => {
  it.each([
    ['limit 0', { limit: 0 }],
    ['limit above 100', { limit: 101 }],
    ['offset above 5000', { offset: 5001 }],
    ['a negative offset', { offset: -1 }],
    ['a word for the season', { season_id: 'x' }],
  ])('%s is refused with 2517', async (_what, input) => {
    const res = await caller(world, owner, season).post('fetch_season_player_rank', input);
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe(2517);
  });

  it('a season the tournament does not have answers 2536; a stranger sees no tournament (2501)', async () => {
    const as = caller(world, owner, { ...season, season_id: season.season_id + 50 });
    expect(codeOf(await as.post('fetch_season_player_rank'))).toBe(2536);
    expect(codeOf(await as.get('fetch_season_player_data', { account_id: A }))).toBe(2536);
    const asStranger = caller(world, stranger, season);
    expect(codeOf(await asStranger.post('fetch_season_player_rank'))).toBe(2501);
    expect(
      codeOf(
        await asStranger.post('fetch_season_player_calc_rank', {
          setting: { points: [30, 10, -10, -30], divisor: 1 },
        }),
      ),
    ).toBe(2501);
  });
});
