/**
 * A wait that lasts this long has hung: far above any wait on a machine under heavy load. Tests wait for what
 * they expect to happen, never for a time; this bound only ends a wait that never will.
 */
export const HANG_GUARD_MS = 300_000;
