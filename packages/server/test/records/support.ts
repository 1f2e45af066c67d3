import { createHash, randomUUID } from 'node:crypto';
import { Table, type TableEvent } from '@taikai/engine';
import { and, eq } from 'drizzle-orm';
import { contests, type GameSeatRow, games, seasonPlayers } from '../../src/db/schema';
import { handEnded } from '../../src/games/queries';
import { writeRecord } from '../../src/games/record-writer';
import type { Organiser, Reply, World } from '../support/world';

// Records for the record tests. Games played through the host come from test/support/games.ts; for lists that
// need many records (paging, the 2556 cap) or a game with a yakuman, one real robot game is played in-process
// through the engine's `Table` and written through the host's own record writer as often as needed, each time
// under a new uuid and end time. Nothing here writes a hand-made log.

/** A played game: every event the table reported (the last is `finished`). */
export type Played = { events: TableEvent[]; roundType: number; rule: Record<string, number | boolean> };

/** A fixed wall seed, so a game is the same every run (robots decide from what they see). */
export const seedOf = (n: number) => createHash('sha256').update(`taikai-records-${n}`).digest('hex');

/**
 * Seeds whose games hold a yakuman under the default East-game rule (round type 1) with simple robots: a kokushi
 * musou (thirteen orphans) by seat 2 in East 3, 1 honba; a counted (kazoe) yakuman by seat 3 in East 3.
 */
export const KOKUSHI_SEED = 33;
export const COUNTED_SEED = 518;

/** The tournament's rule and round type, as the host would play its games. */
export async function ruleOf(world: World, uniqueId: number) {
  const [row] = await world.database.db
    .select({ roundType: contests.roundType, detailRule: contests.detailRule })
    .from(contests)
    .where(eq(contests.uniqueId, uniqueId));
  return row;
}

/** Plays one robot table (ai_level 1) to its end under a tournament's rule, from a fixed seed. */
export async function playGame(world: World, uniqueId: number, seed: number): Promise<Played> {
  const { roundType, detailRule } = await ruleOf(world, uniqueId);
  return playTable(roundType, detailRule, seed);
}

/** Plays one robot table (ai_level 1) to its end in-process, from a fixed seed. */
export async function playTable(
  roundType: number,
  rule: Record<string, number | boolean>,
  seed: number,
): Promise<Played> {
  const events: TableEvent[] = [];
  const table = new Table({
    tableId: `records-${seed}`,
    rule,
    roundType,
    seed: seedOf(seed),
    seats: [0, 1, 2, 3].map(() => ({ kind: 'robot' as const, level: 1 })),
    onEvent: (event) => events.push(event),
  });
  table.start();
  await table.done;
  if (!events.some((e) => e.type === 'finished')) throw new Error('the robot game did not finish');
  return { events, roundType, rule };
}

export function finishedOf(played: Played) {
  const finished = played.events.find((e) => e.type === 'finished');
  if (finished?.type !== 'finished') throw new Error('no finished event');
  return finished;
}

/** Seats of a record: accounts (0 = robot, recorded as `robot 1`) with the names a game would record. */
export function seatsOf(accounts: { id: number; nickname: string }[], initPoint = 25000): GameSeatRow[] {
  return accounts.map((a) => ({
    account_id: a.id,
    nickname: a.id === 0 ? 'robot 1' : a.nickname,
    init_points: initPoint,
  }));
}

/**
 * Writes a played game as a finished game of a season, as the host does: the game row, each hand as it ended,
 * then the record through the host's record writer (placement order, per-seat rows, yakuman marks).
 */
export async function insertRecord(
  world: World,
  season: { unique_id: number; season_id: number },
  played: Played,
  options: { seats: GameSeatRow[]; startTime: number; endTime: number; tag?: string; uuid?: string },
): Promise<string> {
  const db = world.database.db;
  const finished = finishedOf(played);
  const uuid = options.uuid ?? randomUUID();
  await db.insert(games).values({
    uuid,
    uniqueId: season.unique_id,
    seasonId: season.season_id,
    planUuid: null,
    state: 2,
    tag: options.tag ?? '',
    roundType: played.roundType,
    detailRule: played.rule,
    aiLevel: 1,
    seats: options.seats,
    seed: finished.seed,
    commitment: finished.commitment,
    startTime: options.startTime,
    updateTime: options.startTime,
  });
  for (const e of played.events) {
    if (e.type !== 'hand_end') continue;
    const progress = { chang: e.chang, ju: e.ju, ben: e.ben, liqibang: e.liqibang, scores: e.scores };
    await handEnded(
      db,
      uuid,
      { hand: e.hand, attempt: e.attempt, progress, result: e.result, log: e.handLog },
      options.endTime,
    );
  }
  await writeRecord(
    db,
    { uuid, uniqueId: season.unique_id, seasonId: season.season_id, seats: options.seats },
    finished,
    options.endTime,
  );
  return uuid;
}

/** A new organiser's East-game tournament (round type 1, default rule): its first season. */
export async function eastSeason(world: World) {
  const owner = await world.organiser({ currency: 60 });
  const ids = await world.contest(owner, { game_rule_setting: { mode: 1 } });
  return { owner, season: { unique_id: ids.unique_id, season_id: ids.season_id } };
}

/** Sets a roster player's season remark directly. */
export async function setRemark(
  world: World,
  season: { unique_id: number; season_id: number },
  accountId: number,
  remark: string,
) {
  await world.database.db
    .update(seasonPlayers)
    .set({ remark })
    .where(
      and(
        eq(seasonPlayers.uniqueId, season.unique_id),
        eq(seasonPlayers.seasonId, season.season_id),
        eq(seasonPlayers.accountId, accountId),
      ),
    );
}

export const codeOf = (res: Reply): number | undefined => res.body.error?.code;

/** A call's `data`, or a thrown error with the answer. */
export function dataOf(res: Reply) {
  if (res.status !== 200 || res.body.error) throw new Error(`HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Calls as one person on one season. */
export function caller(world: World, who: Organiser, season: { unique_id: number; season_id: number }) {
  return {
    get: (name: string, query: Record<string, unknown> = {}) =>
      world.get(name, { ...season, ...query }, { token: who.token }),
    post: (name: string, body: Record<string, unknown> = {}) =>
      world.post(name, { ...season, ...body }, { token: who.token }),
  };
}
