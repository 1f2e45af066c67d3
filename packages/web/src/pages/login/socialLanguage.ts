import type { ConsoleLang } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { messageBundle, useBundleT } from '../../i18n/bundle';
import type { SocialMessages } from './social-locales/messages';

// The social-login strings (keys `social.*`): a bundle per language of their own, loaded with the login page's
// provider buttons, the landing page and the account's login methods, out of the console's first load.

const LOADERS: Record<ConsoleLang, () => Promise<SocialMessages>> = {
  chs: () => import('./social-locales/chs').then((m) => m.default),
  chs_t: () => import('./social-locales/chs_t').then((m) => m.default),
  jp: () => import('./social-locales/jp').then((m) => m.default),
  en: () => import('./social-locales/en').then((m) => m.default),
  kr: () => import('./social-locales/kr').then((m) => m.default),
};

const bundle = messageBundle(LOADERS);

/** The social-login strings in the reader's language: `t` once they are there, null while they load. */
export function useSocialT(): TFunction | null {
  return useBundleT(bundle);
}
