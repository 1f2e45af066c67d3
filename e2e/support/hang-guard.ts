/**
 * A wait that lasts this long has hung: far above any wait on a machine under heavy load. Steps wait for what
 * the page or the server shows, never for a time; this bound only ends a wait that never will.
 */
export const HANG_GUARD_MS = 300_000;
