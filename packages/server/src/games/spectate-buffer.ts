import { LIMITS, type SpectateEvent } from '@taikai/protocol';

// What spectators of one game are sent, held back by the tournament's delay: every seat's messages as they
// happened at the table, released once they are old enough, each written once as a server-sent event line.

/** An event of the game, and its SSE text once released (written once, whoever reads it). */
type Entry = { event: Extract<SpectateEvent, { type: 'seat' | 'ended' }>; text: string | null };

/** The longest delay a tournament may set: what a spectator arriving later may still need of the past. */
const MAX_DELAY_MS = LIMITS.SPECTATE_DELAY_MAX_S * 1000;

/**
 * Events are released at most this often (ms), all that are due at once, in one piece of text: a stream gets one
 * write per release, not one per event (a table's seats get several messages for each discard).
 */
export const RELEASE_EVERY_MS = 100;

/** One `data:` line of a spectator stream. */
export function spectateLine(event: SpectateEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/**
 * The spectator view of one game on the process that runs its table. It keeps the game's opening (`kaiju`) and
 * the messages since the start of the hand that was in progress `MAX_DELAY_MS` ago, so that a spectator arriving
 * at any delay can rebuild the hand it is shown. While watched (`watch`), it releases the events for which
 * `at + delay <= now`, together, to `release` (a timer set for the next one, at most every `RELEASE_EVERY_MS`;
 * nothing runs while nobody watches).
 */
export class SpectateBuffer {
  /** The seats' `kaiju` messages (also among the entries until trimmed): every spectator gets them first. */
  private readonly opening: Entry[] = [];
  private entries: Entry[] = [];
  /** Entries before this index have been released (while watched). */
  private released = 0;
  private delayMs: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When events were last released (ms). */
  private lastRelease = 0;
  /** The game ended: its `ended` event is the last entry. */
  done = false;

  constructor(
    private readonly now: () => number,
    /** Released events, their lines joined; `last`: the game's `ended` is among them (the last). */
    private readonly release: (text: string, last: boolean) => void,
  ) {}

  /** A seat's message as it reached the seat (`at`: ms since the epoch). */
  push(seat: number, msg: Record<string, unknown>, at: number): void {
    if (this.done) return;
    const entry: Entry = { event: { type: 'seat', seat, msg, at }, text: null };
    if ('kaiju' in msg) this.opening.push(entry);
    this.entries.push(entry);
    if ('qipai' in msg) this.trim(at);
    this.schedule();
  }

  /** The game ended at `at`: spectators are told after the delay, then nothing more comes. */
  end(at: number): void {
    if (this.done) return;
    this.done = true;
    this.entries.push({ event: { type: 'ended', at }, text: null });
    this.schedule();
  }

  /**
   * Starts (or goes on) releasing with `delayMs`, and answers what a spectator arriving now is owed first: the
   * opening, then the released events since the start of the hand in progress (their lines joined).
   */
  watch(delayMs: number): string {
    if (this.delayMs !== delayMs) {
      this.delayMs = delayMs;
      // Released is what is old enough now; what was released before at another delay is not sent again.
      this.released = Math.max(this.released, this.dueCount());
    }
    this.flush();
    const start = this.handStart(this.released);
    // Before the first deal, the released entries are the opening itself.
    const owed =
      start < 0
        ? this.entries.slice(0, this.released)
        : [...this.opening, ...this.entries.slice(start, this.released)];
    return owed.map((e) => this.textOf(e)).join('');
  }

  /** Nobody watches any more: nothing is released until the next `watch`. */
  unwatch(): void {
    this.delayMs = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** When the buffer may be forgotten: its `ended` event was released, or is past any delay. */
  finished(): boolean {
    if (!this.done) return false;
    if (this.released >= this.entries.length) return true;
    const last = this.entries.at(-1) as Entry;
    return last.event.at + MAX_DELAY_MS <= this.now();
  }

  close(): void {
    this.unwatch();
  }

  /** Releases what is due, and sets the timer for the next. */
  private flush(): void {
    if (this.delayMs === null) return;
    const due = this.dueCount();
    if (due > this.released) {
      const batch = this.entries.slice(this.released, due);
      this.released = due;
      this.lastRelease = this.now();
      const last = batch.at(-1)?.event.type === 'ended';
      // Each event's line is written once, kept for late spectators' catch-up.
      this.release(batch.map((e) => this.textOf(e)).join(''), last);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.delayMs === null || this.timer) return;
    const next = this.entries[this.released];
    if (!next) return;
    const now = this.now();
    const wait = Math.max(0, next.event.at + this.delayMs - now, this.lastRelease + RELEASE_EVERY_MS - now);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
    this.timer.unref();
  }

  /** How many entries are old enough at the current delay. */
  private dueCount(): number {
    if (this.delayMs === null) return this.released;
    const cutoff = this.now() - this.delayMs;
    let n = this.released;
    while (n < this.entries.length && this.entries[n].event.at <= cutoff) n++;
    return n;
  }

  /** The first entry of the hand of the entries before `index` (the first `qipai` of its deal); -1 before any. */
  private handStart(index: number): number {
    let i = Math.min(index, this.entries.length) - 1;
    while (i >= 0 && !isDeal(this.entries[i])) i--;
    while (i > 0 && isDeal(this.entries[i - 1])) i--;
    return i;
  }

  /** Drops the hands no spectator may be shown any more (those that ended before `MAX_DELAY_MS` ago). */
  private trim(now: number): void {
    const cutoff = now - MAX_DELAY_MS;
    let keepFrom = 0;
    for (let i = 1; i < this.entries.length && this.entries[i].event.at <= cutoff; i++)
      if (isDeal(this.entries[i]) && !isDeal(this.entries[i - 1])) keepFrom = i;
    // While watched, what is not released yet stays whatever its age.
    if (this.delayMs !== null) keepFrom = Math.min(keepFrom, this.released);
    if (keepFrom === 0) return;
    this.entries = this.entries.slice(keepFrom);
    this.released = Math.max(0, this.released - keepFrom);
  }

  private textOf(entry: Entry): string {
    entry.text ??= spectateLine(entry.event);
    return entry.text;
  }
}

function isDeal(entry: Entry): boolean {
  return entry.event.type === 'seat' && 'qipai' in entry.event.msg;
}
