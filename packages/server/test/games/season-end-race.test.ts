import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlans, games } from '../../src/db/schema';
import { eventually, makeReady, plan, seasonWithRoster, type World } from '../support/games';
import { startWorld } from '../support/world';

// Ending a season while the game host starts (or expires) its due plans: both take the season row before a
// plan row, so neither waits for the other in a circle. On PostgreSQL a circle was a deadlock: one side was
// killed, and end_contest_season answered 500.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const ROUNDS = 12;
const PLANS = 8;

describe('end_contest_season racing the host starting due plans', () => {
  it(`${ROUNDS} rounds of ${PLANS} due plans: never a 5xx; every plan ends cancelled or expired, no game left running`, async () => {
    const host = world.app.deps.games;
    const statuses: number[] = [];
    // The same players in every round's tournament (accounts are slow to make).
    const players = await Promise.all(Array.from({ length: PLANS }, () => world.organiser()));
    for (let round = 0; round < ROUNDS; round++) {
      const s = await seasonWithRoster(world, 0);
      const season = { unique_id: s.unique_id, season_id: s.season_id };
      const ids = players.map((p) => p.account.id);
      const added = await world.post(
        'add_contest_season_player',
        { ...season, account_list: ids },
        { token: s.owner.token },
      );
      expect(added.body.data.failed).toEqual([]);
      const start = world.clock.now() + 120;
      const uuids: string[] = [];
      for (const id of ids)
        uuids.push(await plan(world, s.owner, season, [id, 0, 0, 0], { game_start_time: start }));
      // The season finishes before its plans are due: the host expires them as they fall due.
      const finished = await world.post(
        'update_contest_season',
        { ...season, setting: { end_time: world.clock.now() + 60 } },
        { token: s.owner.token },
      );
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
      makeReady(world, s.unique_id, s.season_id, ids);
      world.clock.advance(121);
      // The host's pass and the organiser's call at the same moment.
      host.kick();
      const ended = await world.post('end_contest_season', season, { token: s.owner.token });
      statuses.push(ended.status);
      expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(500);
      if (ended.status !== 200) {
        // The host held the plans a moment: the organiser tries again.
        const again = await world.post('end_contest_season', season, { token: s.owner.token });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
      }
      const rows = await eventually(async () => {
        const plans = await world.database.db
          .select({ state: gamePlans.state })
          .from(gamePlans)
          .where(inArray(gamePlans.uuid, uuids));
        return plans.every((p) => p.state === 4 || p.state === 5) ? plans : null;
      });
      expect(rows).toHaveLength(PLANS);
      const running = await world.database.db
        .select({ uuid: games.uuid })
        .from(games)
        .where(eq(games.uniqueId, s.unique_id));
      expect(running).toEqual([]);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  }, 180_000);
});
