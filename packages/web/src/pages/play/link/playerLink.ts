import type { PlayerLinkIn, PlayerLinkOut } from '@taikai/protocol';
import { clearToken, readToken } from '../../../api/token';

// The portal's one WebSocket: the player link (`/api/player/link`, server README "Live channels"). It
// authenticates with the stored session token, reconnects with backoff, enters the lobby again after a
// reconnection (and says ready again if the player was), and keeps what it heard of each game so a page opened
// after a `game_start` (the table) can rebuild the hand from the start.

/** Where the link stands. `signedOut`: the token was refused (4401 / 2505); the link stops trying. */
export type LinkStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'signedOut';

/** One message of a game as the link heard it: the engine's message for this seat and its ask, if any. */
export interface FeedEntry {
  msg: Record<string, unknown>;
  ask: { id: number; deadline: number } | null;
}

/**
 * What the link knows of one game of this account: from its `game_start`, the `table_state` of the last
 * (re)connection and the `game_message`s since. `messages` starts with the `kaiju` and holds the hands heard
 * since; after a reconnection it is the server's `table_state` (the opening and the hand in progress).
 */
export interface GameFeed {
  gameUuid: string;
  seat: number;
  players: { account_id: number; nickname?: string }[];
  /** Extra fields of `game_start` beyond the documented ones (e.g. the rule), kept as sent. */
  start: Record<string, unknown>;
  paused: boolean;
  messages: FeedEntry[];
  /** How many times `messages` was replaced by a `table_state` (a reconnection). */
  resyncs: number;
  ended: { terminated: boolean } | null;
}

/** The season lobby the player is in, as the server confirmed it. */
export interface LobbyState {
  uniqueId: number;
  seasonId: number;
  ready: boolean;
}

export type LinkListener = (message: PlayerLinkOut) => void;

/**
 * The feed with one more entry. A decision asked again (the same ask id right after itself: the clock was held
 * by a pause and released with a new deadline) replaces the entry it repeats instead of following it.
 */
export function withEntry(entries: readonly FeedEntry[], entry: FeedEntry): FeedEntry[] {
  const last = entries[entries.length - 1];
  if (
    last?.ask &&
    entry.ask &&
    last.ask.id === entry.ask.id &&
    JSON.stringify(last.msg) === JSON.stringify(entry.msg)
  )
    return [...entries.slice(0, -1), { msg: last.msg, ask: entry.ask }];
  return [...entries, entry];
}

/** Waits after a lost connection: 0.5 s, 1 s, 2 s, … up to 15 s, each with up to a quarter more at random. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + random() / 4));
}

/** An application ping this often; no pong within `PONG_WAIT_MS` and the connection is taken as lost. */
const PING_EVERY_MS = 25_000;
const PONG_WAIT_MS = 10_000;

