import { randomUUID } from 'node:crypto';
import { settle, type TableEvent } from '@taikai/engine';
import { and, eq } from 'drizzle-orm';
import { type GameSeatRow, games, seasons } from '../../src/db/schema';
import { writeRecord } from '../../src/games/record-writer';
import type { Organiser, Reply, World } from '../support/world';

// Records with chosen results for the ranking tests, written as the game host writes them: a game row, then the
// host's record writer with the table's `finished` event (its settlement from the engine's own `settle`). The
// hand log is empty: rankings read only the players' places and points.

export type Season = { unique_id: number; season_id: number };

/** The default four-player settlement: return 25 000, uma +15/+5/−5/−15. */
const RULE = { jingsuanyuandian: 25000, uma: [0, 5, -5, -15] };

/**
 * Final raw points by place: 40 000 / 30 000 / 20 000 / 10 000, which settle to +30 000 / +10 000 / −10 000 /
 * −30 000 (×1000 of +30 / +10 / −10 / −30).
 */
export const PLACE_POINTS = [40000, 30000, 20000, 10000];
export const PLACE_TOTALS = [30000, 10000, -10000, -30000];

/**
 * Writes a finished game whose players finish in the order given (1st … 4th; 0 is a robot seat), seated in that
 * order, ending at `endTime`. Answers its uuid.
 */
export async function writeGame(
  world: World,
  season: Season,
  byPlace: number[],
  endTime: number,
): Promise<string> {
  const uuid = randomUUID();
  const seats: GameSeatRow[] = byPlace.map((id) => ({
    account_id: id,
    nickname: id === 0 ? 'robot 1' : `p${id}`,
    init_points: 25000,
  }));
  await world.database.db.insert(games).values({
    uuid,
    uniqueId: season.unique_id,
    seasonId: season.season_id,
    state: 2,
    roundType: 1,
    detailRule: {},
    aiLevel: 0,
    seats,
    seed: '',
    commitment: '',
    startTime: endTime - 1200,
    updateTime: endTime - 1200,
  });
  const finished = {
    type: 'finished',
    tableId: uuid,
    reason: 'end',
    settlement: settle(PLACE_POINTS, 0, RULE),
    progress: { chang: 0, ju: 3, ben: 0, liqibang: 0, scores: PLACE_POINTS },
    log: [],
    seed: '',
    commitment: '',
  } as unknown as Extract<TableEvent, { type: 'finished' }>;
  await writeRecord(
    world.database.db,
    { uuid, uniqueId: season.unique_id, seasonId: season.season_id, seats },
    finished,
    endTime,
  );
  return uuid;
}

/** Sets a season's rank rule (and type) directly, as update_contest_season stores them. */
export async function setRankRule(world: World, season: Season, rankRule: number, rankType = 0) {
  await world.database.db
    .update(seasons)
    .set({ rankRule, rankType })
    .where(and(eq(seasons.uniqueId, season.unique_id), eq(seasons.seasonId, season.season_id)));
}

export const codeOf = (res: Reply): number | undefined => res.body.error?.code;

/** A call's `data`, or a thrown error with the answer. */
export function dataOf(res: Reply) {
  if (res.status !== 200 || res.body.error) throw new Error(`HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Calls as one person on one season. */
export function caller(world: World, who: Organiser, season: Season) {
  return {
    get: (name: string, query: Record<string, unknown> = {}) =>
      world.get(name, { ...season, ...query }, { token: who.token }),
    post: (name: string, body: Record<string, unknown> = {}) =>
      world.post(name, { ...season, ...body }, { token: who.token }),
  };
}
