import type { Executor } from '../../db/client';
import * as q from './queries';

/** Internal ids of a tournament's managers of every role, in the order they were appointed. */
export async function adminIdsOf(db: Executor, uniqueId: number): Promise<number[]> {
  return (await q.adminRows(db, uniqueId)).map((r) => r.accountId);
}

/**
 * A tournament's managers as the policy reads them (`ContestAccess`): their ids in the order appointed and
 * their roles (`ManagerRole` 1 admin, 2 chat, 3 player), index for index.
 */
export async function managersOf(
  db: Executor,
  uniqueId: number,
): Promise<{ adminIds: number[]; managerRoles: number[] }> {
  const rows = await q.adminRows(db, uniqueId);
  return { adminIds: rows.map((r) => r.accountId), managerRoles: rows.map((r) => r.role) };
}
