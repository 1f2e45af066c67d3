import { CONSOLE_LANGS, ErrorCode, type I18nText, LIMITS } from '@taikai/protocol';
import { ContestError } from '../../http/errors';

const CHINESE_LANGS = new Set(['chs', 'chs_t']);

/** Length where characters beyond Latin-1 count twice: 25 Chinese characters fill the 50 of other text. */
function weightedLength(text: string): number {
  let n = 0;
  for (const ch of text) n += ch.codePointAt(0)! > 255 ? 2 : 1;
  return n;
}

/**
 * Tournament names (spec §5): required; 25 characters in Chinese, 50 in other languages (wide characters
 * count double outside the Chinese entries); with multi-language on, all five console languages required.
 * Returns the trimmed list without empty entries.
 */
export function validContestName(name: I18nText, i18n: boolean): I18nText {
  const seen = new Set<string>();
  const out: I18nText = [];
  for (const entry of name) {
    if (seen.has(entry.lang))
      throw new ContestError(ErrorCode.PARAM_ERROR, { message: `name: ${entry.lang} twice` });
    seen.add(entry.lang);
    const content = entry.content.trim();
    if (!content) continue;
    const tooLong = CHINESE_LANGS.has(entry.lang)
      ? [...content].length > LIMITS.NAME_MAX_CJK
      : weightedLength(content) > LIMITS.NAME_MAX_OTHER;
    if (tooLong) throw new ContestError(ErrorCode.NAME_TOO_LONG);
    out.push({ lang: entry.lang, content });
  }
  if (out.length === 0) throw new ContestError(ErrorCode.PARAM_ERROR, { message: 'name is required' });
  if (i18n) {
    const missing = CONSOLE_LANGS.filter((lang) => !out.some((e) => e.lang === lang));
    if (missing.length) {
      throw new ContestError(ErrorCode.PARAM_ERROR, {
        message: `name required in every language: ${missing}`,
      });
    }
  }
  return out;
}
