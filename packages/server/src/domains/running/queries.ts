import { and, asc, desc, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { gamePlans, games, planSeats } from '../../db/schema';
import { FAILURE_PREFIXES } from '../../games/failures';
import { GameState } from '../../games/game-state';

// Games the host started, as the running-game calls read and re-tag them.

export type GameRow = typeof games.$inferSelect;
type SeasonKey = { uniqueId: number; seasonId: number };

/** A season's running games, oldest first. */
export async function runningGamesOf(db: Executor, key: SeasonKey): Promise<GameRow[]> {
  return prepared(db, 'running_games_of', (db) =>
    db
      .select()
      .from(games)
      .where(
        and(
          eq(games.uniqueId, sql.placeholder('uniqueId')),
          eq(games.seasonId, sql.placeholder('seasonId')),
          eq(games.state, GameState.RUNNING),
        ),
      )
      .orderBy(asc(games.startTime), asc(games.uuid))
      .prepare('running_games_of'),
  ).execute(key);
}

/** A game by its uuid, in any state. */
export async function gameOf(db: Executor, uuid: string): Promise<GameRow | undefined> {
  const [row] = await db.select().from(games).where(eq(games.uuid, uuid));
  return row;
}

/** Sets a running game's tag; answers the game as it was, or undefined when it is no longer running. */
export async function retagRunning(db: Executor, uuid: string, tag: string): Promise<GameRow | undefined> {
  const [before] = await db
    .select()
    .from(games)
    .where(and(eq(games.uuid, uuid), eq(games.state, GameState.RUNNING)))
    .for('update');
  if (!before) return undefined;
  await db.update(games).set({ tag }).where(eq(games.uuid, uuid));
  return before;
}

export type CancelledPlan = typeof gamePlans.$inferSelect & { seats: { accountId: number }[] };

/** Failed tables listed at most (the newest). */
export const FAILED_LIST_MAX = 100;

/** A season's games that failed to start or stopped on an engine error, newest first. */
export async function failedGamesOf(db: Executor, key: SeasonKey): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(
      and(
        eq(games.uniqueId, key.uniqueId),
        eq(games.seasonId, key.seasonId),
        eq(games.state, GameState.STOPPED),
        or(...FAILURE_PREFIXES.map((prefix) => like(games.stopReason, `${prefix}%`))),
      ),
    )
    .orderBy(desc(games.endTime), desc(games.uuid))
    .limit(FAILED_LIST_MAX);
}

/** A season's plans the server cancelled because a seat may no longer play, newest first, with their seats. */
export async function cancelledPlansOf(db: Executor, key: SeasonKey): Promise<CancelledPlan[]> {
  const plans = await db
    .select()
    .from(gamePlans)
    .where(
      and(
        eq(gamePlans.uniqueId, key.uniqueId),
        eq(gamePlans.seasonId, key.seasonId),
        eq(gamePlans.state, GameState.STOPPED),
        isNotNull(gamePlans.stopReason),
      ),
    )
    .orderBy(desc(gamePlans.stopTime), desc(gamePlans.uuid))
    .limit(FAILED_LIST_MAX);
  if (plans.length === 0) return [];
  const seats = await db
    .select({ planUuid: planSeats.planUuid, accountId: planSeats.accountId })
    .from(planSeats)
    .where(
      inArray(
        planSeats.planUuid,
        plans.map((p) => p.uuid),
      ),
    )
    .orderBy(asc(planSeats.seat));
  return plans.map((p) => ({ ...p, seats: seats.filter((s) => s.planUuid === p.uuid) }));
}
