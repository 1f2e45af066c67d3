import { DEFAULT_RULE_4P } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '../../src/db/schema';
import {
  eventually,
  makeReady,
  plansOf,
  seasonWithRoster,
  turnOnAutoMatch,
  type World,
} from '../support/games';
import { startWorld } from '../support/world';

// A tournament whose rule the game server cannot play (one created before such modes were refused, e.g. a
// wanxiang tournament) plans no table: create_game_plan and turning auto-match on are refused with 2523 and the
// engine's reason, and the auto-match seats nobody under it.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

type Season = Awaited<ReturnType<typeof seasonWithRoster>>;
const seasonOf = (s: Season) => ({ unique_id: s.unique_id, season_id: s.season_id });

/** Gives the tournament a wanxiang rule, as one created before the refusal holds it. */
async function makeWanxiang(s: Season) {
  await world.database.db
    .update(contests)
    .set({ roundType: 2, detailRule: { ...DEFAULT_RULE_4P, wanxiangxiuluo_mode: 1 } })
    .where(eq(contests.uniqueId, s.unique_id));
}

describe('plans under a rule the game server cannot play', () => {
  it("create_game_plan is refused with 2523 and the engine's reason; nothing is planned", async () => {
    const s = await seasonWithRoster(world, 1);
    await makeWanxiang(s);
    const res = await world.post(
      'create_game_plan',
      { ...seasonOf(s), account_list: [s.ids[0], 0, 0, 0] },
      { token: s.owner.token },
    );
    expect(res.body.error?.code, JSON.stringify(res.body)).toBe(2523);
    expect(res.body.error.message).toContain('wanxiang xiuluo mode is not supported');
    expect(res.body.error.unsupported).toEqual([
      expect.objectContaining({ field: 'wanxiangxiuluo_mode', value: 1 }),
    ]);
    expect(await plansOf(world, s)).toEqual([]);
  });

  it("turning auto-match on is refused with 2523 and the engine's reason", async () => {
    const s = await seasonWithRoster(world, 0);
    await makeWanxiang(s);
    const res = await turnOnAutoMatch(world, s);
    expect(res.body.error?.code, JSON.stringify(res.body)).toBe(2523);
    expect(res.body.error.unsupported).toEqual([expect.objectContaining({ field: 'wanxiangxiuluo_mode' })]);
  });

  it('auto-match already on seats nobody under such a rule, while a playable season beside it is seated', async () => {
    const legacy = await seasonWithRoster(world, 4);
    expect((await turnOnAutoMatch(world, legacy)).status).toBe(200);
    await makeWanxiang(legacy);
    const playable = await seasonWithRoster(world, 4);
    expect((await turnOnAutoMatch(world, playable)).status).toBe(200);
    // The legacy season's players are ready first, so a pass that seats the playable one has looked at it.
    makeReady(world, legacy.unique_id, legacy.season_id, legacy.ids);
    makeReady(world, playable.unique_id, playable.season_id, playable.ids);
    world.app.deps.games.kick();
    await eventually(async () => (await plansOf(world, playable)).length === 1, 'the playable table');
    expect(await plansOf(world, legacy)).toEqual([]);
  });
});
