import { type ConsoleLang, FALLBACK_LANG } from '@taikai/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessageLoader, currentLanguage, i18next } from '..';
import type { PortalMessages } from './messages';

// The player portal's strings (keys `portal.*`): a bundle per language of their own, loaded with the portal's
// code, so that the console's first load does not carry them. Once the portal is loaded, switching the language
// loads its portal strings before switching (no raw keys). The table has its own (pages/play/table/locales).

const LOADERS: Record<ConsoleLang, () => Promise<PortalMessages>> = {
  chs: () => import('./chs').then((m) => m.default),
  chs_t: () => import('./chs_t').then((m) => m.default),
  jp: () => import('./jp').then((m) => m.default),
  en: () => import('./en').then((m) => m.default),
  kr: () => import('./kr').then((m) => m.default),
};

const loaded = new Set<ConsoleLang>();
const loading = new Map<ConsoleLang, Promise<void>>();

/** Adds the portal's strings of `lang` to the app's (fetched once). */
export function loadPortalMessages(lang: ConsoleLang): Promise<void> {
  if (loaded.has(lang)) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then((messages) => {
      i18next.addResourceBundle(lang, 'translation', messages, true, true);
      loaded.add(lang);
    });
    loading.set(lang, pending);
    pending.catch(() => loading.delete(lang));
  }
  return pending;
}

addMessageLoader(loadPortalMessages);

/**
 * Whether the portal's strings of the reader's language (and of the fallback language) are there; loads them
 * if not. A failed load lets the page render anyway (falling back to the console's strings and keys).
 */
export function usePortalMessages(): boolean {
  useTranslation();
  const lang = currentLanguage();
  const ready = loaded.has(lang) && loaded.has(FALLBACK_LANG);
  const [failed, setFailed] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all([loadPortalMessages(FALLBACK_LANG), loadPortalMessages(lang)]).then(
      () => live && setVersion((v) => v + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [lang, ready]);
  return ready || failed;
}
