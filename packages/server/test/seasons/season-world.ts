import { and, eq } from 'drizzle-orm';
import { auditLog, seasonPlayers } from '../../src/db/schema';
import type { Organiser, Reply, World } from '../support/world';

// Season tests: a tournament of its own organiser (season 1 starts tomorrow and lasts 7 days), and the calls
// made on it, read as the console reads them.

export const DAY = 86_400;

/** A new organiser's tournament, its first season's ids and times. */
export async function tournament(world: World) {
  const owner = await world.organiser({ currency: 60 });
  const { unique_id, season_id } = await world.contest(owner);
  const first = await seasonOf(world, owner, unique_id, season_id);
  return { world, owner, unique_id, season_id, start: first.start_time, end: first.end_time };
}
export type Tournament = Awaited<ReturnType<typeof tournament>>;

// biome-ignore lint/suspicious/noExplicitAny: tests read wire bodies
export async function seasonList(world: World, who: Organiser, unique_id: number): Promise<any[]> {
  const res = await world.get('fetch_contest_season_list', { unique_id }, { token: who.token });
  if (res.status !== 200) throw new Error(`season list: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function seasonOf(world: World, who: Organiser, unique_id: number, season_id: number) {
  const found = (await seasonList(world, who, unique_id)).find((s) => s.season_id === season_id);
  if (!found) throw new Error(`no season ${season_id}`);
  return found;
}

export const update = (t: Tournament, setting: Record<string, unknown>, season_id = t.season_id) =>
  t.world.post(
    'update_contest_season',
    { unique_id: t.unique_id, season_id, setting },
    { token: t.owner.token },
  );

export const endSeason = (t: Tournament, season_id = t.season_id) =>
  t.world.post('end_contest_season', { unique_id: t.unique_id, season_id }, { token: t.owner.token });

export const createSeason = (t: Tournament, start_time: number, end_time: number) =>
  t.world.post(
    'create_contest_season',
    { unique_id: t.unique_id, start_time, end_time },
    { token: t.owner.token },
  );

/** Moves the clock past the season's end and ends it through the API. */
export async function finishAndEnd(t: Tournament, season_id = t.season_id) {
  const season = await seasonOf(t.world, t.owner, t.unique_id, season_id);
  const wait = season.end_time - t.world.clock.now();
  if (wait >= 0) t.world.clock.advance(wait + 1);
  const res = await endSeason(t, season_id);
  if (res.status !== 200) throw new Error(`end_contest_season: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const codeOf = (res: Reply): number | undefined => res.body.error?.code;

/** Audit entries of one season, oldest first. */
export async function auditOf(t: Tournament, action: string, season_id = t.season_id) {
  return t.world.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, `${t.unique_id}/${season_id}`)))
    .orderBy(auditLog.id);
}

/** Puts accounts on a season's player table directly (1 pending sign-up, 2 roster). */
export async function seatPlayers(
  t: Tournament,
  accountIds: number[],
  state: 1 | 2,
  season_id = t.season_id,
) {
  const now = t.world.clock.now();
  await t.world.database.db.insert(seasonPlayers).values(
    accountIds.map((accountId) => ({
      uniqueId: t.unique_id,
      seasonId: season_id,
      accountId,
      state,
      createTime: now,
      updateTime: now,
    })),
  );
}

export async function playerStates(t: Tournament, season_id = t.season_id) {
  const rows = await t.world.database.db
    .select({ accountId: seasonPlayers.accountId, state: seasonPlayers.state })
    .from(seasonPlayers)
    .where(and(eq(seasonPlayers.uniqueId, t.unique_id), eq(seasonPlayers.seasonId, season_id)))
    .orderBy(seasonPlayers.accountId);
  return rows;
}
