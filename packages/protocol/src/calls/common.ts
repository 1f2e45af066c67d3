import { z } from 'zod';

/**
 * Wire building blocks shared by the call schemas: every id, time and text field of a call is one of these,
 * so that what the database cannot hold is refused as a parameter error (2517) before any work is done.
 */

/** Largest value of a 32-bit signed integer: ids are int4 columns (0…2147483647). */
export const INT4_MAX = 2_147_483_647;

/** Latest unix time a call may carry: 2^31 − 1 s, 2038-01-19T03:14:07Z. */
export const UNIX_TIME_MAX = INT4_MAX;

/** A non-negative integer up to `max`, as a JSON number or a numeric string (WIRE.md): both parse to a number. */
function looseInteger(max: number) {
  return z
    .union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/, 'numeric id expected')])
    .transform((v) => Number(v))
    .pipe(z.number().int().nonnegative().max(max));
}

/** Ids (`unique_id`, `season_id`, account ids, …): 0…2147483647, numbers or numeric strings. */
export const LooseId = looseInteger(INT4_MAX);

/** Unix seconds, 0…2^31 − 1; numbers or numeric strings. */
export const UnixTime = looseInteger(UNIX_TIME_MAX);

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when text holds no NUL character and no unpaired surrogate (it can be stored and sent as UTF-8). */
export function isWellFormedText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/**
 * Characters no text of a call may hold, because they do not read as text where it is shown: the control
 * characters (C0 but TAB and the line ends LF and CR, DEL, C1), the line and paragraph separators U+2028/U+2029,
 * and the bidirectional embeddings, overrides and isolates U+202A…U+202E and U+2066…U+2069, which reorder the
 * text around them (`\u202Eevil` shows as "live"). The marks LRM, RLM and ALM, which right-to-left scripts use
 * and which reorder nothing, are text.
 */
const UNREADABLE_CLASS =
  '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';
const UNREADABLE = new RegExp(UNREADABLE_CLASS);
const UNREADABLE_ALL = new RegExp(UNREADABLE_CLASS, 'g');

/** True when text is well-formed and holds no control character but TAB and line ends, and no bidi override. */
export function isReadableText(text: string): boolean {
  return isWellFormedText(text) && !UNREADABLE.test(text);
}

export const UNREADABLE_TEXT_MESSAGE = 'control characters and bidirectional overrides are not allowed';

/**
 * Every text field of a request: a string without NUL characters and unpaired surrogates (which no client sends
 * on purpose and PostgreSQL cannot store), and readable (`isReadableText`): refused as a parameter error (2517).
 * Chain limits on it: `WireText.trim().max(16)`. A field whose spec names another code for text it refuses is
 * `wireText(code)`.
 */
export const WireText = wireText();

/** `WireText` whose unreadable text is refused with `code` (the route answers the `code` an issue carries). */
export function wireText(code?: number) {
  return z
    .string()
    .refine(isWellFormedText, 'text with a NUL character or an unpaired surrogate')
    .refine((text) => !UNREADABLE.test(text), {
      message: UNREADABLE_TEXT_MESSAGE,
      ...(code === undefined ? {} : { params: { code } }),
    });
}

/**
 * Text in an answer, as the database holds it (well-formed), with what `isReadableText` refuses taken out: text
 * stored before that rule, or by other ways than a call (the operator's commands), still loads, and shows as
 * text (no bidi override reorders it) wherever the console puts it, or sends it back unchanged.
 */
export const ShownText = z
  .string()
  .refine(isWellFormedText, 'text with a NUL character or an unpaired surrogate')
  .transform((text) => text.replace(UNREADABLE_ALL, ''));

/** The code a refused request answers: its first issue's own `code` (see `wireText`), else `fallback`. */
export function issueCode(issues: readonly object[], fallback: number): number {
  const first = issues[0] as { params?: { code?: unknown } } | undefined;
  const code = first?.params?.code;
  return typeof code === 'number' ? code : fallback;
}

/** 0/1 switch; also accepts booleans and "0"/"1" as clients send them. */
export const Flag01 = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** Zone numbers: 1 CN, 2 JP, 3 US/international. */
export const ZoneList = z.array(z.union([z.literal(1), z.literal(2), z.literal(3)]));
