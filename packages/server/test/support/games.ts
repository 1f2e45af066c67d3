import { and, eq } from 'drizzle-orm';
import { gamePlans, gameRecords, games } from '../../src/db/schema';
import { caller } from '../records/support';
import { HANG_GUARD_MS } from './hang-guard';
import { LinkClient, listen } from './link-client';
import type { Organiser, startWorld } from './world';

// Worlds with a running season, a roster and ready players, and games played through the real host and engine.

export type World = Awaited<ReturnType<typeof startWorld>>;
const DAY = 86_400;

/** Polls until `check` answers something truthy (or throws once the wait has hung). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  what = 'condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + HANG_GUARD_MS;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A tournament whose first season is running (the clock is moved past its start), with `players` accounts on
 * its roster. `overrides` go to create_contest (e.g. a round type or rule).
 */
export async function seasonWithRoster(
  world: World,
  players: number,
  overrides: Record<string, unknown> = {},
) {
  const owner = await world.organiser({ currency: 1000 });
  const { unique_id, season_id } = await world.contest(owner, overrides);
  const roster: Organiser[] = [];
  for (let i = 0; i < players; i++) roster.push(await world.organiser());
  if (roster.length > 0) {
    const added = await world.post(
      'add_contest_season_player',
      { unique_id, season_id, account_list: roster.map((p) => p.account.id) },
      { token: owner.token },
    );
    if (added.status !== 200 || added.body.data.failed.length > 0)
      throw new Error(`roster: ${JSON.stringify(added.body)}`);
  }
  world.clock.advance(DAY + 60);
  return { owner, unique_id, season_id, roster, ids: roster.map((p) => p.account.id) };
}

/** Marks accounts ready in a season, as their player link would. */
export function makeReady(world: World, unique_id: number, season_id: number, accountIds: number[]): void {
  for (const id of accountIds) world.app.deps.games.presence.add(unique_id, season_id, id, world.clock.now());
}

/** create_game_plan through HTTP; answers the plan's uuid (throws on a refusal). */
export async function plan(
  world: World,
  owner: Organiser,
  season: { unique_id: number; season_id: number },
  account_list: number[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await world.post(
    'create_game_plan',
    { ...season, account_list, ...extra },
    { token: owner.token },
  );
  if (res.status !== 200) throw new Error(`create_game_plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.uuid;
}

/** A season's plans, in any state. */
export async function plansOf(world: World, s: { unique_id: number; season_id: number }) {
  return world.database.db
    .select()
    .from(gamePlans)
    .where(and(eq(gamePlans.uniqueId, s.unique_id), eq(gamePlans.seasonId, s.season_id)));
}

/** Asks for the auto-match over the whole season, as its organiser (answers the HTTP response). */
export async function turnOnAutoMatch(
  world: World,
  s: { unique_id: number; season_id: number; owner: Organiser },
) {
  const list = await world.get(
    'fetch_contest_season_list',
    { unique_id: s.unique_id },
    { token: s.owner.token },
  );
  const { start_time, end_time } = list.body.data[0];
  return world.post(
    'update_contest_season',
    {
      unique_id: s.unique_id,
      season_id: s.season_id,
      setting: { auto_match: 1, match_start_time: start_time, match_end_time: end_time },
    },
    { token: s.owner.token },
  );
}

/** The game a plan became, once it has started. */
export async function gameOfPlan(world: World, planUuid: string): Promise<string> {
  return eventually(async () => {
    const [row] = await world.database.db
      .select({ gameUuid: gamePlans.gameUuid })
      .from(gamePlans)
      .where(eq(gamePlans.uuid, planUuid));
    return row?.gameUuid ?? null;
  }, `plan ${planUuid} to start`);
}

/** Waits for a game's record (it finished). */
export async function recordOf(world: World, gameUuid: string) {
  return eventually(async () => {
    const [row] = await world.database.db.select().from(gameRecords).where(eq(gameRecords.uuid, gameUuid));
    return row ?? null;
  }, `record of ${gameUuid}`);
}

/** A game's row (state 2 running, 3 finished, 5 stopped). */
export async function gameRow(world: World, gameUuid: string) {
  const [row] = await world.database.db.select().from(games).where(eq(games.uuid, gameUuid));
  return row;
}

/**
 * Plays one recorded game: the players given are made ready, planned with robots in the other seats (ai level
 * 0 unless given), and the record is awaited. Answers the game's uuid.
 */
export async function playRecordedGame(
  world: World,
  owner: Organiser,
  season: { unique_id: number; season_id: number },
  account_list: number[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  makeReady(
    world,
    season.unique_id,
    season.season_id,
    account_list.filter((id) => id !== 0),
  );
  const planUuid = await plan(world, owner, season, account_list, { ai_level: 0, ...extra });
  const gameUuid = await gameOfPlan(world, planUuid);
  await recordOf(world, gameUuid);
  return gameUuid;
}

/**
 * A season of four-player East games (round type 1) under `detail_rule`, with two players on its roster, and
 * one game it played through the host: the players East and West, robots of `ai_level` South and North.
 * Answers the season, its organiser's calls on it and the game's uuid.
 */
export async function eastGameOfTwoPlayers(
  world: World,
  detail_rule: Record<string, unknown>,
  ai_level: number,
) {
  const season = await seasonWithRoster(world, 2, { game_rule_setting: { mode: 1, detail_rule } });
  const [east, west] = season.ids;
  const uuid = await playRecordedGame(world, season.owner, season, [east, 0, west, 0], { ai_level });
  return { season, as: caller(world, season.owner, season), uuid };
}

/**
 * A season of four-player East games (round type 1) under `detail_rule`, with one player on its roster who has
 * entered its lobby and is ready on their own player link (served by the world, which starts listening).
 */
export async function readyOnLink(world: World, detail_rule: Record<string, unknown>) {
  const base = await listen(world);
  const season = await seasonWithRoster(world, 1, { game_rule_setting: { mode: 1, detail_rule } });
  const [player] = season.roster;
  const link = await LinkClient.as(base, player);
  await link.ask(
    { op: 'enter', unique_id: season.unique_id, season_id: season.season_id },
    (m) => m.op === 'entered',
  );
  await link.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready');
  return { season, player, link };
}

/** Plans `player` East with three robots (ai level 1) and waits for the game's record; answers the record. */
export async function playedWithRobots(
  world: World,
  season: Awaited<ReturnType<typeof seasonWithRoster>>,
  player: Organiser,
) {
  const planUuid = await plan(world, season.owner, season, [player.account.id, 0, 0, 0], { ai_level: 1 });
  return recordOf(world, await gameOfPlan(world, planUuid));
}
