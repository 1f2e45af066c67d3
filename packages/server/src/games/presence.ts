/**
 * Who is ready in which season, in the order they became ready. Presence belongs to the player link that
 * declared it: it ends when the link leaves the lobby or closes. An account may be ready from several links
 * (two tabs); it stays ready until the last one leaves.
 */
export class Presence {
  /** season key → account → {since, links} */
  private readonly seasons = new Map<string, Map<number, { since: number; links: number }>>();
  private onChange: (uniqueId: number, seasonId: number) => void = () => {};

  /** Called after every change of a season's ready list. */
  listen(onChange: (uniqueId: number, seasonId: number) => void): void {
    this.onChange = onChange;
  }

  add(uniqueId: number, seasonId: number, accountId: number, now: number): void {
    const key = `${uniqueId}/${seasonId}`;
    let season = this.seasons.get(key);
    if (!season) {
      season = new Map();
      this.seasons.set(key, season);
    }
    const entry = season.get(accountId);
    if (entry) entry.links++;
    else season.set(accountId, { since: now, links: 1 });
    if (!entry) this.onChange(uniqueId, seasonId);
  }

  remove(uniqueId: number, seasonId: number, accountId: number): void {
    const key = `${uniqueId}/${seasonId}`;
    const season = this.seasons.get(key);
    const entry = season?.get(accountId);
    if (!season || !entry) return;
    if (--entry.links > 0) return;
    season.delete(accountId);
    if (season.size === 0) this.seasons.delete(key);
    this.onChange(uniqueId, seasonId);
  }

  /**
   * Ends being ready for accounts that may no longer play in the season, whatever links declared it; answers
   * those that were ready. Their links are told by the caller (they stop counting themselves ready).
   */
  drop(uniqueId: number, seasonId: number, accountIds: readonly number[]): number[] {
    const key = `${uniqueId}/${seasonId}`;
    const season = this.seasons.get(key);
    if (!season) return [];
    const dropped = accountIds.filter((id) => season.delete(id));
    if (season.size === 0) this.seasons.delete(key);
    if (dropped.length > 0) this.onChange(uniqueId, seasonId);
    return dropped;
  }

  isReady(uniqueId: number, seasonId: number, accountId: number): boolean {
    return this.seasons.get(`${uniqueId}/${seasonId}`)?.has(accountId) ?? false;
  }

  /** Ready accounts of a season, earliest first. */
  readyOf(uniqueId: number, seasonId: number): { accountId: number; since: number }[] {
    const season = this.seasons.get(`${uniqueId}/${seasonId}`);
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
}
