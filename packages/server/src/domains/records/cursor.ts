import { UNIX_TIME_MAX } from '@taikai/protocol';

/**
 * Where a record list was fixed at its first read: the newest record then listed, by the list's order
 * (`end_time` desc, `uuid` desc). Later pages list only records at or before it, so records that end while a
 * client pages do not shift its pages. An empty list is fixed at the time of its read with an empty uuid (only
 * records that ended before that second).
 */
export type Cursor = { endTime: number; uuid: string };

/** The `token` of a list answer: opaque to clients (base64url of `[end_time, uuid]`). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.endTime, cursor.uuid])).toString('base64url');
}

/** The cursor a `token` carries; null when it is not one this server made. */
export function decodeCursor(token: string): Cursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [endTime, uuid] = value;
  if (!Number.isSafeInteger(endTime) || endTime < 0 || endTime > UNIX_TIME_MAX) return null;
  if (typeof uuid !== 'string' || uuid.length > 64) return null;
  return { endTime, uuid };
}
