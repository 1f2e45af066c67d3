// What the live channels (player links, season event streams) may hold and cost: how many are open at once per
// account and per client address, and a token bucket per account and per address for the link messages that
// reach the database. All in this process's memory (README, "Live channels").

/** Open channels counted by key (an account, an address), each key up to `cap`. */
export class OpenCounts<K> {
  private readonly counts = new Map<K, number>();

  constructor(private readonly cap: number) {}

  /** Counts one more for `key`, or answers false (and counts nothing) when it already holds `cap`. */
  open(key: K): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.cap) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  /** Counts one less for `key` (one that `open` let through). */
  close(key: K): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }

  count(key: K): number {
    return this.counts.get(key) ?? 0;
  }
}

export type Rate = { perSecond: number; burst: number };

type Bucket = { tokens: number; at: number };

/**
 * Token buckets by key: each holds up to `burst` tokens and gains `perSecond`; a unit of work takes one. A key
 * whose bucket is full again is forgotten, so idle keys cost nothing.
 */
export class Buckets<K> {
  private readonly buckets = new Map<K, Bucket>();
  private lastSweep = 0;

  constructor(private readonly rate: Rate) {}

  /** Takes a token of `key` at `nowMs`; false (nothing taken) when it has none. */
  take(key: K, nowMs: number): boolean {
    this.sweep(nowMs);
    const bucket = this.buckets.get(key) ?? { tokens: this.rate.burst, at: nowMs };
    const tokens = Math.min(
      this.rate.burst,
      bucket.tokens + ((nowMs - bucket.at) / 1000) * this.rate.perSecond,
    );
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: nowMs });
      return false;
    }
    this.buckets.set(key, { tokens: tokens - 1, at: nowMs });
    return true;
  }

  /** Gives back a token taken by `take` (the work it paid for was not done after all). */
  refund(key: K): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.rate.burst, bucket.tokens + 1);
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < 60_000) return;
    this.lastSweep = nowMs;
    const refill = (this.rate.burst / this.rate.perSecond) * 1000;
    for (const [key, bucket] of this.buckets) if (nowMs - bucket.at >= refill) this.buckets.delete(key);
  }
}
