import type {
  OperatorAdjustCurrencyReq,
  OperatorAdjustCurrencyRes,
  OperatorAnnouncementListReq,
  OperatorAnnouncementListRes,
  OperatorAnnounceReq,
  OperatorAnnounceRes,
  OperatorAuditListReq,
  OperatorAuditListRes,
  OperatorBanListReq,
  OperatorBanListRes,
  OperatorContestWire,
  OperatorCreateAccountReq,
  OperatorCreateAccountRes,
  OperatorReviewListRes,
  OperatorSearchAccountsRes,
  OperatorSetBanReq,
  OperatorSetBanRes,
  OperatorSetPasswordReq,
  OperatorSetPasswordRes,
  ReviewItemWire,
} from '@taikai/protocol';
import { decodeAccountId, ErrorCode, encodeAccountId, INT4_MAX, OPERATOR_SEARCH_MAX } from '@taikai/protocol';
import type { z } from 'zod';
import type { AuthedCtx } from '../../context';
import type { I18nRow } from '../../db/schema';
import { ContestError } from '../../http/errors';
import * as operator from '../accounts/operator';
import * as accountsQ from '../accounts/queries';
import { namesOf } from '../accounts/service';
import { contestForOperator, setOperatorLock } from '../contests/lock';
import type { ContestRow } from '../contests/queries';
import { awaitingReview, decideReview } from '../contests/review';
import { presentHistoryEntry } from '../history/presenter';
import { banPairsOf, presentAccount, presentAnnouncement, presentBan, presentContest } from './presenter';
import * as q from './queries';

// The operator console's calls: the same acts as the operator's command line (accounts/operator.ts,
// contests/lock.ts, contests/review.ts), made by an operator account from the web while the server runs. Each act
// is one transaction with its audit entry (`operator.…`), made as the calling operator.

type Out<S extends z.ZodType> = Promise<z.infer<S>>;

/** Accounts as the operator sees them, with the bans that touch each (one query for them all). */
async function presentAccounts(ctx: AuthedCtx, rows: accountsQ.AccountRow[]) {
  const bans = (await accountsQ.bansAmong(ctx.db, rows.flatMap(banPairsOf))).map(presentBan);
  return rows.map((row) => presentAccount(row, bans));
}

async function presentedAccount(ctx: AuthedCtx, id: number) {
  const [shown] = await presentAccounts(ctx, [await operator.findAccount(ctx, id)]);
  return shown;
}

/**
 * `operator_search_accounts`: accounts whose e-mail or nickname holds the text (any case), and, for digits, the
 * account of that public id and of that internal id.
 */
export async function searchAccounts(ctx: AuthedCtx, text: string): Out<typeof OperatorSearchAccountsRes> {
  const ids: number[] = [];
  if (/^\d{1,10}$/.test(text)) {
    const n = Number(text);
    const decoded = decodeAccountId(n);
    for (const id of [decoded, n]) if (id > 0 && id <= INT4_MAX) ids.push(id);
  }
  const rows = await accountsQ.searchAccounts(ctx.db, text, ids, OPERATOR_SEARCH_MAX);
  // The account an id names first, then the rest by id.
  rows.sort((a, b) => Number(ids.includes(b.id)) - Number(ids.includes(a.id)) || a.id - b.id);
  return { list: await presentAccounts(ctx, rows) };
}

export async function createAccount(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorCreateAccountReq>,
): Out<typeof OperatorCreateAccountRes> {
  const created = await operator.createAccount(ctx, req);
  return {
    account: await presentedAccount(ctx, created.id),
    password: req.password === undefined ? created.password : null,
  };
}

export async function adjustCurrency(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorAdjustCurrencyReq>,
): Out<typeof OperatorAdjustCurrencyRes> {
  const currency = await operator.adjustCurrency(ctx, req.account_id, req.delta);
  return { account_id: req.account_id, currency };
}

export async function setPassword(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorSetPasswordReq>,
): Out<typeof OperatorSetPasswordRes> {
  const password = await operator.setPassword(ctx, req.account_id, req.password);
  return { password: req.password === undefined ? password : null };
}

export async function setBan(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorSetBanReq>,
): Out<typeof OperatorSetBanRes> {
  const value = await operator.banValue(ctx, req.kind, req.value);
  // An operator does not lock themselves out: not their own account, nor the address or device they call from.
  const own =
    (req.kind === 'account' && value === String(ctx.actor.id)) ||
    (req.kind === 'ip' && value === ctx.ip) ||
    (req.kind === 'device' && value === ctx.device);
  if (req.banned === 1 && own) {
    throw new ContestError(ErrorCode.PARAM_ERROR, {
      message: 'an operator cannot ban their own account, address or device',
    });
  }
  const done = await operator.applyBan(ctx, req.kind, value, req.banned === 1);
  return { kind: done.kind, value: done.value, banned: req.banned === 1, changed: done.changed };
}

