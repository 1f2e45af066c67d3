import { commitmentOf } from '@taikai/engine';
import {
  FetchContestGameRecordFileRes,
  FetchContestGameRecordsRes,
  FetchContestSeasonPlayerGameRecordRes,
  type SeasonChange,
} from '@taikai/protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contests, gameRecords, recordPlayers, seasons } from '../../src/db/schema';
import { playRecordedGame, seasonWithRoster } from '../support/games';
import { startWorld, type World } from '../support/world';
import { caller, codeOf, dataOf } from './support';

// Records of games played through the real host and engine, read and edited through HTTP as the console and
// the bots do: the record shape of WIRE.md, placement order, remove and restore, tags, a player's games, the
// verifiable game file, and an ended season's records read-only.

let world: World;
let s: Awaited<ReturnType<typeof seasonWithRoster>>;
let as: ReturnType<typeof caller>;
/** Both players and two robots, E S W N = player 0, robot, player 1, robot. */
let first: string;
/** Player 0 and three robots. */
let second: string;

beforeAll(async () => {
  world = await startWorld();
  s = await seasonWithRoster(world, 2, { game_rule_setting: { mode: 1 } });
  as = caller(world, s.owner, s);
  first = await playRecordedGame(world, s.owner, s, [s.ids[0], 0, s.ids[1], 0], {
    ai_level: 1,
    remark: 'table 1',
  });
  world.clock.advance(5);
  second = await playRecordedGame(world, s.owner, s, [0, 0, 0, s.ids[0]], { ai_level: 1 });
});
afterAll(() => world?.close());

// biome-ignore lint/suspicious/noExplicitAny: wire bodies
const recordIn = (data: { record_list: any[] }, uuid: string) =>
  data.record_list.find((r) => r.uuid === uuid);

/** What the season's live stream hears while `during` runs. */
async function heard(during: () => Promise<unknown>): Promise<SeasonChange[]> {
  const changes: SeasonChange[] = [];
  const off = world.app.deps.games.live.onSeason(s.unique_id, s.season_id, (c) => changes.push(c));
  try {
    await during();
  } finally {
    off();
  }
  return changes.filter((c) => c.kind === 'records');
}

async function auditEntries(action: string) {
  return world.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, `${s.unique_id}/${s.season_id}`)))
    .orderBy(auditLog.id);
}

