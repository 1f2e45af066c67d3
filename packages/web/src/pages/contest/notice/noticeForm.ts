import {
  CONSOLE_LANGS,
  type ConsoleLang,
  charLength,
  type I18nEntry,
  NOTICE_MAX,
  type NoticeKind,
} from '@taikai/protocol';

/** A notice as the form holds it: the single text, or one text per console language. */
export type NoticeValues = Record<'default' | ConsoleLang, string>;

export const NOTICE_FIELD_LANGS = (multi: boolean) => (multi ? CONSOLE_LANGS : (['default'] as const));

/**
 * The form's texts of a stored notice. With multi-language on, each language starts as its own entry; a
 * notice written before the switch was on (only an untagged text) starts every language with that text, so
 * the organiser translates it instead of typing it again. Off, the single text is the untagged entry, else
 * the text a reader of the fallback language sees.
 */
export function noticeValuesOf(notice: readonly I18nEntry[], multi: boolean): NoticeValues {
  const own = (lang: I18nEntry['lang']) => notice.find((e) => e.lang === lang)?.content ?? '';
  const untagged = own('default');
  const anyTagged = CONSOLE_LANGS.some((lang) => own(lang) !== '');
  const values = { default: untagged } as NoticeValues;
  for (const lang of CONSOLE_LANGS) values[lang] = multi && !anyTagged ? untagged : own(lang);
  if (!multi && untagged === '') {
    values.default = CONSOLE_LANGS.map(own).find((text) => text !== '') ?? '';
  }
  return values;
}

/** The `notice` list the update calls take. */
export function noticeListOf(values: NoticeValues, multi: boolean): I18nEntry[] {
  return NOTICE_FIELD_LANGS(multi).map((lang) => ({ lang, content: values[lang] ?? '' }));
}

export function sameNotice(a: NoticeValues, b: NoticeValues, multi: boolean): boolean {
  return NOTICE_FIELD_LANGS(multi).every((lang) => (a[lang] ?? '') === (b[lang] ?? ''));
}

/** The languages whose text is over the notice's limit (public 500, private 3000, manager 2000). */
export function tooLong(kind: NoticeKind, values: NoticeValues, multi: boolean): ('default' | ConsoleLang)[] {
  return NOTICE_FIELD_LANGS(multi).filter((lang) => charLength(values[lang] ?? '') > NOTICE_MAX[kind]);
}
