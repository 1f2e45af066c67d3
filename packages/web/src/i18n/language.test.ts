import { describe, expect, it } from 'vitest';
import { consoleLangOf, initialLanguage, preferredLanguage } from './index';

describe('the first language follows the browser', () => {
  it('maps browser language tags to console languages', () => {
    const cases: [string, string | null][] = [
      ['zh-CN', 'chs'],
      ['zh', 'chs'],
      ['zh-SG', 'chs'],
      ['zh-Hans', 'chs'],
      ['zh-Hans-HK', 'chs'],
      ['zh-TW', 'chs_t'],
      ['zh-HK', 'chs_t'],
      ['zh-MO', 'chs_t'],
      ['zh-Hant', 'chs_t'],
      ['zh-Hant-CN', 'chs_t'],
      ['zh_TW', 'chs_t'],
      ['ja', 'jp'],
      ['ja-JP', 'jp'],
      ['ko-KR', 'kr'],
      ['en', 'en'],
      ['en-GB', 'en'],
      ['EN-us', 'en'],
      ['fr-FR', null],
      ['', null],
    ];
    for (const [tag, lang] of cases) expect([tag, consoleLangOf(tag)]).toEqual([tag, lang]);
  });

  it('takes the first preferred language the console speaks, skipping the others', () => {
    expect(preferredLanguage(['fr-FR', 'de', 'ja-JP', 'en'])).toBe('jp');
    expect(preferredLanguage(['en-US', 'zh-CN'])).toBe('en');
    expect(preferredLanguage(['fr', 'de'])).toBeNull();
    expect(preferredLanguage([])).toBeNull();
  });

  it('a stored choice wins; without one the browser decides; else the fallback (chs)', () => {
    expect(initialLanguage('kr', ['en-US'])).toBe('kr');
    expect(initialLanguage(null, ['en-US', 'zh-CN'])).toBe('en');
    expect(initialLanguage(null, ['zh-TW'])).toBe('chs_t');
    expect(initialLanguage(null, ['fr-FR'])).toBe('chs');
    expect(initialLanguage(null, [])).toBe('chs');
  });
});
