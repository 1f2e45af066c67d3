/** Our table runtime in this thread: one table of robots played to the end, with what it reported. */
import { type RuleFields, Table, type TableEvent } from '@taikai/engine';

export interface TableResult {
  hands: number;
  scores: number[];
  events: number;
  /** The rules engine's hand log (`paipu.log`), to compare with the bare engine's. */
  handLog: unknown[][];
}

export async function playTableGame(
  seed: string,
  levels: number[],
  roundType = 2,
  rule: RuleFields = {},
): Promise<TableResult> {
  let hands = 0;
  let events = 0;
  let finished: Extract<TableEvent, { type: 'finished' }> | null = null;
  let failure: string | null = null;
  const table = new Table({
    tableId: `bench-${seed.slice(0, 8)}`,
    rule,
    roundType,
    seats: levels.map((level) => ({ kind: 'robot' as const, level })),
    seed,
    onEvent: (e) => {
      events++;
      if (e.type === 'hand_end') hands++;
      else if (e.type === 'finished') finished = e;
      else if (e.type === 'failed') failure = e.error;
    },
  });
  table.start();
  await table.done;
  if (failure) throw new Error(failure);
  const end = finished as Extract<TableEvent, { type: 'finished' }> | null;
  if (!end) throw new Error('the table did not finish');
  return { hands, scores: end.progress.scores, events, handLog: end.log.paipu.log };
}
