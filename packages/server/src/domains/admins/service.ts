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
import { ContestError } from '../../http/errors';
import { namesOf } from '../accounts/service';
import { managedContest } from '../contests/service';
import * as q from './queries';

type AdminList = z.infer<typeof AddContestAdminRes>;

/** Internal ids of a tournament's admins. */
export async function adminIdsOf(db: Executor, uniqueId: number): Promise<number[]> {
  return (await q.adminRows(db, uniqueId)).map((r) => r.accountId);
}

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
 * `add_contest_admin`: makes accounts admins of a tournament, all or none, in one transaction. Refusals of the
 * whole call, in order: those of `managedContest` (2513 not the creator) · 2546 the creator is in the list ·
 * 1002 an account that does not exist · 2514 the tournament would have more than 20 admins. Accounts already
 * admin are left as they are. The tournament row is locked first, so two additions at once are counted one after
 * the other and never pass 20 together. Answers `admin_list` as it now stands.
 */
export async function addContestAdmins(
  ctx: AuthedCtx,
  req: z.infer<typeof AddContestAdminReq>,
): Promise<AdminList> {
  return ctx.db.transaction(async (tx) => {
    const { row, adminIds } = await managedContest(tx, ctx, req.unique_id, 'manageAdmins', true);
    const asked = [...new Set(req.account_list)];
    if (asked.includes(row.creatorId)) throw new ContestError(ErrorCode.CREATOR_CANNOT_BE_ADMIN);
    const known = await namesOf(tx, asked);
    const unknown = asked.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw new ContestError(ErrorCode.ACCOUNT_NOT_FOUND, { data: { account_id: unknown } });
    }
    const fresh = asked.filter((id) => !adminIds.includes(id));
    if (adminIds.length + fresh.length > LIMITS.ADMINS_MAX) throw new ContestError(ErrorCode.ADMINS_MAX);
    if (fresh.length === 0) return adminList(tx, adminIds);
    for (const id of fresh) await q.insertAdmin(tx, row.uniqueId, id, ctx.now);
    await audit(tx, ctx, {
      action: 'contest_admin.add',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: { admins: adminIds },
      after: { admins: [...adminIds, ...fresh], added: fresh },
    });
    return adminList(tx, await adminIdsOf(tx, row.uniqueId));
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
  return ctx.db.transaction(async (tx) => {
    const { row, adminIds } = await managedContest(tx, ctx, req.unique_id, 'manageAdmins', true);
    const removed = await q.deleteAdmins(tx, row.uniqueId, [...new Set(req.account_id_list)]);
    if (removed.length === 0) return adminList(tx, adminIds);
    const left = adminIds.filter((id) => !removed.includes(id));
    await audit(tx, ctx, {
      action: 'contest_admin.remove',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: { admins: adminIds },
      after: { admins: left, removed },
    });
    return adminList(tx, left);
  });
}
