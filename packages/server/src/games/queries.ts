import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  accounts,
  contests,
  gameHands,
  gamePlans,
  games,
  type ProgressRow,
  planSeats,
  seasonPlayers,
  seasons,
} from '../db/schema';

// The game host's SQL.

export type GameRow = typeof games.$inferSelect;
export type PlanRow = typeof gamePlans.$inferSelect;
export type PlanWithSeats = PlanRow & { seats: { seat: number; accountId: number; initPoints: number }[] };

const WAITING = 1;
const STARTED = 2;
const EXPIRED = 4;
const RUNNING = 2;
const STOPPED = 5;

async function withSeats(db: Executor, plans: PlanRow[]): Promise<PlanWithSeats[]> {
  if (plans.length === 0) return [];
  const rows = await db
    .select()
    .from(planSeats)
    .where(
      inArray(
        planSeats.planUuid,
        plans.map((p) => p.uuid),
      ),
    )
    .orderBy(asc(planSeats.seat));
  return plans.map((p) => ({ ...p, seats: rows.filter((r) => r.planUuid === p.uuid) }));
}

/** Waiting plans that started before `before`: expired (state 4). */
export async function expirePlans(db: Executor, before: number) {
  return db
    .update(gamePlans)
    .set({ state: EXPIRED })
    .where(and(eq(gamePlans.state, WAITING), lt(gamePlans.startTime, before)))
    .returning({ uniqueId: gamePlans.uniqueId, seasonId: gamePlans.seasonId });
}

/** Waiting plans whose start time has come, earliest first, with their seats. */
export async function duePlans(db: Executor, now: number): Promise<PlanWithSeats[]> {
  const plans = await db
    .select()
    .from(gamePlans)
    .where(and(eq(gamePlans.state, WAITING), lte(gamePlans.startTime, now)))
    .orderBy(asc(gamePlans.startTime), asc(gamePlans.createTime));
  return withSeats(db, plans);
}

/** Marks a waiting plan started; undefined when it is no longer waiting (another pass took it, or it was stopped). */
export async function claimPlan(db: Executor, uuid: string): Promise<PlanWithSeats | undefined> {
  const [plan] = await db
    .update(gamePlans)
    .set({ state: STARTED })
    .where(and(eq(gamePlans.uuid, uuid), eq(gamePlans.state, WAITING)))
    .returning();
  if (!plan) return undefined;
  const [withRows] = await withSeats(db, [plan]);
  return withRows;
}

export async function setPlanState(db: Executor, uuid: string, state: number): Promise<void> {
  await db.update(gamePlans).set({ state }).where(eq(gamePlans.uuid, uuid));
}

export async function setPlanGame(db: Executor, uuid: string, gameUuid: string): Promise<void> {
  await db.update(gamePlans).set({ gameUuid }).where(eq(gamePlans.uuid, uuid));
}

export async function insertPlan(
  db: Executor,
  plan: Omit<PlanRow, 'state' | 'gameUuid'> & { seats: { accountId: number; initPoints: number }[] },
): Promise<void> {
  const { seats, ...row } = plan;
  await db.transaction(async (tx) => {
    await tx.insert(gamePlans).values({ ...row, state: WAITING });
    await tx.insert(planSeats).values(
      seats.map((s, seat) => ({
        planUuid: row.uuid,
        seat,
        accountId: s.accountId,
        initPoints: s.initPoints,
      })),
    );
  });
}

/** Accounts seated in a season's waiting plans. */
export async function plannedAccounts(
  db: Executor,
  uniqueId: number,
  seasonId: number,
): Promise<Set<number>> {
  const rows = await db
    .select({ accountId: planSeats.accountId })
    .from(planSeats)
    .innerJoin(gamePlans, eq(gamePlans.uuid, planSeats.planUuid))
    .where(
      and(eq(gamePlans.uniqueId, uniqueId), eq(gamePlans.seasonId, seasonId), eq(gamePlans.state, WAITING)),
    );
  return new Set(rows.map((r) => r.accountId).filter((id) => id !== 0));
}

/** What starting a game of the season needs: the season row and the tournament's rule. */
export async function matchSetting(db: Executor, uniqueId: number, seasonId: number) {
  const [row] = await db
    .select({
      season: seasons,
      roundType: contests.roundType,
      detailRule: contests.detailRule,
      emojiSwitch: contests.emojiSwitch,
    })
    .from(seasons)
    .innerJoin(contests, eq(contests.uniqueId, seasons.uniqueId))
    .where(
      and(
        eq(seasons.uniqueId, uniqueId),
        eq(seasons.seasonId, seasonId),
        sql`${contests.deleteTime} is null`,
      ),
    );
  if (!row) return undefined;
  return { ...row, initPoint: Number(row.detailRule.init_point ?? 25000) };
}

