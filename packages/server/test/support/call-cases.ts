import { eq } from 'drizzle-orm';
import { contestObservers, contests, seasonPlayers } from '../../src/db/schema';
import type { CallInfo } from '../../src/http/route';
import type { Organiser, Reply, World } from './world';

/**
 * A well-formed request for every call the server declares, against one tournament and the people around it.
 * The authorization matrix and the bad-input walk both start from these; a call declared without a case here
 * fails both.
 */

/** The people a tournament call can come from; `anonymous` sends no token. */
export const ROLES = ['anonymous', 'stranger', 'observer', 'player', 'admin', 'creator'] as const;
export type MatrixRole = (typeof ROLES)[number];

export type Fixture = {
  unique_id: number;
  contest_id: number;
  season_id: number;
  creator: Organiser;
  admin: Organiser;
  /** On the tournament's observer roster; the tournament's observer switch is on. */
  observer: Organiser;
  /** On the roster of the tournament's season. */
  player: Organiser;
  /** Nothing to the tournament. */
  stranger: Organiser;
};

export type CallRequest = { body?: Record<string, unknown>; query?: Record<string, unknown> };

export type CallCase = {
  request: (f: Fixture, world: World) => CallRequest;
  /** The call ends the session it is made with: it is made with a second session of the same account. */
  endsSession?: boolean;
};

const DAY = 86_400;
const ids = (f: Fixture) => ({ unique_id: f.unique_id, season_id: f.season_id });
/** A well-formed game uuid that no record has. */
const RECORD_UUID = '00000000-0000-4000-8000-000000000000';
/** A well-formed game or plan uuid that no game or plan has. */
const GAME_UUID = '00000000-0000-4000-8000-000000000001';

export const CALL_CASES: Record<string, CallCase> = {
  // Accounts
  send_code: { request: () => ({ body: { email: 'someone.new@example.test', purpose: 'register' } }) },
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

  // Live channels: the season's event stream (its first event is read, then the stream is dropped)
  season_events: { request: (f) => ({ query: ids(f) }) },
};

/** The people around tournaments: made once, then placed in each fixture. */
export async function people(world: World) {
  const [admin, observer, player, stranger] = [
    await world.organiser(),
    await world.organiser(),
    await world.organiser(),
    await world.organiser(),
  ];
  return { admin, observer, player, stranger };
}

/** A tournament of its own creator, with `people` as its admin, observer, roster player and stranger. */
export async function fixture(world: World, who: Awaited<ReturnType<typeof people>>): Promise<Fixture> {
  const creator = await world.organiser({ currency: 60 });
  const { unique_id, contest_id, season_id } = await world.contest(creator);
  await world.makeAdmin(unique_id, who.admin);
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
  return { unique_id, contest_id, season_id, creator, ...who };
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