/** `operator_ban_list`: the bans, newest first, each with the account it names (by id or e-mail). */
export async function banList(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorBanListReq>,
): Out<typeof OperatorBanListRes> {
  const { rows, total } = await accountsQ.banPage(ctx.db, {
    kind: req.kind || undefined,
    offset: req.offset,
    limit: req.limit,
  });
  const ids = rows.filter((r) => r.kind === 'account').map((r) => Number(r.value));
  const byId = new Map((await accountsQ.accountsByIds(ctx.db, ids)).map((a) => [a.id, a]));
  const list = [];
  for (const row of rows) {
    const holder =
      row.kind === 'account'
        ? byId.get(Number(row.value))
        : row.kind === 'email'
          ? await accountsQ.accountByEmail(ctx.db, row.value)
          : undefined;
    list.push({
      ...presentBan(row),
      account: holder
        ? { account_id: holder.id, public_id: encodeAccountId(holder.id), nickname: holder.nickname }
        : null,
    });
  }
  return { list, total };
}

export async function setCreateRight(ctx: AuthedCtx, accountId: number, allowed: boolean) {
  await operator.setCreateRight(ctx, accountId, allowed);
  return { account_id: accountId, can_create: allowed };
}

export async function announce(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorAnnounceReq>,
): Out<typeof OperatorAnnounceRes> {
  return presentAnnouncement(await operator.announce(ctx, req));
}

export async function announcementList(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorAnnouncementListReq>,
): Out<typeof OperatorAnnouncementListRes> {
  const { rows, total } = await accountsQ.announcementPage(ctx.db, req);
  return { list: rows.map(presentAnnouncement), total };
}

export async function deleteAnnouncement(ctx: AuthedCtx, id: number): Promise<Record<string, never>> {
  await operator.deleteAnnouncement(ctx, id);
  return {};
}

async function presentedContest(ctx: AuthedCtx, row: ContestRow): Out<typeof OperatorContestWire> {
  return presentContest(row, await namesOf(ctx.db, [row.creatorId]));
}

export async function findContest(ctx: AuthedCtx, contestId: number): Out<typeof OperatorContestWire> {
  return presentedContest(ctx, await contestForOperator(ctx, contestId));
}

export async function setContestLock(
  ctx: AuthedCtx,
  contestId: number,
  locked: boolean,
): Out<typeof OperatorContestWire> {
  return presentedContest(ctx, await setOperatorLock(ctx, contestId, locked));
}

const REVIEWED_FIELDS = [
  ['name', 'name'],
  ['publicNotice', 'public_notice'],
  ['privateNotice', 'private_notice'],
] as const;

/** `operator_review_list`: the tournaments whose text awaits review, each field public now → submitted. */
export async function reviewList(ctx: AuthedCtx): Out<typeof OperatorReviewListRes> {
  const rows = await awaitingReview(ctx);
  const names = await namesOf(
    ctx.db,
    rows.map((r) => r.creatorId),
  );
  const list: z.infer<typeof ReviewItemWire>[] = rows.map((row) => {
    const pending = row.pendingText!;
    return {
      contest: presentContest(row, names),
      submit_time: pending.submitTime,
      submitter_id: pending.submitterId,
      fields: REVIEWED_FIELDS.flatMap(([column, field]) =>
        pending[column]
          ? [
              {
                field,
                before: row[column] as I18nRow as z.infer<typeof ReviewItemWire>['fields'][number]['before'],
                after: pending[column] as z.infer<typeof ReviewItemWire>['fields'][number]['after'],
              },
            ]
          : [],
      ),
    };
  });
  return { enabled: ctx.config.reviewText, list };
}

export async function reviewDecide(
  ctx: AuthedCtx,
  contestId: number,
  approve: boolean,
): Out<typeof OperatorContestWire> {
  return presentedContest(ctx, await decideReview(ctx, contestId, approve));
}

/** `operator_audit_list`: the operator's acts, from the console and the command line, newest first. */
export async function auditList(
  ctx: AuthedCtx,
  req: z.infer<typeof OperatorAuditListReq>,
): Out<typeof OperatorAuditListRes> {
  const { rows, total } = await q.operatorActs(ctx.db, req);
  const names = await namesOf(
    ctx.db,
    rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])),
  );
  return { list: rows.map((r) => presentHistoryEntry(r, names)), total };
}
