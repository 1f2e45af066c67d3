import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gameRecords } from '../../src/db/schema';
import {
  eventually,
  gameOfPlan,
  gameRow,
  makeReady,
  plan,
  recordOf,
  seasonWithRoster,
  type World,
} from '../support/games';
import { startWorld } from '../support/world';

// Running games through HTTP: the list with progress and pause state, pause and resume (1209/1210 in a 200
// body), terminate, the tag, and the public realtime progress.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

type Season = Awaited<ReturnType<typeof seasonWithRoster>>;
const seasonOf = (s: Season) => ({ unique_id: s.unique_id, season_id: s.season_id });

/**
 * A running game of a new season: its one player is linked and never answers, so the table waits on their
 * seat; the other seats are robots. `unlink` lets the engine play the seat (the game then finishes).
 */
async function runningGame(extra: Record<string, unknown> = {}) {
  const s = await seasonWithRoster(world, 1);
  const host = world.app.deps.games;
  const player = s.ids[0];
  const stopListening = host.live.onAccount(player, () => {});
  makeReady(world, s.unique_id, s.season_id, [player]);
  const planUuid = await plan(world, s.owner, seasonOf(s), [0, player, 0, 0], { ai_level: 0, ...extra });
  const uuid = await gameOfPlan(world, planUuid);
  await eventually(async () => (await gameRow(world, uuid)).handStart !== null, 'the first hand');
  const unlink = () => {
    stopListening();
    host.linkChanged(player);
  };
  return { s, uuid, player, unlink };
}

