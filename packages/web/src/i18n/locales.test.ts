import { describe } from 'vitest';
import { itChecksLocales } from './localeChecks';
import chs from './locales/chs';
import chs_t from './locales/chs_t';
import en from './locales/en';
import jp from './locales/jp';
import kr from './locales/kr';

describe('console locales', () => {
  itChecksLocales({ chs, chs_t, en, jp, kr }, chs);
});
