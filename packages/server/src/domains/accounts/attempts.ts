import { ErrorCode } from '@taikai/protocol';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import * as q from './queries';

/** Failed logins are counted over this sliding window. */
export const LOGIN_FAILURE_WINDOW_S = 15 * 60;

export type Attempt = {
  /** The login succeeded: the failures of the account from this address are forgotten. */
  succeeded(tx: Executor): Promise<void>;
};

/**
 * Books a login attempt of an account before its secret is checked, and refuses it with 1028 when the account
 * has failed too often from this address, or, with `global`, from all addresses together (a much higher bound:
 * guessing from many addresses slows down, while one address cannot lock the owner out of the others).
 * Booking first and counting after means parallel attempts can never all pass the count; a booking that is not
 * followed by success stays counted as a failure.
 */
export async function bookAttempt(
  ctx: Ctx,
  accountId: number,
  options: { global: boolean },
): Promise<Attempt> {
  const { loginFailuresPerAccount, loginFailuresPerAccountGlobal } = ctx.config.limits;
  const id = await q.insertAttempt(ctx.db, accountId, ctx.ip, ctx.now);
  const counts = await q.attemptsSince(ctx.db, accountId, ctx.ip, ctx.now - LOGIN_FAILURE_WINDOW_S);
  if (
    counts.fromAddress > loginFailuresPerAccount ||
    (options.global && counts.all > loginFailuresPerAccountGlobal)
  ) {
    // A refused attempt checks nothing, so it is no failure: it must not lengthen anyone's wait.
    await q.deleteAttempt(ctx.db, id);
    throw new ContestError(ErrorCode.LOGIN_TOO_OFTEN);
  }
  return { succeeded: (tx) => q.clearAttempts(tx, accountId, ctx.ip) };
}
