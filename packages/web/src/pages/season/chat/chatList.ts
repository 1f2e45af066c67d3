import { decodeAccountId, encodeAccountId, LIMITS } from '@taikai/protocol';
import type { ListedAccount } from '../../../api/calls';

/** What a typed list of public ids comes to, once the accounts were looked up. */
export interface AddPlan {
  /** Accounts found and not yet listed, in the order typed. */
  add: ListedAccount[];
  /** Accounts found but already on the list. */
  already: ListedAccount[];
  /** Public ids no account answers to. */
  missing: number[];
}

/**
 * Sorts the typed public ids (duplicates dropped) into the accounts to add, those already listed and
 * those not found. `found` is the answer of `search_accounts` (internal ids).
 */
export function planAdd(
  publicIds: readonly number[],
  found: readonly ListedAccount[],
  listed: readonly ListedAccount[],
): AddPlan {
  const byId = new Map(found.map((a) => [a.account_id, a]));
  const onList = new Set(listed.map((a) => a.account_id));
  const plan: AddPlan = { add: [], already: [], missing: [] };
  const seen = new Set<number>();
  for (const publicId of publicIds) {
    const id = decodeAccountId(publicId);
    if (seen.has(id)) continue;
    seen.add(id);
    const account = byId.get(id);
    if (!account) plan.missing.push(publicId);
    else if (onList.has(id)) plan.already.push(account);
    else plan.add.push(account);
  }
  return plan;
}

/** The id lists of `search_accounts`, at most 1000 ids per call. */
export function searchBatches(ids: readonly number[]): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += LIMITS.SEARCH_ACCOUNTS_BATCH)
    batches.push(ids.slice(i, i + LIMITS.SEARCH_ACCOUNTS_BATCH));
  return batches;
}

/** The public id people see for an internal account id. */
export const publicId = (accountId: number) => encodeAccountId(accountId);