describe('a finished game’s record, as clients read it', () => {
  it('has exactly the fields of WIRE.md: seats in order, robots as account 0, the season remark, the rule', async () => {
    const remark = 'seed #1';
    dataOf(await as.post('mark_contest_season_player', { account_id: s.ids[0], remark }));
    const data = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 10 }));
    expect(FetchContestGameRecordsRes.parse(data)).toEqual(data);
    expect(data.total).toBe(2);
    expect(data.record_list.map((r: { uuid: string }) => r.uuid)).toEqual([second, first]);

    const record = recordIn(data, first);
    expect(Object.keys(record).sort()).toEqual(
      [
        'accounts',
        'commitment',
        'config',
        'end_time',
        'removed',
        'result',
        'start_time',
        'tag',
        'uuid',
      ].sort(),
    );
    const [contest] = await world.database.db
      .select({ detailRule: contests.detailRule })
      .from(contests)
      .where(eq(contests.uniqueId, s.unique_id));
    expect(record.config).toEqual({ mode: 1, detail_rule: contest.detailRule });
    expect(record.tag).toBe('table 1');
    expect(record.removed).toBe(0);
    expect(record.start_time).toBeLessThanOrEqual(record.end_time);
    expect(record.accounts).toEqual([
      { account_id: s.ids[0], nickname: s.roster[0].account.nickname, remark, team_name: '', seat: 0 },
      { account_id: 0, nickname: 'Robot 1', remark: '', team_name: '', seat: 1 },
      { account_id: s.ids[1], nickname: s.roster[1].account.nickname, remark: '', team_name: '', seat: 2 },
      { account_id: 0, nickname: 'Robot 2', remark: '', team_name: '', seat: 3 },
    ]);
    for (const p of record.result.players)
      expect(Object.keys(p).sort()).toEqual(['part_point_1', 'seat', 'total_point']);
    expect(record.commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists result.players by final placement, as the per-seat rows place them; the scores settle to zero', async () => {
    const record = recordIn(dataOf(await as.get('fetch_contest_game_records')), first);
    const players: { seat: number; part_point_1: number; total_point: number }[] = record.result.players;
    expect(players.map((p) => p.seat).sort()).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < players.length; i++) {
      expect(players[i - 1].total_point).toBeGreaterThanOrEqual(players[i].total_point);
      // Raw points decide the placement (ties by seat from the first dealer; 1st also took leftover sticks).
      if (i > 1) expect(players[i - 1].part_point_1).toBeGreaterThanOrEqual(players[i].part_point_1);
    }
    expect(players.reduce((sum, p) => sum + p.total_point, 0)).toBe(0);
    const rows = await world.database.db
      .select({ seat: recordPlayers.seat, place: recordPlayers.place })
      .from(recordPlayers)
      .where(eq(recordPlayers.recordUuid, first));
    const placeOf = new Map(rows.map((r) => [r.seat, r.place]));
    expect(players.map((p) => placeOf.get(p.seat))).toEqual([1, 2, 3, 4]);
  });

  it('shows the season remark as it is now, not as it was when the game was played', async () => {
    dataOf(await as.post('mark_contest_season_player', { account_id: s.ids[1], remark: 'late entry' }));
    const record = recordIn(dataOf(await as.get('fetch_contest_game_records')), first);
    expect(record.accounts[2].remark).toBe('late entry');
  });
});

describe('remove and restore (update_contest_game_record)', () => {
  it('remove 1 flags the record, 0 restores it; each change is audited and heard on the season’s live stream', async () => {
    const removed = await heard(async () => {
      expect(dataOf(await as.post('update_contest_game_record', { uuid: first, remove: 1 }))).toEqual({});
    });
    expect(removed).toEqual([{ kind: 'records' }]);
    let data = dataOf(await as.get('fetch_contest_game_records'));
    expect(recordIn(data, first).removed).toBe(1);
    expect(recordIn(data, second).removed).toBe(0);
    // Removed records stay listed (the console highlights them).
    expect(data.total).toBe(2);

    const [entry] = await auditEntries('game_record.remove');
    expect(entry).toMatchObject({
      actorId: s.owner.account.id,
      targetType: 'season',
      before: { uuid: first, removed: 0 },
      after: { uuid: first, removed: 1 },
    });

    // Removing it again changes nothing: no audit entry, no event.
    expect(await heard(() => as.post('update_contest_game_record', { uuid: first, remove: '1' }))).toEqual(
      [],
    );
    expect(await auditEntries('game_record.remove')).toHaveLength(1);

    const restored = await heard(() => as.post('update_contest_game_record', { uuid: first, remove: 0 }));
    expect(restored).toEqual([{ kind: 'records' }]);
    data = dataOf(await as.get('fetch_contest_game_records'));
    expect(recordIn(data, first).removed).toBe(0);
    expect(await auditEntries('game_record.restore')).toHaveLength(1);
  });

  it('an admin may; an unknown uuid, or a record of another season, answers 2517', async () => {
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    const byAdmin = caller(world, admin, s);
    dataOf(await byAdmin.post('update_contest_game_record', { uuid: second, remove: 1 }));
    dataOf(await byAdmin.post('update_contest_game_record', { uuid: second, remove: 0 }));

    const unknown = await as.post('update_contest_game_record', { uuid: crypto.randomUUID(), remove: 1 });
    expect(unknown.status).toBe(400);
    expect(codeOf(unknown)).toBe(2517);

    const other = await seasonWithRoster(world, 0, { game_rule_setting: { mode: 1 } });
    const elsewhere = caller(world, other.owner, other);
    expect(codeOf(await elsewhere.post('update_contest_game_record', { uuid: first, remove: 1 }))).toBe(2517);
    expect(codeOf(await elsewhere.post('set_contest_game_record_tag', { uuid: first, tag: 'x' }))).toBe(2517);
    expect(codeOf(await elsewhere.get('fetch_contest_game_record_file', { uuid: first }))).toBe(2517);
    // Nothing changed on the record.
    const [row] = await world.database.db.select().from(gameRecords).where(eq(gameRecords.uuid, first));
    expect(row.removed).toBe(0);
  });
});

