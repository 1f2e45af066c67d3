import { type SeasonChange, SeasonChangeWire } from '@taikai/protocol';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RunningGame } from './game-calls';
import { type GameListKind, gameListKey, keys } from './queries';
import { refreshAfterTeamChange } from './team-calls';
import { readToken } from './token';

// The season's live channel: `GET /api/contest/season_events?unique_id&season_id`, a server-sent event stream
// of `SeasonChange`s (event name `change`). It is read with fetch rather than EventSource, because the token
// goes in the Authorization header like every other call. While the stream is down the match pages poll at the
// spec's intervals (ready 5 s, running 30 s).

/** One dispatched event of a text/event-stream. */
export interface SseFrame {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads a text/event-stream as it arrives, chunk by chunk (the HTML event-stream rules): lines end in LF,
 * CRLF or CR; a blank line dispatches the event; `data:` lines join with LF; a line starting with `:` is a
 * comment (a heartbeat); one space after the colon is dropped; an event without data is not dispatched.
 * `retry:` sets `retryMs`, the server's reconnection delay.
 */
export class SseParser {
  retryMs: number | undefined;
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** The last chunk ended in CR: a LF starting the next chunk belongs to that line end. */
  private pendingCr = false;

  push(chunk: string): SseFrame[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const frames: SseFrame[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A CR at the very end may be the first half of a CRLF: the next chunk settles it.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) this.pendingCr = true;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const frame = this.line(line);
      if (frame) frames.push(frame);
    }
    return frames;
  }

  private line(line: string): SseFrame | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }

  private dispatch(): SseFrame | null {
    const frame: SseFrame | null =
      this.data.length === 0
        ? null
        : {
            event: this.event || 'message',
            data: this.data.join('\n'),
            ...(this.id !== undefined ? { id: this.id } : {}),
          };
    this.event = '';
    this.data = [];
    return frame;
  }
}

