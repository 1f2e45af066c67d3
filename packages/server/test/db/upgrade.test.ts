import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_DIR } from '../../src/db/client';
import { hashPassword } from '../../src/domains/accounts/secrets';
import { LinkClient, listen } from '../support/link-client';
import { type Organiser, type Reply, startWorld, type World } from '../support/world';
import { emptyDatabase, migrateFirst, migrations } from './upgrade/migrations';

// Upgrading keeps what earlier releases stored (root README, "Upgrading"). A database is brought forward one
// migration at a time as successive releases would have left it; after the migration with which each kind of data
// appeared, rows are written with SQL against that migration's schema, the way that release stored them (accounts
// with the password hash of the first release, a tournament and its team season, sign-ups and roster, an API key,
// a finished game with its plan, hands, record and yakuman, teams, chat, the audit history). Then the server's own
// `migrate()` applies the rest, the app starts on the database, and everything is read back through the calls.

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);
const PASSWORD = 'autumn-league-1';

/** The last migration applied here by hand; `migrate()` applies every later one. */
const BY_HAND = '0009_season_chat';

/**
 * A finished robot game of the engine (a kokushi musou by seat 2 in East 3), as its table reported it: its
 * `finished` event (seed, commitment, settlement, log) and its `hand_end` events, kept from one run of
 * `playTable(1, defaultRuleFor(1), KOKUSHI_SEED)` of test/records/support.ts, so that the record is the one an
 * earlier release stored rather than what today's engine would write.
 */
type Fixture = {
  roundType: number;
  rule: Record<string, number | boolean>;
  seed: string;
  commitment: string;
  progress: Record<string, unknown>;
  players: { seat: number; place: number; part_point_1: number; total_point: number }[];
  hands: {
    hand: number;
    progress: Record<string, unknown>;
    result: { kind: string; wins?: { seat: number; yakuman?: number; counted?: boolean; yaku: string[] }[] };
    log: unknown;
  }[];
  log: unknown;
};
const game = JSON.parse(readFileSync(join(__dirname, 'upgrade/kokushi-game.json'), 'utf8')) as Fixture;

