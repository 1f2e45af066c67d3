import { randomInt, randomUUID } from 'node:crypto';
import {
  type ControlResult,
  commitmentOf,
  createTablePool,
  newSeed,
  type Reply,
  type ResumeFrom,
  type SeatSpec,
  type TableEvent,
  type TablePool,
} from '@taikai/engine';
import {
  CHAT_LIMITS,
  defaultRuleFor,
  type FailReason,
  LIMITS,
  type PlayerLinkOut,
  playerCountOf,
  type SeasonChange,
  SeasonState,
  type TableRuleView,
  unsupportedRuleFields,
} from '@taikai/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { ClusterBus } from '../cluster/bus';
import { ClusterQueues, type TableOutcome } from '../cluster/queues';
import type { RedisSettings } from '../cluster/redis';
import { ClusterRelay, type ControlAction, type LocalTables, type SeatedGame } from '../cluster/relay';
import type { Db } from '../db/client';
import type { GameSeatRow, ProgressRow } from '../db/schema';
import { FloodWindow } from '../domains/chat/flood';
import { chatRefusal } from '../domains/chat/service';
import { belowLevelLimit } from '../domains/levels/service';
import { gameCounts } from '../domains/plans/queries';
import { seasonState } from '../domains/seasons/presenter';
import * as webhookEvents from '../domains/webhooks/events';
import { failureText, type GameFailure } from './failures';
import { GameState } from './game-state';
import { LiveHub } from './live-hub';
import { MomentKeeper } from './moments';
import { Presence } from './presence';
import * as q from './queries';
import { writeRecord } from './record-writer';
import { SpectateHub } from './spectate-hub';

export type HostOptions = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Engine worker threads; one per core by default. */
  workers?: number;
  /** How often the scheduler looks at plans and ready players without being kicked (ms). */
  tickMs?: number;
  /** The tables' call window (ms; the engine's 1000 by default): README, "What the table's timing shows". */
  callWindowMs?: number;
  /** Scaled mode: the Redis the processes share, and how many tables this one takes at most. */
  scaled?: { redis: RedisSettings; tablesPerProcess: number };
};

/** Scaled mode: the other processes, the queues that place tables and passes, and the traffic between them. */
type Scaled = { bus: ClusterBus; queues: ClusterQueues; relay: ClusterRelay };

/**
 * Scaled mode: how often the scheduler makes sure that every running game has its table job, and each process
 * forgets the games it thought ran elsewhere that have ended (ms).
 */
const ADOPT_EVERY_MS = 10_000;

/**
 * Scaled mode: how long a pause, resume or terminate waits for a placed table to be taken by a process before it
 * is sent to every process (ms); a table is taken within moments unless every process is gone.
 */
const TAKEN_WAIT_MS = 20_000;

type SeatMessage = Extract<PlayerLinkOut, { op: 'game_message' }>;

/**
 * After a restart, players get this long to come back before their seats are auto-played; meanwhile their
 * decisions wait as long as the rule's thinking time allows.
 */
export const RECONNECT_GRACE_MS = 20_000;

/** Due plans started at once in a scheduler pass. */
const START_CONCURRENCY = 8;

/** A game this process is running. */
type Running = {
  uuid: string;
  uniqueId: number;
  seasonId: number;
  seats: GameSeatRow[];
  roundType: number;
  /** What a player's table needs of the rule (sent with `game_start`). */
  rule: TableRuleView;
  /** Event persistence, one after the other. */
  queue: Promise<void>;
  /** Per human seat: the messages of the hand in progress (and the game's opening), for a returning player. */
  handMessages: Map<number, { msg: Record<string, unknown>; ask: SeatMessage['ask'] }[]>;
  paused: boolean;
  /** Resumed after a restart (its players get a grace period to come back). */
  resumed: boolean;
  /**
   * False while the hand in progress has no stored start (its store failed): its messages are not shown, since a
   * restart would not know that wall was dealt and could deal it again.
   */
  dealStored: boolean;
  /** Scaled mode: the queue job token this process holds the table with (`games.owner`). */
  owner?: string;
  /** Scaled mode: another process may have taken the table over; this one writes and shows nothing more. */
  lost: boolean;
  /** Per human seat: the decision it was last asked and when (performance.now()), while decisions are timed. */
  asked: Map<number, { id: number; at: number }>;
  /** Settles the table's queue job once the game left this process: it ended here, or is handed over. */
  left: (outcome: TableOutcome) => void;
};

/**
 * The game host: starts tables on the engine's worker pool when plans are due and their players ready (or when
 * the auto-match seats ready players), persists what tables report, writes the record when a game finishes,
 * answers controls, and resumes the games of a previous process from the start of their hand in progress.
 * Nothing here runs on a request's path: calls write rows and `kick()` the scheduler.
 */
export class GameHost {
  readonly presence = new Presence();
  readonly live = new LiveHub();
  /** Spectators of running games: the delayed buffers of the tables here, and the spectator streams here. */
  readonly spectators = new SpectateHub();
  /** Emoji stamps sent at tables, per game and seat. */
  private readonly stampFlood = new FloodWindow(CHAT_LIMITS.TABLE_STAMPS, CHAT_LIMITS.FLOOD_WINDOW_S);
  /** Table events stored since this host started (hands started and ended, pauses, ends). */
  eventsStored = 0;
  private readonly db: Db;
  /** The table moments broadcasts show (game_moments). */
  private readonly moments: MomentKeeper;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly workers?: number;
  private readonly tickMs: number;
  private readonly callWindowMs: number | undefined;
  private poolValue: TablePool | null = null;
  private readonly running = new Map<string, Running>();
  /** Scaled mode: the games other processes run (`peer` '' until the process running one says so). */
  private readonly elsewhere = new Map<string, SeatedGame & { peer: string }>();
  /** Scaled mode: calls waiting for a game's table to be taken by some process (or to end), by game. */
  private readonly untilTaken = new Map<string, (() => void)[]>();
  /** account → the running games it sits in, on any process (uuid → seat). */
  private readonly seatsOf = new Map<number, Map<string, number>>();
  private readonly scaled: Scaled | null;
  private adoptedAt = 0;
  /** Told each answered decision's wait in seconds (metrics); decisions are not timed while it is null. */
  private decisionListener: ((seconds: number) => void) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private passing = false;
  private passAgain = false;
  private kicked = false;
  private closed = false;

