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

/** The language remembered in this browser (the reader chose it), or null. */
export function storedLanguage(): ConsoleLang | null {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  return isConsoleLang(saved) ? saved : null;
}

/**
 * The console language of a browser language tag (BCP 47, e.g. `zh-TW`, `ja-JP`, `en`), or null when none fits:
 * Chinese in traditional script (zh-Hant, or Taiwan, Hong Kong, Macao without a script) → chs_t, other Chinese → chs,
 * Japanese → jp, Korean → kr, English → en.
 */
export function consoleLangOf(tag: string): ConsoleLang | null {
  const [language = '', ...rest] = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (language === 'zh') {
    if (rest.includes('hant')) return 'chs_t';
    if (rest.includes('hans')) return 'chs';
    return rest.some((part) => part === 'tw' || part === 'hk' || part === 'mo') ? 'chs_t' : 'chs';
  }
  if (language === 'ja') return 'jp';
  if (language === 'ko') return 'kr';
  if (language === 'en') return 'en';
  return null;
}

/** The first of the browser's preferred languages (most preferred first) the console speaks, or null. */
export function preferredLanguage(languages: readonly string[]): ConsoleLang | null {
  for (const tag of languages) {
    const lang = consoleLangOf(tag);
    if (lang) return lang;
  }
  return null;
}

/** The browser's preferred languages, most preferred first (`navigator.languages`, else `navigator.language`). */
function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator;
  if (!nav) return [];
  return nav.languages?.length ? nav.languages : nav.language ? [nav.language] : [];
}

/**
 * The language a visit starts in: the one the reader chose in this browser, else the first of the browser's
 * preferred languages the console speaks, else the fallback (chs).
 */
export function initialLanguage(
  stored: ConsoleLang | null = storedLanguage(),
  languages: readonly string[] = browserLanguages(),
): ConsoleLang {
  return stored ?? preferredLanguage(languages) ?? FALLBACK_LANG;
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
