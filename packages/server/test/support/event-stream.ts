import { type SeasonChange, SeasonChangeWire } from '@taikai/protocol';
import { HANG_GUARD_MS } from './hang-guard';

// A season event stream (`GET /api/contest/season_events`) read with fetch as the console reads it, for tests of a
// listening world: every frame (events and comments) as it arrives.

export type Frame = { event: string; data: string } | { comment: string };

/** An open event stream: every frame (events and comments) as it arrives. */
export class EventStream {
  readonly frames: Frame[] = [];
  /** When each frame arrived (ms since the epoch), by its index in `frames`. */
  readonly arrivals: number[] = [];
  readonly ended: Promise<void>;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;

  private constructor(readonly response: Response) {
    this.ended = this.read();
  }

  static async open(
    origin: string,
    token: string | undefined,
    query: Record<string, unknown>,
    path = '/api/contest/season_events',
  ): Promise<EventStream | Response> {
    const abort = new AbortController();
    const url = `${origin}${path}?${new URLSearchParams(query as Record<string, string>)}`;
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Majsoul ${token}` } : {}) },
      signal: abort.signal,
    });
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
    const stream = new EventStream(response);
    stream.abort.signal.addEventListener('abort', () => abort.abort());
    return stream;
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const field = (name: string) =>
            lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
          const arrived = Date.now();
          if (lines.some((l) => l.startsWith('data: '))) {
            this.frames.push({ event: field('event'), data: field('data') });
            this.arrivals.push(arrived);
          } else if (lines[0].startsWith(':')) {
            this.frames.push({ comment: lines[0].slice(1).trim() });
            this.arrivals.push(arrived);
          }
          this.wake?.();
        }
      }
    } catch {
      // aborted
    }
    this.wake?.();
  }

  events(name: string): unknown[] {
    return this.frames.flatMap((f) => ('event' in f && f.event === name ? [JSON.parse(f.data)] : []));
  }

  changes(): SeasonChange[] {
    return this.events('change').map((c) => SeasonChangeWire.parse(c));
  }

  async until(check: () => boolean, what = 'a frame'): Promise<void> {
    const deadline = Date.now() + HANG_GUARD_MS;
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}
