import { CONSOLE_LANGS, type ConsoleLang, FALLBACK_LANG, isConsoleLang } from '@taikai/protocol';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import chs from './locales/chs';
import type { Messages } from './messages';

export const LANGUAGE_STORAGE_KEY = 'lang';

// The fallback locale ships with the page; the others are fetched when first chosen.
const MESSAGE_LOADERS: Record<ConsoleLang, () => Promise<Messages>> = {
  chs: async () => chs,
  chs_t: () => import('./locales/chs_t').then((m) => m.default),
  jp: () => import('./locales/jp').then((m) => m.default),
  en: () => import('./locales/en').then((m) => m.default),
  kr: () => import('./locales/kr').then((m) => m.default),
};

/** The language remembered in this browser, else the fallback. */
export function storedLanguage(): ConsoleLang {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  return isConsoleLang(saved) ? saved : FALLBACK_LANG;
}

export function rememberLanguage(lang: ConsoleLang): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
}

export function currentLanguage(): ConsoleLang {
  const lang = i18next.language;
  return isConsoleLang(lang) ? lang : FALLBACK_LANG;
}

/** Loaders of more strings, registered by parts of the app loaded on demand (the player portal). */
const extraLoaders: ((lang: ConsoleLang) => Promise<void>)[] = [];

/** From now on, making a language available also runs `loader` for it (before the language is switched to). */
export function addMessageLoader(loader: (lang: ConsoleLang) => Promise<void>): void {
  extraLoaders.push(loader);
}

/** Makes the console strings of `lang` available (fetching its locale once), and those of registered parts. */
export async function loadMessages(lang: ConsoleLang): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation'))
    i18next.addResourceBundle(lang, 'translation', await MESSAGE_LOADERS[lang]());
  await Promise.all(extraLoaders.map((load) => load(lang)));
}

/** Starts i18next in `lang` (its messages loaded first). */
export async function initI18n(lang: ConsoleLang): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { [FALLBACK_LANG]: { translation: chs } },
    partialBundledLanguages: true,
    lng: FALLBACK_LANG,
    fallbackLng: FALLBACK_LANG,
    supportedLngs: [...CONSOLE_LANGS],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadMessages(lang);
  await i18next.changeLanguage(lang);
  return i18next;
}

export { i18next };
