import { LIMITS } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { collectPages, cooldownLeftS, lastDownloadAt, rememberDownload } from './exportPages';

describe('export paging', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i);
  const pager = (all: number[]) => {
    const calls: [number, number][] = [];
    const fetchPage = async (offset: number, limit: number) => {
      calls.push([offset, limit]);
      return { items: all.slice(offset, offset + limit), total: all.length };
    };
    return { calls, fetchPage };
  };

  it('reads pages of 100 until the list ends, reporting progress', async () => {
    const { calls, fetchPage } = pager(list(250));
    const progress: [number, number][] = [];
    const rows = await collectPages(fetchPage, {
      pageSize: LIMITS.DOWNLOAD_PAGE_SIZE,
      maxItems: LIMITS.DOWNLOAD_RECORDS_MAX,
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(rows).toEqual(list(250));
    expect(calls).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
    expect(progress).toEqual([
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
  });

  it('stops at the cap: 10 000 records, or 10 pages of yakuman', async () => {
    const { calls, fetchPage } = pager(list(12_345));
    const rows = await collectPages(fetchPage, { pageSize: 100, maxItems: LIMITS.DOWNLOAD_RECORDS_MAX });
    expect(rows).toHaveLength(10_000);
    expect(calls).toHaveLength(100);
    const yakuman = pager(list(5000));
    const marked = await collectPages(yakuman.fetchPage, {
      pageSize: 100,
      maxItems: LIMITS.YAKUMAN_EXPORT_PAGES * 100,
    });
    expect(marked).toHaveLength(1000);
    expect(yakuman.calls).toHaveLength(LIMITS.YAKUMAN_EXPORT_PAGES);
  });

  it('answers null once cancelled, reading no further page', async () => {
    const { calls, fetchPage } = pager(list(500));
    let cancel = false;
    const rows = await collectPages(fetchPage, {
      pageSize: 100,
      maxItems: 10_000,
      onProgress: () => {
        cancel = true;
      },
      cancelled: () => cancel,
    });
    expect(rows).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('with no cap reads the whole list', async () => {
    const { calls, fetchPage } = pager(list(12_345));
    const rows = await collectPages(fetchPage, { pageSize: 100, maxItems: Number.POSITIVE_INFINITY });
    expect(rows).toHaveLength(12_345);
    expect(calls).toHaveLength(124);
    expect(calls.at(-1)).toEqual([12_300, 100]);
  });

  it('an empty list is one call and no rows', async () => {
    const { calls, fetchPage } = pager([]);
    expect(await collectPages(fetchPage, { pageSize: 100, maxItems: 10_000 })).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe('CSV download cooldown (5 minutes, remembered in the browser)', () => {
  it('counts down from the last download', () => {
    const at = 1_000_000;
    expect(cooldownLeftS(null, at, LIMITS.CSV_DOWNLOAD_COOLDOWN_S)).toBe(0);
    expect(cooldownLeftS(at, at + 1000, LIMITS.CSV_DOWNLOAD_COOLDOWN_S)).toBe(299);
    expect(cooldownLeftS(at, at + 300_000, LIMITS.CSV_DOWNLOAD_COOLDOWN_S)).toBe(0);
    // A clock set back does not lock the download.
    expect(cooldownLeftS(at + 5000, at, LIMITS.CSV_DOWNLOAD_COOLDOWN_S)).toBe(0);
  });

  it('is stored under its key, and kept for the page when the storage refuses', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(lastDownloadAt('k1', storage)).toBeNull();
    rememberDownload('k1', 123_456, storage);
    expect(store.get('k1')).toBe('123456');
    expect(lastDownloadAt('k1', storage)).toBe(123_456);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    rememberDownload('k2', 42, refusing);
    expect(lastDownloadAt('k2', refusing)).toBe(42);
  });
});
