import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Unix seconds. */
const unix = (name: string) => bigint(name, { mode: 'number' });

export type I18nRow = { lang: string; content: string }[];
export type DetailRuleRow = Record<string, number | boolean>;
/** Names and notices submitted while the deployment reviews text (`TAIKAI_REVIEW_TEXT`), until the operator decides. */
export type PendingTextRow = {
  name?: I18nRow;
  publicNotice?: I18nRow;
  privateNotice?: I18nRow;
  submitTime: number;
  submitterId: number;
};
export type ContestSettingRow = {
  game_limit: number;
  system_broadcast: number;
  level_limit: { type: number; value: number }[];
};

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash'),
    currency: integer('currency').notNull().default(0),
    canCreate: boolean('can_create').notNull().default(true),
    isOperator: boolean('is_operator').notNull().default(false),
    /** Where the account last logged in from: its address, and the browser's device id when it sent one. */
    lastLoginIp: text('last_login_ip'),
    lastLoginDevice: text('last_login_device'),
    lastLoginTime: unix('last_login_time'),
    createTime: unix('create_time').notNull(),
    /** 1 CN, 2 JP, 3 US/international: set at registration from `TAIKAI_DEFAULT_ZONE`, changed by the operator. */
    zone: integer('zone').notNull().default(3),
  },
  // Nicknames are unique regardless of case.
  (t) => [
    uniqueIndex('accounts_email_key').on(t.email),
    uniqueIndex('accounts_nickname_key').on(sql`lower(${t.nickname})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createTime: unix('create_time').notNull(),
    expireTime: unix('expire_time').notNull(),
    /** The API key a bot opened the session with: revoking the key ends the session. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_api_key_idx').on(t.apiKeyId)],
);

/**
 * One-time codes that carry a session to another device or site (the console's mobile hand-off): random, kept
 * only as their hash, short-lived, and deleted when exchanged for a session of their account.
 */
export const handoffCodes = pgTable(
  'handoff_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createTime: unix('create_time').notNull(),
    expireTime: unix('expire_time').notNull(),
  },
  (t) => [index('handoff_codes_account_idx').on(t.accountId)],
);

/**
 * Social login: an account of an OpenID Connect provider (its issuer's `sub`) linked to a taikai account, at most
 * one per provider and account. `email`: what the provider said at linking, shown on the account page.
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull().default(''),
    linkTime: unix('link_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    uniqueIndex('oidc_identities_account_provider_key').on(t.accountId, t.provider),
  ],
);

/**
 * Social logins under way: what the callback checks (PKCE verifier, nonce), keyed by the hash of the request's
 * `state`; short-lived, deleted by the callback that uses it. `linkAccountId`: linking to that logged-in account.
 */
export const oidcRequests = pgTable(
  'oidc_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    linkAccountId: integer('link_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    createTime: unix('create_time').notNull(),
    expireTime: unix('expire_time').notNull(),
  },
  (t) => [index('oidc_requests_expire_idx').on(t.expireTime)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    sendTime: unix('send_time').notNull(),
    expireTime: unix('expire_time').notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] })],
);

/**
 * Login attempts that failed (or are being checked) per account and client address, counted over a sliding
 * window and shared by every server process.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    time: unix('time').notNull(),
  },
  (t) => [
    index('login_failures_account_time_idx').on(t.accountId, t.time),
    index('login_failures_account_ip_time_idx').on(t.accountId, t.ip, t.time),
  ],
);

/** Keys with which bots log in (`{type: 7, uid, code}`); only the key's SHA-256 is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createTime: unix('create_time').notNull(),
    lastUsedTime: unix('last_used_time').notNull().default(0),
    revokeTime: unix('revoke_time'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

/** Login bans: kind is 'account' (value = internal id), 'email' or 'ip'. */
export const bans = pgTable(
  'bans',
  {
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createTime: unix('create_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  lang: text('lang').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createTime: unix('create_time').notNull(),
});

export const contests = pgTable(
  'contests',
  {
    uniqueId: serial('unique_id').primaryKey(),
    contestId: integer('contest_id').notNull(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => accounts.id),
    name: jsonb('name').$type<I18nRow>().notNull(),
    open: integer('open').notNull().default(1),
    showZones: jsonb('show_zones').$type<number[]>().notNull(),
    availableZones: jsonb('available_zones').$type<number[]>().notNull(),
    i18nSwitch: integer('i18n_switch').notNull().default(0),
    observerSwitch: integer('observer_switch').notNull().default(0),
    /** Seconds a spectator stays behind the table (0–600). */
    spectateDelay: integer('spectate_delay').notNull().default(120),
    /** 1: anyone logged in may watch the tournament's games. */
    publicSpectating: integer('public_spectating').notNull().default(0),
    checkState: integer('check_state').notNull().default(0),
    contestType: integer('contest_type').notNull().default(0),
    roundType: integer('round_type').notNull(),
    detailRule: jsonb('detail_rule').$type<DetailRuleRow>().notNull(),
    emojiSwitch: integer('emoji_switch').notNull().default(0),
    contestSetting: jsonb('contest_setting').$type<ContestSettingRow>().notNull(),
    publicNotice: jsonb('public_notice').$type<I18nRow>().notNull(),
    privateNotice: jsonb('private_notice').$type<I18nRow>().notNull(),
    managerNotice: jsonb('manager_notice').$type<I18nRow>().notNull(),
    maxPlayerCount: integer('max_player_count').notNull(),
    startTime: unix('start_time').notNull(),
    finishTime: unix('finish_time').notNull(),
    createTime: unix('create_time').notNull(),
    deleteTime: unix('delete_time'),
    /** Set while the operator has locked the configuration (`taikai contest lock`): changes answer 2558. */
    lockTime: unix('lock_time'),
    /** Text awaiting review (`check_state` 1), or null. */
    pendingText: jsonb('pending_text').$type<PendingTextRow>(),
    /** 1: the tournament's games move its players' levels (server README, "Player levels"). */
    rated: integer('rated').notNull().default(0),
  },
  (t) => [
    uniqueIndex('contests_contest_id_key').on(t.contestId),
    index('contests_creator_idx').on(t.creatorId),
    // The player portal's public list: listed (show-in-list on), live tournaments, newest first.
    index('contests_listed_idx')
      .on(t.createTime, t.uniqueId)
      .where(sql`${t.open} = 1 and ${t.deleteTime} is null`),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    uniqueId: integer('unique_id')
      .notNull()
      .references(() => contests.uniqueId, { onDelete: 'cascade' }),
    seasonId: integer('season_id').notNull(),
    startTime: unix('start_time').notNull(),
    endTime: unix('end_time').notNull(),
    createTime: unix('create_time').notNull(),
    /** Set when an organiser closes a finished season (state 4). */
    closeTime: unix('close_time'),
    signupType: integer('signup_type').notNull(),
    signupStartTime: unix('signup_start_time').notNull(),
    signupEndTime: unix('signup_end_time').notNull(),
    autoMatch: integer('auto_match').notNull().default(0),
    matchStartTime: unix('match_start_time').notNull().default(0),
    matchEndTime: unix('match_end_time').notNull().default(0),
    rankRule: integer('rank_rule').notNull().default(0),
    rankType: integer('rank_type').notNull().default(0),
    showTeamRank: integer('show_team_rank').notNull().default(0),
    remark: text('remark').notNull().default(''),
    /** Season chat limit: 0 none, 1 whitelist, 2 blacklist (the lists are in season_account_lists). */
    chatLimitType: integer('chat_limit_type').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.uniqueId, t.seasonId] })],
);

/**
 * A season's players: sign-ups waiting for review (state 1), the roster (2), and rejected sign-ups (3), which
 * only their player still sees. `nickname` is the season nickname an organiser set, null for the account's.
 */
export const seasonPlayers = pgTable(
  'season_players',
  {
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    state: integer('state').notNull(),
    nickname: text('nickname'),
    remark: text('remark').notNull().default(''),
    /** Sign-up or entry time. */
    createTime: unix('create_time').notNull(),
    updateTime: unix('update_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uniqueId, t.seasonId, t.accountId] }),
    foreignKey({
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
    index('season_players_state_idx').on(t.uniqueId, t.seasonId, t.state, t.createTime),
    index('season_players_account_idx').on(t.accountId),
  ],
);

/**
 * Accounts listed by a season: its sign-up blacklist (list 3) and its chat whitelist (1) and blacklist (2).
 */
export const seasonAccountLists = pgTable(
  'season_account_lists',
  {
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    list: integer('list').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createTime: unix('create_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uniqueId, t.seasonId, t.list, t.accountId] }),
    foreignKey({
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
  ],
);

export const contestAdmins = pgTable(
  'contest_admins',
  {
    uniqueId: integer('unique_id')
      .notNull()
      .references(() => contests.uniqueId, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    createTime: unix('create_time').notNull(),
    /** The manager's role (`ManagerRole`): 1 admin, 2 chat manager, 3 player manager. */
    role: integer('role').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.uniqueId, t.accountId] }),
    index('contest_admins_account_idx').on(t.accountId),
  ],
);

/**
 * Teams of a team season (rank type 1). Names are unique within their season (as written). `modify_score` is the
 * organiser's score change of the team in thousandths (−10^9 … 10^9), with its note `modify_detail`.
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    modifyScore: integer('modify_score').notNull().default(0),
    modifyDetail: text('modify_detail').notNull().default(''),
    createTime: unix('create_time').notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
    uniqueIndex('teams_season_name_key').on(t.uniqueId, t.seasonId, t.name),
  ],
);

/**
 * Who plays for which team: a player is in at most one team of a season (the key), and only while on its
 * roster (removing them from the roster removes them from their team in the same transaction).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createTime: unix('create_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uniqueId, t.seasonId, t.accountId] }),
    index('team_members_team_idx').on(t.teamId, t.accountId),
  ],
);

/** Accounts allowed to watch a tournament's games (observer roster). They have no say in the console. */
export const contestObservers = pgTable(
  'contest_observers',
  {
    uniqueId: integer('unique_id')
      .notNull()
      .references(() => contests.uniqueId, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createTime: unix('create_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uniqueId, t.accountId] })],
);

/** A seat of a game as it was set: the account (0 = robot), its name then, and its starting points. */
export type GameSeatRow = { account_id: number; nickname: string; init_points: number };
/** Where a game stands. */
export type ProgressRow = { chang: number; ju: number; ben: number; liqibang: number; scores: number[] };

/**
 * Planned games (reservations) of a season: state 1 waiting, 2 started (`game_uuid` set), 4 expired (not every
 * seat was ready within 30 minutes of the start), 5 cancelled (stopped by an organiser, or by the server when a seat
 * may no longer play).
 */
export const gamePlans = pgTable(
  'game_plans',
  {
    uuid: text('uuid').primaryKey(),
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    state: integer('state').notNull(),
    startTime: unix('start_time').notNull(),
    shuffleSeat: integer('shuffle_seat').notNull(),
    aiLevel: integer('ai_level').notNull(),
    remark: text('remark').notNull().default(''),
    createTime: unix('create_time').notNull(),
    /** The organiser who planned it; null for a table of the auto-match. */
    creatorId: integer('creator_id'),
    gameUuid: text('game_uuid'),
    /**
     * Why the server cancelled a waiting plan (state 5) because a seat may no longer play: `player_removed`,
     * `player_blacklisted` or `player_banned`, naming `stop_account`; null when an organiser stopped it.
     */
    stopReason: text('stop_reason'),
    stopAccount: integer('stop_account'),
    stopTime: unix('stop_time'),
  },
  (t) => [
    foreignKey({
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
    index('game_plans_season_state_idx').on(t.uniqueId, t.seasonId, t.state, t.startTime),
    index('game_plans_waiting_idx').on(t.state, t.startTime),
  ],
);

/** The seats of a plan, in seat order unless the plan shuffles them at the start; account 0 is a robot. */
export const planSeats = pgTable(
  'plan_seats',
  {
    planUuid: text('plan_uuid')
      .notNull()
      .references(() => gamePlans.uuid, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    accountId: integer('account_id').notNull(),
    initPoints: integer('init_points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planUuid, t.seat] }), index('plan_seats_account_idx').on(t.accountId)],
);

/**
 * Games the host has started: 2 running, 3 finished (its record is in game_records), 5 terminated or failed
 * (no record). `seed` is secret until the game has finished. `hand` and `hand_start` say where the hand in
 * progress began, which is where a game resumes after a restart; `hand_attempt` is the deal attempt of its wall,
 * stored before any seat sees the deal, so a restart deals the hand again on the next attempt (a fresh wall).
 */
export const games = pgTable(
  'games',
  {
    uuid: text('uuid').primaryKey(),
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    planUuid: text('plan_uuid'),
    state: integer('state').notNull(),
    tag: text('tag').notNull().default(''),
    roundType: integer('round_type').notNull(),
    detailRule: jsonb('detail_rule').$type<DetailRuleRow>().notNull(),
    aiLevel: integer('ai_level').notNull(),
    seats: jsonb('seats').$type<GameSeatRow[]>().notNull(),
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    startTime: unix('start_time').notNull(),
    endTime: unix('end_time'),
    hand: integer('hand').notNull().default(0),
    handStart: jsonb('hand_start').$type<ProgressRow>(),
    handAttempt: integer('hand_attempt').notNull().default(0),
    progress: jsonb('progress').$type<ProgressRow>(),
    updateTime: unix('update_time').notNull(),
    /** Set while paused: when the pause ends by itself. */
    pauseUntil: unix('pause_until'),
    /** Why a game stopped without a record: `terminated`, or the engine's error. */
    stopReason: text('stop_reason'),
    /**
     * Scaled mode: the queue job token of the process that holds the table. Every write of a running game names
     * it, so a process that lost the table (its lock expired and another took over) writes nothing more.
     */
    owner: text('owner'),
  },
  (t) => [
    foreignKey({
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
    index('games_season_state_idx').on(t.uniqueId, t.seasonId, t.state),
    index('games_state_idx').on(t.state),
  ],
);

/**
 * Each finished hand of a game as it ended: its number, the standing at its start, its result and its log, and the
 * deal attempt of the wall it was played on (0 unless a restart dealt it again).
 */
export const gameHands = pgTable(
  'game_hands',
  {
    gameUuid: text('game_uuid')
      .notNull()
      .references(() => games.uuid, { onDelete: 'cascade' }),
    hand: integer('hand').notNull(),
    result: jsonb('result').notNull(),
    log: jsonb('log').notNull(),
    attempt: integer('attempt').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameUuid, t.hand] })],
);

/**
 * Records of finished games. `result` lists the players in final placement order; `log` is the full hand log
 * (the engine's GameLog); `seed` is revealed.
 */
export const gameRecords = pgTable(
  'game_records',
  {
    uuid: text('uuid').primaryKey(),
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    startTime: unix('start_time').notNull(),
    endTime: unix('end_time').notNull(),
    tag: text('tag').notNull().default(''),
    removed: integer('removed').notNull().default(0),
    roundType: integer('round_type').notNull(),
    detailRule: jsonb('detail_rule').$type<DetailRuleRow>().notNull(),
    seats: jsonb('seats').$type<GameSeatRow[]>().notNull(),
    result: jsonb('result').$type<{ seat: number; part_point_1: number; total_point: number }[]>().notNull(),
    log: jsonb('log').notNull(),
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
    index('game_records_season_end_idx').on(t.uniqueId, t.seasonId, t.endTime, t.uuid),
  ],
);

/** One row per seat of a record, for per-player reads (game counts, a player's games, rankings). */
export const recordPlayers = pgTable(
  'record_players',
  {
    recordUuid: text('record_uuid')
      .notNull()
      .references(() => gameRecords.uuid, { onDelete: 'cascade' }),
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    accountId: integer('account_id').notNull(),
    seat: integer('seat').notNull(),
    /** 1…4, final placement. */
    place: integer('place').notNull(),
    partPoint: integer('part_point').notNull(),
    totalPoint: integer('total_point').notNull(),
    endTime: unix('end_time').notNull(),
    /** The record's `removed` flag, kept equal to it in the same transaction (rankings read only this table). */
    removed: integer('removed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recordUuid, t.seat] }),
    index('record_players_account_idx').on(t.uniqueId, t.seasonId, t.accountId, t.endTime),
    // Rankings and statistics: each player's counted games in end-time order, covering what they sum.
    index('record_players_ranking_idx')
      .on(t.uniqueId, t.seasonId, t.accountId, t.endTime, t.recordUuid, t.totalPoint, t.place)
      .where(sql`${t.removed} = 0 and ${t.accountId} <> 0`),
  ],
);

/**
 * Each player's season in numbers, recounted from their `record_players` rows (those not removed) in the same
 * transaction as every change to them: a record written, removed or restored. Not a cache: it is never behind
 * the records, and the rankings read it so that a read does not sum every game of the season.
 * `recent_points[k]` is the total of the k latest games, `best_points[k]` the best total of k consecutive games
 * (end-time order) and `best_ends[k]` the last game of the earliest such series, for k = 1 … min(games, 10).
 */
export const rankingPlayers = pgTable(
  'ranking_players',
  {
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    accountId: integer('account_id').notNull(),
    games: integer('games').notNull(),
    totalPoint: bigint('total_point', { mode: 'number' }).notNull(),
    place1: integer('place_1').notNull(),
    place2: integer('place_2').notNull(),
    place3: integer('place_3').notNull(),
    place4: integer('place_4').notNull(),
    placeSum: integer('place_sum').notNull(),
    latestUuid: text('latest_uuid').notNull(),
    recentPoints: bigint('recent_points', { mode: 'number' }).array().notNull(),
    bestPoints: bigint('best_points', { mode: 'number' }).array().notNull(),
    bestEnds: text('best_ends').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uniqueId, t.seasonId, t.accountId] }),
    foreignKey({
      name: 'ranking_players_season_fk',
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
  ],
);

/** Yakuman of recorded games (yiman: the multiple, or 7 for a counted yakuman). */
export const recordMarks = pgTable(
  'record_marks',
  {
    recordUuid: text('record_uuid')
      .notNull()
      .references(() => gameRecords.uuid, { onDelete: 'cascade' }),
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    hand: integer('hand').notNull(),
    seat: integer('seat').notNull(),
    accountId: integer('account_id').notNull(),
    yiman: integer('yiman').notNull(),
    yaku: jsonb('yaku').$type<string[]>().notNull(),
    chang: integer('chang').notNull(),
    ju: integer('ju').notNull(),
    ben: integer('ben').notNull(),
    startTime: unix('start_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordUuid, t.hand, t.seat] }),
    index('record_marks_season_idx').on(t.uniqueId, t.seasonId, t.startTime),
  ],
);

/** Every mutation: who did what, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    time: unix('time').notNull(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    // The operator's acts (the operator console's history), newest first.
    index('audit_log_operator_idx').on(t.id).where(sql`${t.action} like 'operator.%'`),
  ],
);

/**
 * Messages of a season's chat (the lobby of the player portal): text or an emoji stamp id, from a roster
 * player or an organiser (`organiser` 1: creator or admin when sent). A deleted message keeps its row, with who
 * deleted it and when; it is no longer sent to anyone.
 */
export const seasonChatMessages = pgTable(
  'season_chat_messages',
  {
    id: serial('id').primaryKey(),
    uniqueId: integer('unique_id').notNull(),
    seasonId: integer('season_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The sender's season nickname (else the account's) when sent. */
    nickname: text('nickname').notNull(),
    organiser: integer('organiser').notNull().default(0),
    text: text('text'),
    stamp: integer('stamp'),
    createTime: unix('create_time').notNull(),
    deleteTime: unix('delete_time'),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    foreignKey({
      name: 'season_chat_messages_season_fk',
      columns: [t.uniqueId, t.seasonId],
      foreignColumns: [seasons.uniqueId, seasons.seasonId],
    }).onDelete('cascade'),
    index('season_chat_messages_season_idx').on(t.uniqueId, t.seasonId, t.id),
  ],
);

/** Webhook events an organiser may subscribe a hook to. */
export type WebhookEventRow =
  | 'game_started'
  | 'game_finished'
  | 'signup_pending'
  | 'season_ended'
  | 'yakuman';

/**
 * A tournament's webhook: where its chosen events are posted, signed with its secret. After too many failed
 * deliveries in a row it is disabled (`enabled` 0) with the time and reason shown in the console.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    uniqueId: integer('unique_id')
      .notNull()
      .references(() => contests.uniqueId, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEventRow[]>().notNull(),
    /** 'json' or 'discord'. */
    format: text('format').notNull().default('json'),
    secret: text('secret').notNull(),
    enabled: integer('enabled').notNull().default(1),
    /** Failed deliveries in a row (a success resets it). */
    failures: integer('failures').notNull().default(0),
    disabledTime: unix('disabled_time'),
    disabledReason: text('disabled_reason'),
    creatorId: integer('creator_id'),
    createTime: unix('create_time').notNull(),
    updateTime: unix('update_time').notNull(),
  },
  (t) => [index('webhooks_contest_idx').on(t.uniqueId)],
);

/**
 * The outbox of webhook deliveries: a row is written in the transaction of the change it reports, then sent
 * (and retried) by the dispatcher. `status`: pending, sending (claimed until `next_attempt_time`), delivered,
 * failed (given up). `event_key` makes one event one delivery per hook.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    hookId: integer('hook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptTime: unix('next_attempt_time'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createTime: unix('create_time').notNull(),
    lastAttemptTime: unix('last_attempt_time'),
    doneTime: unix('done_time'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.hookId, t.eventKey),
    index('webhook_deliveries_hook_idx').on(t.hookId, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptTime).where(sql`${t.status} = 'pending'`),
  ],
);

export type ShareLinkOptionsRow = {
  size: '1920x1080' | '1280x720';
  top?: number;
  mode?: 'personal' | 'team';
};

/**
 * Share links of a tournament's broadcast overlays: `kind` `table` (a game's live table, `target` its uuid) or
 * `standings` (a season's standings, `target` its season id). Only the token's SHA-256 is kept; the token is shown
 * once, at creation. A revoked link (`revoke_time`) opens nothing.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    uniqueId: integer('unique_id')
      .notNull()
      .references(() => contests.uniqueId, { onDelete: 'cascade' }),
    kind: text('kind').$type<'table' | 'standings'>().notNull(),
    target: text('target').notNull(),
    options: jsonb('options').$type<ShareLinkOptionsRow>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the token, to tell links apart. */
    prefix: text('prefix').notNull(),
    creatorId: integer('creator_id').notNull(),
    createTime: unix('create_time').notNull(),
    revokeTime: unix('revoke_time'),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_key').on(t.tokenHash),
    index('share_links_contest_idx').on(t.uniqueId, t.id),
  ],
);

/**
 * A running game's table at each moment a broadcast shows (a hand's start, a riichi, a hand's end), with the time
 * it happened (`at`, unix seconds): overlays show the newest moment at least the tournament's spectator delay old.
 */
export const gameMoments = pgTable(
  'game_moments',
  {
    id: serial('id').primaryKey(),
    gameUuid: text('game_uuid')
      .notNull()
      .references(() => games.uuid, { onDelete: 'cascade' }),
    at: bigint('at', { mode: 'number' }).notNull(),
    hand: integer('hand').notNull(),
    kind: text('kind').$type<'hand_start' | 'riichi' | 'hand_end'>().notNull(),
    progress: jsonb('progress').$type<ProgressRow>().notNull(),
    /** Seats in riichi at that moment. */
    riichi: jsonb('riichi').$type<number[]>().notNull(),
    /** At a hand's end: its result. */
    result: jsonb('result'),
  },
  (t) => [index('game_moments_game_at_idx').on(t.gameUuid, t.at, t.id)],
);

/**
 * Each account's level of a kind of play (type 1 four-player, 2 three-player) and its points within it (server
 * README, "Player levels"). No row: Novice 1 with 0 points, where every account starts.
 */
export const playerLevels = pgTable(
  'player_levels',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    level: integer('level').notNull(),
    points: integer('points').notNull(),
    updateTime: unix('update_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.type] })],
);

/**
 * What each rated game did to each human player's level: one row per record and account, written with the
 * record, so that a game is never counted twice (a retried settlement, a table taken over).
 */
export const levelGames = pgTable(
  'level_games',
  {
    recordUuid: text('record_uuid')
      .notNull()
      .references(() => gameRecords.uuid, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    place: integer('place').notNull(),
    levelBefore: integer('level_before').notNull(),
    pointsBefore: integer('points_before').notNull(),
    levelAfter: integer('level_after').notNull(),
    pointsAfter: integer('points_after').notNull(),
    time: unix('time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordUuid, t.accountId] }),
    index('level_games_account_idx').on(t.accountId, t.time),
  ],
);
