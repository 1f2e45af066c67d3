import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  accounts,
  gamePlans,
  gameRecords,
  games,
  planSeats,
  recordPlayers,
  seasonPlayers,
} from '../../db/schema';
import { GameState } from '../../games/game-state';

// Planned games of a season, and what planning needs to know about its players.

export type PlanRow = typeof gamePlans.$inferSelect;
export type PlanSeatRow = typeof planSeats.$inferSelect;
export type PlanWithSeats = PlanRow & { seats: PlanSeatRow[] };
type SeasonKey = { uniqueId: number; seasonId: number };

const ACCEPTED = 2;

const plansOfSeason = (key: SeasonKey) =>
  and(eq(gamePlans.uniqueId, key.uniqueId), eq(gamePlans.seasonId, key.seasonId));
const gamesOfSeason = (key: SeasonKey) =>
  and(eq(games.uniqueId, key.uniqueId), eq(games.seasonId, key.seasonId));

/** A season player as the game pages show them: the season nickname, else the account's; the season remark. */
export type SeasonFace = { accountId: number; nickname: string; remark: string; onRoster: boolean };

/**
 * How some accounts appear in a season: every existing account among `accountIds`, with its roster entry if
 * it has one (accepted or not). Unknown accounts are left out.
 */
export async function facesOf(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
): Promise<Map<number, SeasonFace>> {
  const ids = [...new Set(accountIds.filter((id) => id !== 0))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: accounts.id,
      nickname: accounts.nickname,
      seasonNickname: seasonPlayers.nickname,
      remark: seasonPlayers.remark,
      state: seasonPlayers.state,
    })
    .from(accounts)
    .leftJoin(
      seasonPlayers,
      and(
        eq(seasonPlayers.accountId, accounts.id),
        eq(seasonPlayers.uniqueId, key.uniqueId),
        eq(seasonPlayers.seasonId, key.seasonId),
      ),
    )
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, faceOf(r)]));
}

/** An account joined with its roster entry, as `SeasonFace`. */
function faceOf(r: {
  id: number;
  nickname: string;
  seasonNickname: string | null;
  remark: string | null;
  state: number | null;
}): SeasonFace {
  return {
    accountId: r.id,
    nickname: r.seasonNickname ?? r.nickname,
    remark: r.remark ?? '',
    onRoster: r.state === ACCEPTED,
  };
}

/** A ready account as the ready list shows it: its face in the season, and where it is already seated. */
export type ReadyFace = SeasonFace & { playing: boolean; planned: boolean };

/**
 * The ready list's one read: for each of `accountIds` (ready on their links), its face in the season
 * (`facesOf`), whether it sits in one of the season's running games and whether in one of its waiting plans.
 */
