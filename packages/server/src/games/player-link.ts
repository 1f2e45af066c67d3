import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import type { Reply } from '@taikai/engine';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatRefusal,
  type ChatState,
  ErrorCode,
  type PlayerLinkIn,
  PlayerLinkInWire,
  type PlayerLinkOut,
  SeasonState,
} from '@taikai/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Actor, AuthedCtx, Deps } from '../context';
import type { Executor } from '../db/client';
import type { SessionSignal } from '../domains/accounts/session-signals';
import { authenticate, tokenHash } from '../domains/accounts/sessions';
import { FloodWindow } from '../domains/chat/flood';
import * as chat from '../domains/chat/service';
import { PlayerState, playerOf } from '../domains/players/queries';
import { reachableContest } from '../domains/players/reach';
import { seasonState } from '../domains/seasons/presenter';
import { seasonOf } from '../domains/seasons/queries';
import { failure } from '../http/envelope';
import { ContestError, messageOf } from '../http/errors';
import { PREFIXES } from '../http/route';
import type { LobbyEvent } from './live-hub';
import { Buckets, OpenCounts } from './live-limits';

// The player link: a WebSocket per player client at `GET /api/player/link` (README, "Live channels"). The
// client authenticates with its first message, enters one season's lobby, says whether it is ready, and then
// receives its seats' game messages and answers their decisions.

/** Timings and limits of the link; tests shorten them. */
export const LINK_TIMING = {
  /** The first message (`auth`) must arrive within this time. */
  authMs: 10_000,
  /** A ping frame this often; a link that did not answer the previous one is dropped. */
  heartbeatMs: 30_000,
  /**
   * More messages than this within one second close the link. Answers to the decisions the link was asked do not
   * count: a table of robots asks a scripted client faster than this.
   */
  messagesPerSecond: 50,
  /** Messages refused for want of work tokens, one after the other, beyond which the link is closed (4429). */
  refusalsBeforeClose: 20,
};

/** Largest message a client may send (bytes); a larger one closes the link (1009). */
export const LINK_MAX_MESSAGE = 16 * 1024;

/** Close codes of the link, beside the standard ones (1001 server closing, 1009 message too big). */
export const LinkClose = {
  /** No valid `auth` in time, a bad token, or the session ended. */
  NOT_AUTHENTICATED: 4401,
  /** The account lost the role that let it into its lobby (an organiser removed, and not on the roster). */
  NO_LONGER_ALLOWED: 4403,
  /** Too many messages, too many refused ones, or too many links open (per account, per address). */
  FLOOD: 4429,
} as const;

/** The heartbeat period is cut in this many turns; each link is checked in one of them. */
const HEARTBEAT_SLICES = 30;

/** Messages waiting to be handled (one after the other) beyond which the link is closed as a flood. */
const MAX_QUEUED = 64;
/**
 * The reply fields a decision may carry (engine `Reply`), each a tile or meld in the engine's notation; a chuanma
 * table's also `peng` (a tile), `dingque` (the void suit) and `huan` (the three tiles of the exchange, a list),
 * a xuezhandaodi table's also `huan` (any three tiles of the hand).
 */
const REPLY_FIELDS = new Set(['dapai', 'fulou', 'gang', 'hule', 'daopai', 'kita', 'peng', 'dingque']);
/** The exchange (换三张) passes three tiles. */
const HUAN_TILES = 3;

type SeasonIds = { uniqueId: number; seasonId: number };

/**
 * Whether an account may wait in a season's lobby: the tournament exists (2501; also when it is hidden from the
 * list and did not invite the account, `reachableContest`), has the season (2536), the season is running (2542
 * ended, 2508 finished, 2507 not started) and the account is on its roster (2540).
 * With `organisers`, the tournament's creator and admins may enter too (to chat; not to be ready).
 */
export async function checkLobby(
  db: Executor,
  ids: SeasonIds,
  accountId: number,
  now: number,
  { organisers = false }: { organisers?: boolean } = {},
): Promise<void> {
  // A hidden tournament is not told apart from a missing one for an account it did not invite.
  await reachableContest(db, ids.uniqueId, accountId);
  const season = await seasonOf(db, ids.uniqueId, ids.seasonId, false);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  const state = seasonState(season, now);
  if (state === SeasonState.ENDED) throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
  if (state === SeasonState.FINISHED) throw new ContestError(ErrorCode.ALREADY_ENDED);
  if (state === SeasonState.PENDING) throw new ContestError(ErrorCode.NOT_STARTED);
  const entry = await playerOf(db, ids, accountId);
  if (entry?.state === PlayerState.ACCEPTED) return;
  if (organisers && (await chat.isOrganiser(db, ids, accountId))) return;
  // Spec §8: an unregistered player cannot play (2540); 2511 is the organisers' "not on the roster".
  throw new ContestError(ErrorCode.UNREGISTERED_CANNOT_PLAY);
}

