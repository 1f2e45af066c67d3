import { CONSOLE_LANGS } from '@taikai/protocol';
import { expect, it } from 'vitest';

// The checks every set of message files passes (the console's, the player portal's, the table's): one file per
// language, every key in every file as a non-empty string, and the same {{placeholders}} as the reference file.
// For test files only: it registers tests in the describe block that calls it.

/** Every leaf of a nested message object as `path → value`. */
export function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Registers the common checks of `locales` (by language), comparing placeholders with `reference`'s. */
export function itChecksLocales(locales: Record<string, unknown>, reference: unknown): void {
  const allKeys = new Set<string>();
  for (const locale of Object.values(locales)) for (const key of leaves(locale).keys()) allKeys.add(key);

  it('has one file for each of the five languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...CONSOLE_LANGS].sort());
  });

  it.each(Object.keys(locales))('%s has every key of every file, each a non-empty string', (lang) => {
    const mine = leaves(locales[lang]);
    const missing = [...allKeys].filter((key) => !mine.has(key));
    const empty = [...mine].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect({ missing, empty }).toEqual({ missing: [], empty: [] });
  });

  it.each(Object.keys(locales))('%s uses the same {{placeholders}} as the reference file', (lang) => {
    const mine = leaves(locales[lang]);
    const differing = [...leaves(reference)]
      .filter(([key, text]) => {
        const other = mine.get(key);
        return typeof other === 'string' && placeholders(String(text)).join() !== placeholders(other).join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });
}