export async function readyFacesOf(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
): Promise<Map<number, ReadyFace>> {
  const ids = [...new Set(accountIds.filter((id) => id !== 0))];
  if (ids.length === 0) return new Map();
  const uniqueId = sql.placeholder('uniqueId');
  const seasonId = sql.placeholder('seasonId');
  const rows = await prepared(db, 'ready_faces_of', (db) =>
    db
      .select({
        id: accounts.id,
        nickname: accounts.nickname,
        seasonNickname: seasonPlayers.nickname,
        remark: seasonPlayers.remark,
        state: seasonPlayers.state,
        playing: sql<boolean>`exists (select 1 from games g, jsonb_array_elements(g.seats) as seat
          where g.unique_id = ${uniqueId} and g.season_id = ${seasonId} and g.state = ${GameState.RUNNING}
            and (seat->>'account_id')::int = "accounts"."id")`,
        planned: sql<boolean>`exists (select 1 from plan_seats ps join game_plans gp on gp.uuid = ps.plan_uuid
          where gp.unique_id = ${uniqueId} and gp.season_id = ${seasonId} and gp.state = ${GameState.WAITING}
            and ps.account_id = "accounts"."id")`,
      })
      .from(accounts)
      .leftJoin(
        seasonPlayers,
        and(
          eq(seasonPlayers.accountId, accounts.id),
          eq(seasonPlayers.uniqueId, uniqueId),
          eq(seasonPlayers.seasonId, seasonId),
        ),
      )
      .where(sql`${accounts.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('ready_faces_of'),
  ).execute({ ...key, ids: `{${ids.map((id) => Math.trunc(id)).join(',')}}` });
  return new Map(
    rows.map((r) => [r.id, { ...faceOf(r), playing: Boolean(r.playing), planned: Boolean(r.planned) }]),
  );
}

/** Accounts of a season seated in one of its waiting plans. */
export async function plannedAccounts(db: Executor, key: SeasonKey): Promise<Set<number>> {
  const rows = await db
    .select({ accountId: planSeats.accountId })
    .from(planSeats)
    .innerJoin(gamePlans, eq(gamePlans.uuid, planSeats.planUuid))
    .where(and(plansOfSeason(key), eq(gamePlans.state, GameState.WAITING)));
  return new Set(rows.map((r) => Number(r.accountId)).filter((id) => id !== 0));
}

/** Accounts of a season seated in one of its running games. */
export async function playingAccounts(db: Executor, key: SeasonKey): Promise<Set<number>> {
  const rows = await db
    .select({ accountId: sql<number>`(seat->>'account_id')::int` })
    .from(sql`${games}, jsonb_array_elements(${games.seats}) as seat`)
    .where(and(gamesOfSeason(key), eq(games.state, GameState.RUNNING)));
  return new Set(rows.map((r) => Number(r.accountId)).filter((id) => id !== 0));
}

/** Accounts of a season seated in one of its waiting plans or running games. */
export async function busyAccounts(db: Executor, key: SeasonKey): Promise<Set<number>> {
  return new Set([...(await plannedAccounts(db, key)), ...(await playingAccounts(db, key))]);
}

/**
 * Games each account has in a season, towards `max_game_count`: its records (removed records do not count),
 * its running games and its waiting plans.
 */
export async function gameCounts(
  db: Executor,
  key: SeasonKey,
  accountIds: number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (accountIds.length === 0) return counts;
  const add = (id: number, n: number) => counts.set(id, (counts.get(id) ?? 0) + n);
  const recorded = await db
    .select({ accountId: recordPlayers.accountId, n: sql<number>`count(*)::int` })
    .from(recordPlayers)
    .innerJoin(gameRecords, eq(gameRecords.uuid, recordPlayers.recordUuid))
    .where(
      and(
        eq(recordPlayers.uniqueId, key.uniqueId),
        eq(recordPlayers.seasonId, key.seasonId),
        inArray(recordPlayers.accountId, accountIds),
        eq(gameRecords.removed, 0),
      ),
    )
    .groupBy(recordPlayers.accountId);
  for (const r of recorded) add(r.accountId, Number(r.n));
  const planned = await db
    .select({ accountId: planSeats.accountId, n: sql<number>`count(*)::int` })
    .from(planSeats)
    .innerJoin(gamePlans, eq(gamePlans.uuid, planSeats.planUuid))
    .where(
      and(
        plansOfSeason(key),
        eq(gamePlans.state, GameState.WAITING),
        inArray(planSeats.accountId, accountIds),
      ),
    )
    .groupBy(planSeats.accountId);
  for (const r of planned) add(r.accountId, Number(r.n));
  const playing = await db
    .select({ accountId: sql<number>`(seat->>'account_id')::int`, n: sql<number>`count(*)::int` })
    .from(sql`${games}, jsonb_array_elements(${games.seats}) as seat`)
    .where(
      and(
        gamesOfSeason(key),
        eq(games.state, GameState.RUNNING),
        inArray(sql`(seat->>'account_id')::int`, accountIds),
      ),
    )
    .groupBy(sql`(seat->>'account_id')::int`);
  for (const r of playing) add(Number(r.accountId), Number(r.n));
  return counts;
}

export async function insertPlan(
  db: Executor,
  plan: Omit<typeof gamePlans.$inferInsert, 'gameUuid'>,
  seats: { accountId: number; initPoints: number }[],
): Promise<void> {
  await db.insert(gamePlans).values(plan);
  await db.insert(planSeats).values(
    seats.map((s, seat) => ({
      planUuid: plan.uuid,
      seat,
      accountId: s.accountId,
      initPoints: s.initPoints,
    })),
  );
}

/** A season's waiting plans, soonest first, with their seats in seat order. */
export async function waitingPlans(db: Executor, key: SeasonKey): Promise<PlanWithSeats[]> {
  const plans = await db
    .select()
    .from(gamePlans)
    .where(and(plansOfSeason(key), eq(gamePlans.state, GameState.WAITING)))
    .orderBy(asc(gamePlans.startTime), asc(gamePlans.createTime), asc(gamePlans.uuid));
  if (plans.length === 0) return [];
  const seats = await db
    .select()
    .from(planSeats)
    .where(
      inArray(
        planSeats.planUuid,
        plans.map((p) => p.uuid),
      ),
    )
    .orderBy(asc(planSeats.planUuid), asc(planSeats.seat));
  return plans.map((p) => ({ ...p, seats: seats.filter((s) => s.planUuid === p.uuid) }));
}

/** Cancels a season's plan while it is still waiting; answers it, or undefined when it was not waiting. */
export async function cancelPlan(db: Executor, key: SeasonKey, uuid: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(gamePlans)
    .set({ state: GameState.STOPPED })
    .where(and(plansOfSeason(key), eq(gamePlans.uuid, uuid), eq(gamePlans.state, GameState.WAITING)))
    .returning();
  return row;
}

/** The account's soonest waiting plan of a season, with its seats in seat order, or undefined. */
export async function nextPlanOf(
  db: Executor,
  key: SeasonKey,
  accountId: number,
): Promise<PlanWithSeats | undefined> {
  const [plan] = await db
    .select({ plan: gamePlans })
    .from(gamePlans)
    .innerJoin(planSeats, eq(planSeats.planUuid, gamePlans.uuid))
    .where(
      and(plansOfSeason(key), eq(gamePlans.state, GameState.WAITING), eq(planSeats.accountId, accountId)),
    )
    .orderBy(asc(gamePlans.startTime), asc(gamePlans.createTime), asc(gamePlans.uuid))
    .limit(1);
  if (!plan) return undefined;
  const seats = await db
    .select()
    .from(planSeats)
    .where(eq(planSeats.planUuid, plan.plan.uuid))
    .orderBy(asc(planSeats.seat));
  return { ...plan.plan, seats };
}
