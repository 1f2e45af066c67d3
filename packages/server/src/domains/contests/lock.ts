import { ErrorCode } from '@taikai/protocol';
import { audit } from '../../audit';
import type { Ctx } from '../../context';
import { ContestError } from '../../http/errors';
import * as q from './queries';

/** A live tournament by its public `contest_id` (for the operator); 2501 when there is none. */
export async function contestForOperator(ctx: Ctx, contestId: number): Promise<q.ContestRow> {
  const row = await q.liveContestByContestId(ctx.db, contestId);
  if (!row) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND, { message: `no tournament ${contestId}` });
  return row;
}

/** The operator's lock on a tournament's configuration (by its public `contest_id`): changes answer 2558. */
export async function setOperatorLock(ctx: Ctx, contestId: number, locked: boolean): Promise<q.ContestRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await q.liveContestByContestIdForUpdate(tx, contestId);
    if (!row) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND, { message: `no tournament ${contestId}` });
    if ((row.lockTime !== null) === locked) return row;
    const lockTime = locked ? ctx.now : null;
    const updated = await q.updateContest(tx, row.uniqueId, { lockTime });
    await audit(tx, ctx, {
      action: locked ? 'operator.contest.lock' : 'operator.contest.unlock',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: { lockTime: row.lockTime },
      after: { lockTime },
    });
    return updated;
  });
}
