import type { PlayerLinkOut, SeasonChange } from '@taikai/protocol';

type Listener<T> = (value: T) => void;

/** A set of listeners per key. */
class Topics<K, T> {
  private readonly listeners = new Map<K, Set<Listener<T>>>();

  on(key: K, listener: Listener<T>): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  emit(key: K, value: T): void {
    for (const listener of this.listeners.get(key) ?? []) listener(value);
  }

  has(key: K): boolean {
    return this.listeners.has(key);
  }
}

const seasonKey = (uniqueId: number, seasonId: number) => `${uniqueId}/${seasonId}`;

/**
 * The server's live fan-out inside one process: season changes for the console's event streams, and messages
 * for each account's player links.
 */
export class LiveHub {
  private readonly seasons = new Topics<string, SeasonChange>();
  private readonly accounts = new Topics<number, PlayerLinkOut>();

  onSeason(uniqueId: number, seasonId: number, listener: Listener<SeasonChange>): () => void {
    return this.seasons.on(seasonKey(uniqueId, seasonId), listener);
  }

  season(uniqueId: number, seasonId: number, change: SeasonChange): void {
    this.seasons.emit(seasonKey(uniqueId, seasonId), change);
  }

  onAccount(accountId: number, listener: Listener<PlayerLinkOut>): () => void {
    return this.accounts.on(accountId, listener);
  }

  account(accountId: number, message: PlayerLinkOut): void {
    this.accounts.emit(accountId, message);
  }

  /** Whether the account has a player link open in this process. */
  linked(accountId: number): boolean {
    return this.accounts.has(accountId);
  }
}
