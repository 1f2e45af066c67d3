import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { games } from '../../db/schema';
import { GameState } from '../../games/host';

// Games the host started, as the running-game calls read and re-tag them.

export type GameRow = typeof games.$inferSelect;
type SeasonKey = { uniqueId: number; seasonId: number };

/** A season's running games, oldest first. */
export async function runningGamesOf(db: Executor, key: SeasonKey): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(
      and(
        eq(games.uniqueId, key.uniqueId),
        eq(games.seasonId, key.seasonId),
        eq(games.state, GameState.RUNNING),
      ),
    )
    .orderBy(asc(games.startTime), asc(games.uuid));
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
