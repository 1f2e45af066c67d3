import { z } from 'zod';
import { i18nShownTextSchema, langSchema } from '../lang';
import { Flag01, LooseId, ShownText, WireText } from './common';
import { HistoryEntryWire } from './managers';

// The operator console: calls only operator accounts (`accounts.is_operator`) may make; anyone else logged in is
// refused with 2506 (no permission), no login with 2505 (HTTP 401). Accounts are named by their internal id, as
// every call names them; the search also takes e-mails, nicknames and public ids.

/** The header a browser sends its device id in (made once per browser, kept in localStorage); bots send none. */
export const DEVICE_HEADER = 'x-taikai-device';

/** A device id: 8–64 letters, digits, `-` and `_` (the console sends a random UUID). */
export function isDeviceId(text: string): boolean {
  return /^[A-Za-z0-9_-]{8,64}$/.test(text);
}

/** What a ban names: an account (its internal id), an e-mail, an IP address, or a browser's device id. */
export const BAN_KINDS = ['account', 'email', 'ip', 'device'] as const;
export const BanKindWire = z.enum(BAN_KINDS);
export type BanKind = (typeof BAN_KINDS)[number];

/** Accounts a search answers, at most. */
export const OPERATOR_SEARCH_MAX = 50;
/** Entries per page of the ban list, the announcement list and the operator history, at most. */
export const OPERATOR_PAGE_MAX = 100;
/** Largest currency grant or take in one act. */
export const OPERATOR_CURRENCY_STEP_MAX = 1_000_000;

const Page = {
  offset: LooseId.pipe(z.number().max(1_000_000)).default(0),
  limit: LooseId.pipe(z.number().min(1).max(OPERATOR_PAGE_MAX)).default(20),
};

/** A ban in force on an account, its e-mail, or the address or device it last logged in from. */
export const BanWire = z.object({
  kind: BanKindWire,
  value: ShownText,
  create_time: z.number().int(),
});

/** An account as the operator sees it. */
export const OperatorAccountWire = z.object({
  /** Internal id (what calls take). */
  account_id: z.number().int(),
  /** The id shown to people (the console's encoding). */
  public_id: z.number().int(),
  email: ShownText,
  nickname: ShownText,
  currency: z.number().int(),
  can_create: z.boolean(),
  is_operator: z.boolean(),
  create_time: z.number().int(),
  last_login_ip: ShownText.nullable(),
  last_login_device: ShownText.nullable(),
  last_login_time: z.number().int().nullable(),
  /** Bans in force on the account, its e-mail, its last login address and its last device. */
  bans: z.array(BanWire),
});

// GET /api/contest/operator_search_accounts?query — by e-mail or nickname (part of it, any case) or id (public
// or internal).
export const OperatorSearchAccountsReq = z.object({ query: WireText.trim().min(1).max(254) });
export const OperatorSearchAccountsRes = z.object({ list: z.array(OperatorAccountWire) });

// POST /api/contest/operator_create_account — the password is made at random unless given (and then shown once).
export const OperatorCreateAccountReq = z.object({
  email: WireText.trim().min(3).max(254),
  nickname: WireText.trim().min(1).max(16),
  password: WireText.min(6).max(64).optional(),
});
export const OperatorCreateAccountRes = z.object({
  account: OperatorAccountWire,
  /** The password made for it; null when it was given. */
  password: ShownText.nullable(),
});

// POST /api/contest/operator_adjust_currency — `delta` > 0 grants, < 0 takes (never below 0: 501).
export const OperatorAdjustCurrencyReq = z.object({
  account_id: LooseId,
  delta: z
    .number()
    .int()
    .min(-OPERATOR_CURRENCY_STEP_MAX)
    .max(OPERATOR_CURRENCY_STEP_MAX)
    .refine((n) => n !== 0, 'a non-zero amount'),
});
export const OperatorAdjustCurrencyRes = z.object({
  account_id: z.number().int(),
  currency: z.number().int(),
});

// POST /api/contest/operator_set_password — random unless given; the account's sessions end.
export const OperatorSetPasswordReq = z.object({
  account_id: LooseId,
  password: WireText.min(6).max(64).optional(),
});
export const OperatorSetPasswordRes = z.object({
  /** The password made for it, shown once; null when it was given. */
  password: ShownText.nullable(),
});

