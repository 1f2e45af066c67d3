import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gamePlans, gameRecords, planSeats, recordPlayers } from '../../src/db/schema';
import { makeReady, plan, seasonWithRoster, type World } from '../support/games';
import { startWorld } from '../support/world';

// Planned games through HTTP: the ready list, create_game_plan and every refusal of spec §5, the waiting plans,
// stopping a plan; and on PostgreSQL, two organisers planning the same player at once.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

type Season = Awaited<ReturnType<typeof seasonWithRoster>>;
const seasonOf = (s: Season) => ({ unique_id: s.unique_id, season_id: s.season_id });

async function createPlan(s: Season, body: Record<string, unknown>, token = s.owner.token) {
  return world.post('create_game_plan', { ...seasonOf(s), ...body }, { token });
}

async function planList(s: Season) {
  const res = await world.get('fetch_contest_game_plan_list', seasonOf(s), { token: s.owner.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A refusal: the HTTP status and the code in the body. */
function refused(res: { status: number; body: { error?: { code: number } } }, code: number, status?: number) {
  expect(res.body.error?.code, JSON.stringify(res.body)).toBe(code);
  if (status !== undefined) expect(res.status).toBe(status);
}

async function setSeason(s: Season, setting: Record<string, unknown>) {
  const res = await world.post(
    'update_contest_season',
    { ...seasonOf(s), setting },
    { token: s.owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A finished record of the season with `accountIds` seated (what the host writes when a game ends). */
async function recordWith(s: Season, accountIds: number[], removed = 0) {
  const uuid = crypto.randomUUID();
  const now = world.clock.now();
  const db = world.database.db;
  await db.insert(gameRecords).values({
    uuid,
    uniqueId: s.unique_id,
    seasonId: s.season_id,
    startTime: now - 600,
    endTime: now,
    tag: '',
    removed,
    roundType: 2,
    detailRule: {},
    seats: accountIds.map((id) => ({ account_id: id, nickname: '', init_points: 25000 })),
    result: accountIds.map((_, seat) => ({ seat, part_point_1: 25000, total_point: 0 })),
    log: {},
    seed: 'x',
    commitment: 'y',
  });
  await db.insert(recordPlayers).values(
    accountIds.map((accountId, seat) => ({
      recordUuid: uuid,
      uniqueId: s.unique_id,
      seasonId: s.season_id,
      accountId,
      seat,
      place: seat + 1,
      partPoint: 25000,
      totalPoint: 0,
      endTime: now,
    })),
  );
}

describe('ready_player_list', () => {
  it('lists the roster players who are ready, earliest first, with remark, team_name and busy', async () => {
    const s = await seasonWithRoster(world, 3);
    const [a, b, c] = s.ids;
    await world.post(
      'mark_contest_season_player',
      { ...seasonOf(s), account_id: b, remark: 'seed 1' },
      { token: s.owner.token },
    );
    const stranger = await world.organiser();
    makeReady(world, s.unique_id, s.season_id, [b]);
    world.clock.advance(1);
    makeReady(world, s.unique_id, s.season_id, [a, stranger.account.id]);
    // a is seated in a waiting plan (c is not ready, so it waits).
    await plan(world, s.owner, seasonOf(s), [a, c, 0, 0], { game_start_time: world.clock.now() + 3600 });

    const res = await world.get('ready_player_list', seasonOf(s), { token: s.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { account_id: b, nickname: s.roster[1].account.nickname, remark: 'seed 1', team_name: '', busy: 0 },
      { account_id: a, nickname: s.roster[0].account.nickname, remark: '', team_name: '', busy: 1 },
    ]);
  });

  it('shows the season nickname, and answers [] when nobody is ready', async () => {
    const s = await seasonWithRoster(world, 1);
    const empty = await world.get('ready_player_list', seasonOf(s), { token: s.owner.token });
    expect(empty.body).toEqual({ data: [] });
    await world.post(
      'update_contest_season_player_nickname',
      { ...seasonOf(s), account_id: s.ids[0], nickname: 'Table Shark' },
      { token: s.owner.token },
    );
    makeReady(world, s.unique_id, s.season_id, s.ids);
    const res = await world.get('ready_player_list', seasonOf(s), { token: s.owner.token });
    expect(res.body.data[0].nickname).toBe('Table Shark');
  });
});

describe('create_game_plan', () => {
  it('plans a table: answers its uuid, lists it as waiting with its seats, and writes an audit entry', async () => {
    const s = await seasonWithRoster(world, 2);
    const [a, b] = s.ids;
    const start = world.clock.now() + 600;
    const res = await createPlan(s, {
      account_list: [a, 0, String(b), 0],
      game_start_time: start,
      shuffle_seats: true,
      ai_level: 2,
      remark: 'semi-final',
    });
    expect(res.status).toBe(200);
    const uuid = res.body.data.uuid;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Object.keys(res.body.data)).toEqual(['uuid']);

    makeReady(world, s.unique_id, s.season_id, [b]);
    const seat = (account_id: number, i: number, nickname: string, ready: number) => ({
      account_id,
      seat: i,
      nickname,
      team_name: '',
      remark: '',
      init_points: 25000,
      ready,
    });
    expect(await planList(s)).toEqual([
      {
        uuid,
        game_start_time: start,
        remark: 'semi-final',
        shuffle_seat: true,
        ai_level: 2,
        state: 1,
        expire_time: start + 30 * 60,
        accounts: [
          seat(a, 0, s.roster[0].account.nickname, 0),
          seat(0, 1, '', 1),
          seat(b, 2, s.roster[1].account.nickname, 1),
          seat(0, 3, '', 1),
        ],
      },
    ]);
    const entries = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.create'), eq(auditLog.targetId, `${s.unique_id}/${s.season_id}`)));
    expect(entries).toHaveLength(1);
    expect(entries[0].actorId).toBe(s.owner.account.id);
    expect(entries[0].after).toMatchObject({ uuid, remark: 'semi-final' });
  });

  it('a start in the past (or none) means now; ai_level defaults to the rule (0); seats keep list order', async () => {
    const s = await seasonWithRoster(world, 2);
    const now = world.clock.now();
    const past = await plan(world, s.owner, seasonOf(s), [s.ids[0], 0, 0, 0], {
      game_start_time: now - 3600,
    });
    const unset = await plan(world, s.owner, seasonOf(s), [0, s.ids[1], 0, 0]);
    const plans = await planList(s);
    // "Now" is the server's clock when each plan was made: the same second, or the next one.
    for (const p of plans as { game_start_time: number }[]) {
      expect(p.game_start_time).toBeGreaterThanOrEqual(now);
      expect(p.game_start_time).toBeLessThanOrEqual(now + 2);
    }
    expect(plans.map((p: { ai_level: number }) => p.ai_level)).toEqual([0, 0]);
    expect(plans.map((p: { shuffle_seat: boolean }) => p.shuffle_seat)).toEqual([false, false]);
    const byUuid = new Map(plans.map((p: { uuid: string }) => [p.uuid, p]));
    expect(byUuid.has(past)).toBe(true);
    expect(
      (byUuid.get(unset) as { accounts: { account_id: number }[] }).accounts.map((x) => x.account_id),
    ).toEqual([0, s.ids[1], 0, 0]);
  });

  it('lists waiting plans soonest first', async () => {
    const s = await seasonWithRoster(world, 3);
    const now = world.clock.now();
    const late = await plan(world, s.owner, seasonOf(s), [s.ids[0], 0, 0, 0], { game_start_time: now + 900 });
    const soon = await plan(world, s.owner, seasonOf(s), [s.ids[1], 0, 0, 0], { game_start_time: now + 300 });
    const mid = await plan(world, s.owner, seasonOf(s), [s.ids[2], 0, 0, 0], { game_start_time: now + 600 });
    expect((await planList(s)).map((p: { uuid: string }) => p.uuid)).toEqual([soon, mid, late]);
  });

  it('a season not started yet is refused with 2507', async () => {
    const owner = await world.organiser({ currency: 100 });
    const c = await world.contest(owner);
    const res = await world.post(
      'create_game_plan',
      { unique_id: c.unique_id, season_id: c.season_id, account_list: [owner.account.id, 0, 0, 0] },
      { token: owner.token },
    );
    refused(res, 2507, 409);
  });

  it('a finished season is refused with 2508, an ended one with 2542', async () => {
    const s = await seasonWithRoster(world, 1);
    await setSeason(s, { end_time: world.clock.now() - 1 });
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0, 0] }), 2508, 409);
    const ended = await world.post('end_contest_season', seasonOf(s), { token: s.owner.token });
    expect(ended.status).toBe(200);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0, 0] }), 2542, 409);
  });

  it('while the auto-match seats players, manual plans are refused with 2521', async () => {
    const s = await seasonWithRoster(world, 1);
    const now = world.clock.now();
    await setSeason(s, { auto_match: 1, match_start_time: now + 3600, match_end_time: now + 7200 });
    // Outside its match window the auto-match seats nobody, and organisers may plan.
    expect((await createPlan(s, { account_list: [s.ids[0], 0, 0, 0] })).status).toBe(200);
    world.clock.advance(3600);
    refused(await createPlan(s, { account_list: [0, s.ids[0], 0, 0] }), 2521, 409);
    world.clock.advance(3600);
  });

  it('a list that is not the tournament player count is refused with 2575, on 4 and 3 seats', async () => {
    const s = await seasonWithRoster(world, 4);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0] }), 2575, 400);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0, 0, 0] }), 2575, 400);
    const s3 = await seasonWithRoster(world, 4, { game_rule_setting: { mode: 12 } });
    refused(await createPlan(s3, { account_list: [s3.ids[0], 0, 0, 0] }), 2575, 400);
    expect((await createPlan(s3, { account_list: [s3.ids[0], 0, 0] })).status).toBe(200);
  });

  it('all robots are refused with 2517, a player twice with 2545', async () => {
    const s = await seasonWithRoster(world, 2);
    refused(await createPlan(s, { account_list: [0, 0, 0, 0] }), 2517, 400);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, s.ids[0], 0] }), 2545, 400);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, String(s.ids[0]), s.ids[1]] }), 2545, 400);
  });

  it('an unknown account is refused with 1002, one off the roster with 2511', async () => {
    const s = await seasonWithRoster(world, 1);
    const res = await createPlan(s, { account_list: [s.ids[0], 2_000_000_000, 0, 0] });
    refused(res, 1002, 404);
    expect(res.body.error.account_id).toBe(2_000_000_000);
    const stranger = await world.organiser();
    const off = await createPlan(s, { account_list: [s.ids[0], stranger.account.id, 0, 0] });
    refused(off, 2511, 400);
    expect(off.body.error.account_id).toBe(stranger.account.id);
    // A removed roster player is off the roster too.
    await world.post(
      'remove_contest_season_player',
      { ...seasonOf(s), account_id_list: [s.ids[0]] },
      { token: s.owner.token },
    );
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0, 0] }), 2511, 400);
  });

  it('a player already in a waiting plan of the season is refused with 2543 (HTTP 409)', async () => {
    const s = await seasonWithRoster(world, 3);
    const [a, b, c] = s.ids;
    await plan(world, s.owner, seasonOf(s), [a, b, 0, 0], { game_start_time: world.clock.now() + 600 });
    const res = await createPlan(s, { account_list: [c, 0, 0, b] });
    refused(res, 2543, 409);
    expect(res.body.error.account_id).toBe(b);
    // Nothing was written for the refused plan.
    expect(await planList(s)).toHaveLength(1);
    // Once that plan is stopped, the player may be planned again.
    const [waiting] = await planList(s);
    await world.post(
      'remove_contest_plan_game',
      { ...seasonOf(s), uuid: waiting.uuid },
      { token: s.owner.token },
    );
    expect((await createPlan(s, { account_list: [c, 0, 0, b] })).status).toBe(200);
  });

  it('a plan in another season of the tournament does not count', async () => {
    const s = await seasonWithRoster(world, 1);
    const other = await seasonWithRoster(world, 1);
    await plan(world, other.owner, seasonOf(other), [other.ids[0], 0, 0, 0]);
    expect((await createPlan(s, { account_list: [s.ids[0], 0, 0, 0] })).status).toBe(200);
  });

  it('max_game_count counts records (not removed ones), running games and waiting plans: 2519', async () => {
    const s = await seasonWithRoster(world, 3, {
      game_rule_setting: { mode: 2, detail_rule: { max_game_count: 2 } },
    });
    const [a, b, c] = s.ids;
    await recordWith(s, [a, b, 0, 0]);
    await recordWith(s, [a, 0, 0, 0], 1);
    // a has one counted record: one more game is allowed, then the limit is reached.
    await plan(world, s.owner, seasonOf(s), [a, 0, 0, 0], { game_start_time: world.clock.now() + 600 });
    await recordWith(s, [a, 0, 0, 0]);
    const [waiting] = await planList(s);
    await world.post(
      'remove_contest_plan_game',
      { ...seasonOf(s), uuid: waiting.uuid },
      { token: s.owner.token },
    );
    const res = await createPlan(s, { account_list: [c, a, 0, 0] });
    refused(res, 2519, 409);
    expect(res.body.error.account_id).toBe(a);
    expect((await createPlan(s, { account_list: [c, b, 0, 0] })).status).toBe(200);
  });

  it('max_game_count 0 means no limit', async () => {
    const s = await seasonWithRoster(world, 1);
    for (let i = 0; i < 3; i++) await recordWith(s, [s.ids[0], 0, 0, 0]);
    expect((await createPlan(s, { account_list: [s.ids[0], 0, 0, 0] })).status).toBe(200);
  });

  it('start points in the standard variant: one per seat summing to init_point × seats, else 2517', async () => {
    const s = await seasonWithRoster(world, 4);
    const [a, b, c, d] = s.ids;
    refused(
      await createPlan(s, { account_list: [a, 0, 0, 0], init_points: [30000, 25000, 25000, 25000] }),
      2517,
      400,
    );
    refused(await createPlan(s, { account_list: [a, 0, 0, 0], init_points: [50000, 50000] }), 2517, 400);
    const res = await createPlan(s, {
      account_list: [b, c, 0, 0],
      init_points: [40000, 10000, 25000, 25000],
    });
    expect(res.status).toBe(200);
    expect((await planList(s))[0].accounts.map((x: { init_points: number }) => x.init_points)).toEqual([
      40000, 10000, 25000, 25000,
    ]);
    expect((await createPlan(s, { account_list: [d, 0, 0, 0], init_points: [] })).status).toBe(200);
    const seats = await world.database.db
      .select()
      .from(planSeats)
      .innerJoin(gamePlans, eq(gamePlans.uuid, planSeats.planUuid))
      .where(eq(planSeats.accountId, d));
    expect(seats.map((r) => r.plan_seats.initPoints)).toEqual([25000]);
  });

  it('outside the standard variant start points may not differ from init_point (2517)', async () => {
    const s = await seasonWithRoster(world, 2, {
      game_rule_setting: { mode: 2, detail_rule: { dora3_mode: 1 } },
    });
    refused(
      await createPlan(s, { account_list: [s.ids[0], 0, 0, 0], init_points: [40000, 10000, 25000, 25000] }),
      2517,
      400,
    );
    const same = await createPlan(s, {
      account_list: [s.ids[0], 0, 0, 0],
      init_points: [25000, 25000, 25000, 25000],
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('a remark over 25 characters is refused with 2554; 25 are accepted', async () => {
    const s = await seasonWithRoster(world, 1);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0, 0], remark: 'x'.repeat(26) }), 2554, 400);
    const ok = await createPlan(s, { account_list: [s.ids[0], 0, 0, 0], remark: '決'.repeat(25) });
    expect(ok.status).toBe(200);
  });

  it('ai_level other than 0, 1, 2 is refused with 2517', async () => {
    const s = await seasonWithRoster(world, 1);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0, 0], ai_level: 3 }), 2517, 400);
    refused(await createPlan(s, { account_list: [s.ids[0], 0, 0, 0], ai_level: -1 }), 2517, 400);
  });

  it('an admin may plan; an observer is refused with 2506 and a roster player with 2501', async () => {
    const s = await seasonWithRoster(world, 1);
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    expect((await createPlan(s, { account_list: [s.ids[0], 0, 0, 0] }, admin.token)).status).toBe(200);
    const observer = await world.organiser();
    await world.post(
      'update_contest_base',
      { unique_id: s.unique_id, setting: { observer_switch: 1 } },
      { token: s.owner.token },
    );
    await world.post(
      'set_observer_list',
      { unique_id: s.unique_id, add_list: [observer.account.id], remove_list: [] },
      { token: s.owner.token },
    );
    refused(await createPlan(s, { account_list: [0, s.ids[0], 0, 0] }, observer.token), 2506, 403);
    const seen = await world.get('fetch_contest_game_plan_list', seasonOf(s), { token: observer.token });
    expect(seen.status).toBe(200);
    refused(await createPlan(s, { account_list: [0, s.ids[0], 0, 0] }, s.roster[0].token), 2501, 404);
  });
});

