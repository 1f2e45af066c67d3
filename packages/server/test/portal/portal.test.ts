import { FetchMyGameRecordFileRes, FetchMyGameRecordsRes, FetchSeasonLobbyRes } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOfPlan, makeReady, plan, playRecordedGame, seasonWithRoster } from '../support/games';
import { startWorld, type World } from '../support/world';

// The player portal's calls, as a player's browser makes them: the tournaments they signed up for, a season's
// lobby, its public ranking, their own records and a record's replay data — each about the caller only.

let world: World;
type Season = Awaited<ReturnType<typeof seasonWithRoster>>;
/** An East-game season with three roster players; two games played: [p0, robot, p1, robot] and [p0, 3 robots]. */
let s: Season;
let first: string;
let second: string;

beforeAll(async () => {
  world = await startWorld();
  s = await seasonWithRoster(world, 3, { game_rule_setting: { mode: 1 } });
  await world.post(
    'mark_contest_season_player',
    { unique_id: s.unique_id, season_id: s.season_id, account_id: s.ids[0], remark: 'organisers only' },
    { token: s.owner.token },
  );
  first = await playRecordedGame(world, s.owner, s, [s.ids[0], 0, s.ids[1], 0], { ai_level: 1 });
  world.clock.advance(5);
  second = await playRecordedGame(world, s.owner, s, [0, 0, 0, s.ids[0]], { ai_level: 1 });
});
afterAll(() => world?.close());

const ids = () => ({ unique_id: s.unique_id, season_id: s.season_id });
const as = (who: { token: string }) => ({ token: who.token });

describe('fetch_my_contests', () => {
  it('lists the tournaments the caller signed up for with their state, latest first; deleted ones are left out', async () => {
    const player = await world.organiser();
    expect((await world.get('fetch_my_contests', {}, as(player))).body).toEqual({ data: { list: [] } });

    // Signed up by themselves (auto pass: on the roster).
    const owner = await world.organiser({ currency: 60 });
    const auto = await world.contest(owner);
    await world.post('update_contest_season', { ...auto, setting: { signup_type: 2 } }, as(owner));
    const signedUp = world.clock.now();
    expect((await world.post('signup_contest_season', auto, as(player))).body.data.state).toBe(2);
    const list = (await world.get('fetch_my_contests', {}, as(player))).body.data.list;
    expect(list).toEqual([
      {
        unique_id: auto.unique_id,
        contest_id: auto.contest_id,
        contest_name: [{ lang: 'default', content: 'Spring Cup' }],
        mode: 2,
        season_id: auto.season_id,
        season_state: 1,
        start_time: expect.any(Number),
        end_time: expect.any(Number),
        signup_state: 2,
        signup_time: expect.any(Number),
      },
    ]);
    // Stamped by the server during the call (the clock's second may tick over meanwhile).
    expect(list[0].signup_time).toBeGreaterThanOrEqual(signedUp);
    expect(list[0].signup_time).toBeLessThanOrEqual(world.clock.now());

    // Added by an organiser later: listed first. Deleting that tournament takes it away.
    const otherOwner = await world.organiser({ currency: 60 });
    const added = await world.contest(otherOwner);
    world.clock.advance(2);
    await world.post(
      'add_contest_season_player',
      { ...added, account_list: [player.account.id] },
      as(otherOwner),
    );
    let mine = (await world.get('fetch_my_contests', {}, as(player))).body.data.list;
    expect(mine.map((c: { unique_id: number }) => c.unique_id)).toEqual([added.unique_id, auto.unique_id]);
    await world.post('delete_contest', { unique_id: added.unique_id }, as(otherOwner));
    mine = (await world.get('fetch_my_contests', {}, as(player))).body.data.list;
    expect(mine.map((c: { unique_id: number }) => c.unique_id)).toEqual([auto.unique_id]);
    // Nobody else's sign-ups are listed.
    expect((await world.get('fetch_my_contests', {}, as(owner))).body.data.list).toEqual([]);
  });
});

