import { Table } from '@taikai/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { sortTiles } from '../../table/chuanma/chuanmaState';
import { chuanmaReplayAt } from './chuanmaReplay';

// biome-ignore lint/suspicious/noExplicitAny: entries of a record are plain JSON
type Entry = Record<string, any>;

/** A whole chuanma game of four seats played for (with the exchange): its record's hands. */
async function recordOf(seed: string): Promise<Entry[][]> {
  let log: Entry[][] = [];
  const table: Table = new Table({
    tableId: 'cm-replay',
    rule: { chuanma: 1, huansanzhang: 1, can_jifei: 0 } as never,
    roundType: 1,
    seed,
    callWindowMs: 0,
    seats: Array.from({ length: 4 }, (_, i) => ({ kind: 'player' as const, name: `p${i}` })),
    onEvent: (event) => {
      if (event.type === 'seat_message' && event.ask) {
        const { id } = event.ask;
        setTimeout(() => table.answer(event.seat, id, {}), 0);
      }
      if (event.type === 'finished') log = JSON.parse(JSON.stringify(event.log.paipu.log)) as Entry[][];
    },
  });
  table.start();
  await table.done;
  return log;
}

describe('a chuanma record replayed with every hand open', () => {
  let hands: Entry[][] = [];
  beforeAll(async () => {
    hands = await recordOf('c'.repeat(64));
  }, 60_000);

  it('ends every hand with the hands, wins and scores its result shows', () => {
    expect(hands).toHaveLength(4);
    for (const entries of hands) {
      const end = chuanmaReplayAt(entries, entries.length - 1);
      const j = entries[entries.length - 1].jiesuan;
      expect(j).toBeDefined();
      expect(end.result?.deltas).toEqual(j.deltas);
      expect(end.seats.map((s) => s.score)).toEqual(j.scores);
      expect(end.wins.map((w) => w.seat)).toEqual(j.wins.map((w: Entry) => w.seat));
      for (const seat of [0, 1, 2, 3]) {
        const win = end.wins.find((w) => w.seat === seat);
        if (win) expect(win.shoupai).toEqual(sortTiles(j.hands[seat].shoupai));
        else expect(end.seats[seat].hand).toEqual(sortTiles(j.hands[seat].shoupai));
        expect(end.seats[seat].melds).toEqual(j.hands[seat].melds);
      }
      expect(end.voids.every((v) => v !== null)).toBe(true);
      expect(end.exchange).not.toBeNull();
    }
  });

  it('steps move by move: the deal shows thirteen tiles a seat, nothing won yet', () => {
    const start = chuanmaReplayAt(hands[0], 0);
    expect(start.seats.map((s) => s.hand.length)).toEqual([13, 13, 13, 13]);
    expect(start.wins).toEqual([]);
    expect(start.result).toBeNull();
  });
});
