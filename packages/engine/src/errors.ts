export type TableState = 'running' | 'paused' | 'finished' | 'terminated';

/** The answer to pause / resume / terminate. Controls are idempotent: a repeat changes nothing. */
export interface ControlResult {
  ok: boolean;
  /** `ErrorCode` 1209 already paused, 1210 already running (protocol); absent when the control took effect. */
  code?: number;
  /** The table's state after the control; `missing` for an unknown table. */
  state: TableState | 'missing';
}