  constructor(options: HostOptions) {
    this.db = options.db;
    this.moments = new MomentKeeper(options.db);
    this.clock = options.clock;
    this.log = options.log;
    this.workers = options.workers;
    this.tickMs = options.tickMs ?? 1000;
    this.callWindowMs = options.callWindowMs;
    this.presence.listen((uniqueId, seasonId) => {
      this.publish(uniqueId, seasonId, { kind: 'ready' });
      this.kick();
    });
    this.scaled = options.scaled ? this.connect(options.scaled) : null;
  }

  private connect({ redis, tablesPerProcess }: NonNullable<HostOptions['scaled']>): Scaled {
    const bus = new ClusterBus(redis, this.log);
    const queues = new ClusterQueues(redis, this.log, { tablesPerProcess, tickMs: this.tickMs });
    const relay = new ClusterRelay(bus, this.live, this.presence, this.localTables(), this.spectators);
    return { bus, queues, relay };
  }

  private get pool(): TablePool {
    this.poolValue ??= createTablePool({ workers: this.workers });
    return this.poolValue;
  }

  /**
   * Resumes the games a previous process left running, then schedules from now on. Scaled mode: joins the other
   * processes, then takes table jobs and scheduler passes from the queues; every running game gets its table job
   * (those of a process that died are taken over as their locks expire).
   */
  async start(): Promise<void> {
    if (this.scaled) {
      await this.scaled.bus.start();
      for (const game of await q.runningGames(this.db)) this.seatElsewhere('', seatedGame(game));
      await this.scaled.queues.start({
        runTable: (uuid, owner) => this.runTable(uuid, owner),
        lostTables: (uuids) => {
          for (const uuid of uuids) this.lose(uuid);
        },
        schedulerPass: () => this.schedulerPass(),
        reconnected: () => this.adopt(),
      });
      await this.adopt();
      this.timer = setInterval(() => void this.forgetEnded().catch(() => {}), ADOPT_EVERY_MS);
      this.timer.unref();
      this.kick();
      return;
    }
    for (const game of await q.runningGames(this.db)) await this.resumeGame(game);
    this.timer = setInterval(() => this.kick(), this.tickMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a scheduler pass soon (scaled mode: on whichever process the queue gives it to). */
  kick(): void {
    if (this.scaled) {
      this.scaled.queues.kick();
      return;
    }
    if (this.closed || this.kicked) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      void this.pass();
    });
  }

  pause(uuid: string): Promise<ControlResult> {
    return this.control(uuid, 'pause');
  }

  resume(uuid: string): Promise<ControlResult> {
    return this.control(uuid, 'resume');
  }

  terminate(uuid: string): Promise<ControlResult> {
    return this.control(uuid, 'terminate');
  }

  /**
   * An emoji stamp from a seated player, sent to every seat of the table (robots aside). Refusals: 2512
   * `stamps_off` when the game started with the tournament's emoji switch off, 2512 `flood` beyond 3 stamps of
   * a seat within 10 s. A stamp for a game the account does not sit at is ignored, as answers are. A game another
   * process runs gets the stamp there (a refusal there is not told).
   */
  stamp(accountId: number, gameUuid: string, stamp: number): void {
    if (this.scaled && !this.running.has(gameUuid))
      this.scaled.relay.stamp(this.ownerOf(gameUuid), accountId, gameUuid, stamp);
    else this.stampHere(accountId, gameUuid, stamp);
  }

  private stampHere(accountId: number, gameUuid: string, stamp: number): void {
    const seat = this.seatsOf.get(accountId)?.get(gameUuid);
    const game = this.running.get(gameUuid);
    if (seat === undefined || !game) return;
    if (game.rule.emoji_switch !== 1) throw chatRefusal('stamps_off');
    if (!this.stampFlood.take(`${gameUuid}/${seat}`, this.clock.now())) throw chatRefusal('flood');
    for (const s of game.seats) {
      if (s.account_id !== 0)
        this.live.account(s.account_id, { op: 'stamp', game_uuid: gameUuid, seat, stamp });
    }
  }

  /** The running game of a season the account sits at (the first, if several), or null. */
  playingIn(
    accountId: number,
    uniqueId: number,
    seasonId: number,
  ): { game_uuid: string; seat: number } | null {
    for (const [uuid, seat] of this.seatsOf.get(accountId) ?? []) {
      const game = this.running.get(uuid) ?? this.elsewhere.get(uuid);
      if (game?.uniqueId === uniqueId && game.seasonId === seasonId) return { game_uuid: uuid, seat };
    }
    return null;
  }

  /** A seated player's decision; answers for seats the account does not hold are ignored. */
  answer(accountId: number, gameUuid: string, askId: number, reply: Reply): void {
    if (this.scaled && !this.running.has(gameUuid))
      this.scaled.relay.answer(this.ownerOf(gameUuid), accountId, gameUuid, askId, reply);
    else this.answerHere(accountId, gameUuid, askId, reply);
  }

