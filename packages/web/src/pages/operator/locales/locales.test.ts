import { describe, expect, it } from 'vitest';
import { itChecksLocales } from '../../../i18n/localeChecks';
import chs from './chs';
import chs_t from './chs_t';
import en from './en';
import jp from './jp';
import kr from './kr';

const locales = { chs, chs_t, en, jp, kr };

describe('operator console locales', () => {
  itChecksLocales(locales, en);

  it('only has keys under operatorConsole.', () => {
    for (const locale of Object.values(locales))
      expect(Object.keys(locale as object)).toEqual(['operatorConsole']);
  });
});
