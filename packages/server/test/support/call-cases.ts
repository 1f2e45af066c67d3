import { ManagerRole } from '@taikai/protocol';
import { and, eq } from 'drizzle-orm';
import { contestObservers, contests, seasonPlayers, seasons, teamMembers, teams } from '../../src/db/schema';
import type { CallInfo } from '../../src/http/route';
import type { Organiser, Reply, World } from './world';

/**
 * A well-formed request for every call the server declares, against one tournament and the people around it.
 * The authorization matrix and the bad-input walk both start from these; a call declared without a case here
 * fails both.
 */

/** The people a tournament call can come from; `anonymous` sends no token. */
export const ROLES = [
  'anonymous',
  'stranger',
  'observer',
  'player',
  'chatManager',
  'playerManager',
  'admin',
  'creator',
] as const;
export type MatrixRole = (typeof ROLES)[number];

export type Fixture = {
  unique_id: number;
  contest_id: number;
  season_id: number;
  creator: Organiser;
  admin: Organiser;
  /** A manager appointed as chat manager (role 2). */
  chatManager: Organiser;
  /** A manager appointed as player manager (role 3). */
  playerManager: Organiser;
  /** On the tournament's observer roster; the tournament's observer switch is on. */
  observer: Organiser;
  /** On the roster of the tournament's season. */
  player: Organiser;
  /** Nothing to the tournament. */
  stranger: Organiser;
  /** With a case's `teams`: a team of the season, with `player` in it (else 0). */
  team_id: number;
};

export type CallRequest = { body?: Record<string, unknown>; query?: Record<string, unknown> };

export type CallCase = {
  request: (f: Fixture, world: World) => CallRequest;
  /** The call ends the session it is made with: it is made with a second session of the same account. */
  endsSession?: boolean;
  /** A team call: the fixture's season ranks teams and has a team (`team_id`) with the player in it. */
  teams?: boolean;
};

const DAY = 86_400;
const ids = (f: Fixture) => ({ unique_id: f.unique_id, season_id: f.season_id });
/** A well-formed game uuid that no record has. */
const RECORD_UUID = '00000000-0000-4000-8000-000000000000';
/** A well-formed game or plan uuid that no game or plan has. */
const GAME_UUID = '00000000-0000-4000-8000-000000000001';
/** A zip file with nothing in it, base64. */
const EMPTY_ZIP = 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==';
/** A team read served as GET and POST: the same fields both ways. */
const teamPage = (f: Fixture, fields: Record<string, unknown>): CallRequest => {
  const input = { ...ids(f), ...fields, offset: 0, limit: 20 };
  return { query: input, body: input };
};