  private answerHere(accountId: number, gameUuid: string, askId: number, reply: Reply): void {
    const seat = this.seatsOf.get(accountId)?.get(gameUuid);
    const game = this.running.get(gameUuid);
    if (seat === undefined || !game) return;
    const asked = game.asked.get(seat);
    if (asked?.id === askId) {
      game.asked.delete(seat);
      this.decisionListener?.((performance.now() - asked.at) / 1000);
    }
    this.pool.answer(gameUuid, seat, askId, reply);
  }

  /**
   * Times decisions from now on: from the table asking a player's seat (before the ask is stored and sent) to the
   * player's answer reaching this process. Decisions auto-played (no answer, a timeout) are not counted.
   */
  timeDecisions(listener: (seconds: number) => void): void {
    this.decisionListener = listener;
  }

  /** Scaled mode: the queues of tables and scheduler passes (metrics read their depth). */
  get queues(): ClusterQueues | null {
    return this.scaled?.queues ?? null;
  }

  /**
   * After a player link of the account opened or closed: its seats are auto-played while it has none (on any
   * process).
   */
  linkChanged(accountId: number): void {
    this.scaled?.relay.linkedHere(accountId, this.live.linked(accountId));
    this.seatsConnected(accountId);
  }

  private seatsConnected(accountId: number): void {
    const connected = this.connected(accountId);
    for (const [uuid, seat] of this.seatsOf.get(accountId) ?? [])
      if (this.running.has(uuid)) this.pool.setConnected(uuid, seat, connected);
  }

  /** Whether the account has a player link open, here or (scaled mode) on another process. */
  private connected(accountId: number): boolean {
    return this.live.linked(accountId) || (this.scaled?.relay.linkedElsewhere(accountId) ?? false);
  }

  /**
   * For a player (re)joining: each running game it sits in, and the hand so far, given to `send` (at once for the
   * games of this process, when they answer for those of others).
   */
  tableStateFor(accountId: number, send: (out: PlayerLinkOut) => void): void {
    for (const out of this.tableStateHere(accountId)) send(out);
    const away = [...(this.seatsOf.get(accountId)?.keys() ?? [])].some((uuid) => !this.running.has(uuid));
    if (this.scaled && away) this.scaled.relay.tableState(accountId, send);
  }

  private tableStateHere(accountId: number): PlayerLinkOut[] {
    const out: PlayerLinkOut[] = [];
    for (const [uuid, seat] of this.seatsOf.get(accountId) ?? []) {
      const game = this.running.get(uuid);
      if (!game || game.lost) continue;
      out.push(gameStart(game, seat), tableState(game, seat));
    }
    return out;
  }

  /**
   * Stops scheduling and the engine. Running games stay running in the database: the next start resumes them
   * (scaled mode: the other processes take them over as their queue locks expire).
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.scaled) {
      // The tables go to the other processes at once rather than when their locks expire: each stops here once
      // what it reported is stored, and its job goes back to the queue.
      await Promise.allSettled([...this.running.values()].map((g) => this.handOver(g)));
      await this.scaled.queues.close();
      await this.scaled.bus.close();
    }
    while (this.passing) await new Promise((resolve) => setTimeout(resolve, 5));
    const pool = this.poolValue;
    this.poolValue = null;
    if (pool) await pool.close();
    await Promise.allSettled([...this.running.values()].map((g) => g.queue));
    this.spectators.close();
    this.running.clear();
    this.seatsOf.clear();
  }

  private async control(uuid: string, action: ControlAction): Promise<ControlResult> {
    const here = this.controlHere(uuid, action);
    if (here) return here;
    if (!this.scaled) return { ok: false, state: 'missing' };
    // A table placed in the queue but not yet taken (or being taken over): asked once a process says it runs it.
    if (this.ownerOf(uuid) === undefined) await this.taken(uuid);
    return this.controlHere(uuid, action) ?? this.scaled.relay.control(this.ownerOf(uuid), uuid, action);
  }

  /**
   * Scaled mode: resolves once a process says it runs the game's table, this one included, or the game ended;
   * the bound only ends the wait for a game no process takes (its call is then sent to every process).
   */
  private taken(uuid: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, TAKEN_WAIT_MS);
      timer.unref();
      const waiting = this.untilTaken.get(uuid) ?? [];
      waiting.push(done);
      this.untilTaken.set(uuid, waiting);
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** The calls waiting for this game's table go on. */
  private tookOrEnded(uuid: string): void {
    const waiting = this.untilTaken.get(uuid);
    this.untilTaken.delete(uuid);
    for (const go of waiting ?? []) go();
  }

  private controlHere(uuid: string, action: ControlAction): Promise<ControlResult> | null {
    if (!this.running.has(uuid)) return null;
    return this.pool[action](uuid).then(async (result) => {
      // Wait for the table's report to be stored, so that the caller's next read sees it.
      await this.running.get(uuid)?.queue;
      return result;
    });
  }

