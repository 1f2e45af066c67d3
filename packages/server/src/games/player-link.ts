import websocket from '@fastify/websocket';
import type { Reply } from '@taikai/engine';
import {
  CHAT_LIMITS,
  type ChatRefusal,
  ErrorCode,
  type PlayerLinkIn,
  PlayerLinkInWire,
  type PlayerLinkOut,
  SeasonState,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthedCtx, Deps } from '../context';
import type { Executor } from '../db/client';
import { authenticate } from '../domains/accounts/sessions';
import { FloodWindow } from '../domains/chat/flood';
import * as chat from '../domains/chat/service';
import { liveContest } from '../domains/contests/queries';
import { PlayerState, playerOf } from '../domains/players/queries';
import { seasonState } from '../domains/seasons/presenter';
import { seasonOf } from '../domains/seasons/queries';
import { failure } from '../http/envelope';
import { ContestError, messageOf } from '../http/errors';
import { PREFIXES } from '../http/route';
import type { LobbyEvent } from './live-hub';

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
};

/** Largest message a client may send (bytes); a larger one closes the link (1009). */
export const LINK_MAX_MESSAGE = 16 * 1024;

/** Close codes of the link, beside the standard ones (1001 server closing, 1009 message too big). */
export const LinkClose = {
  /** No valid `auth` in time, a bad token, or the session ended. */
  NOT_AUTHENTICATED: 4401,
  /** Too many messages. */
  FLOOD: 4429,
} as const;

/** Messages waiting to be handled (one after the other) beyond which the link is closed as a flood. */
const MAX_QUEUED = 64;
/** A client this far behind (bytes queued and not yet taken by the network) is cut off. */
const MAX_BUFFERED = 1 << 20;
/** The reply fields a decision may carry (engine `Reply`), each a tile or meld in the engine's notation. */
const REPLY_FIELDS = new Set(['dapai', 'fulou', 'gang', 'hule', 'daopai', 'kita']);

type SeasonIds = { uniqueId: number; seasonId: number };

/**
 * Whether an account may wait in a season's lobby: the tournament exists (2501), has the season (2536), the
 * season is running (2542 ended, 2508 finished, 2507 not started) and the account is on its roster (2511).
 * With `organisers`, the tournament's creator and admins may enter too (to chat; not to be ready).
 */
export async function checkLobby(
  db: Executor,
  ids: SeasonIds,
  accountId: number,
  now: number,
  { organisers = false }: { organisers?: boolean } = {},
): Promise<void> {
  if (!(await liveContest(db, ids.uniqueId))) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
  const season = await seasonOf(db, ids.uniqueId, ids.seasonId, false);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  const state = seasonState(season, now);
  if (state === SeasonState.ENDED) throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
  if (state === SeasonState.FINISHED) throw new ContestError(ErrorCode.ALREADY_ENDED);
  if (state === SeasonState.PENDING) throw new ContestError(ErrorCode.NOT_STARTED);
  const entry = await playerOf(db, ids, accountId);
  if (entry?.state === PlayerState.ACCEPTED) return;
  if (organisers && (await chat.isOrganiser(db, ids, accountId))) return;
  throw new ContestError(ErrorCode.NOT_ON_ROSTER);
}

/** The link's routes under both prefixes, the WebSocket server, and the heartbeat of every open link. */
export async function playerLinkRoutes(app: FastifyInstance): Promise<void> {
  const links = new Set<PlayerLink>();
  const chatFlood = new FloodWindow(CHAT_LIMITS.FLOOD_COUNT, CHAT_LIMITS.FLOOD_WINDOW_S);
  await app.register(websocket, {
    options: { maxPayload: LINK_MAX_MESSAGE },
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

  const heartbeat = setInterval(() => {
    for (const link of links) link.heartbeat();
  }, LINK_TIMING.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(heartbeat);
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
        const link = new PlayerLink(app.deps, socket, request.ip, chatFlood, () => links.delete(link));
        links.add(link);
      },
    });
  }
}

