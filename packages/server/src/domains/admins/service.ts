import type { Executor } from '../../db/client';
import { namesOf } from '../accounts/service';
import * as q from './queries';

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