  /** What the other processes ask of this one's tables (scaled mode). */
  private localTables(): LocalTables {
    return {
      answer: (accountId, gameUuid, askId, reply) => this.answerHere(accountId, gameUuid, askId, reply),
      stamp: (accountId, gameUuid, stamp) => this.stampHere(accountId, gameUuid, stamp),
      control: (uuid, action) => this.controlHere(uuid, action),
      tableState: (accountId) => this.tableStateHere(accountId),
      seatedHere: () => [...this.running.values()].filter((g) => !g.lost).map(seatedGame),
      seatedElsewhere: (peer, games, all) => {
        if (all) {
          const listed = new Set(games.map((g) => g.uuid));
          for (const game of [...this.elsewhere.values()])
            if (game.peer === peer && !listed.has(game.uuid)) this.unseatElsewhere(game.uuid);
        }
        for (const game of games) {
          // Another process took this table over: this one's lock had expired.
          if (this.running.has(game.uuid)) this.lose(game.uuid);
          this.seatElsewhere(peer, game);
        }
      },
      peerGone: (peer) => {
        // Until another process says it runs them, calls for its games go to every process.
        for (const game of this.elsewhere.values()) if (game.peer === peer) game.peer = '';
      },
      unseated: (uuids) => {
        for (const uuid of uuids) this.unseatElsewhere(uuid);
        this.kick();
      },
      linksChanged: (accountId) => this.seatsConnected(accountId),
    };
  }

  /** The process that runs a game of another, when known ('' until it says so). */
  private ownerOf(uuid: string): string | undefined {
    return this.elsewhere.get(uuid)?.peer || undefined;
  }

  private seatElsewhere(peer: string, game: SeatedGame): void {
    this.elsewhere.set(game.uuid, { ...game, peer });
    this.seat(game.uuid, game.accounts);
    if (peer !== '') this.tookOrEnded(game.uuid);
  }

  private unseatElsewhere(uuid: string): void {
    this.tookOrEnded(uuid);
    const game = this.elsewhere.get(uuid);
    if (!game || this.running.has(uuid)) return;
    this.elsewhere.delete(uuid);
    this.unseat(uuid, game.accounts);
  }

  private seat(uuid: string, accounts: number[]): void {
    accounts.forEach((accountId, seat) => {
      if (accountId === 0) return;
      let games = this.seatsOf.get(accountId);
      if (!games) {
        games = new Map();
        this.seatsOf.set(accountId, games);
      }
      games.set(uuid, seat);
    });
  }

  private unseat(uuid: string, accounts: number[]): void {
    for (const accountId of accounts) {
      const games = this.seatsOf.get(accountId);
      games?.delete(uuid);
      if (games?.size === 0) this.seatsOf.delete(accountId);
    }
  }

  /**
   * Scaled mode: runs a game's table here until it ends here. The game's row names this take's token as its owner
   * first; a game that is no longer running has nothing to run.
   */
  private async runTable(uuid: string, owner: string): Promise<TableOutcome> {
    if (this.closed) return 'handover';
    const game = await q.claimGame(this.db, uuid, owner);
    if (!game) return 'ended';
    // Taken again by this process (its job was placed again after Redis came back empty): the old run stops first.
    if (this.running.has(uuid)) await this.lose(uuid);
    this.log.info({ game: uuid, resumed: game.handStart !== null }, 'table taken');
    if (this.closed) return 'handover';
    return new Promise<TableOutcome>((resolve) => {
      this.resumeGame(game, { owner, left: resolve })
        .then(() => {
          // Started while this process began to stop: handed over as the others were.
          const running = this.running.get(uuid);
          if (this.closed && running) void this.handOver(running);
        })
        .catch((error) => {
          // Its past could not be read (the database is away or overloaded): the job goes back to the queue and
          // this or another process tries again.
          this.log.error(
            { err: error, game: uuid },
            'a table could not be resumed; it goes back to the queue',
          );
          resolve('handover');
        });
    });
  }

  /**
   * Scaled mode, this process stopping: a table stops here once what it reported is stored, and its job goes back
   * to the queue for another process (which resumes it from the start of its hand in progress).
   */
  private async handOver(game: Running): Promise<void> {
    if (game.lost) return;
    game.lost = true;
    await game.queue;
    this.spectators.drop(game.uuid);
    await this.poolValue?.terminate(game.uuid).catch(() => {});
    game.left('handover');
  }

  /**
   * Scaled mode: another process may hold this table now (its queue lock was lost, a write found another owner,
   * or another process says it runs it). It stops here without a word: no write, no message, no announcement.
   */
  private async lose(uuid: string): Promise<void> {
    const game = this.running.get(uuid);
    if (!game || game.lost) return;
    game.lost = true;
    this.log.warn({ game: uuid }, 'a table was lost to another process');
    this.running.delete(uuid);
    this.spectators.drop(uuid);
    if (!this.elsewhere.has(uuid))
      this.unseat(
        uuid,
        game.seats.map((s) => s.account_id),
      );
    game.left('ended');
    await this.pool.terminate(uuid).catch(() => {});
  }

  /** Scaled mode: one scheduler pass, and now and then a table job for every running game that has none. */
  private async schedulerPass(): Promise<void> {
    await this.pass();
    if (Date.now() - this.adoptedAt >= ADOPT_EVERY_MS) await this.adopt();
  }

  /**
   * Scaled mode: a running game whose start was stored but whose table job was not queued (its process died in
   * between) gets one.
   */
  private async adopt(): Promise<void> {
    if (!this.scaled) return;
    this.adoptedAt = Date.now();
    await this.scaled.queues.place(await q.runningGameIds(this.db));
  }

  /** Scaled mode: games thought to run elsewhere that have ended (their word lost while Redis was away). */
  private async forgetEnded(): Promise<void> {
    // Only those known before the read: a game started meanwhile is not in it.
    const known = [...this.elsewhere.keys()];
    const running = new Set(await q.runningGameIds(this.db));
    for (const uuid of known) if (!running.has(uuid)) this.unseatElsewhere(uuid);
  }

  private publish(uniqueId: number, seasonId: number, change: SeasonChange): void {
    this.live.season(uniqueId, seasonId, change);
  }

