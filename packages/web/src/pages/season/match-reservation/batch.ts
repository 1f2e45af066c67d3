import { type PlanLine, type PlayerCount, parsePlanBatch } from '@taikai/protocol';

// The batch list: a text of lines of exactly player-count public ids (comma or space separated, 0 = robot).
// Each line is checked in the browser (parsePlanBatch); what the server refuses stays with its line.

export interface BatchRow {
  /** Position among the non-blank lines. */
  index: number;
  line: string;
  result: PlanLine;
}

export function batchRows(text: string, playerCount: PlayerCount): BatchRow[] {
  return parsePlanBatch(text, playerCount).map((row, index) => ({ index, ...row }));
}

/** The text without the non-blank lines at `indexes` (positions as in batchRows); blank lines are dropped. */
export function withoutLines(text: string, indexes: ReadonlySet<number>): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .filter((_, i) => !indexes.has(i))
    .join('\n');
}

/** A line's key for the server errors kept with it: the same ids in the same order, however separated. */
export function lineKey(line: string): string {
  return line
    .trim()
    .split(/[\s,，]+/)
    .filter((p) => p !== '')
    .join(',');
}

/** The server's refusal of a line. */
export interface LineError {
  code: number;
  text: string;
}

/** Keeps only the errors of lines still in the list. */
export function pruneLineErrors(
  errors: ReadonlyMap<string, LineError>,
  rows: readonly BatchRow[],
): Map<string, LineError> {
  const present = new Set(rows.map((r) => lineKey(r.line)));
  return new Map([...errors].filter(([key]) => present.has(key)));
}
