import { type ConsoleLang, FALLBACK_LANG } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessageLoader, currentLanguage, i18next } from '.';

// Strings of one part of the app (the portal, the broadcast pages, the webhooks tab) in a bundle per language of
// their own, fetched when that part is first shown, so that the console's first load does not carry them.

export type MessageBundle = {
  /** Adds the bundle's strings of `lang` to the app's (fetched once). */
  load(lang: ConsoleLang): Promise<void>;
  has(lang: ConsoleLang): boolean;
};

/** A bundle of the given per-language modules; switching the language loads its strings first (no raw keys). */
export function messageBundle(loaders: Record<ConsoleLang, () => Promise<object>>): MessageBundle {
  const loaded = new Set<ConsoleLang>();
  const loading = new Map<ConsoleLang, Promise<void>>();
  const load = (lang: ConsoleLang): Promise<void> => {
    if (loaded.has(lang)) return Promise.resolve();
    let pending = loading.get(lang);
    if (!pending) {
      pending = loaders[lang]().then((messages) => {
        i18next.addResourceBundle(lang, 'translation', messages, true, true);
        loaded.add(lang);
      });
      loading.set(lang, pending);
      pending.catch(() => loading.delete(lang));
    }
    return pending;
  };
  addMessageLoader(load);
  return { load, has: (lang) => loaded.has(lang) };
}

/**
 * Whether the bundle's strings in `lang` (the reader's language unless given) and in the fallback language are
 * there; loads them if not. A failed load counts as ready: the page renders anyway, with the keys.
 */
export function useMessageBundle(bundle: MessageBundle, lang?: ConsoleLang | null): boolean {
  useTranslation();
  const shown = lang ?? currentLanguage();
  const ready = bundle.has(shown) && bundle.has(FALLBACK_LANG);
  const [failed, setFailed] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all([bundle.load(FALLBACK_LANG), bundle.load(shown)]).then(
      () => live && setVersion((v) => v + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [bundle, shown, ready]);
  return ready || failed;
}

/**
 * The bundle's strings in `lang` (else the reader's language): `t` once they are there (and the fallback
 * language's), null while they load. A failed load renders anyway, with the keys.
 */
export function useBundleT(bundle: MessageBundle, lang?: ConsoleLang | null): TFunction | null {
  const shown = lang ?? currentLanguage();
  return useMessageBundle(bundle, shown) ? i18next.getFixedT(shown) : null;
}