  /** One look at plans and ready players; passes never overlap (a kick during one runs another after it). */
  private async pass(): Promise<void> {
    if (this.passing) {
      this.passAgain = true;
      return;
    }
    this.passing = true;
    try {
      do {
        this.passAgain = false;
        await this.expirePlans();
        await this.startDuePlans();
        await this.autoMatch();
      } while (this.passAgain && !this.closed);
    } catch (error) {
      if (!this.closed) this.log.error({ err: error }, 'game scheduler pass failed');
    } finally {
      this.passing = false;
    }
  }

  private async expirePlans(): Promise<void> {
    const expired = await q.expirePlans(this.db, this.clock.now() - LIMITS.READY_WINDOW_S);
    for (const s of uniqueSeasons(expired)) this.publish(s.uniqueId, s.seasonId, { kind: 'plans' });
  }

  /** Waiting plans whose time has come start when every player is ready and free. */
  private async startDuePlans(): Promise<void> {
    const startable: string[] = [];
    const seated = new Set<number>();
    for (const plan of await q.duePlans(this.db, this.clock.now())) {
      const humans = plan.seats.map((s) => s.accountId).filter((id) => id !== 0);
      const free = humans.every(
        (id) =>
          this.presence.isReady(plan.uniqueId, plan.seasonId, id) && !this.seatsOf.has(id) && !seated.has(id),
      );
      if (!free) continue;
      for (const id of humans) seated.add(id);
      startable.push(plan.uuid);
    }
    // A few at a time: each start is a transaction and a table handed to a worker.
    for (let i = 0; i < startable.length && !this.closed; i += START_CONCURRENCY) {
      await Promise.all(startable.slice(i, i + START_CONCURRENCY).map((uuid) => this.startPlan(uuid)));
    }
  }

  /**
   * The players who may play one more game of the season: all when it has no game limit (`max_game_count` 0),
   * else those whose counted games (records not removed, running games, waiting plans) are below it, as
   * create_game_plan holds planned tables to it (2519).
   */
  private async withinGameLimit(
    ids: { uniqueId: number; seasonId: number },
    limit: number,
    accountIds: number[],
  ): Promise<number[]> {
    if (limit <= 0 || accountIds.length === 0) return accountIds;
    const counts = await gameCounts(this.db, ids, accountIds);
    return accountIds.filter((id) => (counts.get(id) ?? 0) < limit);
  }

  /** Seasons with auto-match on, running and inside their match window seat their free ready players. */
  private async autoMatch(): Promise<void> {
    const now = this.clock.now();
    for (const { uniqueId, seasonId } of this.presence.seasonsWithReady()) {
      if (this.closed) return;
      const setting = await q.matchSetting(this.db, uniqueId, seasonId);
      if (setting?.season.autoMatch !== 1) continue;
      // No table under a rule the game server cannot play (a tournament made before its mode was refused).
      if (unsupportedRuleFields(setting.detailRule, setting.roundType).length > 0) continue;
      if (seasonState(setting.season, now) !== SeasonState.RUNNING) continue;
      const { matchStartTime, matchEndTime } = setting.season;
      if (matchEndTime > matchStartTime && (now < matchStartTime || now >= matchEndTime)) continue;
      const planned = await q.plannedAccounts(this.db, uniqueId, seasonId);
      const ready = this.presence
        .readyOf(uniqueId, seasonId)
        .map((r) => r.accountId)
        .filter((id) => !planned.has(id) && !this.seatsOf.has(id));
      // A ready player taken off the roster, blacklisted or banned since is no longer ready, and never seated.
      const refusals = await q.seatRefusals(this.db, { uniqueId, seasonId }, ready);
      if (refusals.size > 0) this.withdraw({ uniqueId, seasonId }, [...refusals.keys()]);
      // A player below one of the tournament's level limits is not seated (create_game_plan refuses them, 2518).
      const below = await belowLevelLimit(this.db, setting.contestSetting, ready);
      const free = await this.withinGameLimit(
        { uniqueId, seasonId },
        Number(setting.detailRule.max_game_count ?? 0),
        ready.filter((id) => !refusals.has(id) && !below.has(id)),
      );
      const size = playerCountOf(setting.roundType);
      for (let i = 0; i + size <= free.length; i += size) {
        const uuid = randomUUID();
        await q.insertPlan(this.db, {
          uuid,
          uniqueId,
          seasonId,
          startTime: now,
          shuffleSeat: 1,
          aiLevel: 0,
          remark: '',
          createTime: now,
          creatorId: null,
          seats: free.slice(i, i + size).map((accountId) => ({ accountId, initPoints: setting.initPoint })),
        });
        await this.startPlan(uuid);
      }
    }
  }