/** One open player link. Its messages are handled one after the other, in the order they came. */
class PlayerLink {
  private account: { id: number; nickname: string } | null = null;
  /** Kept to check the session again on heartbeats; never logged. */
  private token = '';
  private lobby: SeasonIds | null = null;
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
  private readonly authTimer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly deps: Deps,
    private readonly socket: WebSocket,
    private readonly ip: string,
    private readonly chatFlood: FloodWindow,
    private readonly onClosed: () => void,
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
    const actor = await authenticate(this.ctx(), token);
    if (this.closed) return;
    if (!actor) {
      this.refuseAuth();
      return;
    }
    this.token = token;
    const account = { id: actor.id, nickname: actor.nickname };
    this.account = account;
    const { games } = this.deps;
    this.unsubscribe = games.live.onAccount(account.id, (out) => this.send(out));
    this.send({ op: 'authed', account_id: account.id, nickname: account.nickname });
    // A player coming back to a running game: its seat and the hand so far, then the live messages.
    for (const out of games.tableStateFor(account.id)) this.send(out);
    games.linkChanged(account.id);
  }

  private refuseAuth(): void {
    const code = ErrorCode.NOT_LOGGED_IN;
    this.send({ op: 'error', code, message: messageOf(code) });
    this.shut(LinkClose.NOT_AUTHENTICATED, 'not authenticated');
  }

  private async checkSession(): Promise<void> {
    if (this.closed || (await authenticate(this.ctx(), this.token))) return;
    this.refuseAuth();
  }

  /**
   * Enters a season's lobby, leaving the one the link was in (and being ready there). Roster players and the
   * tournament's organisers enter; with season chat on, the chat's latest messages follow `entered`.
   */
  private async enter(ids: SeasonIds): Promise<void> {
    const account = this.account as { id: number };
    await checkLobby(this.deps.db, ids, account.id, this.deps.clock.now(), { organisers: true });
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
    this.send({ op: 'entered', unique_id: ids.uniqueId, season_id: ids.seasonId, ready: this.ready });
    if (!this.deps.config.seasonChat) return;
    const state = await chat.chatStateOf(this.deps.db, ids, account.id);
    const messages = await chat.history(this.deps.db, ids);
    if (this.closed || this.lobby !== lobby) return;
    this.send({
      op: 'chat_history',
      unique_id: ids.uniqueId,
      season_id: ids.seasonId,
      messages,
      ...state,
    });
  }

  /** What the lobby's other links and the organisers say to everyone in it. */
  private lobbyEvent(ids: SeasonIds, event: LobbyEvent): void {
    if (event.kind === 'send') {
      this.send(event.out);
      return;
    }
    // The chat limits changed: this player is told what they may do now.
    void this.enqueue(async () => {
      if (this.closed || this.lobby !== ids || !this.account || !this.deps.config.seasonChat) return;
      const state = await chat.chatStateOf(this.deps.db, ids, this.account.id);
      if (this.lobby === ids)
        this.send({ op: 'chat_state', unique_id: ids.uniqueId, season_id: ids.seasonId, ...state });
    });
  }

  /** The lobby the link is in, or 2536. */
  private inLobby(): SeasonIds {
    if (!this.lobby) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON, { message: 'enter a season first' });
    return this.lobby;
  }

  /** An organiser deletes a message of the lobby's chat; anyone else in the lobby is refused 2506. */
  private async chatDelete(id: number): Promise<void> {
    const ids = this.inLobby();
    const account = this.account as { id: number };
    if (!(await chat.isOrganiser(this.deps.db, ids, account.id)))
      throw new ContestError(ErrorCode.NO_PERMISSION);
    await chat.remove(this.authedCtx(), ids, id);
  }

  /** A chat message to the lobby: stored, then sent to every link in the lobby (this one included). */
  private async chatSend(input: { text?: string; stamp?: number }): Promise<void> {
    if (!this.deps.config.seasonChat) throw new ContestError(ErrorCode.CHAT_UNAVAILABLE);
    const ids = this.inLobby();
    const message = await chat.send(this.authedCtx(), ids, input, this.chatFlood);
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
      // The season may have ended, or the player left the roster, since the link entered; an organiser who is
      // not on the roster may chat in the lobby but not be ready (2511).
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
    this.leaveLobbyTopic?.();
    this.leaveLobbyTopic = null;
  }

  private send(out: PlayerLinkOut): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (out.op === 'game_message' && out.ask) this.asked = Math.min(this.asked + 1, MAX_QUEUED);
    socket.send(JSON.stringify(out));
    if (socket.bufferedAmount > MAX_BUFFERED) socket.terminate();
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
    this.onClosed();
  }

  private ctx() {
    return { ...this.deps, actor: null, ip: this.ip, now: this.deps.clock.now() };
  }

  /** The context of a call made by this link's account (chat). */
  private authedCtx(): AuthedCtx {
    const account = this.account as { id: number; nickname: string };
    return {
      ...this.ctx(),
      actor: { id: account.id, nickname: account.nickname, isOperator: false },
    };
  }
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
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(reply)) {
    if (!REPLY_FIELDS.has(key) || typeof value !== 'string' || value.length > 32) {
      throw new ContestError(ErrorCode.PARAM_ERROR, {
        message: `${messageOf(ErrorCode.PARAM_ERROR)} (reply.${key.slice(0, 32)})`,
      });
    }
    out[key] = value;
  }
  return out as Reply;
}
