import type { TableClock } from '../../src/clock';

/** A clock that only moves when the test moves it; its timers fire as it passes them, in order. */
export class ManualClock implements TableClock {
  private time = 1_700_000_000_000;
  private timers: { at: number; fn: () => void }[] = [];

  now = () => this.time;

  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.time + ms, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves the time on to `to`, firing the timers due on the way. */
  advanceTo(to: number): void {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = Math.max(this.time, to);
  }
}
