import type { ConsoleLang } from '@taikai/protocol';

/**
 * Each console language named in that language. Every locale shows the same names (the language switch
 * lists a language so that its own readers find it), so they are written once here.
 */
export const LANGUAGE_NAMES = {
  chs: '简体中文',
  chs_t: '繁體中文',
  jp: '日本語',
  en: 'English',
  kr: '한국어',
} as const satisfies Record<ConsoleLang, string>;
