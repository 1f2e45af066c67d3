import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRecords, recordPlayers } from '../../src/db/schema';
import {
  eventually,
  makeReady,
  plansOf,
  seasonWithRoster,
  turnOnAutoMatch,
  type World,
} from '../support/games';
import { startWorld } from '../support/world';

// The game limit (`contest_setting.game_limit` = `detail_rule.max_game_count`) holds for the auto-match too:
// a ready player who has played the season's limit is not seated.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

type Season = Awaited<ReturnType<typeof seasonWithRoster>>;

/** Turns the auto-match on over the whole season (it must be accepted). */
async function autoMatchOn(s: Season) {
  const res = await turnOnAutoMatch(world, s);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A finished, counted game of the season with `accountId` seated (what the host writes when a game ends). */
async function playedOne(s: Season, accountId: number) {
  const uuid = crypto.randomUUID();
  const now = world.clock.now();
  const seats = [accountId, 0, 0, 0];
  await world.database.db.insert(gameRecords).values({
    uuid,
    uniqueId: s.unique_id,
    seasonId: s.season_id,
    startTime: now - 600,
    endTime: now,
    tag: '',
    removed: 0,
    roundType: 2,
    detailRule: {},
    seats: seats.map((account_id) => ({ account_id, nickname: '', init_points: 25000 })),
    result: seats.map((_, seat) => ({ seat, part_point_1: 25000, total_point: 0 })),
    log: {},
    seed: 'x',
    commitment: 'y',
  });
  await world.database.db.insert(recordPlayers).values(
    seats.map((id, seat) => ({
      recordUuid: uuid,
      uniqueId: s.unique_id,
      seasonId: s.season_id,
      accountId: id,
      seat,
      place: seat + 1,
      partPoint: 25000,
      totalPoint: 0,
      endTime: now,
    })),
  );
}

describe('the game limit and the auto-match', () => {
  it('a ready player at the season limit is not seated; the others of a season beside it are', async () => {
    const limited = await seasonWithRoster(world, 4);
    const set = await world.post(
      'update_contest_base',
      { unique_id: limited.unique_id, setting: { contest_setting: { game_limit: 1 } } },
      { token: limited.owner.token },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await autoMatchOn(limited);
    await playedOne(limited, limited.ids[0]);
    const control = await seasonWithRoster(world, 4);
    await autoMatchOn(control);
    // The limited season's players are ready first, so a pass that seats the control season has looked at it.
    makeReady(world, limited.unique_id, limited.season_id, limited.ids);
    makeReady(world, control.unique_id, control.season_id, control.ids);
    world.app.deps.games.kick();
    await eventually(async () => (await plansOf(world, control)).length === 1, 'the control table');
    // Three players under the limit are not a table of four.
    expect(await plansOf(world, limited)).toEqual([]);
  });
});
