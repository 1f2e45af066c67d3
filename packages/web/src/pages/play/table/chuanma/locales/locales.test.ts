import { describe, expect, it } from 'vitest';
import { FAN_VALUES } from '../../../../../../../engine/src/chuanma/fan';
import { itChecksLocales } from '../../../../../i18n/localeChecks';
import chs from './chs';
import chs_t from './chs_t';
import en from './en';
import jp from './jp';
import kr from './kr';

const locales = { chs, chs_t, en, jp, kr };

describe('chuanma table locales', () => {
  itChecksLocales(locales, en);

  it('names every fan the engine scores', () => {
    for (const locale of Object.values(locales))
      expect(Object.keys(locale.table.chuanma.fans).sort()).toEqual(Object.keys(FAN_VALUES).sort());
  });
});
