import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGS } from '../lang';
import { ERROR_CATALOGUE, httpStatusOf } from './catalogue';
import { ERROR_CODES, ErrorCode, errorCodeName, isErrorCode } from './codes';
import { errorMessages, fillMessage, formatNextAllowed, messageFor } from './messages';

const RULES_MD_CODES = [
  ...Array.from({ length: 2566 - 2501 + 1 }, (_, i) => 2501 + i),
  ...Array.from({ length: 2589 - 2575 + 1 }, (_, i) => 2575 + i),
  1209,
  1210,
  1002,
  1003,
  1010,
  121,
  130,
  116,
  503,
  501,
];

describe('error codes', () => {
  it('cover every code of RULES.md and nothing in the absent range 2567–2574', () => {
    for (const code of RULES_MD_CODES) expect(isErrorCode(code), String(code)).toBe(true);
    for (let code = 2567; code <= 2574; code++) expect(isErrorCode(code)).toBe(false);
  });

  it('numbers are unique; our own account codes sit in 1001–1028 without clashing', () => {
    expect(new Set(ERROR_CODES).size).toBe(Object.keys(ErrorCode).length);
    expect(ErrorCode.EMAIL_REGISTERED).toBeGreaterThanOrEqual(1001);
    expect(ErrorCode.LOGIN_TOO_OFTEN).toBeLessThanOrEqual(1028);
    expect([1002, 1003, 1010]).not.toContain(ErrorCode.EMAIL_REGISTERED);
    expect([1002, 1003, 1010]).not.toContain(ErrorCode.LOGIN_TOO_OFTEN);
    expect(errorCodeName(2515)).toBe('CREATE_COOLDOWN');
  });
});

describe('error catalogue', () => {
  it('every code has an HTTP status and the key Err{code}', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_CATALOGUE[code].status, String(code)).toBeGreaterThanOrEqual(200);
      expect(ERROR_CATALOGUE[code].key).toBe(`Err${code}`);
    }
    expect(Object.keys(ERROR_CATALOGUE)).toHaveLength(ERROR_CODES.length);
  });

  it('maps the statuses clients rely on', () => {
    expect(httpStatusOf(ErrorCode.NOT_LOGGED_IN)).toBe(401);
    expect(httpStatusOf(ErrorCode.NO_PERMISSION)).toBe(403);
    expect(httpStatusOf(ErrorCode.CREATOR_ONLY)).toBe(403);
    expect(httpStatusOf(ErrorCode.CONTEST_NOT_FOUND)).toBe(404);
    expect(httpStatusOf(ErrorCode.PARAM_ERROR)).toBe(400);
    expect(httpStatusOf(ErrorCode.DUPLICATE_RESERVATION)).toBe(409);
    expect(httpStatusOf(ErrorCode.CODE_TOO_OFTEN)).toBe(429);
    expect(httpStatusOf(ErrorCode.LOGIN_TOO_OFTEN)).toBe(429);
    expect(httpStatusOf(ErrorCode.GAME_ALREADY_PAUSED)).toBe(200);
    expect(httpStatusOf(ErrorCode.GAME_ALREADY_RUNNING)).toBe(200);
    expect(httpStatusOf(ErrorCode.BANNED)).toBe(503);
    expect(httpStatusOf(ErrorCode.INSUFFICIENT_CURRENCY)).toBe(402);
    expect(httpStatusOf(99999)).toBe(400);
  });
});

describe('error messages', () => {
  it('every code has a non-empty message in all five console languages', () => {
    for (const lang of CONSOLE_LANGS) {
      expect(
        Object.keys(errorMessages[lang])
          .map(Number)
          .sort((a, b) => a - b),
        lang,
      ).toEqual([...ERROR_CODES]);
      for (const code of ERROR_CODES)
        expect(errorMessages[lang][code].trim(), `${lang} ${code}`).not.toBe('');
    }
  });

  it('translations differ from the English text (no untranslated copies)', () => {
    for (const lang of ['chs', 'chs_t', 'jp', 'kr'] as const) {
      for (const code of ERROR_CODES)
        expect(errorMessages[lang][code], `${lang} ${code}`).not.toBe(errorMessages.en[code]);
    }
  });

  it('2515 shows the next allowed time in every language', () => {
    const next = Date.UTC(2026, 10, 28, 20, 5) / 1000;
    for (const lang of CONSOLE_LANGS) {
      expect(errorMessages[lang][2515]).toContain('{next}');
      expect(messageFor(2515, lang, { next })).toContain('2026-11-28 20:05 (UTC)');
      expect(messageFor(2515, lang)).not.toContain('{next}');
    }
    expect(messageFor(2515, 'en', { next: 'tomorrow' })).toBe(
      'Only one tournament can be created every 7 days. Next available: tomorrow.',
    );
  });

  it('messageFor falls back to chs for unknown languages and names unknown codes', () => {
    expect(messageFor(2501, 'en')).toBe('Tournament not found.');
    expect(messageFor(2501, 'xx')).toBe(errorMessages.chs[2501]);
    expect(messageFor(2501)).toBe('赛事不存在');
    expect(messageFor(4242, 'en')).toBe('Error 4242');
    expect(messageFor(4242, 'jp')).toBe('エラー 4242');
  });

  it('formatNextAllowed formats in UTC or a given offset; fillMessage leaves unknown placeholders', () => {
    const t = Date.UTC(2026, 0, 2, 3, 4) / 1000;
    expect(formatNextAllowed(t)).toBe('2026-01-02 03:04 (UTC)');
    expect(formatNextAllowed(t, 540)).toBe('2026-01-02 12:04 (UTC+9)');
    expect(formatNextAllowed(t, -210)).toBe('2026-01-01 23:34 (UTC-3:30)');
    expect(fillMessage('a {x} b {y}', { x: 1 })).toBe('a 1 b {y}');
  });
});
