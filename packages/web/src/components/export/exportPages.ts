// Reading a whole list for a CSV export, page by page, and the cooldown between two downloads (spec §9).

export interface PageOf<T> {
  items: T[];
  total: number;
}

/**
 * Reads pages of `pageSize` from offset 0 until the list ends or `maxItems` were read; `onProgress` hears the
 * rows read so far and how many there are to read. Answers null when `cancelled` says so between pages.
 */
export async function collectPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<PageOf<T>>,
  options: {
    pageSize: number;
    maxItems: number;
    onProgress?: (done: number, total: number) => void;
    cancelled?: () => boolean;
  },
): Promise<T[] | null> {
  const { pageSize, maxItems, onProgress, cancelled } = options;
  const items: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (items.length < Math.min(total, maxItems)) {
    const limit = Math.min(pageSize, maxItems - items.length);
    const page = await fetchPage(items.length, limit);
    if (cancelled?.()) return null;
    total = page.total;
    items.push(...page.items.slice(0, limit));
    onProgress?.(items.length, Math.min(total, maxItems));
    if (page.items.length < limit) break;
  }
  return items;
}

/** Seconds before another download may start, after one at `lastAtMs` (null: never). */
export function cooldownLeftS(lastAtMs: number | null, nowMs: number, cooldownS: number): number {
  if (lastAtMs === null || lastAtMs > nowMs) return 0;
  return Math.max(0, Math.ceil((lastAtMs + cooldownS * 1000 - nowMs) / 1000));
}

/** Downloads of this page's life, for a browser whose storage refuses to keep them. */
const remembered = new Map<string, number>();

/** When the last download of `key` finished (ms since the epoch), as this browser remembers it. */
export function lastDownloadAt(
  key: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): number | null {
  let stored: number | null = null;
  try {
    const value = Number(storage?.getItem(key) ?? '');
    stored = Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    // unreadable storage: what this page remembers
  }
  return stored ?? remembered.get(key) ?? null;
}

/** Remembers that a download of `key` finished at `atMs`. */
export function rememberDownload(
  key: string,
  atMs: number,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  remembered.set(key, atMs);
  try {
    storage?.setItem(key, String(atMs));
  } catch {
    // private mode or a full storage: the cooldown then lasts as long as the page
  }
}
