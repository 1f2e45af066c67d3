import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { seasonPlayers } from '../../db/schema';

export type SeasonPlayerRow = typeof seasonPlayers.$inferSelect;

/** Season player states: 1 pending review, 2 accepted (the roster), 3 rejected (seen only by the player). */
export const PlayerState = { PENDING: 1, ACCEPTED: 2, REJECTED: 3 } as const;

/** Deletes a season's unreviewed sign-ups; answers how many there were. */
export async function deletePending(db: Executor, uniqueId: number, seasonId: number): Promise<number> {
  const rows = await db
    .delete(seasonPlayers)
    .where(
      and(
        eq(seasonPlayers.uniqueId, uniqueId),
        eq(seasonPlayers.seasonId, seasonId),
        eq(seasonPlayers.state, PlayerState.PENDING),
      ),
    )
    .returning({ accountId: seasonPlayers.accountId });
  return rows.length;
}
