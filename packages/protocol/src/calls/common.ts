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
 * Every text field of a call: a string without NUL characters and without unpaired surrogates, which no
 * client sends on purpose and PostgreSQL cannot store. Chain limits on it: `WireText.trim().max(16)`.
 */
export const WireText = z
  .string()
  .refine(isWellFormedText, 'text with a NUL character or an unpaired surrogate');

/** 0/1 switch; also accepts booleans and "0"/"1" as clients send them. */
export const Flag01 = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** Zone numbers: 1 CN, 2 JP, 3 US/international. */
export const ZoneList = z.array(z.union([z.literal(1), z.literal(2), z.literal(3)]));
