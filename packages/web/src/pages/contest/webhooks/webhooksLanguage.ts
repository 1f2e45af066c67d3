import { type ConsoleLang, FALLBACK_LANG } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessageLoader, currentLanguage, i18next } from '../../../i18n';
import type { WebhookMessages } from './locales/messages';

// The webhook strings (keys `webhooks.*`): a bundle per language of their own, loaded with the console's webhooks
// tab, so that the console's first load does not carry them.

const LOADERS: Record<ConsoleLang, () => Promise<WebhookMessages>> = {
  chs: () => import('./locales/chs').then((m) => m.default),
  chs_t: () => import('./locales/chs_t').then((m) => m.default),
  jp: () => import('./locales/jp').then((m) => m.default),
  en: () => import('./locales/en').then((m) => m.default),
  kr: () => import('./locales/kr').then((m) => m.default),
};

const loaded = new Set<ConsoleLang>();
const loading = new Map<ConsoleLang, Promise<void>>();

/** Adds the webhook strings of `lang` to the app's (fetched once). */
export function loadWebhookMessages(lang: ConsoleLang): Promise<void> {
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

addMessageLoader(loadWebhookMessages);

/**
 * The webhook strings in the reader's language: `t` once they are there (and the fallback language's), null
 * while they load. A failed load renders anyway, with the keys.
 */
export function useWebhooksT(): TFunction | null {
  useTranslation();
  const shown = currentLanguage();
  const ready = loaded.has(shown) && loaded.has(FALLBACK_LANG);
  const [failed, setFailed] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all([loadWebhookMessages(FALLBACK_LANG), loadWebhookMessages(shown)]).then(
      () => live && setVersion((v) => v + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [shown, ready]);
  return ready || failed ? i18next.getFixedT(shown) : null;
}
