import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bans, contests, gamePlans, games } from '../../src/db/schema';
import * as operator from '../../src/domains/accounts/operator';
import { EventStream } from '../support/event-stream';
import {
  eventually,
  gameOfPlan,
  gameRow,
  makeReady,
  plan,
  seasonWithRoster,
  type World,
} from '../support/games';
import { LinkClient, listen } from '../support/link-client';
import { startWorld } from '../support/world';

// Who the host seats: a player taken off the roster, blacklisted or banned is never seated (their waiting plans
// are cancelled with the reason, a plan due with them is refused, the auto-match leaves them out, and they are
// no longer ready); a table that fails is listed with its reason, announced on the season's stream, and its
// players are free again; a player seated in a running game is not on the ready list.

let world: World;
let wsBase: string;
let httpBase: string;
beforeAll(async () => {
  world = await startWorld();
  wsBase = await listen(world);
  httpBase = wsBase.replace(/^ws:/, 'http:');
});
afterAll(() => world.close());

type Season = Awaited<ReturnType<typeof seasonWithRoster>>;
const idsOf = (s: Season) => ({ unique_id: s.unique_id, season_id: s.season_id });

async function failedList(s: Season) {
  const res = await world.get('contest_failed_game_list', idsOf(s), { token: s.owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    kind: string;
    uuid: string;
    reason: string;
    account_id: number;
    detail: string;
    players: { account_id: number; nickname?: string }[];
  }[];
}

async function planRow(uuid: string) {
  const [row] = await world.database.db.select().from(gamePlans).where(eq(gamePlans.uuid, uuid));
  return row;
}

async function gamesOfSeason(s: Season) {
  return world.database.db
    .select()
    .from(games)
    .where(and(eq(games.uniqueId, s.unique_id), eq(games.seasonId, s.season_id)));
}

async function readyIds(s: Season): Promise<number[]> {
  const res = await world.get('ready_player_list', idsOf(s), { token: s.owner.token });
  expect(res.status).toBe(200);
  return res.body.data.map((p: { account_id: number }) => p.account_id);
}

async function openStream(s: Season): Promise<EventStream> {
  const stream = await EventStream.open(httpBase, s.owner.token, idsOf(s));
  if (!(stream instanceof EventStream)) throw new Error(`no stream: ${stream.status}`);
  await stream.until(() => stream.events('hello').length > 0);
  return stream;
}

describe('a player who may no longer play is never seated', () => {
  it('removing a planned player cancels the plan (player_removed), lists it as failed, and they are not ready', async () => {
    const s = await seasonWithRoster(world, 2);
    const [a, b] = s.ids;
    const stream = await openStream(s);
    const link = await LinkClient.as(wsBase, s.roster[0]);
    await link.enter(idsOf(s));
    await link.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready');
    await eventually(() => world.app.deps.games.presence.isReady(s.unique_id, s.season_id, a));
    // b is not ready: the plan waits.
    const uuid = await plan(world, s.owner, idsOf(s), [a, b, 0, 0]);

    const removed = await world.post(
      'remove_contest_season_player',
      { ...idsOf(s), account_id_list: [a] },
      { token: s.owner.token },
    );
    expect(removed.body).toEqual({ data: { success: [a] } });
    const row = await planRow(uuid);
    expect(row).toMatchObject({ state: 5, stopReason: 'player_removed', stopAccount: a, gameUuid: null });
    // Their link is told they are no longer ready, and the ready list and plan list no longer hold them.
    await link.next((m) => m.op === 'ready' && m.ready === false);
    expect(world.app.deps.games.presence.isReady(s.unique_id, s.season_id, a)).toBe(false);
    expect(await readyIds(s)).toEqual([]);
    const plans = await world.get('fetch_contest_game_plan_list', idsOf(s), { token: s.owner.token });
    expect(plans.body.data).toEqual([]);
    // The organiser sees why, in the failed list and on the stream.
    const failed = await failedList(s);
    expect(failed).toEqual([
      expect.objectContaining({
        kind: 'plan',
        uuid,
        reason: 'player_removed',
        account_id: a,
        detail: '',
        players: [
          { account_id: a, nickname: s.roster[0].account.nickname },
          { account_id: b, nickname: s.roster[1].account.nickname },
          { account_id: 0 },
          { account_id: 0 },
        ],
      }),
    ]);
    await stream.until(() => stream.changes().some((c) => c.kind === 'failed' && c.uuid === uuid));
    expect(stream.changes().find((c) => c.kind === 'failed')).toEqual({
      kind: 'failed',
      uuid,
      reason: 'player_removed',
    });
    // Ready again (a stale link in another process, say), the removed player still seats nowhere.
    makeReady(world, s.unique_id, s.season_id, [a, b]);
    world.app.deps.games.kick();
    expect(await gamesOfSeason(s)).toEqual([]);
    stream.close();
    await link.close();
  });

  it('a due plan whose player was banned behind its back is refused at the start, with the reason', async () => {
    const s = await seasonWithRoster(world, 1);
    const [a] = s.ids;
    const uuid = await plan(world, s.owner, idsOf(s), [a, 0, 0, 0], {
      game_start_time: world.clock.now() + 60,
    });
    // Banned straight in the database (as another process's ban would be, before this one hears of it).
    await world.database.db
      .insert(bans)
      .values({ kind: 'account', value: String(a), createTime: world.clock.now() });
    makeReady(world, s.unique_id, s.season_id, [a]);
    world.clock.advance(61);
    world.app.deps.games.kick();
    const row = await eventually(async () => {
      const r = await planRow(uuid);
      return r.state !== 1 ? r : null;
    });
    expect(row).toMatchObject({ state: 5, stopReason: 'player_banned', stopAccount: a, gameUuid: null });
    expect(await gamesOfSeason(s)).toEqual([]);
    expect(world.app.deps.games.presence.isReady(s.unique_id, s.season_id, a)).toBe(false);
    expect((await failedList(s)).map((f) => [f.uuid, f.reason])).toEqual([[uuid, 'player_banned']]);
  });

  it('a ban by the operator cancels the account’s waiting plans in every season (player_banned)', async () => {
    const s = await seasonWithRoster(world, 1);
    const [a] = s.ids;
    const uuid = await plan(world, s.owner, idsOf(s), [a, 0, 0, 0], {
      game_start_time: world.clock.now() + 600,
    });
    await operator.setBan(world.opCtx(), String(a), true);
    expect(await planRow(uuid)).toMatchObject({ state: 5, stopReason: 'player_banned', stopAccount: a });
    expect((await failedList(s)).map((f) => f.reason)).toEqual(['player_banned']);
  });

  it('the auto-match leaves out a ready player who was removed and blacklisted since, and seats the others', async () => {
    const s = await seasonWithRoster(world, 5);
    const [a, b, c, d, e] = s.ids;
    makeReady(world, s.unique_id, s.season_id, [a, b, c, d]);
    await world.post(
      'remove_contest_season_player',
      { ...idsOf(s), account_id_list: [d] },
      { token: s.owner.token },
    );
    const blacklisted = await world.post(
      'set_contest_season_player_limit',
      { ...idsOf(s), type: 2, add_list: [d], remove_list: [] },
      { token: s.owner.token },
    );
    expect(blacklisted.body.data.failed).toEqual([]);
    // d's link still says ready (a stale presence), e gets ready; then the auto-match is switched on.
    makeReady(world, s.unique_id, s.season_id, [d, e]);
    const on = await world.post(
      'update_contest_season',
      { ...idsOf(s), setting: { auto_match: 1 } },
      { token: s.owner.token },
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    world.app.deps.games.kick();
    const [game] = await eventually(async () => {
      const rows = await gamesOfSeason(s);
      return rows.length > 0 ? rows : null;
    });
    expect(game.seats.map((seat) => seat.account_id).sort()).toEqual([a, b, c, e].sort());
    expect(world.app.deps.games.presence.isReady(s.unique_id, s.season_id, d)).toBe(false);
    // No more tables for the rest of the file.
    world.app.deps.games.presence.drop(s.unique_id, s.season_id, s.ids);
    await world.post(
      'terminate_contest_running_game',
      { unique_id: s.unique_id, uuid: game.uuid },
      { token: s.owner.token },
    );
  });
});

describe('a table that fails', () => {
  it('failing to start is listed with the engine’s words, announced on the stream, and its players are free', async () => {
    const s = await seasonWithRoster(world, 1);
    const [a] = s.ids;
    const stream = await openStream(s);
    const uuid = await plan(world, s.owner, idsOf(s), [a, 0, 0, 0], {
      game_start_time: world.clock.now() + 60,
    });
    // The rule changes under the plan to one the engine refuses (wanxiang mode).
    const [contest] = await world.database.db
      .select()
      .from(contests)
      .where(eq(contests.uniqueId, s.unique_id));
    await world.database.db
      .update(contests)
      .set({ detailRule: { ...contest.detailRule, wanxiangxiuluo_mode: 1 } })
      .where(eq(contests.uniqueId, s.unique_id));
    makeReady(world, s.unique_id, s.season_id, [a]);
    world.clock.advance(61);
    world.app.deps.games.kick();
    const gameUuid = await gameOfPlan(world, uuid);
    await eventually(async () => (await gameRow(world, gameUuid)).state === 5);

    const [failed] = await failedList(s);
    expect(failed).toMatchObject({ kind: 'game', uuid: gameUuid, reason: 'start_failed', account_id: 0 });
    expect(failed.detail).toContain('wanxiang');
    expect(failed.players[0]).toEqual({ account_id: a, nickname: s.roster[0].account.nickname });
    await stream.until(() => stream.changes().some((c) => c.kind === 'failed' && c.uuid === gameUuid));
    expect(stream.changes().find((c) => c.kind === 'failed')).toEqual({
      kind: 'failed',
      uuid: gameUuid,
      reason: 'start_failed',
    });
    // Not running; the player is free: ready, not busy, and may be planned again.
    const running = await world.get('contest_running_game_list', idsOf(s), { token: s.owner.token });
    expect(running.body.data).toEqual([]);
    expect(world.app.deps.games.playingIn(a, s.unique_id, s.season_id)).toBeNull();
    const ready = await world.get('ready_player_list', idsOf(s), { token: s.owner.token });
    expect(ready.body.data).toEqual([expect.objectContaining({ account_id: a, busy: 0 })]);
    await world.database.db
      .update(contests)
      .set({ detailRule: contest.detailRule })
      .where(eq(contests.uniqueId, s.unique_id));
    const again = await plan(world, s.owner, idsOf(s), [a, 0, 0, 0], {
      game_start_time: world.clock.now() + 600,
    });
    expect(again).toMatch(/-/);
    stream.close();
  });

  it('stopping on an engine error mid-game is listed (engine_error, the engine’s words) and frees its players', async () => {
    const s = await seasonWithRoster(world, 1);
    const [a] = s.ids;
    const host = world.app.deps.games;
    const stream = await openStream(s);
    // A linked player who does not answer keeps the table on its seat.
    const unlink = host.live.onAccount(a, () => {});
    makeReady(world, s.unique_id, s.season_id, [a]);
    const gameUuid = await gameOfPlan(world, await plan(world, s.owner, idsOf(s), [a, 0, 0, 0]));
    // The engine reports a failure of the table, as a worker does when its game throws.
    type Internals = {
      running: Map<string, unknown>;
      onEvent(game: unknown, event: { type: 'failed'; error: string }): void;
      pool: { terminate(uuid: string): Promise<unknown> };
    };
    const internals = host as unknown as Internals;
    // Running on this process (in the scaled mode, once its table job is taken).
    await eventually(() => internals.running.has(gameUuid));
    internals.onEvent(internals.running.get(gameUuid), {
      type: 'failed',
      error: 'wall ran out <b>twice</b>',
    });
    await eventually(async () => (await gameRow(world, gameUuid)).state === 5);
    await internals.pool.terminate(gameUuid);

    const [failed] = await failedList(s);
    expect(failed).toMatchObject({
      kind: 'game',
      uuid: gameUuid,
      reason: 'engine_error',
      detail: 'wall ran out <b>twice</b>',
    });
    await stream.until(() => stream.changes().some((c) => c.kind === 'failed' && c.uuid === gameUuid));
    expect(host.playingIn(a, s.unique_id, s.season_id)).toBeNull();
    const running = await world.get('contest_running_game_list', idsOf(s), { token: s.owner.token });
    expect(running.body.data).toEqual([]);
    expect(await readyIds(s)).toEqual([a]);
    stream.close();
    unlink();
  });

  it('a terminated game is not listed as failed', async () => {
    const s = await seasonWithRoster(world, 1);
    const unlink = world.app.deps.games.live.onAccount(s.ids[0], () => {});
    makeReady(world, s.unique_id, s.season_id, s.ids);
    // Terminated at once, while the scaled mode's table may still be waiting in the queue for a process.
    const gameUuid = await gameOfPlan(world, await plan(world, s.owner, idsOf(s), [s.ids[0], 0, 0, 0]));
    const res = await world.post(
      'terminate_contest_running_game',
      { unique_id: s.unique_id, uuid: gameUuid },
      { token: s.owner.token },
    );
    expect(res.body).toEqual({ data: {} });
    await eventually(async () => (await gameRow(world, gameUuid)).state === 5);
    expect(await failedList(s)).toEqual([]);
    unlink();
  });
});

describe('ready_player_list and running games', () => {
  it('leaves out a ready player seated in a running game; one in a waiting plan is listed busy', async () => {
    const s = await seasonWithRoster(world, 3);
    const [a, b, c] = s.ids;
    // A linked player who does not answer keeps the table on its seat.
    const unlink = world.app.deps.games.live.onAccount(a, () => {});
    makeReady(world, s.unique_id, s.season_id, [a, b, c]);
    const gameUuid = await gameOfPlan(world, await plan(world, s.owner, idsOf(s), [a, 0, 0, 0]));
    await plan(world, s.owner, idsOf(s), [b, 0, 0, 0], { game_start_time: world.clock.now() + 3600 });

    const res = await world.get('ready_player_list', idsOf(s), { token: s.owner.token });
    expect(res.body.data.map((p: { account_id: number; busy: number }) => [p.account_id, p.busy])).toEqual([
      [b, 1],
      [c, 0],
    ]);
    // Still ready underneath: once the game ends, they are listed again.
    const terminated = await world.post(
      'terminate_contest_running_game',
      { unique_id: s.unique_id, uuid: gameUuid },
      { token: s.owner.token },
    );
    expect(terminated.body).toEqual({ data: {} });
    await eventually(async () => (await gameRow(world, gameUuid)).state === 5);
    expect((await readyIds(s)).sort()).toEqual([a, b, c].sort());
    unlink();
  });
});
