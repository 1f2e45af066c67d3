import { Zone } from './enums';

// Account ids: the internal id (database key, decides the zone) and the public id shown to people.
// The public id is a keyed rotation of the low 26 bits plus an offset, so that consecutive accounts
// do not get consecutive public numbers.

const KEY = 6139246;
const LOW_BITS = 0x3ffffff;
const OFFSET = 10_000_000;
/** Internal ids stay below 2^31 so that 32-bit bit operations are exact. */
const INTERNAL_MAX = 0x7fffffff;

/** Public id of an internal account id. 0 (robot / none) stays 0. */
export function encodeAccountId(accountId: number): number {
  if (!Number.isInteger(accountId) || accountId <= 0 || accountId > INTERNAL_MAX) return 0;
  const t = accountId ^ KEY;
  let e = t & LOW_BITS;
  for (let i = 0; i < 5; i++) e = ((e & 511) << 17) | (e >> 9);
  return e + (t & ~LOW_BITS) + OFFSET;
}

/** Internal id of a public id; 0 ("player not found", or robot) for anything that is not one. */
export function decodeAccountId(publicId: number): number {
  if (!Number.isInteger(publicId)) return 0;
  const t = publicId - OFFSET;
  if (t <= 0 || t > INTERNAL_MAX) return 0;
  let e = t & LOW_BITS;
  for (let i = 0; i < 5; i++) e = ((e & 131071) << 9) | (e >> 17);
  const id = ((t & ~LOW_BITS) + e) ^ KEY;
  return Math.max(id, 0);
}

/** Zone of an internal account id: bits 23 and up, 0–6 CN, 7–12 JP, 13 and above US/international. */
export function zoneOfAccountId(accountId: number): Zone {
  const block = accountId >> 23;
  if (block <= 6) return Zone.CN;
  if (block <= 12) return Zone.JP;
  return Zone.US;
}

/** Internal id ranges of each zone, [first, last]. */
export const ZONE_ID_RANGES: Readonly<Record<Zone, readonly [number, number]>> = {
  [Zone.CN]: [0, (7 << 23) - 1],
  [Zone.JP]: [7 << 23, (13 << 23) - 1],
  [Zone.US]: [13 << 23, (16 << 23) - 1],
};