/** The link's routes under both prefixes, the WebSocket server, and the heartbeat of every open link. */
export async function playerLinkRoutes(app: FastifyInstance): Promise<void> {
  const links = new Links(app.deps);
  await app.register(websocket, {
    options: { maxPayload: LINK_MAX_MESSAGE },
    // A frame the client should not have sent (too big, not WebSocket) closes its link: it is the client's
    // doing, so one line without a stack, not an error.
    errorHandler: (error, socket, request) => {
      links.refusedFrame(error, request.ip);
      socket.terminate();
    },
    // Links are told the server is going away (1001), and cut after a second if they do not close.
    preClose(done) {
      const server = app.websocketServer;
      for (const client of server.clients) client.close(1001, 'server closing');
      const cut = setTimeout(() => {
        for (const client of server.clients) client.terminate();
      }, 1000);
      server.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });

  // Each link has its own turn in the period, so that the session checks of thousands of links (a read each) do
  // not all fall in the same moment and hold up the tables' messages behind them.
  let turn = 0;
  const heartbeat = setInterval(() => {
    const slice = turn++ % HEARTBEAT_SLICES;
    for (const link of links.all) if (link.heartbeatSlice === slice) link.heartbeat();
  }, LINK_TIMING.heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();
  // Ended sessions and lost roles close or check the links they concern at once.
  const unsubscribe = app.deps.sessions.subscribe((signal) => links.signal(signal));
  app.addHook('onClose', (_app, done) => {
    clearInterval(heartbeat);
    unsubscribe();
    done();
  });

  for (const prefix of PREFIXES) {
    app.route({
      method: 'GET',
      url: `${prefix}/player/link`,
      // A plain request (no upgrade) is told what the address is for.
      handler: (_request, reply) => {
        reply
          .code(426)
          .header('upgrade', 'websocket')
          .send(failure(ErrorCode.PARAM_ERROR, 'WebSocket upgrade expected'));
      },
      wsHandler: (socket, request) => {
        if (!links.admit(request.ip)) {
          const code = ErrorCode.LIMIT_REACHED;
          socket.send(JSON.stringify({ op: 'error', code, message: 'too many links from this address' }));
          socket.close(LinkClose.FLOOD, 'too many links from this address');
          return;
        }
        links.add(new PlayerLink(app.deps, socket, request.ip, links));
      },
    });
  }
}

/**
 * The open links of this process: by session and by account (for the signals of ended sessions and lost roles),
 * counted per address and per account (their caps), and the work buckets of accounts and addresses.
 */
class Links {
  readonly all = new Set<PlayerLink>();
  private readonly byToken = new Map<string, Set<PlayerLink>>();
  private readonly byAccount = new Map<number, Set<PlayerLink>>();
  private readonly perAddress: OpenCounts<string>;
  private readonly accountBuckets: Buckets<number>;
  private readonly addressBuckets: Buckets<string>;
  readonly chatFlood = new FloodWindow(CHAT_LIMITS.FLOOD_COUNT, CHAT_LIMITS.FLOOD_WINDOW_S);
  private readonly refusedLog: RefusedFrameLog;

  constructor(private readonly deps: Deps) {
    const { live } = deps.config;
    this.perAddress = new OpenCounts(live.linksPerAddress);
    this.accountBuckets = new Buckets(live.work);
    this.addressBuckets = new Buckets(live.addressWork);
    this.refusedLog = new RefusedFrameLog(deps.log);
  }

  /** Whether one more link may open from this address (counted until it closes). */
  admit(ip: string): boolean {
    return this.perAddress.open(ip);
  }

  add(link: PlayerLink): void {
    this.all.add(link);
  }

  /** A link authenticated: indexed by its session and account, or false when the account has too many open. */
  authed(link: PlayerLink, accountId: number, hash: string): boolean {
    const own = this.byAccount.get(accountId);
    if ((own?.size ?? 0) >= this.deps.config.live.linksPerAccount) return false;
    index(this.byAccount, accountId, link);
    index(this.byToken, hash, link);
    return true;
  }

  closed(link: PlayerLink, ip: string, session: { accountId: number; hash: string } | null): void {
    this.all.delete(link);
    this.perAddress.close(ip);
    if (session) {
      unindex(this.byAccount, session.accountId, link);
      unindex(this.byToken, session.hash, link);
    }
  }

  /** Takes a work token of the address alone (an authentication); false when it has none. */
  addressWork(ip: string): boolean {
    return this.addressBuckets.take(ip, Date.now());
  }

  /** Takes a work token of the account and one of its address; false (none taken) when either has none. */
  work(accountId: number, ip: string): boolean {
    const now = Date.now();
    if (!this.accountBuckets.take(accountId, now)) return false;
    if (this.addressBuckets.take(ip, now)) return true;
    this.accountBuckets.refund(accountId);
    return false;
  }

  signal(signal: SessionSignal): void {
    // A link checks its session and rights periodically: signals lost while the process was not listening are
    // caught up with then.
    if (signal.kind === 'lost') return;
    if (signal.kind === 'ended') {
      for (const hash of signal.tokenHashes)
        for (const link of this.byToken.get(hash) ?? []) link.sessionEnded();
      return;
    }
    const accounts = signal.accountIds === 'all' ? [...this.byAccount.keys()] : signal.accountIds;
    for (const id of accounts)
      for (const link of this.byAccount.get(id) ?? []) link.accessChanged(signal.uniqueId);
  }

  refusedFrame(error: Error, ip: string): void {
    this.refusedLog.note(error, ip);
  }
}

function index<K>(map: Map<K, Set<PlayerLink>>, key: K, link: PlayerLink): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(link);
}

function unindex<K>(map: Map<K, Set<PlayerLink>>, key: K, link: PlayerLink): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(link);
  if (set.size === 0) map.delete(key);
}

