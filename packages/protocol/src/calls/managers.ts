import { z } from 'zod';
import { LooseId, ShownText, WireText } from './common';
import { AdminListItemWire } from './contests';
import { BatchResultWire, ListedAccountWire } from './roster';

// The people who run a tournament besides its creator: admins and observers; and the tournament's history.

/** Ids of one roster change: at most this many per call. */
const ROSTER_BATCH_MAX = 1000;

/** History entries per page, at most. */
export const HISTORY_PAGE_MAX = 100;

/** An entry of `account_list`: an internal id, or `{account_id, nickname}` as the console and bots send. */
const AccountEntry = z.union([
  LooseId,
  z.object({ account_id: LooseId, nickname: WireText.max(1000).optional() }).transform((e) => e.account_id),
]);

// POST /api/contest/add_contest_admin — creator only; accounts already managers with the role asked are left as
// they are, those with another role take the role asked.
export const AddContestAdminReq = z.object({
  unique_id: LooseId,
  account_list: z.array(AccountEntry).min(1).max(ROSTER_BATCH_MAX),
  /** The role the accounts get: 1 admin (when absent), 2 chat manager, 3 player manager. */
  role: LooseId.pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])).default(1),
});
/**
 * Adds the accounts that can be admins and reports the others one by one: `success` the accounts asked that
 * are managers with the role asked now (added, changed, or already), `failed` the others with their code — 2546
 * the creator · 1002 no such account · 2514 no room left of the 20 managers of all roles (accounts are taken in
 * the order sent). `admin_list` is the tournament's managers as they now stand, oldest first, with their roles.
 * Refused whole only as the tournament is: 2513 not the creator, …
 */
export const AddContestAdminRes = BatchResultWire.extend({ admin_list: z.array(AdminListItemWire) });

// POST /api/contest/remove_contest_admin — creator only; ids that are not admins are ignored.
export const RemoveContestAdminReq = z.object({
  unique_id: LooseId,
  account_id_list: z.array(LooseId).min(1).max(ROSTER_BATCH_MAX),
});
/** Answers the tournament's `admin_list` as it now stands. */
export const RemoveContestAdminRes = z.array(AdminListItemWire);

// GET /api/contest/fetch_observer_list?unique_id — creator and admins.
export const FetchObserverListReq = z.object({ unique_id: LooseId });
/** The observer roster, oldest first. */
export const FetchObserverListRes = z.array(ListedAccountWire);

// POST /api/contest/set_observer_list — creator and admins. Observers read the tournament and change nothing,
// while the tournament's observer switch is on.
export const SetObserverListReq = z.object({
  unique_id: LooseId,
  add_list: z.array(LooseId).max(ROSTER_BATCH_MAX).default([]),
  remove_list: z.array(LooseId).max(ROSTER_BATCH_MAX).default([]),
});
/** Failures: 1002 no such account. */
export const SetObserverListRes = BatchResultWire;

/** Kinds of history entry: the part of the action before its dot (`season`, `season_player`, `contest`, …). */
export const HistoryKindWire = WireText.trim().regex(/^[a-z_]{1,32}$/, 'a kind: lowercase letters and _');

// GET /api/contest/fetch_contest_history?unique_id&kind&offset&limit — creator and admins.
export const FetchContestHistoryReq = z.object({
  unique_id: LooseId,
  /** Only entries whose action starts with `<kind>.`; all when absent or empty. */
  kind: z.union([z.literal(''), HistoryKindWire]).optional(),
  offset: LooseId.pipe(z.number().max(1_000_000)).default(0),
  limit: LooseId.pipe(z.number().min(1).max(HISTORY_PAGE_MAX)).default(20),
});

/** One change to the tournament, its seasons or their players. */
export const HistoryEntryWire = z.object({
  id: z.number().int(),
  time: z.number().int(),
  /** Internal id of who made the change; null for the operator's command line. */
  actor_id: z.number().int().nullable(),
  /** Their nickname; '' for the operator. */
  actor_nickname: ShownText,
  /** `<kind>.<verb>`, e.g. `season.update`, `season_player.add`, `contest_admin.add`. */
  action: ShownText,
  /** `contest` (target_id the unique_id) or `season` (target_id `<unique_id>/<season_id>`). */
  target_type: ShownText,
  target_id: ShownText,
  before: z.unknown(),
  after: z.unknown(),
});
export const FetchContestHistoryRes = z.object({
  /** Newest first. */
  list: z.array(HistoryEntryWire),
  total: z.number().int(),
});
