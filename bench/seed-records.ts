import { randomUUID } from 'node:crypto';
import { settle } from '@taikai/engine';
import type { Db } from '../packages/server/src/db/client';
import { type GameSeatRow, gameRecords, recordPlayers } from '../packages/server/src/db/schema';

// Records of a season written in bulk, as the host's tables would have left them, for the benchmarks that read a
// long season (ranking, reads): rounds in which every player plays one table (a seeded shuffle per round).

/** The rule the records are settled under: 25 000 returned, uma 0/5/−5/−15. */
export const BENCH_RULE = { jingsuanyuandian: 25000, uma: [0, 5, -5, -15] };

/** A seeded random source (the same records every run). */
export function seededRandom(seed = 12345): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * `count` records of the season among `ids` (tables of four, a fresh shuffle each round), the `g`th ending at
 * `endTimeOf(g)`, with their seats; written `chunk` records at a time. The players' season figures are not
 * counted: the caller recounts them once after.
 */
export async function seedRecords(
  db: Db,
  season: { unique_id: number; season_id: number },
  ids: number[],
  options: {
    count: number;
    random: () => number;
    endTimeOf: (g: number) => number;
    roundType?: number;
    chunk?: number;
  },
): Promise<void> {
  const { count, random, endTimeOf, roundType = 1, chunk = 2000 } = options;
  const tablesPerRound = Math.floor(ids.length / 4);
  let order = ids.slice();
  for (let r = 0; r < count; r += chunk) {
    const records: (typeof gameRecords.$inferInsert)[] = [];
    const seatRows: (typeof recordPlayers.$inferInsert)[] = [];
    for (let g = r; g < Math.min(count, r + chunk); g++) {
      const table = g % tablesPerRound;
      if (table === 0) {
        order = order.slice();
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [order[i], order[j]] = [order[j], order[i]];
        }
      }
      const players = order.slice(table * 4, table * 4 + 4);
      const settlement = settle(finalScores(random), 0, BENCH_RULE);
      const uuid = randomUUID();
      const endTime = endTimeOf(g);
      const seats: GameSeatRow[] = players.map((id) => ({
        account_id: id,
        nickname: '',
        init_points: 25000,
      }));
      records.push({
        uuid,
        uniqueId: season.unique_id,
        seasonId: season.season_id,
        startTime: endTime - 1200,
        endTime,
        roundType,
        detailRule: {},
        seats,
        result: settlement.players.map((p) => ({
          seat: p.seat,
          part_point_1: p.part_point_1,
          total_point: p.total_point,
        })),
        log: [],
        seed: '',
        commitment: '',
      });
      for (const p of settlement.players) {
        seatRows.push({
          recordUuid: uuid,
          uniqueId: season.unique_id,
          seasonId: season.season_id,
          accountId: players[p.seat],
          seat: p.seat,
          place: p.place,
          partPoint: p.part_point_1,
          totalPoint: p.total_point,
          endTime,
        });
      }
    }
    await db.insert(gameRecords).values(records);
    for (let i = 0; i < seatRows.length; i += 4000)
      await db.insert(recordPlayers).values(seatRows.slice(i, i + 4000));
  }
}

/** Four raw final scores summing to 100 000, in hundreds. */
function finalScores(random: () => number): number[] {
  const cuts = [random(), random(), random()].sort((a, b) => a - b);
  const parts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 1 - cuts[2]].map(
    (x) => Math.round(x * 1000) * 100,
  );
  parts[3] = 100_000 - parts[0] - parts[1] - parts[2];
  return parts;
}
