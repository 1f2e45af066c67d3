import { isReadableText } from '../calls/common';
import { LIMITS } from '../constants';
import { ErrorCode } from '../errors/codes';
import { CONSOLE_LANGS, type I18nEntry, type Lang } from '../lang';
import type { ValidationIssue } from './issue';

/** Characters (code points), so that one emoji or supplementary CJK character counts once. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Length where every code point above 255 counts 2 (team names and descriptions). */
export function weightedLength(text: string): number {
  let n = 0;
  for (const ch of text) n += ch.codePointAt(0)! > 255 ? 2 : 1;
  return n;
}

/** Longest tournament name in a language: 25 for Chinese (and the untagged default), 50 for the others. */
export function contestNameMax(lang: Lang): number {
  return lang === 'chs' || lang === 'chs_t' || lang === 'default'
    ? LIMITS.NAME_MAX_CJK
    : LIMITS.NAME_MAX_OTHER;
}

/**
 * Tournament name (spec §5): required; each entry readable (`isReadableText`, 2517) and within its language's
 * limit (2547); with multi-language on, all five console languages must be filled (2517).
 */
export function validateContestName(
  name: readonly I18nEntry[],
  options: { multiLanguage?: boolean } = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const filled = name.filter((e) => e.content.trim() !== '');
  if (filled.length === 0) return [{ field: 'name', code: ErrorCode.PARAM_ERROR }];
  for (const entry of name) {
    if (!isReadableText(entry.content)) {
      issues.push({ field: 'name', code: ErrorCode.PARAM_ERROR, lang: entry.lang });
    } else if (charLength(entry.content) > contestNameMax(entry.lang)) {
      issues.push({ field: 'name', code: ErrorCode.NAME_TOO_LONG, lang: entry.lang });
    }
  }
  if (options.multiLanguage) {
    for (const lang of CONSOLE_LANGS) {
      if (!filled.some((e) => e.lang === lang))
        issues.push({ field: 'name', code: ErrorCode.PARAM_ERROR, lang });
    }
  }
  return issues;
}

export type NoticeKind = 'public' | 'private' | 'manager';

export const NOTICE_MAX: Readonly<Record<NoticeKind, number>> = {
  public: LIMITS.PUBLIC_NOTICE_MAX,
  private: LIMITS.PRIVATE_NOTICE_MAX,
  manager: LIMITS.MANAGER_NOTICE_MAX,
};

/** Notices: readable (`isReadableText`, 2517); public 500, private 3000, manager 2000 characters per language (2548). */
export function validateNotice(kind: NoticeKind, notice: string | readonly I18nEntry[]): ValidationIssue[] {
  const field = `${kind}_notice`;
  const entries: readonly { lang?: Lang; content: string }[] =
    typeof notice === 'string' ? [{ content: notice }] : notice;
  return entries
    .filter((e) => !isReadableText(e.content) || charLength(e.content) > NOTICE_MAX[kind])
    .map((e) => ({
      field,
      code: isReadableText(e.content) ? ErrorCode.NOTICE_TOO_LONG : ErrorCode.PARAM_ERROR,
      ...(e.lang ? { lang: e.lang } : {}),
    }));
}

export type RemarkKind = 'season' | 'season_player' | 'game_plan' | 'game' | 'record_tag';

export const REMARK_MAX: Readonly<Record<RemarkKind, number>> = {
  season: LIMITS.SEASON_REMARK_MAX,
  season_player: LIMITS.SEASON_PLAYER_REMARK_MAX,
  game_plan: LIMITS.GAME_PLAN_REMARK_MAX,
  game: LIMITS.GAME_REMARK_MAX,
  record_tag: LIMITS.RECORD_TAG_MAX,
};

/**
 * Remarks and tags: readable (`isReadableText`, 2517); season 25, season player 100, game plan / game / record tag
 * 25 characters (2554).
 */
export function validateRemark(kind: RemarkKind, text: string): ValidationIssue[] {
  const field = kind === 'record_tag' ? 'tag' : 'remark';
  if (!isReadableText(text)) return [{ field, code: ErrorCode.PARAM_ERROR }];
  if (charLength(text) <= REMARK_MAX[kind]) return [];
  return [{ field, code: ErrorCode.NOTE_TOO_LONG }];
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** E-mail format of the login and register forms (121 when wrong). */
export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}
