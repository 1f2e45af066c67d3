import type { ConsoleLang } from '@taikai/protocol';
import { messageBundle, useMessageBundle } from '../bundle';
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

const bundle = messageBundle(LOADERS);

/**
 * Whether the portal's strings of the reader's language (and of the fallback language) are there; loads them
 * if not. A failed load lets the page render anyway (falling back to the console's strings and keys).
 */
export function usePortalMessages(): boolean {
  return useMessageBundle(bundle);
}
