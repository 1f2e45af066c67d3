import type { ConsoleLang } from '@taikai/protocol';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languageNames';
import type { TableMessages } from './locales/messages';

// The table's strings (`table.*`, `replay.*`) are a small bundle per language of their own (./locales), loaded
// with the table: opened directly, the table page starts i18next with them alone and never loads the console's
// locales; inside the console they are added to its strings.

export const TABLE_LANGS = Object.keys(LANGUAGE_NAMES) as ConsoleLang[];
const STORAGE_KEY = 'lang';
const FALLBACK: ConsoleLang = 'chs';

const LOADERS: Record<ConsoleLang, () => Promise<{ default: TableMessages }>> = {
  chs: () => import('./locales/chs'),
  chs_t: () => import('./locales/chs_t'),
  jp: () => import('./locales/jp'),
  en: () => import('./locales/en'),
  kr: () => import('./locales/kr'),
};

const isLang = (value: unknown): value is ConsoleLang => TABLE_LANGS.includes(value as ConsoleLang);
const loaded = new Set<ConsoleLang>();

/** The language remembered in this browser, else the fallback. */
export function rememberedLanguage(): ConsoleLang {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLang(saved) ? saved : FALLBACK;
}

/** The language shown now. */
export function tableLanguage(): ConsoleLang {
  return isLang(i18next.language) ? i18next.language : FALLBACK;
}

/** Adds the table's strings of `lang` (fetched once). */
export async function loadTableMessages(lang: ConsoleLang): Promise<void> {
  if (loaded.has(lang)) return;
  const messages = (await LOADERS[lang]()).default;
  i18next.addResourceBundle(lang, 'translation', messages, true, true);
  loaded.add(lang);
}

/** Starts i18next with the table's strings in the remembered language (the table opened on its own). */
export async function startTableLanguage(): Promise<void> {
  if (i18next.isInitialized) return;
  const lang = rememberedLanguage();
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: lang,
    fallbackLng: lang,
    supportedLngs: TABLE_LANGS,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadTableMessages(lang);
}

/** Switches the table to `lang` and remembers it (the console reads the same choice). */
export async function changeTableLanguage(lang: ConsoleLang): Promise<void> {
  await loadTableMessages(lang);
  localStorage.setItem(STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
}

/** Whether the table's strings of the language shown are there (loading them when they are not). */
export function useTableMessages(): boolean {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : FALLBACK;
  const [ready, setReady] = useState(() => loaded.has(lang));
  useEffect(() => {
    if (loaded.has(lang)) {
      setReady(true);
      return;
    }
    setReady(false);
    let live = true;
    void loadTableMessages(lang).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return ready;
}