  /**
   * Starts a waiting plan's game, or ends the plan when it cannot start. One transaction takes, in this order,
   * the season row (FOR SHARE), the seated accounts' rows (FOR SHARE) and then the plan's row, in one update: the
   * order in which ending the season, changing its roster or blacklist and banning take them, so no two of them
   * wait for each other in a circle. Every seat is checked inside it against the season's roster and blacklist and
   * the bans: a player who may no longer play is never seated, and the plan is cancelled with the reason. The
   * plan's end and the game's row are one transaction, so a plan starts once, and a game whose row exists is
   * resumed by the next process if this one dies before it runs.
   */
  private async startPlan(planUuid: string): Promise<void> {
    const now = this.clock.now();
    const plan = await q.waitingPlan(this.db, planUuid);
    if (!plan) return;
    const season = { uniqueId: plan.uniqueId, seasonId: plan.seasonId };
    let emojiSwitch = 0;
    const outcome = await this.db.transaction(async (tx) => {
      const setting = await q.matchSetting(tx, plan.uniqueId, plan.seasonId, { lock: true });
      if (!setting || seasonState(setting.season, now) !== SeasonState.RUNNING) {
        await q.endPlan(tx, planUuid, { state: GameState.EXPIRED });
        return { kind: 'expired' as const };
      }
      emojiSwitch = setting.emojiSwitch;
      const humans = plan.seats.map((s) => s.accountId).filter((id) => id !== 0);
      await q.holdAccounts(tx, humans);
      const refusals = await q.seatRefusals(tx, season, humans);
      const refused = humans.find((id) => refusals.has(id));
      if (refused !== undefined) {
        const reason = refusals.get(refused) as FailReason;
        const end = { state: GameState.STOPPED, stopReason: reason, stopAccount: refused, stopTime: now };
        if (!(await q.endPlan(tx, planUuid, end))) return null;
        return { kind: 'refused' as const, reason, accountIds: [...refusals.keys()] };
      }
      const names = await q.seatNames(
        tx,
        plan.uniqueId,
        plan.seasonId,
        plan.seats.map((s) => s.accountId),
      );
      let seats: GameSeatRow[] = plan.seats.map((s) => ({
        account_id: s.accountId,
        nickname: s.accountId === 0 ? '' : (names.get(s.accountId) ?? ''),
        init_points: s.initPoints,
      }));
      if (plan.shuffleSeat) seats = shuffled(seats);
      seats = withRobotNames(seats);
      const seed = newSeed();
      const row = {
        uuid: randomUUID(),
        uniqueId: plan.uniqueId,
        seasonId: plan.seasonId,
        planUuid,
        state: GameState.RUNNING,
        tag: plan.remark,
        roundType: setting.roundType,
        detailRule: setting.detailRule,
        aiLevel: plan.aiLevel,
        seats,
        seed,
        commitment: commitmentOf(seed),
        startTime: now,
        hand: 0,
        handStart: null,
        progress: { chang: 0, ju: 0, ben: 0, liqibang: 0, scores: seats.map((s) => s.init_points) },
        updateTime: now,
      };
      if (!(await q.endPlan(tx, planUuid, { state: GameState.RUNNING, gameUuid: row.uuid }))) return null;
      await q.insertGame(tx, row);
      await webhookEvents.gameStarted(tx, row, now);
      return { kind: 'started' as const, game: row };
    });
    if (!outcome) return;
    this.publish(plan.uniqueId, plan.seasonId, { kind: 'plans' });
    if (outcome.kind === 'refused') {
      this.withdraw(season, outcome.accountIds);
      this.publish(plan.uniqueId, plan.seasonId, { kind: 'failed', uuid: planUuid, reason: outcome.reason });
      return;
    }
    if (outcome.kind !== 'started') return;
    if (this.scaled) {
      // Its players count as seated at once; the process that takes the table job says it runs it.
      this.seatElsewhere('', seatedGame(outcome.game));
      await this.scaled.queues.place([outcome.game.uuid]);
      return;
    }
    await this.launch(outcome.game, { resumed: false, emojiSwitch });
  }

  /**
   * Players who may no longer play in a season (taken off its roster, blacklisted, banned): they are no longer
   * ready there, their links are told so, and `cancelledPlans` (their waiting plans the caller cancelled) are
   * announced as failed with `reason`.
   */
  withdraw(
    season: { uniqueId: number; seasonId: number },
    accountIds: number[],
    cancelledPlans: { uuid: string; reason: FailReason }[] = [],
  ): void {
    const { uniqueId, seasonId } = season;
    for (const accountId of this.presence.drop(uniqueId, seasonId, accountIds)) {
      this.live.account(accountId, { op: 'ready', ready: false, unique_id: uniqueId, season_id: seasonId });
    }
    if (cancelledPlans.length > 0) this.publish(uniqueId, seasonId, { kind: 'plans' });
    for (const plan of cancelledPlans)
      this.publish(uniqueId, seasonId, { kind: 'failed', uuid: plan.uuid, reason: plan.reason });
    this.kick();
  }

  /**
   * Starts a game of a previous process again, from the start of its hand in progress. The hand is dealt again on
   * the attempt after the one stored with its start (a seat may have seen that deal): a fresh wall of the same seed.
   * Scaled mode: every table starts here, `held` by its job; a game no hand of which was stored starts afresh.
   */
  private async resumeGame(
    game: q.GameRow,
    held?: { owner: string; left: (outcome: TableOutcome) => void },
  ): Promise<void> {
    const before = game.handStart ? await q.handsBefore(this.db, game.uuid, game.hand) : [];
    const resumeFrom = game.handStart
      ? {
          hand: game.hand,
          attempt: game.handAttempt + 1,
          progress: game.handStart,
          log: before.map((h) => h.log),
          attempts: before.map((h) => h.attempt),
        }
      : undefined;
    const setting = await q.matchSetting(this.db, game.uniqueId, game.seasonId);
    await this.launch(game, {
      resumeFrom,
      resumed: !held || game.handStart !== null,
      emojiSwitch: setting?.emojiSwitch ?? 0,
      ...held,
    });
    if (game.pauseUntil && game.pauseUntil > this.clock.now() && this.running.has(game.uuid)) {
      await this.pause(game.uuid);
    }
  }

