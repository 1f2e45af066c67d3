import type { Actor } from '../../context';
import type { SessionSignals } from './session-signals';

// The sessions a process has recently let in, so that an authenticated read does not pay a database round trip
// for its token. A session leaves the cache when its end is signalled (logout, ban, new password, API key
// revoked: `SessionSignals` 'ended', heard at once in the process that ended it and, on PostgreSQL or in the
// scaled mode, from the other processes as soon as the signal arrives), when it expires, and in any case
// `ttlMs` after it was read from the database: the backstop for a signal that never arrived (a process whose
// listening connection was down at that moment). What is cached of an account (id, nickname, operator flag)
// never changes after the account is made, so nothing else needs to reach the cache.

export type CachedSession = { actor: Actor; expireTime: number };

type Entry = CachedSession & { readAt: number };

export type SessionCacheLimits = {
  /** Sessions kept at most; past it the oldest read leaves first. */
  max: number;
  /** Milliseconds a session is trusted without reading the database again. */
  ttlMs: number;
};

/**
 * 10 000 sessions (a few MB) hold every bot and console of a large event; 30 s bounds how long a session whose
 * end-signal was lost keeps working on another process, and costs one query per token per 30 s otherwise.
 */
export const SESSION_CACHE_LIMITS: SessionCacheLimits = { max: 10_000, ttlMs: 30_000 };

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Counts the end-signals heard. A lookup that began before a signal may have read a session that the signal
   * ended (its transaction committed meanwhile): such a lookup's answer is not kept.
   */
  private ended = 0;

  constructor(
    signals: SessionSignals,
    private readonly limits: SessionCacheLimits = SESSION_CACHE_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {
    signals.subscribe((signal) => {
      if (signal.kind === 'lost') {
        this.ended += 1;
        this.entries.clear();
        return;
      }
      if (signal.kind !== 'ended') return;
      this.ended += 1;
      for (const hash of signal.tokenHashes) this.entries.delete(hash);
    });
  }

  /** The live session of a token hash at `now` (unix s), if this process read it recently. */
  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expireTime <= now || this.clock() - entry.readAt >= this.limits.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** A mark to take before reading a session from the database, for `set`. */
  mark(): number {
    return this.ended;
  }

  /** Keeps a session read from the database, unless an end-signal was heard since `mark`. */
  set(tokenHash: string, session: CachedSession, mark: number): void {
    if (mark !== this.ended) return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.limits.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...session, readAt: this.clock() });
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<SessionSignals, SessionCache>();

/**
 * The session cache of an app: one per set of session signals (an app has one), made when first asked for, so
 * that it hears every end-signal from then on.
 */
export function sessionCacheOf(signals: SessionSignals): SessionCache {
  let cache = caches.get(signals);
  if (!cache) {
    cache = new SessionCache(signals);
    caches.set(signals, cache);
  }
  return cache;
}
