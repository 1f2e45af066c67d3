import type { FailReason } from '@taikai/protocol';

// How a failed game's reason is kept in `games.stop_reason`, and read back for the failed-table list.

export type GameFailure = Extract<FailReason, 'start_failed' | 'engine_error'>;

/** Longest stop reason kept (the engine's message is cut). */
const MAX_STOP_REASON = 500;

/** `stop_reason` of a failed game: the reason, then the engine's own words (`engine_error: …`). */
export function failureText(reason: GameFailure, detail: string): string {
  return `${reason}: ${detail}`.slice(0, MAX_STOP_REASON);
}

/** The `stop_reason` prefixes of failed games (`failed:` is how earlier versions wrote an engine error). */
export const FAILURE_PREFIXES = ['start_failed: ', 'engine_error: ', 'failed: '] as const;

/** A failed game's reason and the engine's words, or null for a game stopped otherwise (terminated). */
export function failureOf(stopReason: string | null): { reason: GameFailure; detail: string } | null {
  if (!stopReason) return null;
  for (const prefix of FAILURE_PREFIXES) {
    if (!stopReason.startsWith(prefix)) continue;
    const reason: GameFailure = prefix === 'start_failed: ' ? 'start_failed' : 'engine_error';
    return { reason, detail: stopReason.slice(prefix.length) };
  }
  return null;
}
