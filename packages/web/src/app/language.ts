import type { ConsoleLang } from '@taikai/protocol';
import { i18next, initI18n, initialLanguage, loadMessages, rememberLanguage } from '../i18n';
import { loadAntdLocale } from './antdLocale';

/**
 * Starts the console in the language the reader chose before, else in the browser's preferred one (first visit),
 * with its strings and antd/dayjs locales loaded. Only a choice in the language switch is remembered.
 */
export async function startLanguage(): Promise<void> {
  const lang = initialLanguage();
  await Promise.all([initI18n(lang), loadAntdLocale(lang).catch(() => undefined)]);
}

/** Loads `lang`, then switches the whole console to it and remembers the choice. */
export async function switchLanguage(lang: ConsoleLang): Promise<void> {
  await Promise.all([loadMessages(lang), loadAntdLocale(lang)]);
  rememberLanguage(lang);
  await i18next.changeLanguage(lang);
}
