import type { ConsoleLang } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { messageBundle, useBundleT } from '../../../i18n/bundle';
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

const bundle = messageBundle(LOADERS);

/**
 * The webhook strings in the reader's language: `t` once they are there (and the fallback language's), null
 * while they load. A failed load renders anyway, with the keys.
 */
export function useWebhooksT(): TFunction | null {
  return useBundleT(bundle);
}
