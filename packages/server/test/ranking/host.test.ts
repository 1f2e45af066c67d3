import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/client';
import { gameRecords, recordPlayers } from '../../src/db/schema';
import { recountStatement } from '../../src/domains/ranking/queries';
import { playRecordedGame, seasonWithRoster } from '../support/games';
import { startWorld, type World } from '../support/world';
import { caller, dataOf, writeGame } from './support';

// The ranking of games the host really plays: robots and two roster players whose seats the engine plays.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

describe('rankings of played games', () => {
  it('a game the host plays and records is in the next ranking read, with its places and points', async () => {
    const s = await seasonWithRoster(world, 2);
    const season = { unique_id: s.unique_id, season_id: s.season_id };
    const uuid = await playRecordedGame(world, s.owner, season, [s.ids[0], 0, s.ids[1], 0]);
    const seats = await world.database.db
      .select()
      .from(recordPlayers)
      .where(eq(recordPlayers.recordUuid, uuid));
    const data = dataOf(await caller(world, s.owner, season).post('fetch_season_player_rank'));
    expect(data.total).toBe(2);
    for (const row of data.list) {
      const seat = seats.find((r) => r.accountId === row.account_id);
      expect(row.score).toBe(seat?.totalPoint);
      expect(row.uuid).toBe(uuid);
      expect(row[`rank_${seat?.place}_count`]).toBe(1);
    }
    const [first, second] = data.list;
    expect(first.score).toBeGreaterThanOrEqual(second.score);
  });

  it('records written while others of the same players are removed and restored: every recount holds', async () => {
    const s = await seasonWithRoster(world, 2);
    const season = { unique_id: s.unique_id, season_id: s.season_id };
    const [p, q] = s.ids;
    const t = world.clock.now() - 5000;
    const first: string[] = [];
    for (let i = 0; i < 4; i++) first.push(await writeGame(world, season, [p, q, 0, 0], t + i));
    const as = caller(world, s.owner, season);
    await Promise.all([
      ...first.map((uuid) => as.post('update_contest_game_record', { uuid, remove: 1 })),
      ...[0, 1, 2, 3].map((i) => writeGame(world, season, [q, 0, p, 0], t + 100 + i)),
      as.post('update_contest_game_record', { uuid: first[0], remove: 0 }),
    ]);
    const removed = await world.database.db
      .select({ uuid: gameRecords.uuid })
      .from(gameRecords)
      .where(and(eq(gameRecords.uniqueId, season.unique_id), eq(gameRecords.removed, 1)));
    const counted = 8 - removed.length;
    const data = dataOf(await as.post('fetch_season_player_rank'));
    const row = (id: number) => data.list.find((r: { account_id: number }) => r.account_id === id);
    // Each of p's counted games: +30 in the first four, −10 in the last four (q the other way round: +10, +30).
    const firstCounted = counted - 4;
    expect(row(p).game_count).toBe(counted);
    expect(row(p).score).toBe(firstCounted * 30000 - 4 * 10000);
    expect(row(q).score).toBe(firstCounted * 10000 + 4 * 30000);
  }, 60_000);

  it('the migration counts every season with the statement the server recounts players with', () => {
    const migration = readFileSync(join(MIGRATIONS_DIR, '0007_ranking_indexes.sql'), 'utf8');
    const statement = new PgDialect().sqlToQuery(recountStatement(sql`true`)).sql;
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(squash(migration)).toContain(squash(statement));
  });
});
