/** The time and the timers a table runs on: the system's, or a test's own (so tests need not wait in real time). */
export interface TableClock {
  /** Unix milliseconds. */
  now(): number;
  /** Calls `fn` once, `ms` milliseconds from now; the function returned cancels the call. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: TableClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};
