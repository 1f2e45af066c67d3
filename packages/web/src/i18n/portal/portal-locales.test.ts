import { describe, expect, it } from 'vitest';
import { itChecksLocales, leaves } from '../localeChecks';
import consoleChs from '../locales/chs';
import chs from './chs';
import chs_t from './chs_t';
import en from './en';
import jp from './jp';
import kr from './kr';

// The player portal's strings, loaded apart from the console's: the same checks as the console's locales, and
// no key of the console's own locales is defined again here (one would silently replace the other).

const locales = { chs, chs_t, en, jp, kr };

const allKeys = new Set<string>();
for (const locale of Object.values(locales)) for (const key of leaves(locale).keys()) allKeys.add(key);

describe('player portal locales', () => {
  itChecksLocales(locales, chs);

  it('defines none of the console’s keys, and only top-level sections of its own', () => {
    const console = leaves(consoleChs);
    expect([...allKeys].filter((key) => console.has(key))).toEqual([]);
    const sections = new Set(Object.keys(consoleChs));
    expect(Object.keys(chs).filter((section) => sections.has(section))).toEqual([]);
  });
});
