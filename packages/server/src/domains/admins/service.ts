import {
  type AddContestAdminReq,
  type AddContestAdminRes,
  ErrorCode,
  LIMITS,
  type RemoveContestAdminReq,
  type RemoveContestAdminRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { namesOf } from '../accounts/service';
import { managedContest } from '../contests/access';
import { adminIdsOf } from './access';
import * as q from './queries';

type AddResult = z.infer<typeof AddContestAdminRes>;

/** Tournaments an account administers (not created). */
export async function administeredBy(db: Executor, accountId: number): Promise<number[]> {
  return q.contestIdsAdministeredBy(db, accountId);
}

/** `admin_list` as the wire shows it: internal account ids and nicknames. */
export async function adminList(db: Executor, adminIds: number[]) {
  const names = await namesOf(db, adminIds);
  return adminIds.map((id) => ({ account_id: id, nickname: names.get(id) ?? '' }));
}

/** Makes an account admin of a tournament (inside the caller's transaction). */
export async function addAdmin(
  db: Executor,
  uniqueId: number,
  accountId: number,
  now: number,
): Promise<void> {
  await q.insertAdmin(db, uniqueId, accountId, now);
}

/**
 * `add_contest_admin`: makes accounts admins of a tournament in one transaction, each account on its own: the
 * creator (2546), an account that does not exist (1002) and those past the 20th admin (2514, in the order sent)
 * are reported in `failed`, the others added. Accounts already admin are left as they are (and count as
 * success). The whole call is refused only by `managedContest` (2513 not the creator, …). The tournament row is
 * locked first, so two additions at once are counted one after the other and never pass 20 together.
 */
export async function addContestAdmins(
  ctx: AuthedCtx,
  req: z.infer<typeof AddContestAdminReq>,
): Promise<AddResult> {
  return ctx.db.transaction(async (tx) => {
    const { row, adminIds } = await managedContest(tx, ctx, req.unique_id, 'manageAdmins', true);
    const asked = [...new Set(req.account_list)];
    const known = await namesOf(tx, asked);
    const success: number[] = [];
    const failed: { account_id: number; error: number }[] = [];
    const fresh: number[] = [];
    for (const id of asked) {
      if (id === row.creatorId) failed.push({ account_id: id, error: ErrorCode.CREATOR_CANNOT_BE_ADMIN });
      else if (!known.has(id)) failed.push({ account_id: id, error: ErrorCode.ACCOUNT_NOT_FOUND });
      else if (adminIds.includes(id)) success.push(id);
      else if (adminIds.length + fresh.length >= LIMITS.ADMINS_MAX)
        failed.push({ account_id: id, error: ErrorCode.ADMINS_MAX });
      else {
        fresh.push(id);
        success.push(id);
      }
    }
    if (fresh.length === 0) return { success, failed, admin_list: await adminList(tx, adminIds) };
    for (const id of fresh) await q.insertAdmin(tx, row.uniqueId, id, ctx.now);
    await audit(tx, ctx, {
      action: 'contest_admin.add',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: { admins: adminIds },
      after: { admins: [...adminIds, ...fresh], added: fresh },
    });
    return { success, failed, admin_list: await adminList(tx, await adminIdsOf(tx, row.uniqueId)) };
  });
}

/**
 * `remove_contest_admin`: takes accounts off a tournament's admins (creator only: 2513), in one transaction;
 * ids that are not admins are ignored. Answers `admin_list` as it now stands.
 */
export async function removeContestAdmins(
  ctx: AuthedCtx,
  req: z.infer<typeof RemoveContestAdminReq>,
): Promise<z.infer<typeof RemoveContestAdminRes>> {
  const { list, uniqueId, removed } = await ctx.db.transaction(async (tx) => {
    const { row, adminIds } = await managedContest(tx, ctx, req.unique_id, 'manageAdmins', true);
    const removed = await q.deleteAdmins(tx, row.uniqueId, [...new Set(req.account_id_list)]);
    if (removed.length === 0) return { list: await adminList(tx, adminIds), uniqueId: row.uniqueId, removed };
    const left = adminIds.filter((id) => !removed.includes(id));
    await audit(tx, ctx, {
      action: 'contest_admin.remove',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: { admins: adminIds },
      after: { admins: left, removed },
    });
    return { list: await adminList(tx, left), uniqueId: row.uniqueId, removed };
  });
  // What the removed admins hold open in the tournament (links in its lobbies, its event streams) is checked now.
  ctx.sessions.publish({ kind: 'access', uniqueId, accountIds: removed });
  return list;
}