  private async launch(
    game: Pick<
      q.GameRow,
      'uuid' | 'uniqueId' | 'seasonId' | 'seats' | 'seed' | 'roundType' | 'detailRule' | 'aiLevel'
    >,
    {
      resumeFrom,
      resumed,
      emojiSwitch,
      owner,
      left = () => {},
    }: {
      resumeFrom?: ResumeFrom;
      resumed: boolean;
      emojiSwitch: number;
      owner?: string;
      left?: (outcome: TableOutcome) => void;
    },
  ): Promise<void> {
    const running: Running = {
      uuid: game.uuid,
      uniqueId: game.uniqueId,
      seasonId: game.seasonId,
      seats: game.seats,
      roundType: game.roundType,
      rule: tableRuleView(game.roundType, game.detailRule, emojiSwitch),
      queue: Promise.resolve(),
      handMessages: new Map(),
      paused: false,
      resumed,
      dealStored: true,
      owner,
      lost: false,
      asked: new Map(),
      left,
    };
    this.running.set(game.uuid, running);
    this.tookOrEnded(game.uuid);
    this.spectators.open(game.uuid);
    this.elsewhere.delete(game.uuid);
    this.seat(
      game.uuid,
      game.seats.map((s) => s.account_id),
    );
    this.scaled?.relay.seated([seatedGame(game)]);
    const seats: SeatSpec[] = game.seats.map((s) =>
      s.account_id === 0
        ? { kind: 'robot', level: game.aiLevel, name: s.nickname }
        : { kind: 'player', name: s.nickname, accountId: s.account_id },
    );
    try {
      await this.pool.start({
        tableId: game.uuid,
        rule: game.detailRule,
        roundType: game.roundType,
        seats,
        initPoints: game.seats.map((s) => s.init_points),
        seed: game.seed,
        ...(resumeFrom ? { resumeFrom } : {}),
        ...(this.callWindowMs != null ? { callWindowMs: this.callWindowMs } : {}),
        // Robot seats report their messages too: spectators see every seat.
        reportRobots: true,
        onEvent: (event) => this.onEvent(running, event),
      });
    } catch (error) {
      this.log.error({ err: error, game: game.uuid }, 'a game could not start');
      try {
        await q.stopGame(
          this.db,
          game.uuid,
          failureText('start_failed', String(error)),
          this.clock.now(),
          owner,
        );
        this.failed(running, 'start_failed');
      } catch (stopError) {
        if (stopError instanceof q.TableLost) this.lose(game.uuid);
        else throw stopError;
      }
    }
  }

  private onEvent(game: Running, event: TableEvent): void {
    if (
      event.type === 'seat_message' &&
      event.ask &&
      this.decisionListener &&
      game.seats[event.seat]?.account_id
    )
      game.asked.set(event.seat, { id: event.ask.id, at: performance.now() });
    // Seat messages wait for the events before them to be stored: a player never sees a hand whose start a
    // restart would not resume from.
    game.queue = game.queue
      .then(() => {
        if (game.lost) return;
        return event.type === 'seat_message' ? this.deliverStored(game, event) : this.store(game, event);
      })
      .catch((error) => {
        if (error instanceof q.TableLost) return this.lose(game.uuid);
        this.log.error({ err: error, game: game.uuid }, `handling a game's ${event.type} failed`);
      });
  }

  /** A seat's message is delivered unless its hand's start could not be stored (see `Running.dealStored`). */
  private deliverStored(
    game: Running,
    event: Extract<TableEvent, { type: 'seat_message' }>,
  ): Promise<void> | undefined {
    if (!game.dealStored) return;
    this.spectators.record(game.uuid, event.seat, event.msg as Record<string, unknown>);
    this.deliver(game, event.seat, event.msg as Record<string, unknown>, event.ask);
    return this.moments.seatMessage(game.uuid, event.msg as Record<string, unknown>, this.clock.now());
  }

  /** A seat's message goes to its player's links, and is kept for a player who comes back. */
  private deliver(game: Running, seat: number, msg: Record<string, unknown>, ask: SeatMessage['ask']): void {
    const accountId = game.seats[seat]?.account_id;
    if (!accountId) return;
    let kept = game.handMessages.get(seat);
    if (!kept || 'qipai' in msg) {
      // A hand starts: keep the opening (`kaiju`) and this hand only.
      const opening = (kept ?? []).filter((m) => 'kaiju' in m.msg);
      kept = opening;
      game.handMessages.set(seat, kept);
    }
    kept.push({ msg, ask });
    this.live.account(accountId, { op: 'game_message', game_uuid: game.uuid, seat, msg, ask });
  }

  /** Games this process is running now. */
  get runningCount(): number {
    return this.running.size;
  }