describe('record tags (set_contest_game_record_tag)', () => {
  it('sets the tag, up to 25 characters; 26 answer 2554 and change nothing', async () => {
    const heardTag = await heard(async () => {
      dataOf(await as.post('set_contest_game_record_tag', { uuid: first, tag: '決勝卓 final' }));
    });
    expect(heardTag).toEqual([{ kind: 'records' }]);
    expect(recordIn(dataOf(await as.get('fetch_contest_game_records')), first).tag).toBe('決勝卓 final');
    const [entry] = await auditEntries('game_record.tag');
    expect(entry).toMatchObject({
      before: { uuid: first, tag: 'table 1' },
      after: { uuid: first, tag: '決勝卓 final' },
    });

    const longest = '卓'.repeat(25);
    dataOf(await as.post('set_contest_game_record_tag', { uuid: first, tag: longest }));
    const tooLong = await as.post('set_contest_game_record_tag', { uuid: first, tag: 'x'.repeat(26) });
    expect(codeOf(tooLong)).toBe(2554);
    expect(recordIn(dataOf(await as.get('fetch_contest_game_records')), first).tag).toBe(longest);
    dataOf(await as.post('set_contest_game_record_tag', { uuid: first, tag: '' }));
    expect(recordIn(dataOf(await as.get('fetch_contest_game_records')), first).tag).toBe('');
  });
});

describe('a player’s records (fetch_contest_season_player_game_record)', () => {
  it('lists the games the account sat in, newest first, in the record shape', async () => {
    const mine = dataOf(await as.get('fetch_contest_season_player_game_record', { account_id: s.ids[0] }));
    expect(FetchContestSeasonPlayerGameRecordRes.parse(mine)).toEqual(mine);
    expect(mine.total).toBe(2);
    expect(mine.record_list.map((r: { uuid: string }) => r.uuid)).toEqual([second, first]);
    const all = dataOf(await as.get('fetch_contest_game_records'));
    expect(mine.record_list).toEqual(all.record_list);

    const theirs = dataOf(
      await as.get('fetch_contest_season_player_game_record', { account_id: String(s.ids[1]), limit: 1 }),
    );
    expect(theirs).toEqual({ record_list: [recordIn(all, first)], total: 1 });

    const paged = dataOf(
      await as.get('fetch_contest_season_player_game_record', { account_id: s.ids[0], offset: 1, limit: 1 }),
    );
    expect(paged.record_list.map((r: { uuid: string }) => r.uuid)).toEqual([first]);
    expect(paged.total).toBe(2);

    const nobody = await world.organiser();
    expect(
      dataOf(await as.get('fetch_contest_season_player_game_record', { account_id: nobody.account.id })),
    ).toEqual({ record_list: [], total: 0 });
    // Account 0 is every robot seat, not a player.
    expect(codeOf(await as.get('fetch_contest_season_player_game_record', { account_id: 0 }))).toBe(2517);
  });
});

