import { verifyGame } from '@taikai/engine';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { gameHands, gamePlans, gameRecords, recordPlayers } from '../../src/db/schema';
import * as q from '../../src/games/queries';
import {
  eventually,
  gameOfPlan,
  gameRow,
  makeReady,
  recordOf,
  seasonWithRoster,
  type World,
} from '../support/games';
import { startWorld } from '../support/world';

// The game host on its own: plans start when their players are ready, games are stored as they play and become
// records, plans expire, controls answer, the auto-match seats ready players, and a new process resumes games.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

async function insertPlan(
  season: { unique_id: number; season_id: number },
  accountIds: number[],
  extra: Partial<{
    startTime: number;
    aiLevel: number;
    remark: string;
    shuffleSeat: number;
    initPoints: number;
  }> = {},
) {
  const uuid = crypto.randomUUID();
  await q.insertPlan(world.database.db, {
    uuid,
    uniqueId: season.unique_id,
    seasonId: season.season_id,
    startTime: extra.startTime ?? world.clock.now(),
    shuffleSeat: extra.shuffleSeat ?? 0,
    aiLevel: extra.aiLevel ?? 0,
    remark: extra.remark ?? '',
    createTime: world.clock.now(),
    creatorId: null,
    seats: accountIds.map((accountId) => ({ accountId, initPoints: extra.initPoints ?? 25000 })),
  });
  world.app.deps.games.kick();
  return uuid;
}