describe('remove_contest_plan_game', () => {
  it('stops a waiting plan (state 5): it leaves the list, its players are free, an audit entry is written', async () => {
    const s = await seasonWithRoster(world, 1);
    const uuid = await plan(world, s.owner, seasonOf(s), [s.ids[0], 0, 0, 0]);
    const res = await world.post(
      'remove_contest_plan_game',
      { ...seasonOf(s), uuid },
      { token: s.owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: {} });
    expect(await planList(s)).toEqual([]);
    const [row] = await world.database.db.select().from(gamePlans).where(eq(gamePlans.uuid, uuid));
    expect(row.state).toBe(5);
    const entries = await world.database.db.select().from(auditLog).where(eq(auditLog.action, 'plan.remove'));
    expect(entries.some((e) => (e.after as { uuid: string }).uuid === uuid)).toBe(true);
  });

  it('a plan that is not waiting, unknown, or of another season is refused with 2517', async () => {
    const s = await seasonWithRoster(world, 1);
    const other = await seasonWithRoster(world, 1);
    const uuid = await plan(world, s.owner, seasonOf(s), [s.ids[0], 0, 0, 0]);
    const remove = (season: Season, planUuid: string) =>
      world.post(
        'remove_contest_plan_game',
        { ...seasonOf(season), uuid: planUuid },
        { token: season.owner.token },
      );
    refused(await remove(other, uuid), 2517, 400);
    refused(await remove(s, crypto.randomUUID()), 2517, 400);
    expect((await remove(s, uuid.toUpperCase())).status).toBe(200);
    refused(await remove(s, uuid), 2517, 400);
  });
});

describe('double booking on PostgreSQL', () => {
  it.runIf(process.env.TAIKAI_TEST_DATABASE_URL)(
    'ten organisers planning the same player at once: exactly one plan, the rest 2543',
    async () => {
      const s = await seasonWithRoster(world, 11);
      const shared = s.ids[0];
      const admins = [];
      for (let i = 0; i < 10; i++) {
        const admin = await world.organiser();
        await world.makeAdmin(s.unique_id, admin);
        admins.push(admin);
      }
      const results = await Promise.all(
        admins.map((admin, i) => createPlan(s, { account_list: [s.ids[i + 1], shared, 0, 0] }, admin.token)),
      );
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) refused(r, 2543, 409);
      const plans = await planList(s);
      expect(plans).toHaveLength(1);
      expect(plans[0].uuid).toBe(ok[0].body.data.uuid);
    },
  );
});
