import type { TableEvent } from '../../src/events';
import { Table, type TableOptions } from '../../src/table';

export interface RobotTableOptions extends Partial<Omit<TableOptions, 'seats' | 'onEvent'>> {
  /** The `ai_level` of each seat, in seat order. */
  levels: number[];
  /** The seats' names, in seat order. */
  names?: string[];
}

/** Plays one table of robots in-process to its end (East game, default rule unless given); resolves with every event it reported. */
export async function playRobotTable({
  levels,
  names,
  ...options
}: RobotTableOptions): Promise<TableEvent[]> {
  const events: TableEvent[] = [];
  const table = new Table({
    tableId: 'robots',
    rule: {},
    roundType: 1,
    ...options,
    seats: levels.map((level, i) => ({
      kind: 'robot' as const,
      level,
      ...(names ? { name: names[i] } : {}),
    })),
    onEvent: (e) => events.push(e),
  });
  table.start();
  await table.done;
  return events;
}

/** The table's `finished` event; throws with the table's error when it did not finish. */
export function finishedOf(events: TableEvent[]): Extract<TableEvent, { type: 'finished' }> {
  const finished = events.find((e) => e.type === 'finished');
  if (finished?.type === 'finished') return finished;
  const failed = events.find((e) => e.type === 'failed');
  throw new Error(failed?.type === 'failed' ? failed.error : 'the table did not finish');
}
