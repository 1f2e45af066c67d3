import type { ConsoleLang } from '@taikai/protocol';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_LANGS } from '../tableLanguage';
import type { ChuanmaMessages } from './locales/messages';

// The chuanma table's strings (`table.chuanma.*`), a small bundle per language loaded with the chuanma view
// (itself loaded only at a chuanma table), added to the table's strings of the language shown.

const LOADERS: Record<ConsoleLang, () => Promise<{ default: ChuanmaMessages }>> = {
  chs: () => import('./locales/chs'),
  chs_t: () => import('./locales/chs_t'),
  jp: () => import('./locales/jp'),
  en: () => import('./locales/en'),
  kr: () => import('./locales/kr'),
};

const loaded = new Set<ConsoleLang>();

async function loadChuanmaMessages(lang: ConsoleLang): Promise<void> {
  if (loaded.has(lang)) return;
  const messages = (await LOADERS[lang]()).default;
  i18next.addResourceBundle(lang, 'translation', messages, true, false);
  loaded.add(lang);
}

/** Whether the chuanma strings of the language shown are there (loading them when they are not). */
export function useChuanmaMessages(): boolean {
  const { i18n } = useTranslation();
  const lang = (TABLE_LANGS.includes(i18n.language as ConsoleLang) ? i18n.language : 'chs') as ConsoleLang;
  const [ready, setReady] = useState<ConsoleLang | null>(() => (loaded.has(lang) ? lang : null));
  useEffect(() => {
    if (loaded.has(lang)) {
      setReady(lang);
      return;
    }
    let live = true;
    void loadChuanmaMessages(lang).then(() => {
      if (live) setReady(lang);
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return ready === lang || loaded.has(lang);
}
