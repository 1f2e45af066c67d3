import { z } from 'zod';
import { ShownText, WireText } from './calls/common';

/** Languages of multilingual contest text (`{lang, content}` lists). `default` is the untagged text. */
export const LANGS = ['default', 'chs', 'chs_t', 'en', 'jp', 'kr'] as const;
export type Lang = (typeof LANGS)[number];

/** Languages the console is translated into; `chs` is the fallback. */
export const CONSOLE_LANGS = ['chs', 'chs_t', 'jp', 'en', 'kr'] as const;
export type ConsoleLang = (typeof CONSOLE_LANGS)[number];
export const FALLBACK_LANG: ConsoleLang = 'chs';

export const langSchema = z.enum(LANGS);

export const i18nEntrySchema = z.object({ lang: langSchema, content: WireText });
export const i18nTextSchema = z.array(i18nEntrySchema);
/** Multilingual text in an answer (its content `ShownText`). */
export const i18nShownTextSchema = z.array(z.object({ lang: langSchema, content: ShownText }));
export type I18nEntry = z.infer<typeof i18nEntrySchema>;
export type I18nText = I18nEntry[];

export function isConsoleLang(value: unknown): value is ConsoleLang {
  return typeof value === 'string' && (CONSOLE_LANGS as readonly string[]).includes(value);
}

/**
 * The content shown for `lang`: its own non-empty entry, else `default`, else the fallback language,
 * else the first non-empty entry, else ''.
 */
export function textFor(text: readonly I18nEntry[] | undefined, lang: Lang): string {
  if (!text || text.length === 0) return '';
  const pick = (l: Lang) => text.find((e) => e.lang === l && e.content !== '')?.content;
  return (
    pick(lang) ?? pick('default') ?? pick(FALLBACK_LANG) ?? text.find((e) => e.content !== '')?.content ?? ''
  );
}
