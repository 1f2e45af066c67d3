import { backoffMs, SseParser, STREAM_IDLE_MS } from '../../../api/season-events';
import { readToken } from '../../../api/token';
import { type SpectatorEvent, spectatorEventOf } from './watchModel';

// The spectator stream of a game: `GET /api/contest/spectate_game?unique_id&uuid`, server-sent events whose
// `data:` lines are spectator events, already held behind the table by the tournament's delay. Read with fetch
// (the token goes in the Authorization header, as for the season's stream). A refusal comes as a JSON error
// before the stream starts; a drop is reconnected with backoff, and the server starts again from the current
// hand with a new `hello`. A `closed` event (the right to watch taken away, the session ended) ends it for good.

export type WatchProblem = { code: number; message?: string };

export interface SpectateOptions {
  uniqueId: number;
  uuid: string;
  onEvent: (event: SpectatorEvent) => void;
  /** The stream is open (true), dropped and being reconnected (false). */
  onLive: (live: boolean) => void;
  /** Refused (an error code from the server): the stream is not tried again. */
  onRefused: (problem: WatchProblem) => void;
  fetch?: typeof fetch;
  token?: () => string | null;
  idleMs?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
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

/** The error a refused connection answers (`{ error: { code, message } }`), or null. */
export async function refusalOf(response: Response): Promise<WatchProblem | null> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown };
    data?: { error?: { code?: unknown; message?: unknown } };
  } | null;
  const err = body?.error ?? body?.data?.error;
  if (!err || typeof err.code !== 'number') return null;
  return { code: err.code, message: typeof err.message === 'string' ? err.message : undefined };
}

/** Watches the game until `signal` aborts, the game ends, or the server refuses. */
export async function runSpectateStream(options: SpectateOptions, signal: AbortSignal): Promise<void> {
  const {
    uniqueId,
    uuid,
    onEvent,
    onLive,
    onRefused,
    fetch: fetchImpl = globalThis.fetch.bind(globalThis),
    token = readToken,
    idleMs = STREAM_IDLE_MS,
  } = options;
  const url = `/api/contest/spectate_game?${new URLSearchParams({ unique_id: String(uniqueId), uuid })}`;
  let failures = 0;
  while (!signal.aborted) {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop);
    let idle: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        'X-Web-Client-Version': __APP_VERSION__,
      };
      const bearer = token();
      if (bearer) headers.Authorization = `Majsoul ${bearer}`;
      idle = setTimeout(stop, idleMs);
      const response = await fetchImpl(url, { headers, signal: attempt.signal, cache: 'no-store' });
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream')) {
        const refusal = await refusalOf(response);
        if (refusal || response.status === 401 || response.status === 403) {
          onRefused(refusal ?? { code: 0 });
          return;
        }
        throw new Error(`spectate_game: HTTP ${response.status}`);
      }
      if (!response.body) throw new Error('spectate_game: no body');
      onLive(true);
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          clearTimeout(idle);
          idle = setTimeout(stop, idleMs);
          for (const frame of parser.push(value)) {
            const event = spectatorEventOf(frame.data);
            if (!event) continue;
            if (event.type === 'hello') failures = 0;
            if (event.type === 'closed') {
              onRefused({ code: event.code });
              return;
            }
            onEvent(event);
            if (event.type === 'ended') ended = true;
          }
          if (ended) break;
        }
      } finally {
        reader.cancel().catch(() => {});
      }
    } catch {
      // a drop, the idle watchdog or the page leaving: settled below
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
    }
    if (ended || signal.aborted) return;
    onLive(false);
    failures++;
    await sleep(backoffMs(failures), signal);
  }
}
