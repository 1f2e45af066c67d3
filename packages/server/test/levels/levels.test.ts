import type { TableEvent } from '@taikai/engine';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Ctx } from '../../src/context';
import { auditLog, gamePlans, levelGames, recordPlayers, seasonPlayers } from '../../src/db/schema';
import * as accounts from '../../src/domains/accounts/operator';
import { afterGame, startOf } from '../../src/domains/levels/ladder';
import { earnFromGame } from '../../src/domains/levels/service';
import { writeRecord } from '../../src/games/record-writer';
import { OPERATOR_COMMANDS } from '../../src/operator/commands';
import {
  eventually,
  gameRow,
  makeReady,
  plansOf,
  playRecordedGame,
  recordOf,
  seasonWithRoster,
  turnOnAutoMatch,
} from '../support/games';
import { type Organiser, type Reply, startWorld, type World } from '../support/world';

// Player levels and zones (server README, "Player levels", "Zones"): rated games move levels once, level limits
// are held at sign-up and planning (2518), banned zones at sign-up (2524), hidden zones at the public list.

let world: World;
let operator: Organiser;
beforeAll(async () => {
  world = await startWorld();
  operator = await operatorAccount();
});
afterAll(() => world.close());

/** An operator account (as the command line makes one), logged in. */
async function operatorAccount(): Promise<Organiser> {
  const email = 'levels.operator@operators.test';
  const password = 'secret-pass';
  const created = await accounts.createAccount(world.opCtx(), {
    email,
    nickname: 'LevelsOperator',
    password,
    isOperator: true,
  });
  const login = await world.post('/api/login', { account: email, password, type: 0 });
  return {
    token: login.body.data.token,
    account: { id: created.id, publicId: created.publicId, email, nickname: 'LevelsOperator', password },
  };
}