// POST /api/contest/operator_set_ban — `value`: the internal account id, an e-mail, an IP address or a device id.
export const OperatorSetBanReq = z.object({
  kind: BanKindWire,
  value: WireText.trim().min(1).max(254),
  banned: Flag01,
});
export const OperatorSetBanRes = z.object({
  kind: BanKindWire,
  value: ShownText,
  banned: z.boolean(),
  /** False when the ban was already so (nothing written). */
  changed: z.boolean(),
});

// GET /api/contest/operator_ban_list?kind&offset&limit — newest first.
export const OperatorBanListReq = z.object({
  kind: z.union([z.literal(''), BanKindWire]).optional(),
  ...Page,
});
export const OperatorBanEntryWire = BanWire.extend({
  /** The account a ban by account id or e-mail names, when there is one. */
  account: z
    .object({ account_id: z.number().int(), public_id: z.number().int(), nickname: ShownText })
    .nullable(),
});
export const OperatorBanListRes = z.object({ list: z.array(OperatorBanEntryWire), total: z.number().int() });

// POST /api/contest/operator_set_create_right
export const OperatorSetCreateRightReq = z.object({ account_id: LooseId, allowed: Flag01 });
export const OperatorSetCreateRightRes = z.object({ account_id: z.number().int(), can_create: z.boolean() });

// POST /api/contest/operator_announce — a platform announcement (`default`: for every language).
export const OperatorAnnounceReq = z.object({
  lang: langSchema,
  title: WireText.trim().min(1).max(100),
  content: WireText.trim().min(1).max(5000),
});
export const OperatorAnnouncementWire = z.object({
  id: z.number().int(),
  lang: langSchema,
  title: ShownText,
  content: ShownText,
  create_time: z.number().int(),
});
export const OperatorAnnounceRes = OperatorAnnouncementWire;

// GET /api/contest/operator_announcement_list?offset&limit — newest first.
export const OperatorAnnouncementListReq = z.object(Page);
export const OperatorAnnouncementListRes = z.object({
  list: z.array(OperatorAnnouncementWire),
  total: z.number().int(),
});

// POST /api/contest/operator_delete_announcement — 2517 when there is no such announcement.
export const OperatorDeleteAnnouncementReq = z.object({ id: LooseId });
export const OperatorDeleteAnnouncementRes = z.object({});

/** A tournament as the operator console shows it (lock and review). */
export const OperatorContestWire = z.object({
  unique_id: z.number().int(),
  contest_id: z.number().int(),
  contest_name: i18nShownTextSchema,
  creator_id: z.number().int(),
  creator_nickname: ShownText,
  /** Locked by the operator: its configuration changes answer 2558. */
  locked: z.boolean(),
  lock_time: z.number().int().nullable(),
  /** 1: names or notices await review. */
  check_state: z.number().int(),
});

// GET /api/contest/operator_find_contest?contest_id — 2501 when none.
export const OperatorFindContestReq = z.object({ contest_id: LooseId });
export const OperatorFindContestRes = OperatorContestWire;

// POST /api/contest/operator_set_contest_lock {contest_id, locked}
export const OperatorSetContestLockReq = z.object({ contest_id: LooseId, locked: Flag01 });
export const OperatorSetContestLockRes = OperatorContestWire;

/** The reviewed texts of a tournament. */
export const ReviewFieldWire = z.enum(['name', 'public_notice', 'private_notice']);

/** One tournament's text awaiting review: each field, public now and submitted. */
export const ReviewItemWire = z.object({
  contest: OperatorContestWire,
  submit_time: z.number().int(),
  submitter_id: z.number().int(),
  fields: z.array(
    z.object({ field: ReviewFieldWire, before: i18nShownTextSchema, after: i18nShownTextSchema }),
  ),
});

// GET /api/contest/operator_review_list — oldest submission first; `enabled`: TAIKAI_REVIEW_TEXT is on.
export const OperatorReviewListReq = z.object({});
export const OperatorReviewListRes = z.object({ enabled: z.boolean(), list: z.array(ReviewItemWire) });

// POST /api/contest/operator_review_decide {contest_id, approve} — 2517 when nothing awaits review.
export const OperatorReviewDecideReq = z.object({ contest_id: LooseId, approve: Flag01 });
export const OperatorReviewDecideRes = OperatorContestWire;

// GET /api/contest/operator_audit_list?offset&limit — the operator's acts (actions `operator.…`, from the console
// and the command line), newest first.
export const OperatorAuditListReq = z.object(Page);
export const OperatorAuditListRes = z.object({ list: z.array(HistoryEntryWire), total: z.number().int() });