export const CALL_CASES: Record<string, CallCase> = {
  // Accounts
  send_code: { request: () => ({ body: { email: 'someone.new@example.test', purpose: 'register' } }) },
  fetch_register_setting: { request: () => ({ query: {} }) },
  register: {
    request: () => ({
      body: {
        email: 'someone.new@example.test',
        password: 'secret-pass',
        nickname: 'Newcomer',
        code: '000000',
      },
    }),
  },
  login: {
    request: (f) => ({ body: { account: f.stranger.account.email, password: 'wrong-pass', type: 0 } }),
  },
  logout: { request: () => ({ body: {} }), endsSession: true },
  create_handoff_code: { request: () => ({ body: {} }) },
  exchange_handoff_code: { request: () => ({ body: { code: 'no-such-hand-off-code' } }) },
  // Social login (no provider is configured in these worlds: a start or an unlink answers 150; everyone here has
  // a password, so a first password answers 155).
  fetch_oidc_providers: { request: () => ({ query: {} }) },
  start_oidc_login: { request: () => ({ body: { provider: 'local' } }) },
  start_oidc_link: { request: () => ({ body: { provider: 'local' } }) },
  fetch_login_methods: { request: () => ({ query: {} }) },
  unlink_oidc_identity: { request: () => ({ body: { provider: 'local' } }) },
  set_first_password: { request: () => ({ body: { password: 'another-secret-pass' } }) },
  fetch_account_info: { request: () => ({ query: {} }) },
  server_time: { request: () => ({ query: {} }) },
  fetch_announcement: { request: () => ({ query: { language: 'en' } }) },
  dev_outbox: { request: () => ({ query: { email: 'someone.new@example.test' } }) },
  create_api_key: { request: () => ({ body: { label: 'league bot' } }) },
  fetch_api_key_list: { request: () => ({ query: {} }) },
  revoke_api_key: { request: () => ({ body: { id: 1 } }) },

  // Tournaments
  create_contest: { request: (_f, world) => ({ body: world.contestBody() }) },
  fetch_contest_list: { request: () => ({ query: {} }) },
  fetch_contest_detail: { request: (f) => ({ query: { unique_id: f.unique_id } }) },
  update_contest_base: { request: (f) => ({ body: { unique_id: f.unique_id, setting: { open_show: 0 } } }) },
  delete_contest: { request: (f) => ({ body: { unique_id: f.unique_id } }) },
  check_contest_rule: {
    request: (f) => ({
      body: { unique_id: f.unique_id, game_rule_setting: { mode: 2, detail_rule: { init_point: 30000 } } },
    }),
  },
  update_contest_external_notice: {
    request: (f) => ({ body: { unique_id: f.unique_id, notice: [{ lang: 'en', content: 'Welcome' }] } }),
  },
  update_contest_internal_notice: {
    request: (f) => ({ body: { unique_id: f.unique_id, notice: [{ lang: 'en', content: 'Table rules' }] } }),
  },

  // Managers, observers, history
  add_contest_admin: {
    request: (f) => ({ body: { unique_id: f.unique_id, account_list: [f.stranger.account.id] } }),
  },
  remove_contest_admin: {
    request: (f) => ({ body: { unique_id: f.unique_id, account_id_list: [f.admin.account.id] } }),
  },
  fetch_observer_list: { request: (f) => ({ query: { unique_id: f.unique_id } }) },
  set_observer_list: {
    request: (f) => ({
      body: { unique_id: f.unique_id, add_list: [f.stranger.account.id], remove_list: [] },
    }),
  },
  fetch_contest_history: { request: (f) => ({ query: { unique_id: f.unique_id, offset: 0, limit: 20 } }) },
  // The tournament's archive: answered with the zip itself (a stream call, read whole)
  export_contest_archive: { request: (f) => ({ query: { unique_id: f.unique_id } }) },

  // Seasons
  fetch_contest_season_list: { request: (f) => ({ query: { unique_id: f.unique_id } }) },
  create_contest_season: {
    request: (f, world) => ({
      body: {
        unique_id: f.unique_id,
        start_time: world.clock.now() + 2 * DAY,
        end_time: world.clock.now() + 9 * DAY,
      },
    }),
  },
  update_contest_season: { request: (f) => ({ body: { ...ids(f), setting: { remark: 'Finals' } } }) },
  end_contest_season: { request: (f) => ({ body: ids(f) }) },
  contest_season_chat_limit: { request: (f) => ({ query: ids(f) }) },
  set_contest_season_chat_limit: {
    request: (f) => ({ body: { ...ids(f), type: 1, add_list: [f.player.account.id], remove_list: [] } }),
  },
  fetch_site_config: { request: () => ({ query: {} }) },

  // Sign-up, from the player's side
  fetch_contest_public_info: { request: (f) => ({ query: { contest_id: f.contest_id } }) },
  signup_contest_season: { request: (f) => ({ body: ids(f) }) },
  cancel_contest_season_signup: { request: (f) => ({ body: ids(f) }) },
  fetch_contest_season_signup: { request: (f) => ({ query: ids(f) }) },

  // Season players
  contest_season_player_list: {
    request: (f) => ({
      query: { ...ids(f), search: '', account_id: f.player.account.id, state: 2, offset: 0, limit: 10 },
    }),
  },
  check_contest_season_player: {
    request: (f) => ({
      body: { ...ids(f), checked_list: [{ account_id: f.stranger.account.id, pass: 1, blacklist: 0 }] },
    }),
  },
  add_contest_season_player: {
    request: (f) => ({
      body: {
        ...ids(f),
        account_list: [{ account_id: f.stranger.account.id, nickname: f.stranger.account.nickname }],
      },
    }),
  },
  remove_contest_season_player: {
    request: (f) => ({ body: { ...ids(f), account_id_list: [f.player.account.id] } }),
  },
  mark_contest_season_player: {
    request: (f) => ({ body: { ...ids(f), account_id: f.player.account.id, remark: 'seed 1' } }),
  },
  update_contest_season_player_nickname: {
    request: (f) => ({ body: { ...ids(f), account_id: f.player.account.id, nickname: 'Seed One' } }),
  },
  import_contest_season_player: {
    request: (f) => ({
      body: { unique_id: f.unique_id, from_season_id: f.season_id, to_season_id: f.season_id },
    }),
  },
  contest_season_player_limit: { request: (f) => ({ query: ids(f) }) },
  set_contest_season_player_limit: {
    request: (f) => ({ body: { ...ids(f), type: 2, add_list: [f.stranger.account.id], remove_list: [] } }),
  },
  search_accounts: {
    request: (f) => ({ body: { account_list: [f.player.account.id, f.stranger.account.id] } }),
  },

  // Plans and running games (the fixture's season is pending and has no games: plans answer 2507 and the
  // controls 2517 once let through)
  ready_player_list: { request: (f) => ({ query: ids(f) }) },
  create_game_plan: {
    request: (f, world) => ({
      body: {
        ...ids(f),
        account_list: [f.player.account.id, 0, 0, 0],
        init_points: [25000, 25000, 25000, 25000],
        game_start_time: world.clock.now(),
        shuffle_seats: false,
        ai_level: 1,
        remark: 'table 1',
      },
    }),
  },
  fetch_contest_game_plan_list: { request: (f) => ({ query: ids(f) }) },
  remove_contest_plan_game: { request: (f) => ({ body: { ...ids(f), uuid: GAME_UUID } }) },
  contest_running_game_list: { request: (f) => ({ query: ids(f) }) },
  contest_failed_game_list: { request: (f) => ({ query: ids(f) }) },
  pause_contest_running_game: {
    request: (f) => ({ body: { unique_id: f.unique_id, game_uuid: GAME_UUID, resume: 1 } }),
  },
  terminate_contest_running_game: { request: (f) => ({ body: { unique_id: f.unique_id, uuid: GAME_UUID } }) },
  update_contest_game_remark: {
    request: (f) => ({ body: { unique_id: f.unique_id, uuid: GAME_UUID, remark: 'final table' } }),
  },

  // Game records (the fixture has none: the edits and the file answer 2517 once let through)
  fetch_contest_game_records: {
    request: (f) => ({
      query: { ...ids(f), offset: 0, limit: 10 },
      body: { ...ids(f), offset: 0, limit: 10 },
    }),
  },
  fetch_marked_contest_game: {
    request: (f) => ({
      query: { ...ids(f), offset: 0, limit: 10 },
      body: { ...ids(f), offset: 0, limit: 10 },
    }),
  },
  fetch_contest_season_player_game_record: {
    request: (f) => ({ query: { ...ids(f), account_id: f.player.account.id, offset: 0, limit: 10 } }),
  },
  fetch_contest_game_record_file: { request: (f) => ({ query: { ...ids(f), uuid: RECORD_UUID } }) },
  update_contest_game_record: { request: (f) => ({ body: { ...ids(f), uuid: RECORD_UUID, remove: 1 } }) },
  set_contest_game_record_tag: {
    request: (f) => ({ body: { ...ids(f), uuid: RECORD_UUID, tag: 'final table' } }),
  },

  // Rankings and player statistics (the fixture's season has no records: empty rankings, zero statistics)
  fetch_season_player_rank: {
    request: (f) => ({
      query: { ...ids(f), offset: 0, limit: 20 },
      body: { ...ids(f), offset: 0, limit: 20 },
    }),
  },
  fetch_season_player_calc_rank: {
    request: (f) => ({
      body: {
        ...ids(f),
        setting: { points: [30, 10, -10, -30], divisor: 1, min_games: 0 },
        offset: 0,
        limit: 20,
      },
    }),
  },
  fetch_season_player_data: { request: (f) => ({ query: { ...ids(f), account_id: f.player.account.id } }) },

  // Teams (`teams`: the fixture's season ranks teams and has one team, the player in it)
  create_contest_team_batch: {
    teams: true,
    request: (f) => ({ body: { ...ids(f), team_list: [{ name: 'Tigers', detail: 'Osaka' }] } }),
  },
  fetch_contest_team_list: {
    teams: true,
    request: (f) => teamPage(f, { search: 'Fixture', search_type: 0, account_id: f.player.account.id }),
  },
  fetch_multi_contest_team_list: {
    teams: true,
    request: (f) => teamPage(f, { search: 'Fixture', search_type: 1 }),
  },
  fetch_contest_team_rank: { teams: true, request: (f) => teamPage(f, {}) },
  update_contest_team: {
    teams: true,
    request: (f) => ({
      body: {
        ...ids(f),
        team_id: f.team_id,
        name: 'Lions',
        detail: 'Kobe',
        modify_score: 12300,
        modify_detail: 'fair play',
      },
    }),
  },
  delete_contest_team: {
    teams: true,
    request: (f) => ({ body: { unique_id: f.unique_id, team_id: f.team_id } }),
  },
  clean_contest_team_member: {
    teams: true,
    request: (f) => ({ body: { unique_id: f.unique_id, team_id: f.team_id } }),
  },
  clean_contest_team: { teams: true, request: (f) => ({ body: ids(f) }) },
  add_team_member: {
    teams: true,
    request: (f) => ({
      body: {
        unique_id: f.unique_id,
        team_id: f.team_id,
        member_list: [{ account_id: f.stranger.account.id, nickname: 'Stranger', remark: 'sub' }],
      },
    }),
  },
  delete_team_member: {
    teams: true,
    request: (f) => ({
      body: { unique_id: f.unique_id, team_id: f.team_id, account_id_list: [f.player.account.id] },
    }),
  },
  fetch_contest_team_member_list: { teams: true, request: (f) => teamPage(f, { team_id: f.team_id }) },
  export_contest_team_member_list: { teams: true, request: (f) => teamPage(f, {}) },
  export_contest_team_xlsx: { teams: true, request: (f) => ({ body: { ...ids(f), lang: 'jp' } }) },
  team_import_template: { request: () => ({ query: { lang: 'kr' } }) },
  import_contest_team_xlsx: {
    teams: true,
    // An empty zip: read, and refused with 2578 (not a workbook).
    request: (f) => ({ body: { ...ids(f), content_base64: EMPTY_ZIP, dry_run: 1 } }),
  },

  // The player portal: the caller's own tournaments, lobby, records and replay data; the season's public
  // ranking; an organiser deletes a chat message (the fixture's season has none: 2517 once let through)
  fetch_my_contests: { request: () => ({ query: {} }) },
  fetch_season_lobby: { request: (f) => ({ query: ids(f) }) },
  fetch_public_contest_list: {
    request: () => ({ query: { search: 'Cup', state: 1, offset: 0, limit: 20 } }),
  },
  fetch_account_kind: { request: () => ({ query: {} }) },
  fetch_season_public_rank: { request: (f) => ({ query: { ...ids(f), offset: 0, limit: 20 } }) },
  fetch_my_game_records: { request: () => ({ query: { offset: 0, limit: 10 } }) },
  fetch_my_game_record_file: { request: () => ({ query: { uuid: RECORD_UUID } }) },
  delete_season_chat_message: { request: (f) => ({ body: { ...ids(f), id: 1 } }) },

  // Webhooks (creator and admins). A new hook points at the discard port of 127.0.0.1 and hears of no event here;
  // the fixture has no hook, so calls on one are let through and answer 2517.
  fetch_webhook_list: { request: (f) => ({ query: { unique_id: f.unique_id } }) },
  create_webhook: {
    request: (f) => ({
      body: {
        unique_id: f.unique_id,
        url: 'http://127.0.0.1:9/hook',
        events: ['game_finished'],
        format: 'json',
      },
    }),
  },
  update_webhook: {
    request: (f) => ({ body: { unique_id: f.unique_id, id: 1, events: ['season_ended'], enabled: 1 } }),
  },
  delete_webhook: { request: (f) => ({ body: { unique_id: f.unique_id, id: 1 } }) },
  rotate_webhook_secret: { request: (f) => ({ body: { unique_id: f.unique_id, id: 1 } }) },
  fetch_webhook_deliveries: {
    request: (f) => ({ query: { unique_id: f.unique_id, id: 1, offset: 0, limit: 20 } }),
  },
  test_webhook: { request: (f) => ({ body: { unique_id: f.unique_id, id: 1 } }) },

  // The operator console (operator accounts only; the bad-input walk makes them as an operator)
  operator_search_accounts: { request: (f) => ({ query: { query: f.stranger.account.nickname } }) },
  operator_create_account: {
    request: () => ({ body: { email: 'made.by.operator@example.test', nickname: 'OpMade' } }),
  },
  operator_adjust_currency: { request: (f) => ({ body: { account_id: f.stranger.account.id, delta: 5 } }) },
  operator_set_password: {
    request: (f) => ({ body: { account_id: f.stranger.account.id, password: 'secret-pass' } }),
  },
  operator_set_ban: { request: () => ({ body: { kind: 'ip', value: '192.0.2.77', banned: 1 } }) },
  operator_ban_list: { request: () => ({ query: { kind: 'ip', offset: 0, limit: 20 } }) },
  operator_set_create_right: {
    request: (f) => ({ body: { account_id: f.stranger.account.id, allowed: 1 } }),
  },
  operator_announce: { request: () => ({ body: { lang: 'en', title: 'Maintenance', content: 'Tonight.' } }) },
  operator_announcement_list: { request: () => ({ query: { offset: 0, limit: 20 } }) },
  operator_delete_announcement: { request: () => ({ body: { id: 999999 } }) },
  operator_find_contest: { request: (f) => ({ query: { contest_id: f.contest_id } }) },
  operator_set_contest_lock: { request: (f) => ({ body: { contest_id: f.contest_id, locked: 0 } }) },
  operator_review_list: { request: () => ({ query: {} }) },
  operator_review_decide: { request: (f) => ({ body: { contest_id: f.contest_id, approve: 1 } }) },
  operator_audit_list: { request: () => ({ query: { offset: 0, limit: 20 } }) },

  // Player levels and zones: the caller's own; the operator's reads and changes of any account's
  fetch_account_level: { request: () => ({ query: {} }) },
  operator_fetch_account_level: { request: (f) => ({ query: { account_id: f.stranger.account.id } }) },
  operator_set_level: {
    request: (f) => ({ body: { account_id: f.stranger.account.id, type: 1, level: 10201 } }),
  },
  operator_set_zone: { request: (f) => ({ body: { account_id: f.stranger.account.id, zone: 3 } }) },

  // Live channels: the season's event stream (its first event is read, then the stream is dropped)
  season_events: { request: (f) => ({ query: ids(f) }) },
  // A running game watched from the side (no game runs in the fixture: let through, it answers 2517)
  spectate_game: {
    request: (f) => ({
      query: { unique_id: f.unique_id, uuid: '00000000-0000-4000-8000-000000000000' },
    }),
  },

  // Broadcasting: share links (the fixture's tournament has none: revoking answers 2517 once let through), the
  // overlays that take only a link's token (an unknown one: 2517), and a listed tournament's live page
  create_share_link: {
    request: (f) => ({ body: { ...ids(f), kind: 'standings', size: '1280x720', top: 5 } }),
  },
  fetch_share_link_list: { request: (f) => ({ query: { unique_id: f.unique_id } }) },
  revoke_share_link: { request: (f) => ({ body: { unique_id: f.unique_id, id: 1 } }) },
  fetch_overlay_table: { request: () => ({ query: { token: `sl_${'A'.repeat(43)}` } }) },
  fetch_overlay_standings: { request: () => ({ query: { token: `sl_${'A'.repeat(43)}` } }) },
  fetch_season_live: { request: (f) => ({ query: { contest_id: f.contest_id } }) },
};

