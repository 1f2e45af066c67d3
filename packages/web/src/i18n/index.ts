import { CONSOLE_LANGS, type ConsoleLang, isConsoleLang } from '@taikai/protocol';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import chs from './locales/chs';
import chs_t from './locales/chs_t';
import en from './locales/en';
import jp from './locales/jp';
import kr from './locales/kr';
import type { Messages } from './messages';

export const LANGUAGE_STORAGE_KEY = 'lang';
export const FALLBACK_CONSOLE_LANG: ConsoleLang = 'chs';

export const locales: Record<ConsoleLang, Messages> = { chs, chs_t, jp, en, kr };

/** The language remembered in this browser, else the fallback. */
export function storedLanguage(): ConsoleLang {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  return isConsoleLang(saved) ? saved : FALLBACK_CONSOLE_LANG;
}

export function currentLanguage(): ConsoleLang {
  const lang = i18next.language;
  return isConsoleLang(lang) ? lang : FALLBACK_CONSOLE_LANG;
}

export async function setLanguage(lang: ConsoleLang): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
}

export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(CONSOLE_LANGS.map((lang) => [lang, { translation: locales[lang] }])),
    lng: storedLanguage(),
    fallbackLng: FALLBACK_CONSOLE_LANG,
    supportedLngs: [...CONSOLE_LANGS],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}

export { i18next };
