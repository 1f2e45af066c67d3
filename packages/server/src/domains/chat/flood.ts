/**
 * At most `count` events per key within `windowS` seconds (a sliding window, by the server's clock). Kept in the
 * memory of the one server process (README, "Games": one game host per database), forgotten on restart.
 */
export class FloodWindow {
  private readonly times = new Map<string, number[]>();
  private sweeps = 0;

  constructor(
    private readonly count: number,
    private readonly windowS: number,
  ) {}

  /** Books an event of `key` at `now` when the window has room; false (nothing booked) when it is full. */
  take(key: string, now: number): boolean {
    const recent = (this.times.get(key) ?? []).filter((t) => t > now - this.windowS);
    if (recent.length >= this.count) {
      this.times.set(key, recent);
      return false;
    }
    recent.push(now);
    this.times.set(key, recent);
    if (++this.sweeps % 1000 === 0) this.sweep(now);
    return true;
  }

  /** Forgets keys whose events are all out of the window. */
  private sweep(now: number): void {
    for (const [key, times] of this.times) {
      if (times.every((t) => t <= now - this.windowS)) this.times.delete(key);
    }
  }
}