/** The people around tournaments: made once, then placed in each fixture. */
export async function people(world: World) {
  const [admin, observer, player, stranger, chatManager, playerManager] = [
    await world.organiser(),
    await world.organiser(),
    await world.organiser(),
    await world.organiser(),
    await world.organiser(),
    await world.organiser(),
  ];
  return { admin, observer, player, stranger, chatManager, playerManager };
}

/**
 * A tournament of its own creator, with `people` as its admin, chat manager, player manager, observer, roster
 * player and stranger. For a team
 * call (`teams`) its season ranks teams and has one team, the player in it.
 */
export async function fixture(
  world: World,
  who: Awaited<ReturnType<typeof people>>,
  options: { teams?: boolean } = {},
): Promise<Fixture> {
  const creator = await world.organiser({ currency: 60 });
  const { unique_id, contest_id, season_id } = await world.contest(creator);
  await world.makeAdmin(unique_id, who.admin);
  await world.makeAdmin(unique_id, who.chatManager, ManagerRole.CHAT);
  await world.makeAdmin(unique_id, who.playerManager, ManagerRole.PLAYER);
  const now = world.clock.now();
  const db = world.database.db;
  await db
    .insert(contestObservers)
    .values({ uniqueId: unique_id, accountId: who.observer.account.id, createTime: now });
  await db.update(contests).set({ observerSwitch: 1 }).where(eq(contests.uniqueId, unique_id));
  await db.insert(seasonPlayers).values({
    uniqueId: unique_id,
    seasonId: season_id,
    accountId: who.player.account.id,
    state: 2,
    createTime: now,
    updateTime: now,
  });
  let team_id = 0;
  if (options.teams) {
    await db
      .update(seasons)
      .set({ rankType: 1 })
      .where(and(eq(seasons.uniqueId, unique_id), eq(seasons.seasonId, season_id)));
    const [team] = await db
      .insert(teams)
      .values({ uniqueId: unique_id, seasonId: season_id, name: 'Fixture', createTime: now })
      .returning();
    team_id = team.id;
    await db.insert(teamMembers).values({
      uniqueId: unique_id,
      seasonId: season_id,
      accountId: who.player.account.id,
      teamId: team_id,
      createTime: now,
    });
  }
  return { unique_id, contest_id, season_id, creator, ...who, team_id };
}

