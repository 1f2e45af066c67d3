import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRecords, recordPlayers } from '../../src/db/schema';
import { recountStatement } from '../../src/domains/ranking/queries';
import { seasonWithRoster } from '../support/games';
import { type Organiser, startWorld, type World } from '../support/world';
import { caller, dataOf, type Season } from './support';

// The ranking information cap: rows past the 5000th are never served. The season gets 5 004 ranked players in
// bulk (one game each beside three robots, rows straight into the record tables, then every player counted by
// the statement the migration runs), since writing 5 004 games one by one would take minutes.

const PLAYERS = 5004;
let world: World;
let owner: Organiser;
let season: Season;

beforeAll(async () => {
  world = await startWorld();
  const s = await seasonWithRoster(world, 0);
  owner = s.owner;
  season = { unique_id: s.unique_id, season_id: s.season_id };
  const db = world.database.db;
  const end = world.clock.now() - 1000;
  for (let from = 0; from < PLAYERS; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, PLAYERS - from) }, (_, i) => ({
      uuid: randomUUID(),
      // Account ids that no account has: the rows show empty nicknames.
      player: 1_000_000 + from + i,
      points: (from + i) * 10,
    }));
    await db.insert(gameRecords).values(
      batch.map((b) => ({
        uuid: b.uuid,
        uniqueId: season.unique_id,
        seasonId: season.season_id,
        startTime: end - 600,
        endTime: end,
        roundType: 1,
        detailRule: {},
        seats: [],
        result: [],
        log: [],
        seed: '',
        commitment: '',
      })),
    );
    await db.insert(recordPlayers).values(
      batch.flatMap((b) =>
        [b.player, 0, 0, 0].map((accountId, seat) => ({
          recordUuid: b.uuid,
          uniqueId: season.unique_id,
          seasonId: season.season_id,
          accountId,
          seat,
          place: seat + 1,
          partPoint: 25000,
          totalPoint: seat === 0 ? b.points : seat === 1 ? -b.points : 0,
          endTime: end,
        })),
      ),
    );
  }
  await db.execute(
    recountStatement(sql`unique_id = ${season.unique_id} and season_id = ${season.season_id}`),
  );
});
afterAll(() => world?.close());

describe('fetch_season_player_rank: the top 5000', () => {
  it('total counts every ranked player; a page reaching past the 5000th row is cut there', async () => {
    const as = caller(world, owner, season);
    const page = dataOf(await as.post('fetch_season_player_rank', { offset: 4950, limit: 100 }));
    expect(page.total).toBe(PLAYERS);
    expect(page.list).toHaveLength(50);
    expect(page.list.at(-1).rank).toBe(5000);
    const past = dataOf(await as.get('fetch_season_player_rank', { offset: 5000, limit: 100 }));
    expect(past).toEqual({ list: [], total: PLAYERS, rank_rule: 0 });
  });

  it('the 50 pages of 100 of a download hold the top 5000 in order', async () => {
    const as = caller(world, owner, season);
    const ranks: number[] = [];
    for (let page = 0; page < 50; page++) {
      const data = dataOf(await as.post('fetch_season_player_rank', { offset: page * 100, limit: 100 }));
      ranks.push(...data.list.map((r: { rank: number }) => r.rank));
    }
    expect(ranks).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
  });

  it('the calculated ranking is cut at the 5000th row too', async () => {
    const as = caller(world, owner, season);
    const setting = { points: [0, 0, 0, 0], divisor: 1, min_games: 0 };
    const page = dataOf(
      await as.post('fetch_season_player_calc_rank', { setting, offset: 4990, limit: 100 }),
    );
    expect(page.total).toBe(PLAYERS);
    expect(page.list).toHaveLength(10);
  });
});
