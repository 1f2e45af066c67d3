import { z } from 'zod';

/**
 * Wire building blocks shared by the call schemas.
 * Ids arrive as JSON numbers or numeric strings (WIRE.md): both parse to a number.
 */
export const LooseId = z
  .union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/, 'numeric id expected')])
  .transform((v) => Number(v))
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

/** Unix seconds; numbers or numeric strings. */
export const UnixTime = LooseId;

/** 0/1 switch; also accepts booleans and "0"/"1" as clients send them. */
export const Flag01 = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** Zone numbers: 1 CN, 2 JP, 3 US/international. */
export const ZoneList = z.array(z.union([z.literal(1), z.literal(2), z.literal(3)]));
