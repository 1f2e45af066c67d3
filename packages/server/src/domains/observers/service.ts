import {
  ErrorCode,
  type FetchObserverListRes,
  type SetObserverListReq,
  type SetObserverListRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import { namesOf } from '../accounts/service';
import { managedContest } from '../contests/access';
import * as q from './queries';

/** `fetch_observer_list`: the observer roster, oldest first (creator and admins). */
export async function observerList(
  ctx: AuthedCtx,
  uniqueId: number,
): Promise<z.infer<typeof FetchObserverListRes>> {
  await managedContest(ctx.db, ctx, uniqueId, 'manageObservers');
  const ids = await q.observerIds(ctx.db, uniqueId);
  const names = await namesOf(ctx.db, ids);
  return ids.map((id) => ({ account_id: id, nickname: names.get(id) ?? '' }));
}

/**
 * `set_observer_list`: adds and removes observers in one transaction (creator and admins). Unknown accounts fail
 * with 1002; accounts already on (or already off) the roster succeed and change nothing. The roster can be set
 * whether or not the observer switch is on.
 */
export async function setObserverList(
  ctx: AuthedCtx,
  req: z.infer<typeof SetObserverListReq>,
): Promise<z.infer<typeof SetObserverListRes>> {
  const { answer, uniqueId, removed } = await ctx.db.transaction(async (tx) => {
    const { row } = await managedContest(tx, ctx, req.unique_id, 'manageObservers', true);
    const asked = [...new Set([...req.add_list, ...req.remove_list])];
    const known = await namesOf(tx, asked);
    const success = asked.filter((id) => known.has(id));
    const failed = asked
      .filter((id) => !known.has(id))
      .map((id) => ({ account_id: id, error: ErrorCode.ACCOUNT_NOT_FOUND }));
    const removing = new Set(req.remove_list);
    // An id in both lists ends up off the roster.
    const toAdd = [...new Set(req.add_list)].filter((id) => known.has(id) && !removing.has(id));
    const added = await q.insertObservers(tx, row.uniqueId, toAdd, ctx.now);
    const removed = await q.deleteObservers(
      tx,
      row.uniqueId,
      [...removing].filter((id) => known.has(id)),
    );
    if (added.length > 0 || removed.length > 0) {
      await audit(tx, ctx, {
        action: 'contest_observer.set',
        targetType: 'contest',
        targetId: row.uniqueId,
        before: null,
        after: { added, removed },
      });
    }
    return { answer: { success, failed }, uniqueId: row.uniqueId, removed };
  });
  // The removed observers' event streams of the tournament's seasons are checked now.
  ctx.sessions.publish({ kind: 'access', uniqueId, accountIds: removed });
  return answer;
}