describe('the game file (fetch_contest_game_record_file)', () => {
  it('answers the game in Tenhou JSON with its revealed seed, and verifies every wall against the commitment', async () => {
    const file = dataOf(await as.get('fetch_contest_game_record_file', { uuid: first.toUpperCase() }));
    const [row] = await world.database.db.select().from(gameRecords).where(eq(gameRecords.uuid, first));
    expect(FetchContestGameRecordFileRes.parse(file)).toEqual(file);
    expect(file.uuid).toBe(first);
    expect(file.seed).toBe(row.seed);
    expect(file.commitment).toBe(commitmentOf(file.seed));
    const listed = recordIn(dataOf(await as.get('fetch_contest_game_records')), first);
    expect(file.commitment).toBe(listed.commitment);
    expect(file.verification.ok).toBe(true);
    expect(file.verification.problems).toEqual([]);
    const hands = (row.log as { paipu: { log: unknown[] } }).paipu.log.length;
    expect(file.verification.hands).toBe(hands);
    expect(file.format).toBe('tenhou');
    expect(file.chuanma).toBeUndefined();
    expect(Object.keys(file.tenhou)).toEqual(expect.arrayContaining(['title', 'name', 'rule', 'log']));
    expect(file.tenhou.log).toHaveLength(hands);
    expect(file.tenhou.name).toEqual([
      s.roster[0].account.nickname,
      'Robot 1',
      s.roster[1].account.nickname,
      'Robot 2',
    ]);
  });

  it('a record whose stored seed was changed no longer verifies', async () => {
    const [row] = await world.database.db.select().from(gameRecords).where(eq(gameRecords.uuid, second));
    const forged = `${row.seed.slice(0, -1)}${row.seed.endsWith('0') ? '1' : '0'}`;
    await world.database.db.update(gameRecords).set({ seed: forged }).where(eq(gameRecords.uuid, second));
    try {
      const file = dataOf(await as.get('fetch_contest_game_record_file', { uuid: second }));
      expect(file.verification.ok).toBe(false);
      expect(file.verification.problems).toContain('the seed does not match the commitment');
    } finally {
      await world.database.db.update(gameRecords).set({ seed: row.seed }).where(eq(gameRecords.uuid, second));
    }
  });

  it('observers read records and files; they cannot remove or tag', async () => {
    const observer = await world.organiser();
    await world.database.db
      .update(contests)
      .set({ observerSwitch: 1 })
      .where(eq(contests.uniqueId, s.unique_id));
    dataOf(
      await world.post(
        'set_observer_list',
        { unique_id: s.unique_id, add_list: [observer.account.id], remove_list: [] },
        { token: s.owner.token },
      ),
    );
    const byObserver = caller(world, observer, s);
    expect(dataOf(await byObserver.get('fetch_contest_game_records')).total).toBe(2);
    expect(
      dataOf(await byObserver.get('fetch_contest_game_record_file', { uuid: first })).verification.ok,
    ).toBe(true);
    expect(codeOf(await byObserver.post('update_contest_game_record', { uuid: first, remove: 1 }))).toBe(
      2506,
    );
    expect(codeOf(await byObserver.post('set_contest_game_record_tag', { uuid: first, tag: 'x' }))).toBe(
      2506,
    );
  });
});

describe('an ended season', () => {
  it('keeps its records readable and refuses removing, restoring and tagging them with 2542', async () => {
    await world.database.db
      .update(seasons)
      .set({ endTime: world.clock.now() - 10, closeTime: world.clock.now() })
      .where(and(eq(seasons.uniqueId, s.unique_id), eq(seasons.seasonId, s.season_id)));
    expect(codeOf(await as.post('update_contest_game_record', { uuid: first, remove: 1 }))).toBe(2542);
    expect(codeOf(await as.post('update_contest_game_record', { uuid: first, remove: 0 }))).toBe(2542);
    expect(codeOf(await as.post('set_contest_game_record_tag', { uuid: first, tag: 'late' }))).toBe(2542);
    const data = dataOf(await as.get('fetch_contest_game_records'));
    expect(recordIn(data, first)).toMatchObject({ removed: 0, tag: '' });
    expect(dataOf(await as.get('fetch_marked_contest_game'))).toEqual({ records: [], total: 0 });
    expect(dataOf(await as.get('fetch_contest_game_record_file', { uuid: first })).verification.ok).toBe(
      true,
    );
  });
});