describe('fetch_season_lobby', () => {
  it('a roster player sees their sign-up, their recent results newest first, no game waiting, the switches', async () => {
    const res = await world.get('fetch_season_lobby', ids(), as(s.roster[0]));
    expect(res.status).toBe(200);
    const lobby = FetchSeasonLobbyRes.parse(res.body.data);
    expect(lobby).toMatchObject({
      ...ids(),
      season_state: 2,
      signup: { state: 2, blacklisted: 0 },
      organiser: false,
      next_game: null,
      playing: null,
      ranking_shown: true,
      chat: true,
      stamps: false,
    });
    expect(lobby.recent_results.map((r) => r.uuid)).toEqual([second, first]);
    expect(lobby.recent_results[0]).toEqual({
      uuid: second,
      end_time: expect.any(Number),
      rank: expect.any(Number),
      total_point: expect.any(Number),
      part_point: expect.any(Number),
    });
  });

  it('a planned game shows with its start, expiry and seats (robots nameless); a running one as `playing`', async () => {
    const start = world.clock.now() + 600;
    const uuid = await plan(world, s.owner, s, [s.ids[2], 0, s.ids[1], 0], {
      game_start_time: start,
      shuffle_seats: false,
    });
    const lobby = (await world.get('fetch_season_lobby', ids(), as(s.roster[2]))).body.data;
    expect(lobby.next_game).toEqual({
      uuid,
      game_start_time: start,
      expire_time: start + 30 * 60,
      seats: [
        { seat: 0, account_id: s.ids[2], nickname: s.roster[2].account.nickname },
        { seat: 1, account_id: 0, nickname: '' },
        { seat: 2, account_id: s.ids[1], nickname: s.roster[1].account.nickname },
        { seat: 3, account_id: 0, nickname: '' },
      ],
    });
    // Someone else's plan is not shown to a player who is not in it.
    expect((await world.get('fetch_season_lobby', ids(), as(s.roster[0]))).body.data.next_game).toBeNull();
    await world.post('remove_contest_plan_game', { ...ids(), uuid }, as(s.owner));

    // Another season, so that this game leaves no record in the first. The player is "connected" (a listener
    // on their account), so their seat waits for decisions instead of being auto-played to the end.
    const t = await seasonWithRoster(world, 1, { game_rule_setting: { mode: 1 } });
    const connected = world.app.deps.games.live.onAccount(t.ids[0], () => {});
    makeReady(world, t.unique_id, t.season_id, t.ids);
    const game = await gameOfPlan(world, await plan(world, t.owner, t, [t.ids[0], 0, 0, 0]));
    const tIds = { unique_id: t.unique_id, season_id: t.season_id };
    const playing = (await world.get('fetch_season_lobby', tIds, as(t.roster[0]))).body.data;
    expect(playing.next_game).toBeNull();
    expect(playing.playing).toEqual({ game_uuid: game, seat: expect.any(Number) });
    await world.app.deps.games.terminate(game);
    connected();
    expect((await world.get('fetch_season_lobby', tIds, as(t.roster[0]))).body.data.playing).toBeNull();
  }, 30_000);

  it('anyone logged in may look (a stranger sees no sign-up); the organiser is marked; 2501 and 2536', async () => {
    const stranger = await world.organiser();
    const mine = (await world.get('fetch_season_lobby', ids(), as(stranger))).body.data;
    expect(mine).toMatchObject({ signup: { state: 0 }, organiser: false, recent_results: [] });
    expect((await world.get('fetch_season_lobby', ids(), as(s.owner))).body.data.organiser).toBe(true);
    expect(
      (await world.get('fetch_season_lobby', { unique_id: 2_000_000, season_id: 1 }, as(stranger))).body.error
        .code,
    ).toBe(2501);
    expect(
      (await world.get('fetch_season_lobby', { unique_id: s.unique_id, season_id: 9 }, as(stranger))).body
        .error.code,
    ).toBe(2536);
  });
});

describe('fetch_season_public_rank', () => {
  it('with the tournament shown in the list, ranks without remarks and gives the caller their own row', async () => {
    const res = await world.get(
      'fetch_season_public_rank',
      { ...ids(), offset: 0, limit: 20 },
      as(s.roster[1]),
    );
    const data = res.body.data;
    expect(data.shown).toBe(true);
    expect(data.total).toBe(2);
    expect(data.list.map((r: { account_id: number }) => r.account_id).sort()).toEqual(
      [s.ids[0], s.ids[1]].sort(),
    );
    expect(JSON.stringify(data)).not.toContain('organisers only');
    expect(Object.keys(data.list[0])).not.toContain('remark');
    expect(data.me).toMatchObject({ account_id: s.ids[1], game_count: 1 });
    // The organiser's own ranking has the same order and scores.
    const full = (
      await world.post('fetch_season_player_rank', { ...ids(), offset: 0, limit: 20 }, as(s.owner))
    ).body.data;
    expect(data.list.map((r: { score: number }) => r.score)).toEqual(
      full.list.map((r: { score: number }) => r.score),
    );
    // Someone without games is not ranked.
    const none = (await world.get('fetch_season_public_rank', ids(), as(s.roster[2]))).body.data;
    expect(none.me).toBeNull();
  });

  it('with the show-in-list switch off, nothing is shown (and the lobby says so)', async () => {
    await world.post(
      'update_contest_base',
      { unique_id: s.unique_id, setting: { open_show: 0 } },
      as(s.owner),
    );
    try {
      const data = (await world.get('fetch_season_public_rank', ids(), as(s.roster[1]))).body.data;
      expect(data).toEqual({ shown: false, list: [], total: 0, rank_rule: expect.any(Number), me: null });
      expect((await world.get('fetch_season_lobby', ids(), as(s.roster[1]))).body.data.ranking_shown).toBe(
        false,
      );
    } finally {
      await world.post(
        'update_contest_base',
        { unique_id: s.unique_id, setting: { open_show: 1 } },
        as(s.owner),
      );
    }
  });
});

