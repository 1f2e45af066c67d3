/** Game-control refusals, numbered as existing clients know them (RULES.md). */
export const ControlCode = {
  ALREADY_PAUSED: 1209,
  ALREADY_RUNNING: 1210,
} as const;

export type TableState = 'running' | 'paused' | 'finished' | 'terminated';

/** The answer to pause / resume / terminate. Controls are idempotent: a repeat changes nothing. */
export interface ControlResult {
  ok: boolean;
  /** 1209 already paused, 1210 already running; absent when the control took effect. */
  code?: number;
  /** The table's state after the control; `missing` for an unknown table. */
  state: TableState | 'missing';
}
