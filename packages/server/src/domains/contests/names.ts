import { ErrorCode, type I18nText, type ValidationIssue, validateContestName } from '@taikai/protocol';
import { ContestError, messageOf } from '../../http/errors';

/** Throws the first broken rule of a validation, with the field (and language) in the message. */
export function refuseFirst(issues: ValidationIssue[]): void {
  const first = issues[0];
  if (!first) return;
  const where = first.lang ? `${first.field} (${first.lang})` : first.field;
  throw new ContestError(first.code, { message: `${where}: ${messageOf(first.code)}` });
}

/**
 * Tournament names by the protocol's rule (the console checks the same): required, each language within its
 * limit (2547), all five console languages when multi-language is on (2517); one entry per language.
 * Returns the trimmed list without empty entries.
 */
export function validContestName(name: I18nText, multiLanguage: boolean): I18nText {
  const langs = new Set(name.map((e) => e.lang));
  if (langs.size !== name.length) {
    throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'name: one entry per language' });
  }
  const trimmed = name.map((e) => ({ lang: e.lang, content: e.content.trim() }));
  refuseFirst(validateContestName(trimmed, { multiLanguage }));
  return trimmed.filter((e) => e.content !== '');
}