/**
 * Logs frames the WebSocket layer refused (too big, not WebSocket) and sockets that failed: one line each, no
 * stack, at most one a minute per address (with how many were left out), so that a client cannot flood the log.
 */
class RefusedFrameLog {
  private readonly lastByAddress = new Map<string, { at: number; left: number }>();

  constructor(private readonly log: FastifyBaseLogger) {}

  note(error: Error, ip: string): void {
    const code = (error as Error & { code?: string }).code ?? '';
    const now = Date.now();
    const last = this.lastByAddress.get(ip);
    if (last && now - last.at < 60_000) {
      last.left++;
      return;
    }
    if (this.lastByAddress.size > 10_000) this.lastByAddress.clear();
    this.lastByAddress.set(ip, { at: now, left: 0 });
    const fields = { ip, wsError: code, ...(last?.left ? { notLogged: last.left } : {}) };
    if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
      this.log.warn(
        { ...fields, limit: LINK_MAX_MESSAGE },
        'player link frame refused: too large (closed 1009)',
      );
    else if (code.startsWith('WS_ERR_'))
      this.log.warn({ ...fields, reason: error.message }, 'player link frame refused: not valid WebSocket');
    else this.log.info({ ...fields, reason: error.message }, 'player link socket failed');
  }
}

/** One open player link. Its messages are handled one after the other, in the order they came. */
class PlayerLink {
  private account: { id: number; nickname: string } | null = null;
  /** Kept to check the session again on heartbeats and before acting; never logged. */
  private token = '';
  /** The session's SHA-256, as ended sessions are announced. */
  private hash = '';
  /** The session ended (or was never valid): nothing more the client sends is acted on. */
  private ended = false;
  private lobby: SeasonIds | null = null;
  /**
   * The lobby's chat as this link last told its client (history, then each message and deletion heard), so that
   * entering the lobby the link is already in answers without reading the database.
   */
  private chatView: { messages: ChatMessage[]; state: ChatState } | null = null;
  /** Chat messages heard while the history of a lobby just entered is being read. */
  private chatHeard: ChatMessage[] = [];
  private ready = false;
  private unsubscribe: (() => void) | null = null;
  /** Stops hearing the lobby (its chat) the link is in. */
  private leaveLobbyTopic: (() => void) | null = null;
  private closed = false;
  private alive = true;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private windowStart = 0;
  private windowCount = 0;
  /** Decisions asked on this link and not yet answered: that many messages are outside the flood count. */
  private asked = 0;
  /** Messages refused one after the other for want of work tokens. */
  private refusals = 0;
  private readonly authTimer: ReturnType<typeof setTimeout>;
  /** The turn of the heartbeat period in which this link is pinged and its session checked. */
  readonly heartbeatSlice = Math.floor(Math.random() * HEARTBEAT_SLICES);
  /** Frames are held until the end of the event loop's turn, then leave in one write. */
  private corked = false;