/** Makes a call as the registry declares it (its path, its method), with `token` when given. */
export async function send(
  world: World,
  call: CallInfo,
  request: CallRequest,
  token?: string,
): Promise<Reply> {
  const path = `/api/${call.path}`;
  if (call.stream) return openStream(world, path, request.query ?? {}, token);
  return call.method === 'GET'
    ? world.get(path, request.query ?? {}, { token })
    : world.post(path, request.body ?? {}, { token });
}

/**
 * A stream call (server-sent events): its refusal as JSON, or, once let through, its first event as `data`; the
 * stream is then dropped (the server ends what is left of it when it closes).
 */
async function openStream(
  world: World,
  path: string,
  query: Record<string, unknown>,
  token?: string,
): Promise<Reply> {
  const abort = new AbortController();
  const res = await world.app.inject({
    method: 'GET',
    url: path,
    query: query as Record<string, string>,
    headers: token ? { authorization: `Majsoul ${token}` } : {},
    payloadAsStream: true,
    signal: abort.signal,
  });
  const events = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
  if (String(res.headers['content-type'] ?? '').startsWith('application/zip')) {
    let bytes = 0;
    for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
    return { status: res.statusCode, body: { data: { zip: bytes } } };
  }
  let text = '';
  try {
    for await (const chunk of res.stream()) {
      text += String(chunk);
      if (events && text.includes('\n\n')) break;
    }
  } finally {
    abort.abort();
  }
  if (!events) return { status: res.statusCode, body: JSON.parse(text) };
  const event = /^event: (.*)$/m.exec(text)?.[1];
  const data = /^data: (.*)$/m.exec(text)?.[1];
  return { status: res.statusCode, body: { data: { event, data: data && JSON.parse(data) } } };
}
