import type { FailReason } from '@taikai/protocol';
import { and, asc, eq, exists, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  accounts,
  bans,
  contests,
  gameHands,
  gamePlans,
  games,
  type ProgressRow,
  planSeats,
  seasonAccountLists,
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
const CANCELLED = 5;
const RUNNING = 2;
const STOPPED = 5;
const ACCEPTED = 2;
const SIGNUP_BLACKLIST = 3;

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
  // Grouped once: filtering every seat for every plan costs plans × seats (16 million steps for 2 000 plans).
  const byPlan = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    const seats = byPlan.get(r.planUuid);
    if (seats) seats.push(r);
    else byPlan.set(r.planUuid, [r]);
  }
  return plans.map((p) => ({ ...p, seats: byPlan.get(p.uuid) ?? [] }));
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

/** A waiting plan with its seats, read without a lock (a plan's seats never change); undefined when not waiting. */
export async function waitingPlan(db: Executor, uuid: string): Promise<PlanWithSeats | undefined> {
  const [plan] = await db
    .select()
    .from(gamePlans)
    .where(and(eq(gamePlans.uuid, uuid), eq(gamePlans.state, WAITING)));
  if (!plan) return undefined;
  const [withRows] = await withSeats(db, [plan]);
  return withRows;
}

/** How a waiting plan ends: started as a game, expired, or cancelled because a seat may no longer play. */
export type PlanEnd =
  | { state: typeof STARTED; gameUuid: string }
  | { state: typeof EXPIRED }
  | { state: typeof CANCELLED; stopReason: FailReason; stopAccount: number; stopTime: number };

/**
 * Ends a waiting plan in one update of its row; false when it is no longer waiting (another pass took it, or it
 * was stopped). One update only: a second update of a row this transaction wrote checks the plan's season
 * reference again, a share lock on the season row taken after the plan's, which is the order that deadlocks
 * with ending the season.
 */
export async function endPlan(db: Executor, uuid: string, end: PlanEnd): Promise<boolean> {
  const rows = await db
    .update(gamePlans)
    .set(end)
    .where(and(eq(gamePlans.uuid, uuid), eq(gamePlans.state, WAITING)))
    .returning({ uuid: gamePlans.uuid });
  return rows.length > 0;
}

/**
 * Cancels the waiting plans that seat any of `accountIds` (of one season, or of every season) because those
 * players may no longer play: state 5 with the reason and the first such seat's account. Answers the plans.
 */
export async function cancelPlansSeating(
  db: Executor,
  accountIds: number[],
  reason: FailReason,
  now: number,
  season?: { uniqueId: number; seasonId: number },
): Promise<{ uuid: string; uniqueId: number; seasonId: number }[]> {
  const ids = [...new Set(accountIds.filter((id) => id !== 0))];
  if (ids.length === 0) return [];
  const seated = and(eq(planSeats.planUuid, gamePlans.uuid), inArray(planSeats.accountId, ids));
  const firstSeated = db
    .select({ accountId: planSeats.accountId })
    .from(planSeats)
    .where(seated)
    .orderBy(asc(planSeats.seat))
    .limit(1);
  return db
    .update(gamePlans)
    .set({ state: CANCELLED, stopReason: reason, stopAccount: sql`(${firstSeated})`, stopTime: now })
    .where(
      and(
        eq(gamePlans.state, WAITING),
        season ? eq(gamePlans.uniqueId, season.uniqueId) : undefined,
        season ? eq(gamePlans.seasonId, season.seasonId) : undefined,
        exists(db.select({ one: sql`1` }).from(planSeats).where(seated)),
      ),
    )
    .returning({ uuid: gamePlans.uuid, uniqueId: gamePlans.uniqueId, seasonId: gamePlans.seasonId });
}

/**
 * Why each of `accountIds` may not sit at a table of the season now: `player_removed` not on its roster,
 * `player_blacklisted` on its blacklist, `player_banned` the account or its e-mail is banned. Accounts that may
 * play are not in the answer.
 */