describe('fetch_my_game_records', () => {
  it('lists the caller’s records newest first with their seat and result, no remarks; pages and season filter', async () => {
    const res = await world.get('fetch_my_game_records', { offset: 0, limit: 10 }, as(s.roster[0]));
    const data = FetchMyGameRecordsRes.parse(res.body.data);
    expect(data.total).toBe(2);
    expect(data.record_list.map((r) => r.uuid)).toEqual([second, first]);
    const latest = data.record_list[0];
    expect(latest).toMatchObject({
      unique_id: s.unique_id,
      contest_id: expect.any(Number),
      season_id: s.season_id,
      removed: 0,
      mode: 1,
      seat: 3,
    });
    const mine = latest.result.players.find((p) => p.seat === 3);
    expect(latest.rank).toBe(latest.result.players.findIndex((p) => p.seat === 3) + 1);
    expect(latest.total_point).toBe(mine?.total_point);
    expect(latest.part_point).toBe(mine?.part_point_1);
    expect(JSON.stringify(res.body)).not.toContain('organisers only');

    const paged = (await world.get('fetch_my_game_records', { offset: 1, limit: 1 }, as(s.roster[0]))).body
      .data;
    expect(paged.record_list.map((r: { uuid: string }) => r.uuid)).toEqual([first]);
    expect(paged.total).toBe(2);
    const other = (await world.get('fetch_my_game_records', {}, as(s.roster[1]))).body.data;
    expect(other.record_list.map((r: { uuid: string }) => r.uuid)).toEqual([first]);
    const elsewhere = (
      await world.get('fetch_my_game_records', { unique_id: s.unique_id, season_id: 2 }, as(s.roster[0]))
    ).body.data;
    expect(elsewhere).toEqual({ record_list: [], total: 0 });
    expect((await world.get('fetch_my_game_records', {}, as(s.roster[2]))).body.data.total).toBe(0);
  });

  it('a removed record is still listed, flagged', async () => {
    await world.post('update_contest_game_record', { ...ids(), uuid: first, remove: 1 }, as(s.owner));
    try {
      const list = (await world.get('fetch_my_game_records', {}, as(s.roster[1]))).body.data.record_list;
      expect(list).toMatchObject([{ uuid: first, removed: 1 }]);
    } finally {
      await world.post('update_contest_game_record', { ...ids(), uuid: first, remove: 0 }, as(s.owner));
    }
  });
});

describe('fetch_my_game_record_file', () => {
  it('a player of the record gets the log, the revealed seed and a passing verification, with their seat', async () => {
    const res = await world.get('fetch_my_game_record_file', { uuid: first }, as(s.roster[1]));
    const data = FetchMyGameRecordFileRes.parse(res.body.data);
    expect(data.record).toMatchObject({ uuid: first, seat: 2, season_id: s.season_id });
    expect(data.verification).toMatchObject({ ok: true, problems: [] });
    expect(data.verification.hands).toBeGreaterThan(0);
    expect(data.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(Array.isArray(data.tenhou.log)).toBe(true);
    // The organisers' file of the same record carries the same log and seed.
    const console = (
      await world.get('fetch_contest_game_record_file', { ...ids(), uuid: first }, as(s.owner))
    ).body.data;
    expect({ seed: data.seed, tenhou: data.tenhou }).toEqual({ seed: console.seed, tenhou: console.tenhou });
  });

  it('any record of a season the player played in; the organiser too (seat −1); others 2506; unknown 2517', async () => {
    // Player 1 sat only at the first game, and may read the second (same season).
    const res = await world.get('fetch_my_game_record_file', { uuid: second }, as(s.roster[1]));
    expect(res.body.data.record).toMatchObject({ uuid: second, seat: -1 });
    expect(
      (await world.get('fetch_my_game_record_file', { uuid: second }, as(s.owner))).body.data.record.seat,
    ).toBe(-1);
    // A roster player without games, and a stranger, may not.
    for (const who of [s.roster[2], await world.organiser()]) {
      const refused = await world.get('fetch_my_game_record_file', { uuid: first }, as(who));
      expect(refused.body.error.code).toBe(2506);
      expect(JSON.stringify(refused.body)).not.toContain('seed');
    }
    const unknown = await world.get(
      'fetch_my_game_record_file',
      { uuid: '00000000-0000-4000-8000-00000000abcd' },
      as(s.roster[0]),
    );
    expect(unknown.body.error.code).toBe(2517);
  });
});
