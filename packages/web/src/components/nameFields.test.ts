import { describe, expect, it } from 'vitest';
import { carryNames } from './nameFields';

describe('names carried over by the multi-language switch', () => {
  it('turning it on starts every empty per-language name as the single name', () => {
    expect(carryNames({ name: ' Autumn Cup ', names: { jp: '秋季カップ' } }, true, 'en').names).toEqual({
      chs: 'Autumn Cup',
      chs_t: 'Autumn Cup',
      jp: '秋季カップ',
      en: 'Autumn Cup',
      kr: 'Autumn Cup',
    });
  });

  it('turning it off keeps a single name already typed', () => {
    expect(carryNames({ name: 'Spring', names: { en: 'Autumn' } }, false, 'en')).toEqual({ name: 'Spring' });
  });

  it('turning it off starts an empty single name as the name in the reader language, else the first given', () => {
    const names = { chs: '秋季杯赛', en: 'Autumn Cup', kr: '' };
    expect(carryNames({ name: '', names }, false, 'en')).toEqual({ name: 'Autumn Cup' });
    expect(carryNames({ name: '', names }, false, 'kr')).toEqual({ name: '秋季杯赛' });
    expect(carryNames({}, false, 'jp')).toEqual({ name: '' });
  });
});
