import { decodeAccountId, encodeAccountId, LIMITS, parseIdList } from '@taikai/protocol';
import { type ListedAccount, searchAccounts } from '../../api/calls';

/** The public id people see for an internal account id. */
export const publicIdOf = (accountId: number): number => encodeAccountId(accountId);

/**
 * The filter of a season player list for what an organiser typed: a public account id keeps that account only
 * (`account_id`, the internal id it stands for), anything else is part of a nickname (`search`).
 */
export function playerSearchParam(text: string): { search?: string; account_id?: number } {
  const typed = text.trim();
  if (typed === '') return {};
  if (/^\d+$/.test(typed)) {
    const internal = decodeAccountId(Number(typed));
    if (internal > 0) return { account_id: internal };
  }
  return { search: typed };
}

/** True when `account` is what `text` looks for: its public id, or part of its nickname (any case). */
export function matchesPlayerSearch(account: ListedAccount, text: string): boolean {
  const typed = text.trim().toLowerCase();
  if (typed === '') return true;
  return String(publicIdOf(account.account_id)) === typed || account.nickname.toLowerCase().includes(typed);
}

export interface FoundAccount extends ListedAccount {
  publicId: number;
}

export interface AccountLookup {
  /** Accounts found, in the order of the typed lines, each once. */
  found: FoundAccount[];
  /** Lines that are not an account id, or ids of no account, as typed. */
  missing: string[];
}

/** Public ids typed one per line (blank lines ignored), each once, and the lines that are not ids. */
export function readIdLines(text: string): { ids: number[]; invalid: string[] } {
  const { ids, invalid } = parseIdList(text);
  return { ids: [...new Set(ids)], invalid: [...new Set(invalid)] };
}

/**
 * Looks the typed public ids up with `search_accounts`, in batches of 1000; `onProgress` hears how many ids
 * are done after each batch.
 */
export async function lookupAccounts(
  text: string,
  onProgress?: (done: number, total: number) => void,
): Promise<AccountLookup> {
  const { ids, invalid } = readIdLines(text);
  const internal = ids.map(decodeAccountId);
  const byId = new Map<number, ListedAccount>();
  const batch = LIMITS.SEARCH_ACCOUNTS_BATCH;
  onProgress?.(0, internal.length);
  for (let i = 0; i < internal.length; i += batch) {
    const answer = await searchAccounts(internal.slice(i, i + batch));
    for (const account of answer) byId.set(account.account_id, account);
    onProgress?.(Math.min(i + batch, internal.length), internal.length);
  }
  const found: FoundAccount[] = [];
  const missing = [...invalid];
  ids.forEach((publicId, i) => {
    const account = byId.get(internal[i]);
    if (account) found.push({ ...account, publicId });
    else missing.push(String(publicId));
  });
  return { found, missing };
}

export interface FailureGroup {
  code: number;
  /** Public ids of the accounts that failed with this code. */
  ids: number[];
}

/** Per-entry failures of a batch call grouped by code, leaving out the codes in `ignore`. */
export function groupFailures(
  failed: readonly { account_id: number; error: number }[],
  ignore: readonly number[] = [],
): FailureGroup[] {
  const groups = new Map<number, number[]>();
  for (const f of failed) {
    if (ignore.includes(f.error)) continue;
    const ids = groups.get(f.error) ?? [];
    ids.push(publicIdOf(f.account_id));
    groups.set(f.error, ids);
  }
  return [...groups].map(([code, ids]) => ({ code, ids }));
}