describe('game host', () => {
  it('starts a due plan once its players are ready, and writes the record in placement order', async () => {
    const s = await seasonWithRoster(world, 2);
    const planUuid = await insertPlan(s, [s.ids[0], 0, s.ids[1], 0], { remark: 'table 1' });
    await new Promise((r) => setTimeout(r, 200));
    const [waiting] = await world.database.db.select().from(gamePlans).where(eq(gamePlans.uuid, planUuid));
    expect(waiting.state).toBe(1);

    makeReady(world, s.unique_id, s.season_id, s.ids);
    const gameUuid = await gameOfPlan(world, planUuid);
    const record = await recordOf(world, gameUuid);
    expect(record.tag).toBe('table 1');
    expect(record.seats.map((x) => x.account_id)).toEqual([s.ids[0], 0, s.ids[1], 0]);
    const points = record.result.map((p) => p.part_point_1);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(record.result.reduce((sum, p) => sum + p.total_point, 0)).toBe(0);
    expect(verifyGame(record.seed, record.log as never).ok).toBe(true);

    const players = await world.database.db
      .select()
      .from(recordPlayers)
      .where(eq(recordPlayers.recordUuid, gameUuid));
    expect(players.map((p) => p.place).sort()).toEqual([1, 2, 3, 4]);
    expect((await gameRow(world, gameUuid)).state).toBe(3);
    const hands = await world.database.db.select().from(gameHands).where(eq(gameHands.gameUuid, gameUuid));
    expect(hands.length).toBe((record.log as { paipu: { log: unknown[] } }).paipu.log.length);
  });

  it('names the robots of a record apart, in seat order, in the record the organiser lists', async () => {
    const s = await seasonWithRoster(world, 1);
    const planUuid = await insertPlan(s, [0, s.ids[0], 0, 0]);
    makeReady(world, s.unique_id, s.season_id, s.ids);
    const gameUuid = await gameOfPlan(world, planUuid);
    await recordOf(world, gameUuid);
    const res = await world.get(
      'fetch_contest_game_records',
      { unique_id: s.unique_id, season_id: s.season_id, limit: 10 },
      { token: s.owner.token },
    );
    const listed = res.body.data.record_list.find((r: { uuid: string }) => r.uuid === gameUuid);
    expect(
      listed.accounts.map((a: { account_id: number; nickname: string }) => [a.account_id, a.nickname]),
    ).toEqual([
      [0, 'Robot 1'],
      [s.ids[0], s.roster[0].account.nickname],
      [0, 'Robot 2'],
      [0, 'Robot 3'],
    ]);
  });

  it('plays a three-player table (South, round type 12) to its record', async () => {
    const s = await seasonWithRoster(world, 1, { game_rule_setting: { mode: 12 } });
    makeReady(world, s.unique_id, s.season_id, s.ids);
    const gameUuid = await gameOfPlan(
      world,
      await insertPlan(s, [0, s.ids[0], 0], { aiLevel: 1, initPoints: 35000 }),
    );
    const record = await recordOf(world, gameUuid);
    expect(record.roundType).toBe(12);
    expect(record.result.map((p) => p.seat).sort()).toEqual([0, 1, 2]);
    expect(record.result.reduce((sum, p) => sum + p.part_point_1, 0)).toBe(105000);
    expect(record.result.reduce((sum, p) => sum + p.total_point, 0)).toBe(0);
    expect(verifyGame(record.seed, record.log as never).ok).toBe(true);
  });

  it('expires a plan whose players are not all ready 30 minutes after its start', async () => {
    const s = await seasonWithRoster(world, 2);
    const planUuid = await insertPlan(s, [s.ids[0], s.ids[1], 0, 0]);
    makeReady(world, s.unique_id, s.season_id, [s.ids[0]]);
    world.clock.advance(30 * 60 + 1);
    world.app.deps.games.kick();
    await eventually(async () => {
      const [row] = await world.database.db.select().from(gamePlans).where(eq(gamePlans.uuid, planUuid));
      return row.state === 4;
    });
  });

  it('terminates a running game without a record; pausing twice answers 1209, resuming twice 1210', async () => {
    const s = await seasonWithRoster(world, 1);
    const host = world.app.deps.games;
    // A linked player who never answers keeps the table waiting on its seat.
    const unlink = host.live.onAccount(s.ids[0], () => {});
    makeReady(world, s.unique_id, s.season_id, s.ids);
    const gameUuid = await gameOfPlan(world, await insertPlan(s, [s.ids[0], 0, 0, 0]));
    await eventually(async () => (await gameRow(world, gameUuid)).handStart !== null);

    expect(await host.pause(gameUuid)).toMatchObject({ ok: true });
    expect((await gameRow(world, gameUuid)).pauseUntil).toBeGreaterThan(world.clock.now());
    expect(await host.pause(gameUuid)).toMatchObject({ ok: false, code: 1209 });
    expect(await host.resume(gameUuid)).toMatchObject({ ok: true });
    expect((await gameRow(world, gameUuid)).pauseUntil).toBeNull();
    expect(await host.resume(gameUuid)).toMatchObject({ ok: false, code: 1210 });

    expect(await host.terminate(gameUuid)).toMatchObject({ ok: true });
    const row = await gameRow(world, gameUuid);
    expect(row.state).toBe(5);
    expect(row.stopReason).toBe('terminated');
    const records = await world.database.db.select().from(gameRecords).where(eq(gameRecords.uuid, gameUuid));
    expect(records).toEqual([]);
    unlink();
  });

  it('auto-match seats eight ready players into two tables', async () => {
    const s = await seasonWithRoster(world, 8);
    const list = await world.get(
      'fetch_contest_season_list',
      { unique_id: s.unique_id },
      { token: s.owner.token },
    );
    const { start_time, end_time } = list.body.data[0];
    const updated = await world.post(
      'update_contest_season',
      {
        unique_id: s.unique_id,
        season_id: s.season_id,
        setting: { auto_match: 1, match_start_time: start_time, match_end_time: end_time },
      },
      { token: s.owner.token },
    );
    expect(updated.body).toMatchObject({ data: {} });
    makeReady(world, s.unique_id, s.season_id, s.ids);
    world.app.deps.games.kick();
    const started = await eventually(async () => {
      const rows = await world.database.db
        .select()
        .from(gamePlans)
        .where(and(eq(gamePlans.uniqueId, s.unique_id), eq(gamePlans.seasonId, s.season_id)));
      return rows.length === 2 && rows.every((r) => r.gameUuid) ? rows : null;
    });
    const seated = new Set<number>();
    for (const p of started) {
      const game = await gameRow(world, p.gameUuid as string);
      for (const seat of game.seats) seated.add(seat.account_id);
    }
    expect([...seated].sort()).toEqual([...s.ids].sort());
  });

  it('a hand whose start cannot be stored is not shown: a restart would not know its wall was dealt', async () => {
    const s = await seasonWithRoster(world, 1);
    const host = world.app.deps.games;
    const db = world.database.db;
    // The database refuses the start of every hand after the first of this table (its tag marks it).
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_hand_start() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'hand start refused'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_hand_start BEFORE UPDATE ON games FOR EACH ROW
        WHEN (NEW.tag = 'unstored hands' AND NEW.hand > 0) EXECUTE FUNCTION refuse_hand_start()`),
    );
    // What reaches the player's links, watched without opening one (the player is away: the engine plays).
    const deals: unknown[] = [];
    const send = host.live.account.bind(host.live);
    host.live.account = (accountId, m) => {
      if (accountId === s.ids[0] && m.op === 'game_message' && 'qipai' in m.msg) deals.push(m.msg.qipai);
      send(accountId, m);
    };
    try {
      makeReady(world, s.unique_id, s.season_id, s.ids);
      const plan = await insertPlan(s, [s.ids[0], 0, 0, 0], { remark: 'unstored hands' });
      const gameUuid = await gameOfPlan(world, plan);
      const record = await recordOf(world, gameUuid);
      const hands = (record.log as { paipu: { log: unknown[] } }).paipu.log.length;
      expect(hands).toBeGreaterThan(1);
      // The game played on (the player's seat played by the engine), but only the first deal was shown.
      expect(deals).toHaveLength(1);
      expect((await gameRow(world, gameUuid)).hand).toBe(0);
    } finally {
      host.live.account = send;
      await db.execute(sql.raw('DROP TRIGGER refuse_hand_start ON games'));
      await db.execute(sql.raw('DROP FUNCTION refuse_hand_start()'));
    }
  });

  it('a new process resumes a running game from the start of its hand in progress and records it once', async () => {
    const s = await seasonWithRoster(world, 1);
    const host = world.app.deps.games;
    // The player answers slowly (a pass, or the engine's default discard), so the game is mid-way when the
    // process goes.
    const unlink = host.live.onAccount(s.ids[0], (m) => {
      if (m.op === 'game_message' && m.ask) {
        const ask = m.ask;
        setTimeout(() => host.answer(s.ids[0], m.game_uuid, ask.id, {}), 3);
      }
    });
    makeReady(world, s.unique_id, s.season_id, s.ids);
    const gameUuid = await gameOfPlan(world, await insertPlan(s, [s.ids[0], 0, 0, 0], { aiLevel: 1 }));
    await eventually(async () => (await gameRow(world, gameUuid)).hand >= 2, 'hand 2');
    unlink();
    const before = await gameRow(world, gameUuid);
    const handsBefore = await world.database.db
      .select()
      .from(gameHands)
      .where(eq(gameHands.gameUuid, gameUuid));
    await world.app.close();
    // Where the next process picks up: the hand whose start (and deal attempt) was stored last.
    const stopped = await gameRow(world, gameUuid);

    // The next process over the same database.
    const next = await buildApp({
      config: world.config,
      database: world.database,
      clock: world.clock,
      logger: false,
    });
    await next.ready();
    const record = await recordOf(world, gameUuid);
    await next.close();
    const log = record.log as { paipu: { log: unknown[] } };
    for (const h of handsBefore.filter((h) => h.hand < before.hand))
      expect(log.paipu.log[h.hand]).toEqual(h.log);
    expect(verifyGame(record.seed, record.log as never).ok).toBe(true);
    expect(record.seed).toBe(before.seed);
    // The hand in progress was dealt again on the next attempt, a fresh wall, and the record says so.
    const redealt = { hand: stopped.hand, attempt: stopped.handAttempt + 1 };
    expect(verifyGame(record.seed, record.log as never).redealt).toEqual([redealt]);
    const [replayed] = await world.database.db
      .select({ attempt: gameHands.attempt })
      .from(gameHands)
      .where(and(eq(gameHands.gameUuid, gameUuid), eq(gameHands.hand, stopped.hand)));
    expect(replayed.attempt).toBe(redealt.attempt);
    const copies = await world.database.db.select().from(gameRecords).where(eq(gameRecords.uuid, gameUuid));
    expect(copies).toHaveLength(1);
  });
});
