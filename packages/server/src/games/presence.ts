/** A change of what one process holds: an account became ready there, stopped, or was taken off the list. */
export type PresenceChange =
  | { op: 'add'; uniqueId: number; seasonId: number; accountId: number; since: number }
  | { op: 'remove'; uniqueId: number; seasonId: number; accountId: number }
  | { op: 'drop'; uniqueId: number; seasonId: number; accountIds: number[] };

/** What one process holds ready: an entry per account and season. */
export type PresenceHeld = { uniqueId: number; seasonId: number; accountId: number; since: number }[];

type Entry = { since: number; links: number; holders: Set<string> };

/**
 * Who is ready in which season, in the order they became ready. Presence belongs to the player link that
 * declared it: it ends when the link leaves the lobby or closes. An account may be ready from several links
 * (two tabs); it stays ready until the last one leaves.
 *
 * In the scaled mode the links sit on several processes: each process tells the others what its own links hold
 * (`onHeld`, `applyRemote`), so that every process answers from memory who is ready anywhere. An account keeps
 * the time it first became ready while any process holds it ready, so a link that moves to another process
 * (its process died) keeps its place in the queue.
 */
export class Presence {
  /** season key → account → entry */
  private readonly seasons = new Map<string, Map<number, Entry>>();
  private onChange: (uniqueId: number, seasonId: number) => void = () => {};
  private held: (change: PresenceChange) => void = () => {};

  /** Called after every change of a season's ready list made in this process. */
  listen(onChange: (uniqueId: number, seasonId: number) => void): void {
    this.onChange = onChange;
  }

  /** Called after every change of what this process's links hold (the scaled mode tells the others). */
  onHeld(listener: (change: PresenceChange) => void): void {
    this.held = listener;
  }

  add(uniqueId: number, seasonId: number, accountId: number, now: number): void {
    const season = this.season(uniqueId, seasonId, true);
    const entry = season.get(accountId);
    if (entry) {
      if (++entry.links === 1) this.held({ op: 'add', uniqueId, seasonId, accountId, since: entry.since });
      return;
    }
    season.set(accountId, { since: now, links: 1, holders: new Set() });
    this.held({ op: 'add', uniqueId, seasonId, accountId, since: now });
    this.onChange(uniqueId, seasonId);
  }

  remove(uniqueId: number, seasonId: number, accountId: number): void {
    const season = this.season(uniqueId, seasonId, false);
    const entry = season?.get(accountId);
    if (!season || !entry || entry.links === 0) return;
    if (--entry.links > 0) return;
    this.held({ op: 'remove', uniqueId, seasonId, accountId });
    if (entry.holders.size > 0) return;
    this.delete(uniqueId, seasonId, [accountId]);
    this.onChange(uniqueId, seasonId);
  }

  /**
   * Ends being ready for accounts that may no longer play in the season, whatever links (of any process)
   * declared it; answers those that were ready. Their links are told by the caller (they stop counting themselves
   * ready).
   */
  drop(uniqueId: number, seasonId: number, accountIds: readonly number[]): number[] {
    const dropped = this.delete(uniqueId, seasonId, accountIds);
    if (dropped.length > 0) {
      this.held({ op: 'drop', uniqueId, seasonId, accountIds: dropped });
      this.onChange(uniqueId, seasonId);
    }
    return dropped;
  }

  isReady(uniqueId: number, seasonId: number, accountId: number): boolean {
    return this.season(uniqueId, seasonId, false)?.has(accountId) ?? false;
  }

  /** Ready accounts of a season, earliest first. */
  readyOf(uniqueId: number, seasonId: number): { accountId: number; since: number }[] {
    const season = this.season(uniqueId, seasonId, false);
    if (!season) return [];
    return [...season]
      .map(([accountId, { since }]) => ({ accountId, since }))
      .sort((a, b) => a.since - b.since || a.accountId - b.accountId);
  }

  /** Seasons with anyone ready. */
  seasonsWithReady(): { uniqueId: number; seasonId: number }[] {
    return [...this.seasons.keys()].map((key) => {
      const [uniqueId, seasonId] = key.split('/').map(Number);
      return { uniqueId, seasonId };
    });
  }

  /** What this process's links hold. */
  heldHere(): PresenceHeld {
    const out: PresenceHeld = [];
    for (const [key, season] of this.seasons) {
      const [uniqueId, seasonId] = key.split('/').map(Number);
      for (const [accountId, entry] of season)
        if (entry.links > 0) out.push({ uniqueId, seasonId, accountId, since: entry.since });
    }
    return out;
  }

  /** Another process's change. */
  applyRemote(peer: string, change: PresenceChange): void {
    const { uniqueId, seasonId } = change;
    if (change.op === 'drop') {
      this.delete(uniqueId, seasonId, change.accountIds);
      return;
    }
    const season = this.season(uniqueId, seasonId, change.op === 'add');
    const entry = season?.get(change.accountId);
    if (change.op === 'add') {
      if (entry) {
        entry.holders.add(peer);
        entry.since = Math.min(entry.since, change.since);
      } else season?.set(change.accountId, { since: change.since, links: 0, holders: new Set([peer]) });
      return;
    }
    if (!entry) return;
    entry.holders.delete(peer);
    if (entry.links === 0 && entry.holders.size === 0) this.delete(uniqueId, seasonId, [change.accountId]);
  }

  /** Everything another process holds, replacing what was known of it (it was heard again). */
  replacePeer(peer: string, held: PresenceHeld): void {
    this.forgetPeer(peer);
    for (const h of held) this.applyRemote(peer, { op: 'add', ...h });
  }

  /** A process is gone: what only it held is no longer ready. */
  forgetPeer(peer: string): void {
    for (const [key, season] of this.seasons) {
      for (const [accountId, entry] of season) {
        if (!entry.holders.delete(peer)) continue;
        if (entry.links === 0 && entry.holders.size === 0) season.delete(accountId);
      }
      if (season.size === 0) this.seasons.delete(key);
    }
  }

  private season(uniqueId: number, seasonId: number, create: true): Map<number, Entry>;
  private season(uniqueId: number, seasonId: number, create: boolean): Map<number, Entry> | undefined;
  private season(uniqueId: number, seasonId: number, create: boolean): Map<number, Entry> | undefined {
    const key = `${uniqueId}/${seasonId}`;
    let season = this.seasons.get(key);
    if (!season && create) {
      season = new Map();
      this.seasons.set(key, season);
    }
    return season;
  }

  private delete(uniqueId: number, seasonId: number, accountIds: readonly number[]): number[] {
    const key = `${uniqueId}/${seasonId}`;
    const season = this.seasons.get(key);
    if (!season) return [];
    const deleted = accountIds.filter((id) => season.delete(id));
    if (season.size === 0) this.seasons.delete(key);
    return deleted;
  }
}
