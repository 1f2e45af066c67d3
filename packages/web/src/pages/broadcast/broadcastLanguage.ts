import { CONSOLE_LANGS, type ConsoleLang, FALLBACK_LANG } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessageLoader, currentLanguage, i18next } from '../../i18n';
import type { BroadcastMessages } from './locales/messages';

// The broadcast strings (keys `broadcast.*`): a bundle per language of their own, loaded with the overlays, the
// live page or the console's broadcast tab, so that the console's first load does not carry them. An overlay
// takes its language from the address (`?lang=`) without changing the one this browser remembers.

const LOADERS: Record<ConsoleLang, () => Promise<BroadcastMessages>> = {
  chs: () => import('./locales/chs').then((m) => m.default),
  chs_t: () => import('./locales/chs_t').then((m) => m.default),
  jp: () => import('./locales/jp').then((m) => m.default),
  en: () => import('./locales/en').then((m) => m.default),
  kr: () => import('./locales/kr').then((m) => m.default),
};

const loaded = new Set<ConsoleLang>();
const loading = new Map<ConsoleLang, Promise<void>>();

/** Adds the broadcast strings of `lang` to the app's (fetched once). */
export function loadBroadcastMessages(lang: ConsoleLang): Promise<void> {
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

addMessageLoader(loadBroadcastMessages);

/** A language named in an address (`?lang=`), if it is one of ours. */
export function langOf(value: string | null): ConsoleLang | null {
  return value && (CONSOLE_LANGS as readonly string[]).includes(value) ? (value as ConsoleLang) : null;
}

/**
 * The broadcast strings in `lang` (else the reader's language): `t` once they are there (and the fallback
 * language's), null while they load. A failed load renders anyway, with the keys.
 */
export function useBroadcastT(lang?: ConsoleLang | null): TFunction | null {
  useTranslation();
  const shown = lang ?? currentLanguage();
  const ready = loaded.has(shown) && loaded.has(FALLBACK_LANG);
  const [failed, setFailed] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all([loadBroadcastMessages(FALLBACK_LANG), loadBroadcastMessages(shown)]).then(
      () => live && setVersion((v) => v + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [shown, ready]);
  return ready || failed ? i18next.getFixedT(shown) : null;
}
