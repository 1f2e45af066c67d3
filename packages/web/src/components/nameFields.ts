import {
  CONSOLE_LANGS,
  type ConsoleLang,
  ErrorCode,
  type I18nEntry,
  validateContestName,
} from '@taikai/protocol';

/** The name fields shared by the create dialog and the Info tab. */
export interface NameFields {
  name?: string;
  names?: Partial<Record<ConsoleLang, string>>;
}

/** The tournament name the fields give: one entry per console language when `multi`, else the single name. */
export function contestNameOf(fields: NameFields & { multi: boolean }): I18nEntry[] {
  return fields.multi
    ? CONSOLE_LANGS.map((lang) => ({ lang, content: (fields.names?.[lang] ?? '').trim() }))
    : [{ lang: 'default', content: (fields.name ?? '').trim() }];
}

/**
 * What the name fields become when the multi-language switch is turned `on` or off, so the organiser
 * does not type the name again: on, every empty per-language name starts as the single name; off, an empty
 * single name starts as the name in the reader's language (else the first one given).
 */
export function carryNames(fields: NameFields, on: boolean, reader: ConsoleLang): NameFields {
  const single = (fields.name ?? '').trim();
  const names = fields.names ?? {};
  if (on) {
    return {
      names: Object.fromEntries(
        CONSOLE_LANGS.map((lang) => [lang, names[lang]?.trim() ? names[lang] : single]),
      ) as Record<ConsoleLang, string>,
    };
  }
  if (single) return { name: fields.name };
  const own = names[reader]?.trim();
  const first = CONSOLE_LANGS.map((lang) => names[lang]?.trim()).find((n) => n);
  return { name: own || first || '' };
}

export type NameProblem = 'required' | 'too_long' | null;

/** One name field checked with the protocol's tournament-name rule (the server applies the same). */
export function nameProblem(value: string, lang: ConsoleLang | 'default'): NameProblem {
  const issues = validateContestName([{ lang, content: value.trim() }]);
  if (issues.some((i) => i.code === ErrorCode.NAME_TOO_LONG)) return 'too_long';
  return issues.length > 0 ? 'required' : null;
}
