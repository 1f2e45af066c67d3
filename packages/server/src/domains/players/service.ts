import type { Executor } from '../../db/client';
import * as q from './queries';

/**
 * Deletes a season's unreviewed sign-ups (inside the caller's transaction), as switching the sign-up mode
 * does; answers how many were deleted.
 */
export async function dropPendingSignups(tx: Executor, uniqueId: number, seasonId: number): Promise<number> {
  return q.deletePending(tx, uniqueId, seasonId);
}