export async function seatRefusals(
  db: Executor,
  key: { uniqueId: number; seasonId: number },
  accountIds: number[],
): Promise<Map<number, FailReason>> {
  const ids = [...new Set(accountIds.filter((id) => id !== 0))];
  const refusals = new Map<number, FailReason>();
  if (ids.length === 0) return refusals;
  const rows = await db
    .select({
      id: accounts.id,
      state: seasonPlayers.state,
      blacklisted: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(seasonAccountLists)
          .where(
            and(
              eq(seasonAccountLists.uniqueId, key.uniqueId),
              eq(seasonAccountLists.seasonId, key.seasonId),
              eq(seasonAccountLists.list, SIGNUP_BLACKLIST),
              eq(seasonAccountLists.accountId, accounts.id),
            ),
          ),
      )}`,
      banned: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(bans)
          .where(
            or(
              and(eq(bans.kind, 'account'), eq(bans.value, sql`${accounts.id}::text`)),
              and(eq(bans.kind, 'email'), eq(bans.value, accounts.email)),
            ),
          ),
      )}`,
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
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = found.get(id);
    if (!row) refusals.set(id, 'player_removed');
    else if (row.banned) refusals.set(id, 'player_banned');
    else if (row.blacklisted) refusals.set(id, 'player_blacklisted');
    else if (row.state !== ACCEPTED) refusals.set(id, 'player_removed');
  }
  return refusals;
}

/**
 * Holds the rows of the accounts about to be seated (FOR SHARE, in id order) until the transaction ends. A ban
 * takes its account's row FOR UPDATE before it writes: a start that checked the seats cannot commit a seat
 * banned meanwhile, and a ban waits for a start in progress.
 */
export async function holdAccounts(db: Executor, accountIds: number[]): Promise<void> {
  const ids = [...new Set(accountIds.filter((id) => id !== 0))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.id, ids))
    .orderBy(asc(accounts.id))
    .for('share');
}

export async function insertPlan(
  db: Executor,
  plan: Omit<typeof gamePlans.$inferInsert, 'state' | 'gameUuid'> & {
    seats: { accountId: number; initPoints: number }[];
  },
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

/**
 * What starting a game of the season needs: the season row and the tournament's rule. `lock` holds the season
 * row (FOR SHARE) until the transaction ends. Whoever changes the season or its roster (ends the season, removes
 * or blacklists players, plans a table) takes that row FOR UPDATE before any plan's: a start takes it first too,
 * so the two wait for each other in one order, never in a circle.
 */
export async function matchSetting(
  db: Executor,
  uniqueId: number,
  seasonId: number,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = db
    .select({
      season: seasons,
      roundType: contests.roundType,
      detailRule: contests.detailRule,
      emojiSwitch: contests.emojiSwitch,
      contestSetting: contests.contestSetting,
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
  const [row] = lock ? await query.for('share', { of: seasons }) : await query;
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

/** A running game of a tournament (what its spectators are shown of it). */
export async function runningGameOf(
  db: Executor,
  uniqueId: number,
  uuid: string,
): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.uuid, uuid), eq(games.uniqueId, uniqueId), eq(games.state, RUNNING)));
  return row;
}

export async function runningGames(db: Executor): Promise<GameRow[]> {
  return db.select().from(games).where(eq(games.state, RUNNING)).orderBy(asc(games.startTime));
}

/**
 * The logs of a game's hands before `hand`, in order, and the deal attempt each was played on: what a resumed game
 * starts from.
 */
export async function handsBefore(
  db: Executor,
  uuid: string,
  hand: number,
): Promise<{ log: unknown; attempt: number }[]> {
  return db
    .select({ log: gameHands.log, attempt: gameHands.attempt })
    .from(gameHands)
    .where(and(eq(gameHands.gameUuid, uuid), lt(gameHands.hand, hand)))
    .orderBy(asc(gameHands.hand));
}

