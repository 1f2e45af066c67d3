import type { Executor } from '../../db/client';
import * as q from './queries';

/** Internal ids of a tournament's admins. */
export async function adminIdsOf(db: Executor, uniqueId: number): Promise<number[]> {
  return (await q.adminRows(db, uniqueId)).map((r) => r.accountId);
}