/** The address of the link on this site (ws: or wss: like the page). */
export function linkUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/player/link`;
}

export interface PlayerLinkOptions {
  url?: string;
  token?: () => string | null;
  /** Called once when the server refuses the session; the default clears the token and goes to /login. */
  onSignedOut?: () => void;
  /** Tests pass a fake. */
  WebSocket?: typeof WebSocket;
}

/**
 * The player link client. One per page (`playerLink()`); React pages use the hooks in `usePlayerLink.ts`.
 *
 * - `subscribe(listener)` hears every message the server sends (after the link's own bookkeeping), and
 *   `onChange(listener)` hears any change of `status`, `account`, `lobby` or a game feed.
 * - `enter(u, s)` / `setReady(r)` are remembered: after a reconnection the link enters the lobby again and, if
 *   the player was ready, says so again. `leave()` forgets the lobby (the server leaves it when the link closes).
 * - `answer(gameUuid, askId, reply)` answers a decision; `send(message)` sends any other message of the link
 *   (e.g. chat ops). Both return false when the link is not open (nothing is queued: a decision is asked again
 *   after a reconnection through `table_state`).
 */
export class PlayerLinkClient {
  status: LinkStatus = 'idle';
  account: { accountId: number; nickname: string } | null = null;
  lobby: LobbyState | null = null;
  /** The last error the server sent (`{code, message}`), for the page that caused it to show. */
  lastError: { code: number; message: string } | null = null;
  readonly games = new Map<string, GameFeed>();

  private socket: WebSocket | null = null;
  private authed = false;
  private attempt = 0;
  private wanted: { uniqueId: number; seasonId: number; ready: boolean } | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<LinkListener>();
  private readonly changeListeners = new Set<() => void>();
  private readonly options: Required<Omit<PlayerLinkOptions, 'WebSocket'>> & {
    WebSocket: typeof WebSocket | undefined;
  };
  private version = 0;

  constructor(options: PlayerLinkOptions = {}) {
    this.options = {
      url: options.url ?? '',
      token: options.token ?? readToken,
      onSignedOut:
        options.onSignedOut ??
        (() => {
          clearToken();
          window.location.assign('/login');
        }),
      WebSocket: options.WebSocket,
    };
  }

  /** A number that changes whenever anything the `onChange` listeners hear about changes. */
  get changeCount(): number {
    return this.version;
  }

  /** Opens the link if it is not open or opening. Safe to call many times. */
  connect(): void {
    if (this.socket || this.retryTimer || this.status === 'signedOut') return;
    const token = this.options.token();
    if (!token) {
      this.signOut();
      return;
    }
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const Ws = this.options.WebSocket ?? WebSocket;
    const socket = new Ws(this.options.url || linkUrl());
    this.socket = socket;
    this.authed = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      socket.send(JSON.stringify({ op: 'auth', token } satisfies PlayerLinkIn));
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      let message: PlayerLinkOut;
      try {
        message = JSON.parse(String(event.data)) as PlayerLinkOut;
      } catch {
        return;
      }
      this.receive(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.dropped(event.code);
    };
    socket.onerror = () => undefined;
  }

  /** Closes the link for good (logout); `connect()` opens it again. */
  close(): void {
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.authed = false;
    socket?.close(1000);
    this.attempt = 0;
    if (this.status !== 'signedOut') this.setStatus('idle');
  }

  /** Hears every message from the server. Returns the unsubscribe function. */
  subscribe(listener: LinkListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears every change of status, account, lobby or game feeds. Returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Enters a season's lobby (leaving another); remembered across reconnections. */
  enter(uniqueId: number, seasonId: number): void {
    const same = this.wanted?.uniqueId === uniqueId && this.wanted.seasonId === seasonId;
    this.wanted = { uniqueId, seasonId, ready: same ? (this.wanted?.ready ?? false) : false };
    this.sendNow({ op: 'enter', unique_id: uniqueId, season_id: seasonId });
  }

  /** Says ready or not in the entered lobby; remembered across reconnections. */
  setReady(ready: boolean): void {
    if (this.wanted) this.wanted.ready = ready;
    this.sendNow({ op: 'ready', ready });
  }

  /** Stops coming back to the lobby after reconnections, and says not ready now. */
  leave(): void {
    if (this.wanted?.ready) this.sendNow({ op: 'ready', ready: false });
    this.wanted = null;
    this.lobby = null;
    this.changed();
  }

  /**
   * Answers the decision `askId` of a game with the engine's reply (`{}` pass or tsumogiri, `{dapai}`, …; a
   * chuanma exchange `{huan: [t, t, t]}`).
   */
  answer(gameUuid: string, askId: number, reply: Record<string, string | string[]>): boolean {
    return this.sendNow({ op: 'answer', game_uuid: gameUuid, ask_id: askId, reply });
  }

  /** Sends any message of the link once authenticated; false when the link is not open. */
  send(message: PlayerLinkIn): boolean {
    return this.sendNow(message);
  }

  /** The feed of a game, if the link heard of it. */
  game(gameUuid: string): GameFeed | undefined {
    return this.games.get(gameUuid);
  }

  private sendNow(message: PlayerLinkIn): boolean {
    const socket = this.socket;
    if (!socket || !this.authed || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  private receive(message: PlayerLinkOut): void {
    switch (message.op) {
      case 'authed':
        this.authed = true;
        this.attempt = 0;
        this.account = { accountId: message.account_id, nickname: message.nickname };
        this.lastError = null;
        this.setStatus('open');
        this.startPing();
        if (this.wanted) {
          this.sendNow({ op: 'enter', unique_id: this.wanted.uniqueId, season_id: this.wanted.seasonId });
          if (this.wanted.ready) this.sendNow({ op: 'ready', ready: true });
        }
        break;
      case 'entered':
        this.lobby = { uniqueId: message.unique_id, seasonId: message.season_id, ready: message.ready };
        break;
      case 'ready':
        if (this.lobby) this.lobby = { ...this.lobby, ready: message.ready };
        break;
      case 'game_start': {
        const {
          op: _op,
          game_uuid,
          seat,
          players,
          ...start
        } = message as typeof message & Record<string, unknown>;
        const known = this.games.get(game_uuid);
        this.games.set(game_uuid, {
          gameUuid: game_uuid,
          seat,
          players,
          start,
          paused: known?.paused ?? false,
          messages: known?.messages ?? [],
          resyncs: known?.resyncs ?? 0,
          ended: null,
        });
        break;
      }
      case 'table_state': {
        const feed = this.feed(message.game_uuid, message.seat);
        feed.paused = message.paused;
        feed.messages = message.messages.reduce<FeedEntry[]>(withEntry, []);
        feed.resyncs += 1;
        feed.ended = null;
        break;
      }
      case 'game_message': {
        const feed = this.feed(message.game_uuid, message.seat);
        feed.messages = withEntry(feed.messages, { msg: message.msg, ask: message.ask });
        break;
      }
      case 'game_paused': {
        const feed = this.games.get(message.game_uuid);
        if (feed) feed.paused = message.paused;
        break;
      }
      case 'game_end': {
        const feed = this.games.get(message.game_uuid);
        if (feed) feed.ended = { terminated: message.terminated };
        break;
      }
      case 'pong':
        if (this.pongTimer) clearTimeout(this.pongTimer);
        this.pongTimer = null;
        return;
      case 'error':
        this.lastError = { code: message.code, message: message.message };
        break;
    }
    for (const listener of [...this.listeners]) listener(message);
    this.changed();
  }

  /** The feed of a game, made (without players) when a message comes before its `game_start`. */
  private feed(gameUuid: string, seat: number): GameFeed {
    let feed = this.games.get(gameUuid);
    if (!feed) {
      feed = {
        gameUuid,
        seat,
        players: [],
        start: {},
        paused: false,
        messages: [],
        resyncs: 0,
        ended: null,
      };
      this.games.set(gameUuid, feed);
    } else {
      // A new object, so React hooks comparing by identity see the change.
      feed = { ...feed };
      this.games.set(gameUuid, feed);
    }
    return feed;
  }

  private dropped(code: number): void {
    this.socket = null;
    this.authed = false;
    this.clearTimers();
    if (code === 4401) {
      this.signOut();
      return;
    }
    if (this.status === 'idle') return;
    this.lobby = null;
    const wait = backoffMs(this.attempt);
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, wait);
  }

  private signOut(): void {
    this.clearTimers();
    this.socket = null;
    this.account = null;
    this.lobby = null;
    this.setStatus('signedOut');
    this.options.onSignedOut();
  }

  private startPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (!this.sendNow({ op: 'ping' }) || this.pongTimer) return;
      this.pongTimer = setTimeout(() => {
        this.pongTimer = null;
        // No pong: the connection is gone without a close. Drop it and reconnect.
        const socket = this.socket;
        if (!socket) return;
        this.socket = null;
        socket.close();
        this.dropped(1006);
      }, PONG_WAIT_MS);
    }, PING_EVERY_MS);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private setStatus(status: LinkStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of [...this.changeListeners]) listener();
  }
}

let shared: PlayerLinkClient | null = null;

/** The page's one player link (made on first use, not yet connected: the hooks connect it). */
export function playerLink(): PlayerLinkClient {
  shared ??= new PlayerLinkClient();
  return shared;
}

/** Closes and forgets the page's link (on logout: the next `playerLink()` starts afresh). */
export function closePlayerLink(): void {
  shared?.close();
  shared = null;
}
