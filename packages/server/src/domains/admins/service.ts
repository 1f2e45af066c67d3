import {
  type AddContestAdminReq,
  type AddContestAdminRes,
  type ContestRole,
  ErrorCode,
  LIMITS,
  ManagerRole,
  type RemoveContestAdminReq,
  type RemoveContestAdminRes,
  roleOfGranted,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { namesOf } from '../accounts/service';
import { managedContest } from '../contests/access';
import { managersOf } from './access';
import * as q from './queries';

type AddResult = z.infer<typeof AddContestAdminRes>;

/** A tournament's managers: ids in the order appointed, their roles index for index. */
export type Managers = { adminIds: readonly number[]; managerRoles: readonly number[] };

/** Tournaments an account manages (not created), whatever its role: unique id → its policy role there. */
export async function administeredBy(db: Executor, accountId: number): Promise<Map<number, ContestRole>> {
  const rows = await q.contestsManagedBy(db, accountId);
  return new Map(rows.map((r) => [r.uniqueId, roleOfGranted(r.role)]));
}

/** `admin_list` as the wire shows it: internal account ids, nicknames and roles (1 admin, 2 chat, 3 player). */
export async function adminList(db: Executor, managers: Managers) {
  const names = await namesOf(db, [...managers.adminIds]);
  return managers.adminIds.map((id, i) => ({
    account_id: id,
    nickname: names.get(id) ?? '',
    role: managers.managerRoles[i] ?? ManagerRole.ADMIN,
  }));
}

/** Appoints an account manager of a tournament with a role, admin by default (inside the caller's transaction). */
export async function addAdmin(
  db: Executor,
  uniqueId: number,
  accountId: number,
  now: number,
  role: number = ManagerRole.ADMIN,
): Promise<void> {
  await q.insertAdmin(db, uniqueId, accountId, now, role);
}

/** The role each manager has, by account id. */
const rolesById = (m: Managers) => new Map(m.adminIds.map((id, i) => [id, m.managerRoles[i]]));

/**
 * `add_contest_admin`: appoints accounts managers of a tournament with `role` (1 admin when absent, 2 chat
 * manager, 3 player manager), in one transaction, each account on its own: the creator (2546), an account that
 * does not exist (1002) and those past the 20th manager of any role (2514, in the order sent) are reported in
 * `failed`, the others added. Managers who already have the role are left as they are; those with another role
 * take this one (no new place counted). Both count as success. The whole call is refused only by
 * `managedContest` (2513 not the creator, …). The tournament row is locked first, so two additions at once are
 * counted one after the other and never pass 20 together. Managers whose role changed lose, at once, what the
 * old role let them hold open (as when removed).
 */
export async function addContestAdmins(
  ctx: AuthedCtx,
  req: z.infer<typeof AddContestAdminReq>,
): Promise<AddResult> {
  const role = req.role;
  const { result, uniqueId, changed } = await ctx.db.transaction(async (tx) => {
    const { row, adminIds, managerRoles } = await managedContest(
      tx,
      ctx,
      req.unique_id,
      'manageAdmins',
      true,
    );
    const before = rolesById({ adminIds, managerRoles });
    const asked = [...new Set(req.account_list)];
    const known = await namesOf(tx, asked);
    const success: number[] = [];
    const failed: { account_id: number; error: number }[] = [];
    const fresh: number[] = [];
    const changed: number[] = [];
    for (const id of asked) {
      if (id === row.creatorId) failed.push({ account_id: id, error: ErrorCode.CREATOR_CANNOT_BE_ADMIN });
      else if (!known.has(id)) failed.push({ account_id: id, error: ErrorCode.ACCOUNT_NOT_FOUND });
      else if (before.has(id)) {
        if (before.get(id) !== role) changed.push(id);
        success.push(id);
      } else if (adminIds.length + fresh.length >= LIMITS.ADMINS_MAX)
        failed.push({ account_id: id, error: ErrorCode.ADMINS_MAX });
      else {
        fresh.push(id);
        success.push(id);
      }
    }
    const uniqueId = row.uniqueId;
    if (fresh.length === 0 && changed.length === 0) {
      return {
        result: { success, failed, admin_list: await adminList(tx, { adminIds, managerRoles }) },
        uniqueId,
        changed,
      };
    }
    for (const id of fresh) await q.insertAdmin(tx, uniqueId, id, ctx.now, role);
    if (fresh.length > 0) {
      await audit(tx, ctx, {
        action: 'contest_admin.add',
        targetType: 'contest',
        targetId: uniqueId,
        before: { admins: adminIds },
        after: { admins: [...adminIds, ...fresh], added: fresh, role },
      });
    }
    if (changed.length > 0) {
      await q.updateRoles(tx, uniqueId, changed, role);
      await audit(tx, ctx, {
        action: 'contest_admin.role',
        targetType: 'contest',
        targetId: uniqueId,
        before: { changed, roles: changed.map((id) => before.get(id)) },
        after: { changed, role },
      });
    }
    return {
      result: { success, failed, admin_list: await adminList(tx, await managersOf(tx, uniqueId)) },
      uniqueId,
      changed,
    };
  });
  // What a manager whose role changed holds open in the tournament (its event streams, …) is checked now.
  if (changed.length > 0) ctx.sessions.publish({ kind: 'access', uniqueId, accountIds: changed });
  return result;
}

/**
 * `remove_contest_admin`: takes accounts off a tournament's managers, whatever their role (creator only: 2513),
 * in one transaction; ids that are not managers are ignored. Answers `admin_list` as it now stands.
 */
export async function removeContestAdmins(
  ctx: AuthedCtx,
  req: z.infer<typeof RemoveContestAdminReq>,
): Promise<z.infer<typeof RemoveContestAdminRes>> {
  const { list, uniqueId, removed } = await ctx.db.transaction(async (tx) => {
    const { row, adminIds, managerRoles } = await managedContest(
      tx,
      ctx,
      req.unique_id,
      'manageAdmins',
      true,
    );
    const removed = await q.deleteAdmins(tx, row.uniqueId, [...new Set(req.account_id_list)]);
    if (removed.length === 0) {
      return { list: await adminList(tx, { adminIds, managerRoles }), uniqueId: row.uniqueId, removed };
    }
    const roles = rolesById({ adminIds, managerRoles });
    const left = adminIds.filter((id) => !removed.includes(id));
    await audit(tx, ctx, {
      action: 'contest_admin.remove',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: { admins: adminIds },
      after: { admins: left, removed },
    });
    const leftRoles = left.map((id) => roles.get(id) ?? ManagerRole.ADMIN);
    return {
      list: await adminList(tx, { adminIds: left, managerRoles: leftRoles }),
      uniqueId: row.uniqueId,
      removed,
    };
  });
  // What the removed managers hold open in the tournament (links in its lobbies, its event streams) is checked now.
  ctx.sessions.publish({ kind: 'access', uniqueId, accountIds: removed });
  return list;
}
