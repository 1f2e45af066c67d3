import { ErrorCode } from '@taikai/protocol';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { adminIdsOf } from '../admins/access';
import { type ContestRow, liveContest } from '../contests/queries';
import { observes } from '../observers/access';
import { hasEntryInContest } from './queries';

/**
 * A live tournament as a player's call reaches it by its internal `unique_id` (the portal's lobby, sign-up and
 * ranking, the player link's lobby). `unique_id`s are sequential, so anyone can guess them: a tournament shown
 * in the list (its show-in-list switch, `open`) is reached by anyone, but one hidden from it only
 *
 * - with its public `contest_id` alongside (what the organisers hand out: `/play/<contest_id>`), or
 * - by an account it invited: its creator, an admin, an observer (observer switch on), or an account with an
 *   entry (a sign-up, on the roster, rejected) in one of its seasons.
 *
 * Anyone else is answered 2501, as for a tournament that does not exist, so that guessing finds nothing. The
 * organisers' console calls address tournaments by `unique_id` under their own policy and do not come here.
 */
export async function reachableContest(
  db: Executor,
  uniqueId: number,
  accountId: number,
  contestId?: number,
): Promise<ContestRow> {
  const contest = await liveContest(db, uniqueId);
  if (!contest) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
  if (contest.open === 1 || contestId === contest.contestId || (await invited(db, contest, accountId)))
    return contest;
  throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
}

/** The account is the tournament's creator, an admin or observer, or has an entry in one of its seasons. */
async function invited(db: Executor, contest: ContestRow, accountId: number): Promise<boolean> {
  if (contest.creatorId === accountId) return true;
  if ((await adminIdsOf(db, contest.uniqueId)).includes(accountId)) return true;
  if (await observes(db, contest, accountId)) return true;
  return hasEntryInContest(db, contest.uniqueId, accountId);
}