  constructor(
    private readonly deps: Deps,
    private readonly socket: WebSocket,
    private readonly ip: string,
    private readonly links: Links,
  ) {
    this.authTimer = setTimeout(
      () => this.shut(LinkClose.NOT_AUTHENTICATED, 'authentication timed out'),
      LINK_TIMING.authMs,
    );
    socket.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.closedDown());
    socket.on('error', () => socket.terminate());
  }

  /** Called every heartbeat period: drops a link that did not answer the last ping, and checks the session. */
  heartbeat(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
    if (this.account) void this.enqueue(() => this.checkSession());
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (this.asked > 0) this.asked--;
    else this.windowCount++;
    if (this.windowCount > LINK_TIMING.messagesPerSecond || this.queued >= MAX_QUEUED) {
      this.shut(LinkClose.FLOOD, 'too many messages');
      return;
    }
    void this.enqueue(() => this.handle(data, isBinary));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queued++;
    this.queue = this.queue
      .then(task)
      .catch((error) => this.failed(error))
      .finally(() => {
        this.queued--;
      });
    return this.queue;
  }

  private failed(error: unknown): void {
    if (error instanceof ContestError) {
      const reason = error.data?.reason as ChatRefusal | undefined;
      this.send({ op: 'error', code: error.code, message: error.message, ...(reason ? { reason } : {}) });
      return;
    }
    this.deps.log.error({ err: error, account: this.account?.id }, 'player link message failed');
    this.send({ op: 'error', code: ErrorCode.SYSTEM_ERROR, message: messageOf(ErrorCode.SYSTEM_ERROR) });
  }

  private async handle(data: Buffer, isBinary: boolean): Promise<void> {
    if (this.ended) return;
    const message = parse(data, isBinary);
    if (!message.ok) throw new ContestError(ErrorCode.PARAM_ERROR, { message: message.error });
    const msg = message.value;
    // A decision that arrived before the link closed still counts; nothing else is done for a closed link.
    if (this.closed && msg.op !== 'answer') return;
    if (!this.account) {
      if (msg.op !== 'auth') {
        this.refuseAuth();
        return;
      }
      await this.authenticate(msg.token);
      return;
    }
    switch (msg.op) {
      case 'auth':
        throw new ContestError(ErrorCode.REPEATED_LOGIN);
      case 'enter':
        await this.enter({ uniqueId: msg.unique_id, seasonId: msg.season_id });
        return;
      case 'ready':
        await this.setReady(msg.ready);
        return;
      case 'answer':
        this.deps.games.answer(this.account.id, msg.game_uuid, msg.ask_id, replyOf(msg.reply));
        return;
      case 'ping':
        this.send({ op: 'pong' });
        return;
      case 'chat_send':
        await this.chatSend({ text: msg.text, stamp: msg.stamp });
        return;
      case 'chat_delete':
        await this.chatDelete(msg.id);
        return;
      case 'stamp':
        this.deps.games.stamp(this.account.id, msg.game_uuid, msg.stamp);
        return;
    }
  }

  private async authenticate(token: string): Promise<void> {
    clearTimeout(this.authTimer);
    // Each authentication reads the database: it costs the address a work token.
    if (!this.links.addressWork(this.ip)) {
      this.send({ op: 'error', ...tooMany('authentications from this address') });
      this.shut(LinkClose.FLOOD, 'too many authentications');
      return;
    }
    const actor = await authenticate(this.ctx(), token);
    if (this.closed) return;
    if (!actor) {
      this.refuseAuth();
      return;
    }
    const hash = tokenHash(token);
    if (!this.links.authed(this, actor.id, hash)) {
      this.ended = true;
      this.send({ op: 'error', ...tooMany('links open for this account') });
      this.shut(LinkClose.FLOOD, 'too many links for this account');
      return;
    }
    this.token = token;
    this.hash = hash;
    const account = { id: actor.id, nickname: actor.nickname };
    this.account = account;
    const { games } = this.deps;
    this.unsubscribe = games.live.onAccount(account.id, (out) => this.fromHost(out));
    this.send({ op: 'authed', account_id: account.id, nickname: account.nickname });
    // A player coming back to a running game: its seat and the hand so far, then the live messages.
    games.tableStateFor(account.id, (out) => this.send(out));
    games.linkChanged(account.id);
  }

  private refuseAuth(): void {
    this.ended = true;
    const code = ErrorCode.NOT_LOGGED_IN;
    this.send({ op: 'error', code, message: messageOf(code) });
    this.shut(LinkClose.NOT_AUTHENTICATED, 'not authenticated');
  }

  private async checkSession(): Promise<void> {
    if (this.closed || this.ended || (await authenticate(this.ctx(), this.token))) return;
    this.refuseAuth();
  }

  /** The link's session ended (logout, ban, new password, API key revoked): told 2505 and closed at once. */
  sessionEnded(): void {
    if (this.closed || this.ended) return;
    this.refuseAuth();
  }

  /**
   * The account lost a role in the tournament `uniqueId` (admin or observer removed). A link in one of its lobbies
   * is checked again: still allowed (on the roster), it is told what it may do in the chat now; else it is told
   * why and closed (4403).
   */
  accessChanged(uniqueId: number): void {
    const lobby = this.lobby;
    if (this.closed || this.ended || lobby?.uniqueId !== uniqueId) return;
    void this.enqueue(async () => {
      const account = this.account;
      if (this.closed || this.ended || this.lobby !== lobby || !account) return;
      try {
        await checkLobby(this.deps.db, lobby, account.id, this.deps.clock.now(), { organisers: true });
      } catch (error) {
        if (!(error instanceof ContestError) || this.closed) throw error;
        this.ended = true;
        this.send({ op: 'error', code: error.code, message: error.message });
        this.shut(LinkClose.NO_LONGER_ALLOWED, 'no longer allowed in this lobby');
        return;
      }
      await this.tellChatState(lobby);
    });
  }

  /**
   * A message that reads or writes the database takes a work token of the account and of its address (none:
   * refused 2502 and not handled; refused too often in a row, the link closes 4429), and is acted on only while
   * the session is live. Answers the account as it is now, or null when the session ended (the link closes).
   */
  private async acting(): Promise<Actor | null> {
    const account = this.account as { id: number };
    if (!this.links.work(account.id, this.ip)) {
      if (++this.refusals > LINK_TIMING.refusalsBeforeClose)
        this.shut(LinkClose.FLOOD, 'too many refused messages');
      throw new ContestError(
        ErrorCode.LIMIT_REACHED,
        tooMany('messages on this link: this one was not handled'),
      );
    }
    this.refusals = 0;
    const actor = await authenticate(this.ctx(), this.token);
    if (this.ended || this.closed) return null;
    if (!actor) {
      this.refuseAuth();
      return null;
    }
    return actor;
  }

  /**
   * Enters a season's lobby, leaving the one the link was in (and being ready there). Roster players and the
   * tournament's organisers enter; with season chat on, the chat's latest messages follow `entered`. Entering the
   * lobby the link is already in is answered from what the link holds: it costs no work and reads nothing.
   */
  private async enter(ids: SeasonIds): Promise<void> {
    const here = this.lobby?.uniqueId === ids.uniqueId && this.lobby.seasonId === ids.seasonId;
    if (here && (this.chatView || !this.deps.config.seasonChat)) {
      this.send({ op: 'entered', unique_id: ids.uniqueId, season_id: ids.seasonId, ready: this.ready });
      if (this.chatView) this.sendChatView(ids, this.chatView);
      return;
    }
    const actor = await this.acting();
    if (!actor) return;
    await checkLobby(this.deps.db, ids, actor.id, this.deps.clock.now(), { organisers: true });
    if (this.closed) return;
    const same = this.lobby?.uniqueId === ids.uniqueId && this.lobby.seasonId === ids.seasonId;
    if (!same) {
      this.leaveLobby();
      this.lobby = ids;
      this.leaveLobbyTopic = this.deps.games.live.onLobby(ids.uniqueId, ids.seasonId, (event) =>
        this.lobbyEvent(ids, event),
      );
    }
    const lobby = this.lobby;
    this.chatView = null;
    this.chatHeard = [];
    this.send({ op: 'entered', unique_id: ids.uniqueId, season_id: ids.seasonId, ready: this.ready });
    if (!this.deps.config.seasonChat) return;
    const state = await chat.chatStateOf(this.deps.db, ids, actor.id);
    const history = await chat.history(this.deps.db, ids);
    if (this.closed || this.lobby !== lobby) return;
    // Messages heard while the history was read may be in it or not: each is kept once, in order.
    const byId = new Map([...history, ...this.chatHeard].map((m) => [m.id, m]));
    const messages = [...byId.values()].sort((a, b) => a.id - b.id).slice(-CHAT_LIMITS.HISTORY);
    this.chatHeard = [];
    this.chatView = { messages, state };
    this.sendChatView(ids, this.chatView);
  }

  private sendChatView(ids: SeasonIds, view: { messages: ChatMessage[]; state: ChatState }): void {
    this.send({
      op: 'chat_history',
      unique_id: ids.uniqueId,
      season_id: ids.seasonId,
      messages: view.messages,
      ...view.state,
    });
  }

  /** What the lobby's other links and the organisers say to everyone in it. */
  private lobbyEvent(ids: SeasonIds, event: LobbyEvent): void {
    if (event.kind === 'send') {
      this.heardInLobby(event.out);
      this.send(event.out);
      return;
    }
    // The chat limits changed: this player is told what they may do now.
    void this.enqueue(() => this.tellChatState(ids));
  }

  /** Keeps the link's view of its lobby's chat as its client sees it. */
  private heardInLobby(out: PlayerLinkOut): void {
    const view = this.chatView;
    if (out.op === 'chat') {
      if (view) view.messages = [...view.messages, out.message].slice(-CHAT_LIMITS.HISTORY);
      else this.chatHeard.push(out.message);
    } else if (out.op === 'chat_deleted') {
      if (view) view.messages = view.messages.filter((m) => m.id !== out.id);
      this.chatHeard = this.chatHeard.filter((m) => m.id !== out.id);
    }
  }

  /** Tells the player what they may do in the lobby's chat now. */
  private async tellChatState(ids: SeasonIds): Promise<void> {
    if (this.closed || this.lobby !== ids || !this.account || !this.deps.config.seasonChat) return;
    const state = await chat.chatStateOf(this.deps.db, ids, this.account.id);
    if (this.lobby !== ids) return;
    if (this.chatView) this.chatView.state = state;
    this.send({ op: 'chat_state', unique_id: ids.uniqueId, season_id: ids.seasonId, ...state });
  }

  /** The lobby the link is in, or 2536. */
  private inLobby(): SeasonIds {
    if (!this.lobby) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON, { message: 'enter a season first' });
    return this.lobby;
  }

  /** An organiser deletes a message of the lobby's chat; anyone else in the lobby is refused 2506. */
  private async chatDelete(id: number): Promise<void> {
    const ids = this.inLobby();
    const actor = await this.acting();
    if (!actor) return;
    if (!(await chat.isOrganiser(this.deps.db, ids, actor.id)))
      throw new ContestError(ErrorCode.NO_PERMISSION);
    await chat.remove(this.authedCtx(actor), ids, id);
  }

  /**
   * A chat message to the lobby: stored, then sent to every link in the lobby (this one included). Who may write
   * and whether it is marked as an organiser's are decided now, from the session and roles as they are.
   */
  private async chatSend(input: { text?: string; stamp?: number }): Promise<void> {
    if (!this.deps.config.seasonChat) throw new ContestError(ErrorCode.CHAT_UNAVAILABLE);
    const ids = this.inLobby();
    const actor = await this.acting();
    if (!actor) return;
    const message = await chat.send(this.authedCtx(actor), ids, input, this.links.chatFlood);
    this.deps.games.live.lobby(ids.uniqueId, ids.seasonId, {
      kind: 'send',
      out: { op: 'chat', unique_id: ids.uniqueId, season_id: ids.seasonId, message },
    });
  }

  private async setReady(ready: boolean): Promise<void> {
    const account = this.account as { id: number };
    const lobby = this.lobby;
    if (!lobby) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON, { message: 'enter a season first' });
    const { games } = this.deps;
    if (ready && !this.ready) {
      if (!(await this.acting())) return;
      // The season may have ended, or the player left the roster, since the link entered; an organiser who is
      // not on the roster may chat in the lobby but not be ready (2540).
      const now = this.deps.clock.now();
      await checkLobby(this.deps.db, lobby, account.id, now);
      if (this.closed || this.lobby !== lobby) return;
      this.ready = true;
      games.presence.add(lobby.uniqueId, lobby.seasonId, account.id, now);
    } else if (!ready && this.ready) {
      this.ready = false;
      games.presence.remove(lobby.uniqueId, lobby.seasonId, account.id);
    }
    this.send({ op: 'ready', ready: this.ready });
    games.kick();
  }

  private leaveLobby(): void {
    const { lobby, account } = this;
    if (lobby && account && this.ready) {
      this.deps.games.presence.remove(lobby.uniqueId, lobby.seasonId, account.id);
      this.deps.games.kick();
    }
    this.ready = false;
    this.lobby = null;
    this.chatView = null;
    this.chatHeard = [];
    this.leaveLobbyTopic?.();
    this.leaveLobbyTopic = null;
  }

  /**
   * What the game host sends the account's links. Word that the player is no longer ready in a season is for
   * the links ready in that lobby only: they stop counting themselves ready.
   */
  private fromHost(out: PlayerLinkOut): void {
    if (out.op === 'ready' && out.unique_id !== undefined) {
      const lobby = this.lobby;
      if (!this.ready || lobby?.uniqueId !== out.unique_id || lobby.seasonId !== out.season_id) return;
      this.ready = false;
    }
    this.send(out);
  }

  private send(out: PlayerLinkOut): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (out.op === 'game_message' && out.ask) this.asked = Math.min(this.asked + 1, MAX_QUEUED);
    this.cork();
    socket.send(JSON.stringify(out));
    // A client that does not read what it is sent is cut off before it holds more of the server's memory.
    if (socket.bufferedAmount > this.deps.config.live.maxBufferedBytes) socket.terminate();
  }

  /**
   * Holds the connection's writes until the event loop's turn ends: a table's burst (a discard, the robots'
   * turns, the next draw) leaves in one system call instead of one per frame.
   */
  private cork(): void {
    if (this.corked) return;
    const raw = (this.socket as unknown as { _socket?: Socket })._socket;
    if (!raw) return;
    this.corked = true;
    raw.cork();
    setImmediate(() => {
      this.corked = false;
      raw.uncork();
    });
  }

  private shut(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
    // The client has a moment to answer the close; then the connection is cut.
    setTimeout(() => this.socket.terminate(), 2000).unref();
  }

  /** The connection is gone: the link leaves its lobby and stops receiving; its seats may be auto-played. */
  private closedDown(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.authTimer);
    this.leaveLobby();
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.account) this.deps.games.linkChanged(this.account.id);
    this.links.closed(this, this.ip, this.account ? { accountId: this.account.id, hash: this.hash } : null);
  }

  private ctx() {
    return { ...this.deps, actor: null, ip: this.ip, now: this.deps.clock.now() };
  }

  /** The context of a call made by this link's account (chat), as the session stands now. */
  private authedCtx(actor: Actor): AuthedCtx {
    return { ...this.ctx(), actor };
  }
}