/** drizzle-kit's journal of the migrations. */
const journalFile = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number; breakpoints: boolean }[];
};

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** A call's `data`, or a thrown error with the answer. */
function dataOf(res: Reply) {
  if (res.status !== 200 || res.body.error) throw new Error(`HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the releases stored, and what the checks expect back. */
const people = ['Aki', 'Botan', 'Chiyo', 'Daichi', 'Emi', 'Fumio', 'Goro', 'Hana', 'Iori'] as const;
type Person = (typeof people)[number];
const ids = Object.fromEntries(people.map((name, i) => [name, i + 1])) as Record<Person, number>;
const emailOf = (name: Person) => `${name.toLowerCase()}@example.test`;
/** Seats of the recorded game, in seat order. */
const seated: Person[] = ['Chiyo', 'Daichi', 'Emi', 'Fumio'];
const UNIQUE_ID = 1;
const CONTEST_ID = 418_302;
const season = { unique_id: UNIQUE_ID, season_id: 1 };
const oldSession = randomUUID();
const apiKey = `tk_${randomBytes(32).toString('base64url')}`;
const GAME = randomUUID();
const PLAN = randomUUID();
const WAITING_PLAN = randomUUID();
const GAME_START = NOW - 3 * DAY;
const GAME_END = GAME_START + 1800;

/** Rows each release could store, keyed by the migration that made them possible. */
const eras: Record<string, (run: (q: SQL) => Promise<unknown>) => Promise<void>> = {
  async '0000_init'(run) {
    // Passwords of the first release: scrypt over the plain password (`scrypt$N$r$p$salt$hash`).
    const hashes = await Promise.all(people.map(() => hashPassword(PASSWORD)));
    for (const [i, name] of people.entries()) {
      await run(sql`insert into accounts (email, nickname, password_hash, currency, create_time)
        values (${emailOf(name)}, ${name}, ${hashes[i]}, ${name === 'Aki' ? 940 : 0}, ${NOW - 40 * DAY})`);
    }
    await run(sql`insert into sessions (token_hash, account_id, create_time, expire_time)
      values (${sha256(oldSession)}, ${ids.Aki}, ${NOW - DAY}, ${NOW + 29 * DAY})`);
    const name = [{ lang: 'default', content: 'Autumn League' }];
    const notice = [{ lang: 'default', content: 'Games on Fridays at 20:00.' }];
    await run(sql`insert into contests (contest_id, creator_id, name, open, show_zones, available_zones,
        round_type, detail_rule, contest_setting, public_notice, private_notice, manager_notice, max_player_count,
        start_time, finish_time, create_time)
      values (${CONTEST_ID}, ${ids.Aki}, ${json(name)}, 1, ${json([1, 2, 3])}, ${json([1, 2, 3])},
        ${game.roundType}, ${json(game.rule)}, ${json({ game_limit: 0, system_broadcast: 0, level_limit: [] })},
        ${json(notice)}, ${json([])}, ${json([])}, 3000, ${NOW - 20 * DAY}, ${NOW + 40 * DAY}, ${NOW - 30 * DAY})`);
    // A team season (rank type 1) whose sign-ups an organiser reviews (sign-up type 3).
    await run(sql`insert into seasons (unique_id, season_id, start_time, end_time, create_time, signup_type,
        signup_start_time, signup_end_time, match_start_time, match_end_time, rank_type, remark)
      values (${UNIQUE_ID}, 1, ${NOW - 20 * DAY}, ${NOW + 10 * DAY}, ${NOW - 30 * DAY}, 3, ${NOW - 25 * DAY},
        ${NOW + 10 * DAY}, ${NOW - 20 * DAY}, ${NOW + 10 * DAY}, 1, 'autumn')`);
    await run(sql`insert into contest_admins (unique_id, account_id, create_time)
      values (${UNIQUE_ID}, ${ids.Botan}, ${NOW - 29 * DAY})`);
    await run(sql`insert into audit_log (actor_id, ip, action, target_type, target_id, before, after, time) values
      (${ids.Aki}, '203.0.113.7', 'contest.create', 'contest', ${String(UNIQUE_ID)}, null,
        ${json({ contestId: CONTEST_ID, name })}, ${NOW - 30 * DAY}),
      (${ids.Aki}, '203.0.113.7', 'contest_admin.add', 'contest', ${String(UNIQUE_ID)}, null,
        ${json({ account_id: ids.Botan })}, ${NOW - 29 * DAY})`);
  },

  async '0002_login_failures'(run) {
    await run(sql`insert into login_failures (account_id, time) values (${ids.Goro}, ${NOW - 10 * DAY})`);
  },

  async '0003_api_keys'(run) {
    await run(sql`insert into api_keys (account_id, label, prefix, key_hash, create_time, last_used_time)
      values (${ids.Aki}, 'results bot', ${apiKey.slice(0, 7)}, ${sha256(apiKey)}, ${NOW - 15 * DAY},
        ${NOW - 2 * DAY})`);
  },

  async '0004_seasons'(run) {
    for (const [i, name] of seated.entries()) {
      await run(sql`insert into season_players (unique_id, season_id, account_id, state, nickname, create_time,
          update_time)
        values (${UNIQUE_ID}, 1, ${ids[name]}, 2, ${name === 'Chiyo' ? 'Chiyo (captain)' : null},
          ${NOW - 24 * DAY + i}, ${NOW - 22 * DAY})`);
    }
    await run(sql`insert into season_players (unique_id, season_id, account_id, state, remark, create_time,
        update_time)
      values (${UNIQUE_ID}, 1, ${ids.Goro}, 1, 'asked to join late', ${NOW - 2 * DAY}, ${NOW - 2 * DAY})`);
    await run(sql`insert into season_account_lists (unique_id, season_id, list, account_id, create_time)
      values (${UNIQUE_ID}, 1, 3, ${ids.Hana}, ${NOW - 21 * DAY})`);
    await run(sql`insert into contest_observers (unique_id, account_id, create_time)
      values (${UNIQUE_ID}, ${ids.Iori}, ${NOW - 21 * DAY})`);
    await run(sql`insert into audit_log (actor_id, ip, action, target_type, target_id, before, after, time)
      values (${ids.Botan}, '198.51.100.4', 'season_player.add', 'season', ${`${UNIQUE_ID}/1`}, null,
        ${json({ account_list: seated.map((n) => ids[n]) })}, ${NOW - 22 * DAY})`);
  },

  async '0006_games'(run) {
    const seats = seated.map((name) => ({ account_id: ids[name], nickname: name, init_points: 25000 }));
    await run(sql`insert into game_plans (uuid, unique_id, season_id, state, start_time, shuffle_seat, ai_level,
        remark, create_time, creator_id, game_uuid)
      values (${PLAN}, ${UNIQUE_ID}, 1, 2, ${GAME_START}, 0, 0, 'week 3', ${NOW - 4 * DAY}, ${ids.Botan},
        ${GAME})`);
    await run(sql`insert into game_plans (uuid, unique_id, season_id, state, start_time, shuffle_seat, ai_level,
        remark, create_time, creator_id)
      values (${WAITING_PLAN}, ${UNIQUE_ID}, 1, 1, ${NOW + 2 * DAY}, 1, 0, 'week 4', ${NOW - DAY}, ${ids.Botan})`);
    for (const plan of [PLAN, WAITING_PLAN]) {
      for (const [seat, name] of seated.entries()) {
        await run(sql`insert into plan_seats (plan_uuid, seat, account_id, init_points)
          values (${plan}, ${seat}, ${ids[name]}, 25000)`);
      }
    }
    await run(sql`insert into games (uuid, unique_id, season_id, plan_uuid, state, round_type, detail_rule,
        ai_level, seats, seed, commitment, start_time, end_time, hand, progress, update_time)
      values (${GAME}, ${UNIQUE_ID}, 1, ${PLAN}, 3, ${game.roundType}, ${json(game.rule)}, 0, ${json(seats)},
        ${game.seed}, ${game.commitment}, ${GAME_START}, ${GAME_END}, ${game.hands.length - 1},
        ${json(game.progress)}, ${GAME_END})`);
    for (const hand of game.hands) {
      await run(sql`insert into game_hands (game_uuid, hand, result, log)
        values (${GAME}, ${hand.hand}, ${json({ ...hand.progress, result: hand.result })}, ${json(hand.log)})`);
    }
    const result = game.players.map((p) => ({
      seat: p.seat,
      part_point_1: p.part_point_1,
      total_point: p.total_point,
    }));
    await run(sql`insert into game_records (uuid, unique_id, season_id, start_time, end_time, round_type,
        detail_rule, seats, result, log, seed, commitment)
      values (${GAME}, ${UNIQUE_ID}, 1, ${GAME_START}, ${GAME_END}, ${game.roundType}, ${json(game.rule)},
        ${json(seats)}, ${json(result)}, ${json(game.log)}, ${game.seed}, ${game.commitment})`);
    for (const p of game.players) {
      await run(sql`insert into record_players (record_uuid, unique_id, season_id, account_id, seat, place,
          part_point, total_point, end_time)
        values (${GAME}, ${UNIQUE_ID}, 1, ${ids[seated[p.seat]]}, ${p.seat}, ${p.place}, ${p.part_point_1},
          ${p.total_point}, ${GAME_END})`);
    }
    for (const hand of game.hands) {
      for (const win of hand.result.wins ?? []) {
        if (!win.yakuman && !win.counted) continue;
        const { chang, ju, ben } = hand.progress;
        await run(sql`insert into record_marks (record_uuid, unique_id, season_id, hand, seat, account_id, yiman,
            yaku, chang, ju, ben, start_time)
          values (${GAME}, ${UNIQUE_ID}, 1, ${hand.hand}, ${win.seat}, ${ids[seated[win.seat]]},
            ${win.counted ? 7 : (win.yakuman ?? 1)}, ${json(win.yaku)}, ${chang}, ${ju}, ${ben}, ${GAME_START})`);
      }
    }
  },

  async '0008_teams'(run) {
    await run(sql`insert into teams (unique_id, season_id, name, detail, create_time)
      values (${UNIQUE_ID}, 1, 'Red Dragons', 'east side club', ${NOW - 19 * DAY})`);
    await run(sql`insert into teams (unique_id, season_id, name, modify_score, modify_detail, create_time)
      values (${UNIQUE_ID}, 1, 'White Tigers', 5000, 'late start forgiven', ${NOW - 19 * DAY})`);
    const teamOf: Record<string, number> = { Chiyo: 1, Daichi: 2, Emi: 1, Fumio: 2 };
    for (const name of seated) {
      await run(sql`insert into team_members (unique_id, season_id, account_id, team_id, create_time)
        values (${UNIQUE_ID}, 1, ${ids[name]}, ${teamOf[name]}, ${NOW - 19 * DAY})`);
    }
    await run(sql`insert into audit_log (actor_id, ip, action, target_type, target_id, before, after, time)
      values (${ids.Aki}, '203.0.113.7', 'team.create', 'season', ${`${UNIQUE_ID}/1`}, null,
        ${json({ names: ['Red Dragons', 'White Tigers'] })}, ${NOW - 19 * DAY})`);
  },

  async '0009_season_chat'(run) {
    await run(sql`insert into season_chat_messages (unique_id, season_id, account_id, nickname, organiser, text,
        stamp, create_time, delete_time, deleted_by) values
      (${UNIQUE_ID}, 1, ${ids.Chiyo}, 'Chiyo (captain)', 0, 'good game everyone', null, ${GAME_END + 60}, null,
        null),
      (${UNIQUE_ID}, 1, ${ids.Fumio}, 'Fumio', 0, 'something rude', null, ${GAME_END + 90}, ${GAME_END + 120},
        ${ids.Aki}),
      (${UNIQUE_ID}, 1, ${ids.Aki}, 'Aki', 1, 'Week 4 starts Friday', null, ${GAME_END + 150}, null, null),
      (${UNIQUE_ID}, 1, ${ids.Emi}, 'Emi', 0, null, 3, ${GAME_END + 180}, null, null)`);
  },
};

/** Migration rows as drizzle keeps them. */
async function appliedMigrations(database: Database): Promise<{ hash: string; created_at: number }[]> {
  const rows = (await database.db.execute(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
  )) as unknown as { rows: { hash: string; created_at: string | number }[] };
  return rows.rows.map((r) => ({ hash: r.hash, created_at: Number(r.created_at) }));
}

describe('upgrading a database of every earlier release', () => {
  let world: World;
  let owner: Organiser;
  const journal = migrations.map((m, i) => ({ ...m, tag: journalFile.entries[i].tag }));

  beforeAll(async () => {
    const target = await emptyDatabase();
    const { database } = target;
    const run = (q: SQL) => database.db.execute(q);
    const byHand = journal.findIndex((m) => m.tag === BY_HAND) + 1;
    try {
      for (let count = 1; count <= byHand; count++) {
        await migrateFirst(database, count);
        await eras[journal[count - 1].tag]?.(run);
      }
      expect(await appliedMigrations(database)).toEqual(
        journal.slice(0, byHand).map((m) => ({ hash: m.hash, created_at: m.folderMillis })),
      );
      await database.migrate();
      world = await startWorld({}, { database: target });
    } catch (err) {
      await target.drop();
      throw err;
    }
    const login = await world.post('/api/login', { account: emailOf('Aki'), password: PASSWORD, type: 0 });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    owner = {
      token: login.body.data.token,
      account: { id: ids.Aki, publicId: 0, email: emailOf('Aki'), nickname: 'Aki', password: PASSWORD },
    };
  });
  afterAll(() => world?.close());

  it('the server applied exactly the later migrations, each recorded once as drizzle records them', async () => {
    expect(await appliedMigrations(world.database)).toEqual(
      journal.map((m) => ({ hash: m.hash, created_at: m.folderMillis })),
    );
  });

  it('a password of the first release still logs in, and is stored again in the current form', async () => {
    const stored = async () =>
      (
        (await world.database.db.execute(
          sql`select password_hash from accounts where id = ${ids.Iori}`,
        )) as unknown as { rows: { password_hash: string }[] }
      ).rows[0].password_hash;
    expect(await stored()).toMatch(/^scrypt\$/);
    const login = await world.post('/api/login', { account: emailOf('Iori'), password: PASSWORD, type: 0 });
    expect(login.body.data).toMatchObject({ account_id: ids.Iori });
    expect(await stored()).toMatch(/^hmac-scrypt\$/);
    const again = await world.post('/api/login', { account: emailOf('Iori'), password: PASSWORD, type: 0 });
    expect(again.body.data).toMatchObject({ account_id: ids.Iori });
  });

  it('a session opened before the upgrade goes on', async () => {
    const info = await world.get('fetch_account_info', {}, { token: oldSession });
    expect(info.body).toEqual({
      data: {
        account_id: ids.Aki,
        nickname: 'Aki',
        currency: [{ id: 100, count: 940 }],
        is_operator: false,
      },
    });
  });

  it('an account of an earlier release stands at Novice 1 on both ladders in zone 3; its tournament is not rated', async () => {
    const level = dataOf(await world.get('fetch_account_level', {}, { token: oldSession }));
    expect(level).toMatchObject({
      account_id: ids.Aki,
      zone: 3,
      levels: [{ level: 10101 }, { level: 20101 }],
    });
    const detail = dataOf(
      await world.get('fetch_contest_detail', { unique_id: UNIQUE_ID }, { token: oldSession }),
    );
    expect(detail.rated).toBe(0);
  });

  it('the bot’s API key of an earlier release still logs in and is listed', async () => {
    const bot = await world.post('/api/login', { uid: ids.Aki, code: apiKey, type: 7 });
    expect(bot.body.data).toMatchObject({ account_id: ids.Aki });
    const keys = await world.get('fetch_api_key_list', {}, { token: owner.token });
    expect(keys.body.data).toMatchObject([{ label: 'results bot', prefix: apiKey.slice(0, 7) }]);
  });

  it('reads back the tournament, its season, its admin, roster, pending sign-up and blacklist', async () => {
    const detail = dataOf(
      await world.get('fetch_contest_detail', { unique_id: UNIQUE_ID }, { token: owner.token }),
    );
    expect(detail).toMatchObject({
      contest_id: CONTEST_ID,
      contest_name: [{ lang: 'default', content: 'Autumn League' }],
      creator_id: ids.Aki,
      mode: game.roundType,
      rule: game.rule,
    });
    const seasons = dataOf(
      await world.get('fetch_contest_season_list', { unique_id: UNIQUE_ID }, { token: owner.token }),
    );
    expect(seasons).toMatchObject([
      { season_id: 1, state: 2, signup_type: 3, rank_type: 1, remark: 'autumn' },
    ]);
    // The admin of the first release still manages the tournament.
    const admin = await world.post('/api/login', { account: emailOf('Botan'), password: PASSWORD, type: 0 });
    const asAdmin = await world.get(
      'fetch_contest_detail',
      { unique_id: UNIQUE_ID },
      { token: admin.body.data.token },
    );
    expect(asAdmin.status).toBe(200);

    const roster = dataOf(
      await world.get('contest_season_player_list', { ...season, state: 2 }, { token: owner.token }),
    );
    expect(
      roster.list.map((p: { nickname: string; team_name: string }) => [p.nickname, p.team_name]),
    ).toEqual([
      ['Chiyo (captain)', 'Red Dragons'],
      ['Daichi', 'White Tigers'],
      ['Emi', 'Red Dragons'],
      ['Fumio', 'White Tigers'],
    ]);
    const pending = dataOf(
      await world.get('contest_season_player_list', { ...season, state: 1 }, { token: owner.token }),
    );
    expect(pending.list).toMatchObject([{ account_id: ids.Goro, remark: 'asked to join late', state: 1 }]);
    const blacklist = dataOf(await world.get('contest_season_player_limit', season, { token: owner.token }));
    expect(blacklist.list).toEqual([{ account_id: ids.Hana, nickname: 'Hana' }]);
  });

  it('reads back the finished game: its record verifies, its yakuman is marked, the rankings count it', async () => {
    const records = dataOf(await world.get('fetch_contest_game_records', season, { token: owner.token }));
    expect(records.record_list).toHaveLength(1);
    expect(records.record_list[0]).toMatchObject({
      uuid: GAME,
      start_time: GAME_START,
      end_time: GAME_END,
      removed: 0,
    });
    const file = dataOf(
      await world.get('fetch_contest_game_record_file', { ...season, uuid: GAME }, { token: owner.token }),
    );
    expect(file).toMatchObject({ seed: game.seed, commitment: game.commitment });
    expect(file.verification).toEqual({ ok: true, hands: game.hands.length, problems: [], redealt: [] });
    const plans = dataOf(await world.get('fetch_contest_game_plan_list', season, { token: owner.token }));
    expect(plans).toMatchObject([
      { uuid: WAITING_PLAN, game_start_time: NOW + 2 * DAY, remark: 'week 4', shuffle_seat: true, state: 1 },
    ]);
    expect(plans[0].accounts).toHaveLength(4);
    const marked = dataOf(await world.get('fetch_marked_contest_game', season, { token: owner.token }));
    expect(marked.records).toMatchObject([
      {
        game_uuid: GAME,
        account_id: ids.Emi,
        yiman: 1,
        yaku: ['国士無双'],
        info: { chang: 0, ju: 2, ben: 1 },
      },
    ]);

    // The season's figures did not exist when the game was recorded: the migration that added them counted it.
    const expected = [...game.players]
      .sort((a, b) => a.place - b.place)
      .map((p) => ({ account_id: ids[seated[p.seat]], score: p.total_point, game_count: 1 }));
    expect((await rankOf()).list).toMatchObject(expected);
    const teams = dataOf(await world.get('fetch_contest_team_rank', season, { token: owner.token }));
    const pointsOf = (...names: Person[]) =>
      game.players.filter((p) => names.includes(seated[p.seat])).reduce((sum, p) => sum + p.total_point, 0);
    expect(teams.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Red Dragons',
          total_score: pointsOf('Chiyo', 'Emi'),
          member_count: 2,
        }),
        expect.objectContaining({
          name: 'White Tigers',
          total_score: pointsOf('Daichi', 'Fumio') + 5000,
          modify_detail: 'late start forgiven',
        }),
      ]),
    );
  });

  it('reads back the audit history of every release', async () => {
    const history = dataOf(
      await world.get('fetch_contest_history', { unique_id: UNIQUE_ID }, { token: owner.token }),
    );
    expect(
      history.list.map((e: { action: string; actor_nickname: string }) => [e.action, e.actor_nickname]),
    ).toEqual([
      ['team.create', 'Aki'],
      ['season_player.add', 'Botan'],
      ['contest_admin.add', 'Aki'],
      ['contest.create', 'Aki'],
    ]);
  });

  it('the lobby shows the chat as it was (not the deleted message), and a new message follows it', async () => {
    const base = await listen(world);
    const link = await LinkClient.as(base, await loginAs('Chiyo'));
    expect(await link.enter(season)).toMatchObject({ op: 'entered' });
    const history = await link.next((m) => m.op === 'chat_history');
    expect(history.messages).toMatchObject([
      { account_id: ids.Chiyo, nickname: 'Chiyo (captain)', organiser: false, text: 'good game everyone' },
      { account_id: ids.Aki, organiser: true, text: 'Week 4 starts Friday' },
      { account_id: ids.Emi, text: null, stamp: 3 },
    ]);
    const sent = await link.ask(
      { op: 'chat_send', text: 'see you Friday' },
      (m) => m.op === 'chat' || m.op === 'error',
    );
    expect(sent).toMatchObject({ op: 'chat', message: { account_id: ids.Chiyo, text: 'see you Friday' } });
    link.ws.close();
  });

  it('writes go on: the pending sign-up is accepted, a new account signs up, a record is removed and restored', async () => {
    const checked = await world.post(
      'check_contest_season_player',
      { ...season, checked_list: [{ account_id: ids.Goro, pass: 1 }] },
      { token: owner.token },
    );
    expect(checked.body.data?.failed, JSON.stringify(checked.body)).toEqual([]);
    const newcomer = await world.organiser({ nickname: 'Jun' });
    const signup = await world.post('signup_contest_season', season, { token: newcomer.token });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const pending = dataOf(
      await world.get('contest_season_player_list', { ...season, state: 1 }, { token: owner.token }),
    );
    expect(pending.list).toMatchObject([{ account_id: newcomer.account.id }]);

    const remove = (flag: 0 | 1) =>
      world.post(
        'update_contest_game_record',
        { ...season, uuid: GAME, remove: flag },
        { token: owner.token },
      );
    expect((await remove(1)).status).toBe(200);
    expect((await rankOf()).list).toEqual([]);
    expect((await remove(0)).status).toBe(200);
    expect((await rankOf()).list).toHaveLength(4);
  });

  async function rankOf() {
    return dataOf(
      await world.post('fetch_season_player_rank', { ...season, limit: 100 }, { token: owner.token }),
    );
  }

  async function loginAs(name: Person): Promise<Organiser> {
    const login = await world.post('/api/login', { account: emailOf(name), password: PASSWORD, type: 0 });
    expect(login.status).toBe(200);
    return {
      token: login.body.data.token,
      account: { id: ids[name], publicId: 0, email: emailOf(name), nickname: name, password: PASSWORD },
    };
  }
});

/**
 * Migrations as released. drizzle applies a migration only when its journal `when` is later than that of the last
 * migration the database has, and never applies one again: a released file edited afterwards reaches new
 * databases but never those already running, and a migration slipped in with an earlier `when` is skipped by every
 * database that has a later one. A new migration is appended to the journal (in order, its own file) and its hash is
 * added here when it ships; a released one is never edited.
 */
const RELEASED: Record<string, string> = {
  '0000_init': 'd17dcdaa71ca53ea3dddee7cd7e76991d1a5c2c3ea0af5490a53eb691731b366',
  '0001_nickname_any_case': 'd2f7d9d955dc4efbca9cb56f79a2e831312e0452ea54b9c30abb1177851cce51',
  '0002_login_failures': 'd203920cc31f6a2cc1eafa267902226f4a6bfd3a218bd3bdf106818deaf850e0',
  '0003_api_keys': 'fc8d0dd9650cd6ffbe087dc88620f88e710601bc6488666ec6c48931a2b6c2cb',
  '0004_seasons': '23c07aced2c01acb7c441cacd18a5e56e3cf62640604bf7a3f046875534759e6',
  '0005_contest_lock_review': 'e1dd043de21302f56a85af56db877cb7bf5a6d244968501dbd4ece56571ea5f2',
  '0006_games': 'c35f6cc3fc748869f8834c8f4c20d0031d05660338a2a28dd747ae9151f2fe4f',
  '0007_ranking_indexes': '7da6c2c2294d7fe191c6bd95b210d0bec1d6d90c2a8425c409abb4e6d5a8df78',
  '0008_teams': 'adbc748dfed57c1632605301eec530f2c6d0cceb668a5783d648ab7a99858f42',
  '0009_season_chat': '0e8f7b6da2daea90fe5c935d3df40de7512022feb2760bbb076583731af2f184',
  '0010_plan_stop_reason': '48368ea2b22de99843db525760556512151bcd6875f21971a8d9dd0e6549a465',
  '0011_deal_attempts': '09b1486e5d77bf4a2e7edb3c540e83bd167a6e5ae64b82d5898e80d8d25289e9',
  '0012_handoff_codes': 'f917a5dbac5a882afb590266a6930a4b55c48ce9c322bbed5b0cabc5ed88c76e',
  '0013_game_owner': '5767b2b8a2a28ddd4be40c836ebcc0e9c88e15e978a83b22b1eb41735610efca',
};

/**
 * Migrations after which an older process must not run beside a newer one (root README, "Upgrading": stop them
 * all), with why. Every other migration only adds: tables, nullable columns or columns with a default, indexes and
 * keys on what it adds itself, so that what an older process reads and writes means the same after it.
 */
const NOT_ROLLING: Record<string, string> = {
  '0001_nickname_any_case':
    'nicknames become unique in any case: an older process may accept a nickname that differs only in case and fail',
  '0007_ranking_indexes':
    'rankings read a per-player summary that an older process does not update when it records or removes a game',
};

/** Statements that only add. */
const ADDITIVE = [
  /^CREATE TABLE "(\w+)"/,
  /^CREATE (?:UNIQUE )?INDEX "\w+" ON "(\w+)"/,
  /^ALTER TABLE "(\w+)" ADD CONSTRAINT "\w+" FOREIGN KEY \("(\w+)"/,
  /^ALTER TABLE "(\w+)" ADD COLUMN "(\w+)" [\w[\]]+(?: DEFAULT [^ ]+)?(?: NOT NULL)?;?$/,
];

/** Why a statement is not additive (in a migration that creates `created` tables and `added` columns), or null. */
function notAdditive(statement: string, created: Set<string>, added: Set<string>): string | null {
  const text = statement
    .replace(/^--.*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  const match = ADDITIVE.map((re) => re.exec(text)).find(Boolean);
  if (!match) return `not an addition: ${text.slice(0, 80)}`;
  const [, table, column] = match;
  if (text.startsWith('CREATE TABLE')) created.add(table);
  else if (text.includes('ADD COLUMN')) {
    if (/ NOT NULL/.test(text) && !/ DEFAULT /.test(text))
      return `a required column without a default: ${text}`;
    added.add(`${table}.${column}`);
  } else if (text.startsWith('CREATE UNIQUE') && !created.has(table)) {
    return `a new unique index on an existing table: ${text.slice(0, 80)}`;
  } else if (text.includes('FOREIGN KEY') && !created.has(table) && !added.has(`${table}.${column}`)) {
    return `a new key on an existing column: ${text.slice(0, 80)}`;
  }
  return null;
}

describe('migrations only move forward', () => {
  const journal = journalFile;

  it('the journal lists every migration file once, in order, each later than the one before', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files.sort());
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(`${String(i).padStart(4, '0')}_`)).toBe(true);
      expect(entry.breakpoints).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });

  it('released migrations are unchanged, and new ones come after them', () => {
    const tags = journal.entries.map((e) => e.tag);
    const released = Object.keys(RELEASED);
    expect(tags.slice(0, released.length)).toEqual(released);
    for (const [i, m] of migrations.entries()) {
      if (RELEASED[tags[i]]) expect(m.hash, tags[i]).toBe(RELEASED[tags[i]]);
    }
  });

  it('every migration only adds, but for those the README says to stop every process for', () => {
    const found: Record<string, string> = {};
    for (const [i, m] of migrations.entries()) {
      const created = new Set<string>();
      const added = new Set<string>();
      const tag = journal.entries[i].tag;
      for (const statement of m.sql.flatMap((s) => s.split(/;\s*(?:\n|$)/))) {
        if (NOT_ROLLING[tag]) break;
        const why = notAdditive(statement, created, added);
        if (why) {
          found[tag] = why;
          break;
        }
      }
    }
    expect(found).toEqual({});
    // Each exception is still needed: without it, its migration is refused.
    for (const tag of Object.keys(NOT_ROLLING)) {
      const m = migrations[journal.entries.findIndex((e) => e.tag === tag)];
      const created = new Set<string>();
      const added = new Set<string>();
      const refused = m.sql
        .flatMap((s) => s.split(/;\s*(?:\n|$)/))
        .some((statement) => notAdditive(statement, created, added) !== null);
      expect(refused, tag).toBe(true);
    }
  });
});
