import { ErrorCode } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlans } from '../../src/db/schema';
import {
  eventually,
  gameOfPlan,
  gameRow,
  makeReady,
  plan,
  seasonWithRoster,
  type World,
} from '../support/games';
import { startWorld } from '../support/world';

// Ending a season needs all its matches done: a game still playing keeps it open (2541); waiting plans, which can
// no longer start, are cancelled with it.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('end_contest_season with games', () => {
  it('refuses while a game plays, then ends the season and cancels its waiting plans', async () => {
    const s = await seasonWithRoster(world, 2);
    const season = { unique_id: s.unique_id, season_id: s.season_id };
    const host = world.app.deps.games;
    // A linked player who does not answer keeps the table on its seat.
    const unlink = host.live.onAccount(s.ids[0], () => {});
    makeReady(world, s.unique_id, s.season_id, [s.ids[0]]);
    const gameUuid = await gameOfPlan(world, await plan(world, s.owner, season, [s.ids[0], 0, 0, 0]));
    const later = await plan(world, s.owner, season, [s.ids[1], 0, 0, 0], {
      game_start_time: world.clock.now() + 8 * 86_400 + 3600,
    });

    world.clock.advance(8 * 86_400);
    const refused = await world.post('end_contest_season', season, { token: s.owner.token });
    expect(refused.body.error.code).toBe(ErrorCode.SEASON_NOT_FINISHED);

    const terminated = await world.post(
      'terminate_contest_running_game',
      { unique_id: s.unique_id, uuid: gameUuid },
      { token: s.owner.token },
    );
    expect(terminated.body).toEqual({ data: {} });
    await eventually(async () => (await gameRow(world, gameUuid)).state === 5);
    const ended = await world.post('end_contest_season', season, { token: s.owner.token });
    expect(ended.body.data.state).toBe(4);
    const [row] = await world.database.db.select().from(gamePlans).where(eq(gamePlans.uuid, later));
    expect(row.state).toBe(5);
    unlink();
  });
});
