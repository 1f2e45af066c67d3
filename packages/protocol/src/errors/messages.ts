import { type ConsoleLang, FALLBACK_LANG } from '../lang';
import type { ErrorCode } from './codes';
import { chs } from './messages/chs';
import { chs_t } from './messages/chs_t';
import { en } from './messages/en';
import { jp } from './messages/jp';
import { kr } from './messages/kr';

// Error messages in the five console languages. Placeholders: `{next}` in 2515 (next allowed creation time).

export const errorMessages: Readonly<Record<ConsoleLang, Readonly<Record<ErrorCode, string>>>> = {
  chs,
  chs_t,
  jp,
  en,
  kr,
};

/** Message for a code outside the catalogue; `{code}` is the number. */
export const UNKNOWN_ERROR_MESSAGES: Readonly<Record<ConsoleLang, string>> = {
  chs: '错误 {code}',
  chs_t: '錯誤 {code}',
  jp: 'エラー {code}',
  en: 'Error {code}',
  kr: '오류 {code}',
};

/** Used for `{next}` when the next allowed time is not known. */
const NEXT_UNKNOWN: Readonly<Record<ConsoleLang, string>> = {
  chs: '上次创建的 7 天后',
  chs_t: '上次建立的 7 天後',
  jp: '前回の作成から7日後',
  en: '7 days after your last creation',
  kr: '마지막 개설 후 7일',
};

export interface MessageParams {
  /** Next allowed time: unix seconds (formatted in UTC) or text already formatted. */
  next?: number | string;
  [name: string]: number | string | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A unix time as `YYYY-MM-DD HH:mm (UTC)`, or in the zone `utcOffsetMinutes` east of UTC
 * (`… (UTC+9)`, `… (UTC-3:30)`).
 */
export function formatNextAllowed(unixSeconds: number, utcOffsetMinutes = 0): string {
  const d = new Date((unixSeconds + utcOffsetMinutes * 60) * 1000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  let zone = 'UTC';
  if (utcOffsetMinutes !== 0) {
    const abs = Math.abs(utcOffsetMinutes);
    const minutes = abs % 60 === 0 ? '' : `:${pad(abs % 60)}`;
    zone = `UTC${utcOffsetMinutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${minutes}`;
  }
  return `${date} ${time} (${zone})`;
}

/** Replaces each `{name}` with its parameter; placeholders without a value are left as they are. */
export function fillMessage(
  template: string,
  params: Readonly<Record<string, number | string | undefined>>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

function consoleLangOf(lang: string): ConsoleLang {
  return lang in errorMessages ? (lang as ConsoleLang) : FALLBACK_LANG;
}

/**
 * The message of `code` in `lang` (unknown languages fall back to chs), with placeholders filled.
 * A code outside the catalogue gives "Error {code}" in that language.
 */
export function messageFor(
  code: number,
  lang: ConsoleLang | string = FALLBACK_LANG,
  params: MessageParams = {},
): string {
  const l = consoleLangOf(lang);
  const template = (errorMessages[l] as Record<number, string | undefined>)[code];
  if (template === undefined) return fillMessage(UNKNOWN_ERROR_MESSAGES[l], { code });
  const next =
    typeof params.next === 'number' ? formatNextAllowed(params.next) : (params.next ?? NEXT_UNKNOWN[l]);
  return fillMessage(template, { ...params, next });
}
