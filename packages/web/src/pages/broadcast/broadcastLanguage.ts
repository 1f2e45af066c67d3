import { CONSOLE_LANGS, type ConsoleLang } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { messageBundle, useBundleT } from '../../i18n/bundle';
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

const bundle = messageBundle(LOADERS);

/** A language named in an address (`?lang=`), if it is one of ours. */
export function langOf(value: string | null): ConsoleLang | null {
  return value && (CONSOLE_LANGS as readonly string[]).includes(value) ? (value as ConsoleLang) : null;
}

/**
 * The broadcast strings in `lang` (else the reader's language): `t` once they are there (and the fallback
 * language's), null while they load. A failed load renders anyway, with the keys.
 */
export function useBroadcastT(lang?: ConsoleLang | null): TFunction | null {
  return useBundleT(bundle, lang);
}