/** A refusal for going past one of the link's limits (2502), saying which. */
function tooMany(what: string): { code: number; message: string } {
  return {
    code: ErrorCode.LIMIT_REACHED,
    message: `${messageOf(ErrorCode.LIMIT_REACHED)} (too many ${what})`,
  };
}

type Parsed = { ok: true; value: PlayerLinkIn } | { ok: false; error: string };

function parse(data: Buffer, isBinary: boolean): Parsed {
  if (isBinary) return { ok: false, error: 'text messages only' };
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const parsed = PlayerLinkInWire.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return { ok: false, error: `${messageOf(ErrorCode.PARAM_ERROR)} (${where}${first?.message ?? 'invalid'})` };
}

/** A decision's reply as the engine takes it: its known fields, each a short text; anything else is refused. */
function replyOf(reply: Record<string, unknown>): Reply {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(reply)) {
    const tiles =
      key === 'huan' &&
      Array.isArray(value) &&
      value.length === HUAN_TILES &&
      value.every((t) => typeof t === 'string' && t.length <= 32);
    if (tiles) {
      out[key] = (value as string[]).slice();
      continue;
    }
    if (!REPLY_FIELDS.has(key) || typeof value !== 'string' || value.length > 32) {
      throw new ContestError(ErrorCode.PARAM_ERROR, {
        message: `${messageOf(ErrorCode.PARAM_ERROR)} (reply.${key.slice(0, 32)})`,
      });
    }
    out[key] = value;
  }
  return out as Reply;
}