const codeOf = (res: Reply) => res.body.error?.code as number | undefined;
function dataOf(res: Reply) {
  if (res.status !== 200 || res.body.error) throw new Error(`HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const levelOf = async (who: Organiser) =>
  dataOf(await world.get('fetch_account_level', {}, { token: who.token }));
const fourPlayer = async (who: Organiser) =>
  (await levelOf(who)).levels[0] as { level: number; points: number };

async function setBase(owner: Organiser, unique_id: number, setting: Record<string, unknown>) {
  return dataOf(await world.post('update_contest_base', { unique_id, setting }, { token: owner.token }));
}

const setLevel = (account_id: number, level: number, type = 1) =>
  world.post('operator_set_level', { account_id, type, level }, { token: operator.token });
const setZone = (account_id: number, zone: number) =>
  world.post('operator_set_zone', { account_id, zone }, { token: operator.token });

/** The places of a record's human seats, by account. */
async function placesOf(uuid: string) {
  const rows = await world.database.db
    .select({ accountId: recordPlayers.accountId, place: recordPlayers.place, seat: recordPlayers.seat })
    .from(recordPlayers)
    .where(eq(recordPlayers.recordUuid, uuid))
    .orderBy(asc(recordPlayers.seat));
  return rows;
}

describe('levels', () => {
  it('a new account stands at Novice 1 with 0 points on both ladders, in the default zone 3', async () => {
    const who = await world.organiser();
    expect(await levelOf(who)).toEqual({
      account_id: who.account.id,
      zone: 3,
      levels: [
        { type: 1, level: 10101, points: 0, target: 20 },
        { type: 2, level: 20101, points: 0, target: 20 },
      ],
    });
  });

  it('a rated game moves each human seat by its place, exactly once however often it is settled', async () => {
    const s = await seasonWithRoster(world, 2, { game_rule_setting: { mode: 1 } });
    expect((await setBase(s.owner, s.unique_id, { rated: 1 })).rated).toBe(1);
    // One player starts higher, where last place costs points.
    dataOf(await setLevel(s.ids[1], 10302));
    const before = [await fourPlayer(s.roster[0]), await fourPlayer(s.roster[1])];
    expect(before[1]).toEqual({ type: 1, level: 10302, points: 0, target: 200 });

    const uuid = await playRecordedGame(world, s.owner, s, [s.ids[0], 0, s.ids[1], 0]);
    const places = await placesOf(uuid);
    const expected = s.roster.map((p, i) => {
      const place = places.find((r) => r.accountId === p.account.id)!.place;
      return afterGame(before[i], place, 4);
    });
    const after = [await fourPlayer(s.roster[0]), await fourPlayer(s.roster[1])];
    expect(after.map(({ level, points }) => ({ level, points }))).toEqual(expected);
    // Robots have no level; the three-player ladder did not move.
    const written = await world.database.db.select().from(levelGames).where(eq(levelGames.recordUuid, uuid));
    expect(written.map((r) => r.accountId).sort((a, b) => a - b)).toEqual([...s.ids].sort((a, b) => a - b));
    expect((await levelOf(s.roster[0])).levels[1]).toMatchObject({ level: 20101, points: 0 });

    // The host settles the same game again (a restart, a table taken over): nothing more is counted.
    const game = await gameRow(world, uuid);
    const record = await recordOf(world, uuid);
    const finished = {
      type: 'finished',
      tableId: uuid,
      reason: 'end',
      settlement: {
        players: places.map((p) => ({ ...p, ...record.result.find((r) => r.seat === p.seat)! })),
      },
      progress: game.progress,
      log: record.log,
      seed: record.seed,
      commitment: record.commitment,
    } as unknown as Extract<TableEvent, { type: 'finished' }>;
    const game4 = { uuid, uniqueId: s.unique_id, seasonId: s.season_id, seats: game.seats };
    await writeRecord(world.database.db, game4, finished, world.clock.now());
    // And the ladder itself refuses to count a record twice.
    const again = await world.database.db.transaction((tx) =>
      earnFromGame(
        tx,
        { recordUuid: uuid, uniqueId: s.unique_id, roundType: 1, seats: game.seats, places },
        world.clock.now(),
      ),
    );
    expect(again).toEqual([]);
    expect([await fourPlayer(s.roster[0]), await fourPlayer(s.roster[1])]).toEqual(after);
    expect(
      await world.database.db.select().from(levelGames).where(eq(levelGames.recordUuid, uuid)),
    ).toHaveLength(2);
  });

  it('a game of a tournament that is not rated moves no level', async () => {
    const s = await seasonWithRoster(world, 2, { game_rule_setting: { mode: 1 } });
    const detail = dataOf(
      await world.get('fetch_contest_detail', { unique_id: s.unique_id }, { token: s.owner.token }),
    );
    expect(detail.rated).toBe(0);
    const uuid = await playRecordedGame(world, s.owner, s, [0, s.ids[0], 0, s.ids[1]]);
    expect(await world.database.db.select().from(levelGames).where(eq(levelGames.recordUuid, uuid))).toEqual(
      [],
    );
    for (const p of s.roster) expect(await fourPlayer(p)).toMatchObject({ level: 10101, points: 0 });
  });

  it('the rated switch is refused unless 0 or 1, and only to those who edit the tournament', async () => {
    const s = await seasonWithRoster(world, 1);
    const bad = await world.post(
      'update_contest_base',
      { unique_id: s.unique_id, setting: { rated: 2 } },
      { token: s.owner.token },
    );
    expect(codeOf(bad)).toBe(2517);
    const player = await world.post(
      'update_contest_base',
      { unique_id: s.unique_id, setting: { rated: 1 } },
      { token: s.roster[0].token },
    );
    expect(player.status).not.toBe(200);
    const detail = dataOf(
      await world.get('fetch_contest_detail', { unique_id: s.unique_id }, { token: s.owner.token }),
    );
    expect(detail.rated).toBe(0);
  });
});

describe('level limits', () => {
  const limit4 = (value: number) => ({ contest_setting: { level_limit: [{ type: 1, value }] } });

  it('sign-up below the level limit is refused with 2518 and writes nothing; at the limit it passes', async () => {
    const owner = await world.organiser({ currency: 60 });
    const c = await world.contest(owner);
    await world.post(
      'update_contest_season',
      {
        unique_id: c.unique_id,
        season_id: c.season_id,
        setting: { signup_type: 2 },
      },
      { token: owner.token },
    );
    await setBase(owner, c.unique_id, limit4(10201));
    const low = await world.organiser();
    const audits = (await world.database.db.select().from(auditLog)).length;
    const refused = await world.post('signup_contest_season', c, { token: low.token });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe(2518);
    const rows = await world.database.db
      .select()
      .from(seasonPlayers)
      .where(and(eq(seasonPlayers.uniqueId, c.unique_id), eq(seasonPlayers.accountId, low.account.id)));
    expect(rows).toEqual([]);
    expect((await world.database.db.select().from(auditLog)).length).toBe(audits);

    dataOf(await setLevel(low.account.id, 10201));
    const passed = await world.post('signup_contest_season', c, { token: low.token });
    expect(dataOf(passed).state).toBeGreaterThan(0);
  });

  it('planning a player below the limit is refused with 2518 naming them; the auto-match does not seat them', async () => {
    const s = await seasonWithRoster(world, 4, { game_rule_setting: { mode: 1 } });
    for (const id of s.ids.slice(0, 3)) dataOf(await setLevel(id, 10301));
    await setBase(s.owner, s.unique_id, limit4(10301));
    const refused = await world.post(
      'create_game_plan',
      { unique_id: s.unique_id, season_id: s.season_id, account_list: [s.ids[0], s.ids[3], 0, 0] },
      { token: s.owner.token },
    );
    expect(codeOf(refused)).toBe(2518);
    expect(refused.body.error.account_id).toBe(s.ids[3]);
    expect(await plansOf(world, s)).toEqual([]);

    // The auto-match: three players at the limit and one below are no table of four.
    const control = await seasonWithRoster(world, 4, { game_rule_setting: { mode: 1 } });
    expect((await turnOnAutoMatch(world, s)).status).toBe(200);
    expect((await turnOnAutoMatch(world, control)).status).toBe(200);
    makeReady(world, s.unique_id, s.season_id, s.ids);
    makeReady(world, control.unique_id, control.season_id, control.ids);
    world.app.deps.games.kick();
    await eventually(async () => (await plansOf(world, control)).length === 1, 'the control table');
    expect(await plansOf(world, s)).toEqual([]);
    // Raised to the limit, the fourth is seated.
    dataOf(await setLevel(s.ids[3], 10301));
    world.app.deps.games.kick();
    const [plan] = await eventually(async () => {
      const plans = await world.database.db
        .select()
        .from(gamePlans)
        .where(eq(gamePlans.uniqueId, s.unique_id));
      return plans.length === 1 ? plans : null;
    }, 'the table of four at the limit');
    expect(plan.uniqueId).toBe(s.unique_id);
  });
});

describe('zones', () => {
  it('an account of a banned zone is refused sign-up with 2524 and nothing is written', async () => {
    const owner = await world.organiser({ currency: 60 });
    const c = await world.contest(owner);
    await world.post(
      'update_contest_season',
      { unique_id: c.unique_id, season_id: c.season_id, setting: { signup_type: 2 } },
      { token: owner.token },
    );
    await setBase(owner, c.unique_id, { available_zones: [1, 3] });
    const jp = await world.organiser();
    expect(dataOf(await setZone(jp.account.id, 2)).zone).toBe(2);
    const refused = await world.post('signup_contest_season', c, { token: jp.token });
    expect(codeOf(refused)).toBe(2524);
    const rows = await world.database.db
      .select()
      .from(seasonPlayers)
      .where(and(eq(seasonPlayers.uniqueId, c.unique_id), eq(seasonPlayers.accountId, jp.account.id)));
    expect(rows).toEqual([]);
    const cn = await world.organiser();
    dataOf(await setZone(cn.account.id, 1));
    expect((await world.post('signup_contest_season', c, { token: cn.token })).status).toBe(200);
  });

  it('a tournament hidden in a zone is not in that zone’s public list, and is in the others’', async () => {
    const owner = await world.organiser({ currency: 60 });
    const name = `Zone Cup ${owner.account.id}`;
    const c = await world.contest(owner, { name: [{ lang: 'default', content: name }] });
    await setBase(owner, c.unique_id, { show_zones: [1, 3] });
    const jp = await world.organiser();
    const us = await world.organiser();
    dataOf(await setZone(jp.account.id, 2));
    const listed = async (who: Organiser) =>
      dataOf(await world.get('fetch_public_contest_list', { search: name }, { token: who.token })).list.map(
        (r: { unique_id: number }) => r.unique_id,
      );
    expect(await listed(jp)).toEqual([]);
    expect(await listed(us)).toEqual([c.unique_id]);
  });
});

describe('the operator', () => {
  it('sets a level and a zone, each audited; refuses a code of the other ladder and an unknown account', async () => {
    const who = await world.organiser();
    const set = dataOf(await setLevel(who.account.id, 20402, 2));
    expect(set.levels[1]).toEqual({ type: 2, level: 20402, points: 0, target: 600 });
    dataOf(await setZone(who.account.id, 1));
    const read = dataOf(
      await world.get(
        'operator_fetch_account_level',
        { account_id: who.account.id },
        { token: operator.token },
      ),
    );
    expect(read).toMatchObject({ zone: 1, levels: [{ level: 10101 }, { level: 20402 }] });
    const entries = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'account'), eq(auditLog.targetId, String(who.account.id))));
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual(
      expect.arrayContaining([
        ['operator.level', { type: 2, ...startOf(2) }, { type: 2, level: 20402, points: 0 }],
        ['operator.zone', { zone: 3 }, { zone: 1 }],
      ]),
    );
    expect(codeOf(await setLevel(who.account.id, 10301, 2))).toBe(2517);
    expect(codeOf(await setZone(who.account.id, 4))).toBe(2517);
    expect(codeOf(await setLevel(999_999, 10301))).toBe(1002);
    // Not an operator: refused.
    const refused = await world.post(
      'operator_set_level',
      { account_id: who.account.id, type: 1, level: 10601 },
      { token: who.token },
    );
    expect(refused.status).not.toBe(200);
    expect(await fourPlayer(who)).toMatchObject({ level: 10101 });
  });

  it('a new account takes the operator’s default zone (TAIKAI_DEFAULT_ZONE) when it registers', async () => {
    const config = world.app.deps.config;
    const before = config.defaultZone;
    config.defaultZone = 2;
    try {
      const email = 'zoned.player@example.test';
      expect((await world.post('/api/send_code', { email, purpose: 'register' })).status).toBe(200);
      const code = (await world.lastMail(email))!.code!;
      const made = dataOf(
        await world.post('/api/register', { email, password: 'hunter22', nickname: 'Zoned', code }),
      );
      expect(dataOf(await world.get('fetch_account_level', {}, { token: made.token })).zone).toBe(2);
    } finally {
      config.defaultZone = before;
    }
  });

  it('TAIKAI_DEFAULT_ZONE is 3 unless set, and anything but 1, 2 or 3 stops the start', () => {
    expect(loadConfig({}).defaultZone).toBe(3);
    expect(loadConfig({ TAIKAI_DEFAULT_ZONE: '1' }).defaultZone).toBe(1);
    expect(() => loadConfig({ TAIKAI_DEFAULT_ZONE: '4' })).toThrow();
    expect(() => loadConfig({ TAIKAI_DEFAULT_ZONE: 'jp' })).toThrow();
  });

  it('the CLI’s `account level` and `account zone` name the account as the other account commands do', async () => {
    const who = await world.organiser();
    const printed: string[] = [];
    const env = {
      withCtx: <T>(run: (ctx: Ctx) => Promise<T>) => run(world.opCtx()),
      print: (l: string) => printed.push(l),
      cwd: '.',
    };
    await OPERATOR_COMMANDS.account(['level', who.account.email, '3p', '20301'], env);
    await OPERATOR_COMMANDS.account(['zone', String(who.account.publicId), '1'], env);
    expect(printed).toEqual([
      `3p level of ${who.account.email} is now 20301 (0 points)`,
      `zone of ${who.account.publicId} is now 1`,
    ]);
    expect(await levelOf(who)).toMatchObject({ zone: 1, levels: [{ level: 10101 }, { level: 20301 }] });
    await expect(OPERATOR_COMMANDS.account(['level', who.account.email, '5p', '20301'], env)).rejects.toThrow(
      /4p or 3p/,
    );
    await expect(OPERATOR_COMMANDS.account(['level', who.account.email, '4p', '20301'], env)).rejects.toThrow(
      /not a level code/,
    );
  });

  it('a roster row and a player card carry the player’s level codes', async () => {
    const s = await seasonWithRoster(world, 1);
    dataOf(await setLevel(s.ids[0], 10403));
    const page = dataOf(
      await world.get(
        'contest_season_player_list',
        { unique_id: s.unique_id, season_id: s.season_id },
        { token: s.owner.token },
      ),
    );
    expect(page.list[0]).toMatchObject({ account_id: s.ids[0], level_4p: 10403, level_3p: 20101 });
  });
});
