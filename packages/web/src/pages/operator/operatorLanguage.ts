import type { ConsoleLang } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { messageBundle, useBundleT } from '../../i18n/bundle';
import type { OperatorMessages } from './locales/messages';

// The operator console's strings (keys `operatorConsole.*`): a bundle per language of their own, loaded with the
// page, so that the console's first load does not carry them.

const LOADERS: Record<ConsoleLang, () => Promise<OperatorMessages>> = {
  chs: () => import('./locales/chs').then((m) => m.default),
  chs_t: () => import('./locales/chs_t').then((m) => m.default),
  jp: () => import('./locales/jp').then((m) => m.default),
  en: () => import('./locales/en').then((m) => m.default),
  kr: () => import('./locales/kr').then((m) => m.default),
};

const bundle = messageBundle(LOADERS);

/** The operator console's strings in the reader's language: `t` once they are there, null while they load. */
export function useOperatorT(): TFunction | null {
  return useBundleT(bundle);
}