async function runningList(s: Season, token = s.owner.token) {
  const res = await world.get('contest_running_game_list', seasonOf(s), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const control = (s: Season, name: string, body: Record<string, unknown>, token = s.owner.token) =>
  world.post(name, { unique_id: s.unique_id, ...body }, { token });

function refused(res: { status: number; body: { error?: { code: number } } }, code: number, status: number) {
  expect(res.body.error?.code, JSON.stringify(res.body)).toBe(code);
  expect(res.status).toBe(status);
}

describe('running games', () => {
  it('lists running games in seat order with progress; pause and resume; 1209 and 1210 in a 200 body', async () => {
    const { s, uuid, player } = await runningGame();
    const row = await gameRow(world, uuid);
    const [game] = await runningList(s);
    expect(game).toMatchObject({
      game_uuid: uuid,
      start_time: row.startTime,
      tag: '',
      chang: 0,
      ju: 0,
      ben: 0,
      liqibang: 0,
      paused: 0,
      pause_until: 0,
      commitment: row.commitment,
    });
    expect(game.scores).toEqual([25000, 25000, 25000, 25000]);
    expect(game.players).toEqual([
      { account_id: 0, score: 25000 },
      { account_id: player, nickname: s.roster[0].account.nickname, team_name: '', score: 25000 },
      { account_id: 0, score: 25000 },
      { account_id: 0, score: 25000 },
    ]);

    const paused = await control(s, 'pause_contest_running_game', { game_uuid: uuid, resume: 1 });
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({ data: {} });
    const [whilePaused] = await runningList(s);
    expect(whilePaused.paused).toBe(1);
    expect(whilePaused.pause_until).toBeGreaterThan(world.clock.now());
    expect(whilePaused.pause_until).toBeLessThanOrEqual(world.clock.now() + 3600 + 1);

    const again = await control(s, 'pause_contest_running_game', { uuid, resume: '1' });
    expect(again.status).toBe(200);
    expect(again.body.error.code).toBe(1209);
    expect(again.body.data.error.code).toBe(1209);
    expect(typeof again.body.error.message).toBe('string');

    const resumed = await control(s, 'pause_contest_running_game', { game_uuid: uuid, resume: 2 });
    expect(resumed.body).toEqual({ data: {} });
    expect((await runningList(s))[0]).toMatchObject({ paused: 0, pause_until: 0 });
    const twice = await control(s, 'pause_contest_running_game', { game_uuid: uuid, resume: 2 });
    expect(twice.status).toBe(200);
    expect(twice.body).toMatchObject({ data: { error: { code: 1210 } }, error: { code: 1210 } });

    const entries = await world.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, `${s.unique_id}/${s.season_id}`));
    expect(entries.map((e) => e.action).filter((a) => a.startsWith('game.'))).toEqual([
      'game.pause',
      'game.resume',
    ]);

    await control(s, 'terminate_contest_running_game', { uuid });
  });

  it('a player seated in a running game is not ready: left off the ready list, and planning them answers 2543', async () => {
    const { s, uuid, player } = await runningGame();
    const ready = await world.get('ready_player_list', seasonOf(s), { token: s.owner.token });
    expect(ready.body.data).toEqual([]);
    const res = await world.post(
      'create_game_plan',
      { ...seasonOf(s), account_list: [player, 0, 0, 0] },
      { token: s.owner.token },
    );
    refused(res, 2543, 409);
    await control(s, 'terminate_contest_running_game', { uuid });
  });

  it('terminates by uuid or game_uuid: the game leaves the list without a record, is_end becomes 1', async () => {
    const first = await runningGame();
    const res = await control(first.s, 'terminate_contest_running_game', { game_uuid: first.uuid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: {} });
    expect(await runningList(first.s)).toEqual([]);
    expect((await gameRow(world, first.uuid)).state).toBe(5);
    const records = await world.database.db
      .select()
      .from(gameRecords)
      .where(eq(gameRecords.uuid, first.uuid));
    expect(records).toEqual([]);
    const realtime = await world.get(`/api/game/realtime/${first.uuid}/progress/latest`);
    expect(realtime.body).toMatchObject({ uuid: first.uuid, is_end: 1 });
    const [entry] = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game.terminate'), eq(auditLog.actorId, first.s.owner.account.id)));
    expect(entry.after).toMatchObject({ uuid: first.uuid, state: 5 });

    // A game no longer running: every control answers 2517.
    refused(await control(first.s, 'terminate_contest_running_game', { uuid: first.uuid }), 2517, 400);
    refused(await control(first.s, 'pause_contest_running_game', { uuid: first.uuid, resume: 1 }), 2517, 400);
    refused(
      await control(first.s, 'update_contest_game_remark', { uuid: first.uuid, remark: 'x' }),
      2517,
      400,
    );

    const second = await runningGame();
    const byUuid = await control(second.s, 'terminate_contest_running_game', {
      uuid: second.uuid.toUpperCase(),
    });
    expect(byUuid.body).toEqual({ data: {} });
    expect(await runningList(second.s)).toEqual([]);
  });

  it('the remark becomes the game tag, and the record takes it; over 25 characters is refused with 2554', async () => {
    const { s, uuid, unlink } = await runningGame({ remark: 'table 1' });
    expect((await runningList(s))[0].tag).toBe('table 1');
    refused(await control(s, 'update_contest_game_remark', { uuid, remark: 'x'.repeat(26) }), 2554, 400);
    const res = await control(s, 'update_contest_game_remark', { game_uuid: uuid, remark: 'final table' });
    expect(res.body).toEqual({ data: {} });
    expect((await runningList(s))[0].tag).toBe('final table');
    const [entry] = await world.database.db.select().from(auditLog).where(eq(auditLog.action, 'game.remark'));
    expect(entry).toMatchObject({ before: { uuid, tag: 'table 1' }, after: { uuid, tag: 'final table' } });

    unlink();
    const record = await recordOf(world, uuid);
    expect(record.tag).toBe('final table');
    expect(await runningList(s)).toEqual([]);
  });

  it('a game of another tournament, or an unknown uuid, is refused with 2517', async () => {
    const { s, uuid } = await runningGame();
    const other = await seasonWithRoster(world, 0);
    const body = { unique_id: other.unique_id, uuid, resume: 1 };
    refused(await world.post('pause_contest_running_game', body, { token: other.owner.token }), 2517, 400);
    refused(
      await world.post('terminate_contest_running_game', body, { token: other.owner.token }),
      2517,
      400,
    );
    refused(
      await world.post('update_contest_game_remark', { ...body, remark: 'x' }, { token: other.owner.token }),
      2517,
      400,
    );
    refused(
      await control(s, 'pause_contest_running_game', { uuid: crypto.randomUUID(), resume: 1 }),
      2517,
      400,
    );
    // Neither uuid nor game_uuid: a parameter error.
    refused(await control(s, 'terminate_contest_running_game', {}), 2517, 400);
    expect(await runningList(s)).toHaveLength(1);
    await control(s, 'terminate_contest_running_game', { uuid });
  });

  it('observers see running games but may not control them (2506); strangers see nothing (2501)', async () => {
    const { s, uuid } = await runningGame();
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
    expect(await runningList(s, observer.token)).toHaveLength(1);
    refused(await control(s, 'pause_contest_running_game', { uuid, resume: 1 }, observer.token), 2506, 403);
    refused(await control(s, 'terminate_contest_running_game', { uuid }, observer.token), 2506, 403);
    const stranger = await world.organiser();
    refused(await control(s, 'terminate_contest_running_game', { uuid }, stranger.token), 2501, 404);
    expect((await gameRow(world, uuid)).state).toBe(2);
    await control(s, 'terminate_contest_running_game', { uuid });
  });

  it('a game of a finished season keeps its controls, and keeps the season from being ended (2541)', async () => {
    const { s, uuid } = await runningGame();
    await world.post(
      'update_contest_season',
      { ...seasonOf(s), setting: { end_time: world.clock.now() - 1 } },
      { token: s.owner.token },
    );
    const refusedEnd = await world.post('end_contest_season', seasonOf(s), { token: s.owner.token });
    refused(refusedEnd, 2541, 409);
    expect((await control(s, 'update_contest_game_remark', { uuid, remark: 'last table' })).body).toEqual({
      data: {},
    });
    expect((await control(s, 'terminate_contest_running_game', { uuid })).body).toEqual({ data: {} });
  });
});

describe('realtime progress', () => {
  it('answers where a game stands without auth and without the data wrapper, under both prefixes', async () => {
    const { uuid } = await runningGame();
    const row = await gameRow(world, uuid);
    for (const prefix of ['/api', '/api/contest_gate/api']) {
      const res = await world.get(`${prefix}/game/realtime/${uuid}/progress/latest`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        uuid,
        chang: 0,
        ju: 0,
        ben: 0,
        is_end: 0,
        update_time: row.updateTime,
        scores: [25000, 25000, 25000, 25000],
      });
    }
    await world.app.deps.games.terminate(uuid);
  });

  it('an unknown game or a malformed uuid answers {}', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '1', '%25zz', 'a'.repeat(300)]) {
      const res = await world.get(`/api/game/realtime/${id}/progress/latest`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
  });

  it('reads a game only: the same uuid with another ending is not this call', async () => {
    const res = await world.get(`/api/game/realtime/${crypto.randomUUID()}/progress/first`);
    expect(res.status).toBe(404);
  });
});
