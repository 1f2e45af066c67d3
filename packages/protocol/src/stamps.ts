// The emoji stamps of season chat and of the table. A module of plain data with no imports, so that the table's
// page can use it (`@taikai/protocol/stamps`) without loading the call schemas.

/**
 * The emoji stamps: a fixed set of ids, each drawn by the clients as its glyph. Nothing else is a stamp; a
 * message is either text or one of these ids.
 */
export const STAMPS = [
  { id: 1, glyph: '👍' },
  { id: 2, glyph: '👏' },
  { id: 3, glyph: '😄' },
  { id: 4, glyph: '😂' },
  { id: 5, glyph: '😮' },
  { id: 6, glyph: '😭' },
  { id: 7, glyph: '😡' },
  { id: 8, glyph: '🤔' },
  { id: 9, glyph: '🙏' },
  { id: 10, glyph: '🎉' },
  { id: 11, glyph: '🀄' },
  { id: 12, glyph: '🔥' },
] as const;

export type StampId = (typeof STAMPS)[number]['id'];

export function isStampId(value: number): value is StampId {
  return STAMPS.some((s) => s.id === value);
}

/** The glyph a stamp id is drawn as ('' for an id that is not a stamp). */
export function stampGlyph(id: number): string {
  return STAMPS.find((s) => s.id === id)?.glyph ?? '';
}
