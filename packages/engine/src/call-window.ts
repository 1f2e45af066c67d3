import type { TableClock } from './clock';

/** How long the table waits after every discard at a table of people (see `CallWindow`), in milliseconds. */
export const CALL_WINDOW_MS = 1000;

/**
 * The call window. After a discard (or a kan or a North set aside, which may be robbed) the table waits the same
 * time before it moves on, whether or not anyone was offered a call and however fast they declined, so that the
 * pause tells the other players nothing about anyone's hand. Only a player who thinks past the window shows, as
 * at a real table. A robot answers at once and its calls are seen anyway: the window matters only while two or
 * more people are at the table (one to watch, one to be offered a call), and tables of robots never wait.
 */
export class CallWindow {
  private readonly ms: number;
  private readonly clock: TableClock;
  private readonly wake: () => void;
  /** When the open window closes (clock time), 0 when none is open. */
  private until = 0;
  private cancel: (() => void) | null = null;

  /** `wake` is called when a window that held the table closes. */
  constructor(ms: number, clock: TableClock, wake: () => void) {
    this.ms = ms;
    this.clock = clock;
    this.wake = wake;
  }

  /** A message others may claim has just gone out: the window opens now. */
  open(): void {
    if (this.ms > 0) this.until = this.clock.now() + this.ms;
  }

  /** Whether the table must wait still; if so, it is woken when the window closes. */
  holds(): boolean {
    if (this.until === 0) return false;
    const left = this.until - this.clock.now();
    if (left <= 0) {
      this.until = 0;
      return false;
    }
    this.cancel ??= this.clock.after(left, () => {
      this.cancel = null;
      this.wake();
    });
    return true;
  }

  close(): void {
    this.cancel?.();
    this.cancel = null;
    this.until = 0;
  }
}