/** The season change a frame carries, or null for other events and data that is not one. */
export function seasonChangeOf(frame: SseFrame): SeasonChange | null {
  if (frame.event !== 'change') return null;
  let json: unknown;
  try {
    json = JSON.parse(frame.data);
  } catch {
    return null;
  }
  const parsed = SeasonChangeWire.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The lists a change touches: a ready change moves plan seats between ready and not; a records change may bring
 * yakuman marks and changes the rankings and player statistics; a game starting or ending moves a plan (started)
 * and the ready list (seated); a team change renames the teams these lists show.
 */
const ALSO_CHANGED: Record<Exclude<SeasonChange['kind'], 'progress'>, GameListKind[]> = {
  ready: ['ready', 'plans'],
  plans: ['plans', 'ready'],
  running: ['running', 'plans', 'ready'],
  // A failed table frees its players and leaves the running list; a cancelled plan leaves the plan list.
  failed: ['failed', 'running', 'plans', 'ready'],
  records: ['records', 'marked', 'rank', 'calcRank', 'playerData'],
  teams: ['ready', 'plans', 'running', 'records'],
};

/**
 * Brings the cached game lists up to date with one change: a list that changed is read again; a team change also
 * reads the teams, the roster and the rankings again (not the members of a team it deleted); a progress
 * patches the running game it names in the cached running list (its standing, its seats' scores, the pause
 * flag). A progress of a game the list does not have yet, or one that flips the pause (whose end time only the
 * list knows), reads the running list again.
 */
export function applySeasonChange(
  client: QueryClient,
  uniqueId: number,
  seasonId: number,
  change: SeasonChange,
): void {
  if (change.kind !== 'progress') {
    for (const kind of ALSO_CHANGED[change.kind])
      void client.invalidateQueries({ queryKey: gameListKey(uniqueId, seasonId, kind) });
    if (change.kind === 'teams') void refreshAfterTeamChange(client, uniqueId, seasonId, change.removed);
    return;
  }
  const key = gameListKey(uniqueId, seasonId, 'running');
  const list = client.getQueryData<RunningGame[]>(key);
  if (list === undefined) return;
  const game = list.find((g) => g.game_uuid === change.game_uuid);
  if (!game) {
    void client.invalidateQueries({ queryKey: key });
    return;
  }
  client.setQueryData<RunningGame[]>(key, (games) =>
    games?.map((g) =>
      g.game_uuid !== change.game_uuid
        ? g
        : {
            ...g,
            chang: change.chang,
            ju: change.ju,
            ben: change.ben,
            liqibang: change.liqibang,
            scores: change.scores,
            paused: change.paused,
            players: g.players.map((p, seat) => ({ ...p, score: change.scores[seat] ?? p.score })),
          },
    ),
  );
  if (game.paused !== change.paused) void client.invalidateQueries({ queryKey: key });
}

/** Reconnection delay after `failures` failed attempts in a row: 1 s doubling to 30 s, with ±20 % jitter. */
export function backoffMs(failures: number, minimum = 1000, random = Math.random): number {
  const base = Math.min(30_000, Math.max(minimum, 1000 * 2 ** Math.max(0, failures - 1)));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A stream that sends nothing (not even a heartbeat comment) for this long is taken as dropped. */
export const STREAM_IDLE_MS = 75_000;

/** A connection that stayed up this long counts as healthy: the next drop starts the backoff over. */
const HEALTHY_MS = 10_000;

export interface SeasonStreamOptions {
  uniqueId: number;
  seasonId: number;
  onChange: (change: SeasonChange) => void;
  /** Whether the stream is open; a reconnection after a drop reports `reconnected` (changes may be missed). */
  onLive: (live: boolean, reconnected: boolean) => void;
  fetch?: typeof fetch;
  token?: () => string | null;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  idleMs?: number;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/**
 * Holds the season's stream open until `signal` aborts: connects, reads frames, and after a drop (or a refused
 * connection) waits with backoff and connects again. A 401 or 403 ends it: the polling calls then meet the same
 * refusal and the client handles it (login page, toast).
 */
export async function runSeasonStream(options: SeasonStreamOptions, signal: AbortSignal): Promise<void> {
  const {
    uniqueId,
    seasonId,
    onChange,
    onLive,
    fetch: fetchImpl = globalThis.fetch.bind(globalThis),
    token = readToken,
    sleep = abortableSleep,
    now = Date.now,
    idleMs = STREAM_IDLE_MS,
  } = options;
  const query = new URLSearchParams({ unique_id: String(uniqueId), season_id: String(seasonId) });
  const url = `/api/contest/season_events?${query}`;
  let failures = 0;
  let minimumDelay = 1000;
  let everOpen = false;

  while (!signal.aborted) {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop);
    let openedAt: number | null = null;
    let idle: ReturnType<typeof setTimeout> | undefined;
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        'X-Web-Client-Version': __APP_VERSION__,
      };
      const bearer = token();
      if (bearer) headers.Authorization = `Majsoul ${bearer}`;
      idle = setTimeout(stop, idleMs);
      const response = await fetchImpl(url, { headers, signal: attempt.signal, cache: 'no-store' });
      if (response.status === 401 || response.status === 403) return;
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.includes('text/event-stream')) {
        throw new Error(`season_events: HTTP ${response.status}`);
      }
      openedAt = now();
      onLive(true, everOpen);
      everOpen = true;
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          clearTimeout(idle);
          idle = setTimeout(stop, idleMs);
          for (const frame of parser.push(value)) {
            const change = seasonChangeOf(frame);
            if (change) onChange(change);
          }
          if (parser.retryMs !== undefined) minimumDelay = Math.max(parser.retryMs, 250);
        }
      } finally {
        reader.cancel().catch(() => {});
      }
    } catch {
      // a refused connection, a drop, the idle watchdog or the page leaving: settled below
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
    }
    if (signal.aborted) return;
    if (openedAt !== null) onLive(false, false);
    failures = openedAt !== null && now() - openedAt >= HEALTHY_MS ? 1 : failures + 1;
    await sleep(backoffMs(failures, minimumDelay), signal);
  }
}

/**
 * Follows a season's changes while the page is open: changed lists are read again, running games' progress is
 * patched into the cache. `live` is false until the stream is open and while it is down; pages poll then.
 * After a reconnection every game list of the season is read again, as changes may have been missed.
 */
export function useSeasonEvents(
  uniqueId: number,
  seasonId: number,
  /** Also told of each change, after the lists were brought up to date (e.g. to announce a failed table). */
  onChange?: (change: SeasonChange) => void,
): { live: boolean } {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const listener = useRef(onChange);
  listener.current = onChange;
  useEffect(() => {
    const controller = new AbortController();
    setLive(false);
    void runSeasonStream(
      {
        uniqueId,
        seasonId,
        onChange: (change) => {
          applySeasonChange(client, uniqueId, seasonId, change);
          listener.current?.(change);
        },
        onLive: (open, reconnected) => {
          setLive(open);
          if (!reconnected) return;
          // What changed while the stream was down: the game lists, rankings and teams are read again.
          void client.invalidateQueries({ queryKey: keys.games(uniqueId, seasonId) });
          void client.invalidateQueries({ queryKey: keys.teams(uniqueId, seasonId) });
        },
      },
      controller.signal,
    );
    return () => {
      controller.abort();
      setLive(false);
    };
  }, [client, uniqueId, seasonId]);
  return { live };
}

/** How often a game list is read while the stream is down (spec §9); not at all while it is live. */
export function pollInterval(live: boolean, ms: number): number | false {
  return live ? false : ms;
}