/** The names players are shown under in a season: the season nickname, else the account's. */
export async function seatNames(
  db: Executor,
  uniqueId: number,
  seasonId: number,
  accountIds: number[],
): Promise<Map<number, string>> {
  const ids = accountIds.filter((id) => id !== 0);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, nickname: accounts.nickname, seasonNickname: seasonPlayers.nickname })
    .from(accounts)
    .leftJoin(
      seasonPlayers,
      and(
        eq(seasonPlayers.accountId, accounts.id),
        eq(seasonPlayers.uniqueId, uniqueId),
        eq(seasonPlayers.seasonId, seasonId),
      ),
    )
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.seasonNickname ?? r.nickname]));
}

export async function insertGame(db: Executor, row: typeof games.$inferInsert): Promise<void> {
  await db.insert(games).values(row);
}

export async function runningGames(db: Executor): Promise<GameRow[]> {
  return db.select().from(games).where(eq(games.state, RUNNING)).orderBy(asc(games.startTime));
}

/** The logs of a game's hands before `hand`, in order: what a resumed game starts from. */
export async function handLogsBefore(db: Executor, uuid: string, hand: number): Promise<unknown[]> {
  const rows = await db
    .select({ log: gameHands.log })
    .from(gameHands)
    .where(and(eq(gameHands.gameUuid, uuid), lt(gameHands.hand, hand)))
    .orderBy(asc(gameHands.hand));
  return rows.map((r) => r.log);
}

export async function handStarted(
  db: Executor,
  uuid: string,
  hand: number,
  progress: ProgressRow,
  now: number,
): Promise<void> {
  await db
    .update(games)
    .set({ hand, handStart: progress, progress, updateTime: now })
    .where(and(eq(games.uuid, uuid), eq(games.state, RUNNING)));
}

/** A hand's end: its result and log (again, if a resumed game plays it a second time), and the new standing. */
export async function handEnded(
  db: Executor,
  uuid: string,
  hand: { hand: number; progress: ProgressRow; result: unknown; log: unknown },
  now: number,
): Promise<void> {
  const { progress, log } = hand;
  const result = { ...progress, result: hand.result };
  await db.transaction(async (tx) => {
    await tx
      .insert(gameHands)
      .values({ gameUuid: uuid, hand: hand.hand, result, log })
      .onConflictDoUpdate({ target: [gameHands.gameUuid, gameHands.hand], set: { result, log } });
    await tx
      .update(games)
      .set({ progress, updateTime: now })
      .where(and(eq(games.uuid, uuid), eq(games.state, RUNNING)));
  });
}

/** Sets or clears a game's pause; answers its standing. */
export async function setPause(
  db: Executor,
  uuid: string,
  until: number | null,
): Promise<ProgressRow | null> {
  const [row] = await db
    .update(games)
    .set({ pauseUntil: until })
    .where(eq(games.uuid, uuid))
    .returning({ progress: games.progress });
  return row?.progress ?? null;
}

/** A game that ended without a record: terminated, or stopped by an engine failure. */
export async function stopGame(db: Executor, uuid: string, reason: string, now: number): Promise<void> {
  await db
    .update(games)
    .set({ state: STOPPED, stopReason: reason, endTime: now, pauseUntil: null, updateTime: now })
    .where(and(eq(games.uuid, uuid), eq(games.state, RUNNING)));
}

/** How many games of a season are running. */
export async function runningCount(db: Executor, uniqueId: number, seasonId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(and(eq(games.uniqueId, uniqueId), eq(games.seasonId, seasonId), eq(games.state, RUNNING)));
  return row?.n ?? 0;
}

/** Cancels a season's waiting plans (state 5); answers how many there were. */
export async function cancelWaitingPlans(db: Executor, uniqueId: number, seasonId: number): Promise<number> {
  const rows = await db
    .update(gamePlans)
    .set({ state: 5 })
    .where(
      and(eq(gamePlans.uniqueId, uniqueId), eq(gamePlans.seasonId, seasonId), eq(gamePlans.state, WAITING)),
    )
    .returning({ uuid: gamePlans.uuid });
  return rows.length;
}