/**
 * Thrown when a running game's row is no longer held by the owner a write named: in the scaled mode, another
 * process took the table over (this one's queue lock expired), or the game ended meanwhile.
 */
export class TableLost extends Error {
  constructor(readonly uuid: string) {
    super(`game ${uuid} is no longer held by this process`);
  }
}

/**
 * A running game's row, held by `owner` when one is named (scaled mode); a write that finds no such row throws
 * `TableLost` then (`held`). The embedded server names no owner: it is the only one.
 */
function running(uuid: string, owner: string | undefined) {
  return and(
    eq(games.uuid, uuid),
    eq(games.state, RUNNING),
    owner === undefined ? undefined : eq(games.owner, owner),
  );
}

function held(uuid: string, owner: string | undefined, rows: unknown[]): void {
  if (owner !== undefined && rows.length === 0) throw new TableLost(uuid);
}

/** Scaled mode: the process holding the table's queue job takes its row; answers it, or none if it ended. */
export async function claimGame(db: Executor, uuid: string, owner: string): Promise<GameRow | undefined> {
  const [row] = await db
    .update(games)
    .set({ owner })
    .where(and(eq(games.uuid, uuid), eq(games.state, RUNNING)))
    .returning();
  return row;
}

/** A hand's start, with the deal attempt of its wall: stored before any seat is dealt the hand. */
export async function handStarted(
  db: Executor,
  uuid: string,
  hand: { hand: number; attempt: number; progress: ProgressRow },
  now: number,
  owner?: string,
): Promise<void> {
  const { progress } = hand;
  const rows = await db
    .update(games)
    .set({ hand: hand.hand, handAttempt: hand.attempt, handStart: progress, progress, updateTime: now })
    .where(running(uuid, owner))
    .returning({ uuid: games.uuid });
  held(uuid, owner, rows);
}

/** A hand's end: its result and log (again, if a resumed game plays it a second time), and the new standing. */
export async function handEnded(
  db: Executor,
  uuid: string,
  hand: { hand: number; attempt?: number; progress: ProgressRow; result: unknown; log: unknown },
  now: number,
  owner?: string,
): Promise<void> {
  const { progress, log, attempt = 0 } = hand;
  const result = { ...progress, result: hand.result };
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(games)
      .set({ progress, updateTime: now })
      .where(running(uuid, owner))
      .returning({ uuid: games.uuid });
    held(uuid, owner, rows);
    await tx
      .insert(gameHands)
      .values({ gameUuid: uuid, hand: hand.hand, result, log, attempt })
      .onConflictDoUpdate({ target: [gameHands.gameUuid, gameHands.hand], set: { result, log, attempt } });
  });
}

/** Sets or clears a game's pause; answers its standing. */
export async function setPause(
  db: Executor,
  uuid: string,
  until: number | null,
  owner?: string,
): Promise<ProgressRow | null> {
  const rows = await db
    .update(games)
    .set({ pauseUntil: until })
    .where(and(eq(games.uuid, uuid), owner === undefined ? undefined : eq(games.owner, owner)))
    .returning({ progress: games.progress });
  held(uuid, owner, rows);
  return rows[0]?.progress ?? null;
}

/** A game that ended without a record: terminated, or stopped by an engine failure. */
export async function stopGame(
  db: Executor,
  uuid: string,
  reason: string,
  now: number,
  owner?: string,
): Promise<void> {
  const rows = await db
    .update(games)
    .set({ state: STOPPED, stopReason: reason, endTime: now, pauseUntil: null, updateTime: now })
    .where(running(uuid, owner))
    .returning({ uuid: games.uuid });
  held(uuid, owner, rows);
}

/** Scaled mode: the running games' uuids, for the queue to hold a job for each. */
export async function runningGameIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ uuid: games.uuid }).from(games).where(eq(games.state, RUNNING));
  return rows.map((r) => r.uuid);
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
