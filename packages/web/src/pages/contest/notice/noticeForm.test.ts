import { describe, expect, it } from 'vitest';
import { noticeListOf, noticeValuesOf, sameNotice, tooLong } from './noticeForm';

describe('notice form', () => {
  it('a single notice is sent as one untagged text', () => {
    const values = noticeValuesOf([{ lang: 'default', content: 'Welcome' }], false);
    expect(values.default).toBe('Welcome');
    expect(noticeListOf({ ...values, default: 'Hello' }, false)).toEqual([
      { lang: 'default', content: 'Hello' },
    ]);
  });

  it('with multi-language on, an untagged notice starts every language so it is translated, not retyped', () => {
    const values = noticeValuesOf([{ lang: 'default', content: 'Welcome' }], true);
    expect([values.chs, values.en, values.kr]).toEqual(['Welcome', 'Welcome', 'Welcome']);
    expect(noticeListOf(values, true).map((e) => e.lang)).toEqual(['chs', 'chs_t', 'jp', 'en', 'kr']);
  });

  it('with multi-language off, a per-language notice starts from its first language', () => {
    const values = noticeValuesOf(
      [
        { lang: 'jp', content: 'ようこそ' },
        { lang: 'en', content: 'Welcome' },
      ],
      false,
    );
    expect(values.default).toBe('ようこそ');
  });

  it('public notices are limited to 500 characters, private to 3000, counted as characters', () => {
    const base = noticeValuesOf([], false);
    expect(tooLong('public', { ...base, default: 'あ'.repeat(500) }, false)).toEqual([]);
    expect(tooLong('public', { ...base, default: 'あ'.repeat(501) }, false)).toEqual(['default']);
    expect(tooLong('private', { ...base, default: '😀'.repeat(3000) }, false)).toEqual([]);
    expect(tooLong('manager', { ...base, default: 'x'.repeat(2001) }, false)).toEqual(['default']);
  });

  it('compares only the fields shown', () => {
    const a = noticeValuesOf([{ lang: 'default', content: 'x' }], false);
    expect(sameNotice(a, { ...a, en: 'other' }, false)).toBe(true);
    expect(sameNotice(a, { ...a, default: 'y' }, false)).toBe(false);
  });
});
