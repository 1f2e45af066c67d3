import type { Executor } from '../../db/client';
import * as q from './queries';

/**
 * Whether the account counts as an observer of the tournament: on its observer roster while its observer switch
 * is on (with the switch off the roster is kept, and grants nothing).
 */
export async function observes(
  db: Executor,
  contest: { uniqueId: number; observerSwitch: number },
  accountId: number,
): Promise<boolean> {
  return contest.observerSwitch === 1 && q.isObserver(db, contest.uniqueId, accountId);
}