  private async store(game: Running, event: TableEvent): Promise<void> {
    const now = this.clock.now();
    if (event.type !== 'started' && event.type !== 'yakuman') this.eventsStored++;
    const progressOf = (p: ProgressRow): ProgressRow => ({
      chang: p.chang,
      ju: p.ju,
      ben: p.ben,
      liqibang: p.liqibang,
      scores: p.scores,
    });
    switch (event.type) {
      case 'started':
        game.seats.forEach((s, seat) => {
          if (s.account_id === 0) return;
          this.live.account(s.account_id, gameStart(game, seat));
          // A resumed game starts its hand again: a player's table drops what it showed of the hand before.
          if (game.resumed) this.live.account(s.account_id, tableState(game, seat));
          const away = () => {
            if (this.running.has(game.uuid) && !this.connected(s.account_id))
              this.pool.setConnected(game.uuid, seat, false);
          };
          if (game.resumed) setTimeout(away, RECONNECT_GRACE_MS).unref();
          else away();
        });
        this.publish(game.uniqueId, game.seasonId, { kind: 'running' });
        return;
      case 'hand_start': {
        const progress = progressOf(event);
        game.dealStored = false;
        const hand = { hand: event.hand, attempt: event.attempt, progress };
        await q.handStarted(this.db, game.uuid, hand, now, game.owner);
        game.dealStored = true;
        await this.moments.handStarted(game.uuid, event.hand, progress, now);
        this.progressChanged(game, progress);
        return;
      }
      case 'hand_end': {
        const progress = progressOf(event);
        await q.handEnded(
          this.db,
          game.uuid,
          { hand: event.hand, attempt: event.attempt, progress, result: event.result, log: event.handLog },
          now,
          game.owner,
        );
        await this.moments.handEnded(game.uuid, event.hand, progress, event.result, now);
        this.progressChanged(game, progress);
        return;
      }
      case 'paused':
      case 'resumed': {
        game.paused = event.type === 'paused';
        const until = event.type === 'paused' ? now + LIMITS.PAUSE_MAX_S : null;
        const progress = await q.setPause(this.db, game.uuid, until, game.owner);
        if (progress) this.progressChanged(game, progress);
        for (const s of game.seats) {
          if (s.account_id !== 0)
            this.live.account(s.account_id, { op: 'game_paused', game_uuid: game.uuid, paused: game.paused });
        }
        return;
      }
      case 'finished':
        await writeRecord(this.db, game, event, now, game.owner);
        this.ended(game, false);
        this.publish(game.uniqueId, game.seasonId, { kind: 'records' });
        return;
      case 'terminated':
        await q.stopGame(this.db, game.uuid, 'terminated', now, game.owner);
        this.ended(game, true);
        return;
      case 'failed':
        this.log.error({ game: game.uuid, error: event.error }, 'a game stopped on an engine error');
        await q.stopGame(this.db, game.uuid, failureText('engine_error', event.error), now, game.owner);
        this.failed(game, 'engine_error');
        return;
      default:
        return;
    }
  }

  private progressChanged(game: Running, progress: ProgressRow): void {
    this.publish(game.uniqueId, game.seasonId, {
      kind: 'progress',
      game_uuid: game.uuid,
      paused: game.paused ? 1 : 0,
      ...progress,
    });
  }

  private ended(game: Running, terminated: boolean): void {
    this.forget(game);
    for (const s of game.seats) {
      if (s.account_id !== 0)
        this.live.account(s.account_id, { op: 'game_end', game_uuid: game.uuid, terminated });
    }
    this.publish(game.uniqueId, game.seasonId, { kind: 'running' });
    this.kick();
  }

  /**
   * A game that failed to start or stopped on an engine error: its players are free again (told the game ended
   * if it had started), and the season's live stream announces it for the failed-table list.
   */
  private failed(game: Running, reason: GameFailure): void {
    this.ended(game, true);
    this.publish(game.uniqueId, game.seasonId, { kind: 'failed', uuid: game.uuid, reason });
  }

  private forget(game: Running): void {
    this.running.delete(game.uuid);
    this.moments.forget(game.uuid);
    this.spectators.ended(game.uuid);
    this.unseat(
      game.uuid,
      game.seats.map((s) => s.account_id),
    );
    this.scaled?.relay.unseated([game.uuid]);
    game.left('ended');
  }
}

/** A game's seats as the other processes know them. */
function seatedGame(game: Pick<q.GameRow, 'uuid' | 'uniqueId' | 'seasonId' | 'seats'>): SeatedGame {
  return {
    uuid: game.uuid,
    uniqueId: game.uniqueId,
    seasonId: game.seasonId,
    accounts: game.seats.map((s) => s.account_id),
  };
}

function gameStart(game: Running, seat: number): PlayerLinkOut {
  return {
    op: 'game_start',
    game_uuid: game.uuid,
    seat,
    players: game.seats.map((s) =>
      s.account_id === 0 ? { account_id: 0 } : { account_id: s.account_id, nickname: s.nickname },
    ),
    unique_id: game.uniqueId,
    season_id: game.seasonId,
    round_type: game.roundType,
    rule: game.rule,
  };
}

/** A seat's table as it stands: the game's opening and the hand in progress so far. */
function tableState(game: Running, seat: number): PlayerLinkOut {
  return {
    op: 'table_state',
    game_uuid: game.uuid,
    seat,
    paused: game.paused,
    messages: game.handMessages.get(seat) ?? [],
  };
}

/** The rule as the players' tables read it: the complete `detail_rule` with the tournament's emoji switch. */
export function tableRuleView(
  roundType: number,
  detailRule: Record<string, unknown>,
  emojiSwitch: number,
): TableRuleView {
  return {
    ...defaultRuleFor(roundType),
    ...(detailRule as Partial<TableRuleView>),
    emoji_switch: emojiSwitch,
  };
}

/**
 * Robot seats told apart, numbered in seat order once the seats are final: `Robot 1`, `Robot 2`, … The record,
 * its game file and every list carry these names; the console and the table show the same numbers in the
 * reader's language (the web's `robotNumbers` counts them the same way).
 */
export function withRobotNames(seats: GameSeatRow[]): GameSeatRow[] {
  let n = 0;
  return seats.map((s) => (s.account_id === 0 ? { ...s, nickname: robotName(++n) } : s));
}

/** The name the `n`th robot seat of a game (1, 2, …, in seat order) is recorded under. */
export function robotName(n: number): string {
  return `Robot ${n}`;
}

/** Fisher–Yates with the system's secure random numbers: seat order is not predictable. */
function shuffled<T>(items: T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function uniqueSeasons(rows: { uniqueId: number; seasonId: number }[]) {
  const seen = new Map<string, { uniqueId: number; seasonId: number }>();
  for (const r of rows) seen.set(`${r.uniqueId}/${r.seasonId}`, r);
  return [...seen.values()];
}
