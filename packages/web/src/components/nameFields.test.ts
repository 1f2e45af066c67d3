import { describe, expect, it } from 'vitest';
import { carryNames, nameProblem } from './nameFields';

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

describe('a tournament-name field', () => {
  it('a name is required: 25 characters in Chinese and untagged, 50 in the other languages', () => {
    expect(nameProblem('   ', 'default')).toBe('required');
    expect(nameProblem('字'.repeat(25), 'chs')).toBeNull();
    expect(nameProblem('字'.repeat(26), 'chs_t')).toBe('too_long');
    expect(nameProblem('a'.repeat(25), 'default')).toBeNull();
    expect(nameProblem('a'.repeat(26), 'default')).toBe('too_long');
    expect(nameProblem('a'.repeat(50), 'en')).toBeNull();
    expect(nameProblem('가'.repeat(51), 'kr')).toBe('too_long');
  });
});
