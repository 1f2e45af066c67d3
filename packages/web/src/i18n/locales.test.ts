import { CONSOLE_LANGS } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import chs from './locales/chs';
import chs_t from './locales/chs_t';
import en from './locales/en';
import jp from './locales/jp';
import kr from './locales/kr';

const locales: Record<string, unknown> = { chs, chs_t, en, jp, kr };

/** Every leaf of a nested message object as `path → value`. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
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

const allKeys = new Set<string>();
for (const locale of Object.values(locales)) for (const key of leaves(locale).keys()) allKeys.add(key);

describe('console locales', () => {
  it('has one locale file for each of the five console languages', () => {
    expect(Object.keys(locales).sort()).toEqual([...CONSOLE_LANGS].sort());
  });

  it.each(Object.keys(locales))('%s has every key of every locale, each a non-empty string', (lang) => {
    const mine = leaves(locales[lang]);
    const missing = [...allKeys].filter((key) => !mine.has(key));
    const empty = [...mine].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect({ missing, empty }).toEqual({ missing: [], empty: [] });
  });

  it.each(Object.keys(locales))('%s uses the same {{placeholders}} as the fallback locale', (lang) => {
    const fallback = leaves(chs);
    const mine = leaves(locales[lang]);
    const differing = [...fallback]
      .filter(([key, text]) => {
        const other = mine.get(key);
        return typeof other === 'string' && placeholders(String(text)).join() !== placeholders(other).join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });
});
