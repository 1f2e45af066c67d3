import { ErrorCode } from '@taikai/protocol';
import { audit } from '../../audit';
import type { AuthedCtx, Ctx } from '../../context';
import type { I18nRow, PendingTextRow } from '../../db/schema';
import { ContestError } from '../../http/errors';
import * as q from './queries';

// Review of names and notices (spec §4): when the deployment asks for it (`TAIKAI_REVIEW_TEXT=1`), a new name or
// notice is held until the operator approves it; meanwhile the old text stays public and `check_state` is 1.

/** The tournament's reviewed text, by column. */
const REVIEWED = ['name', 'publicNotice', 'privateNotice'] as const;
type Reviewed = (typeof REVIEWED)[number];

export type ContestChanges = Partial<Omit<q.ContestRow, 'uniqueId'>>;

/** JSON with object keys sorted: PostgreSQL's jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Equal as stored values (JSON), whatever the order of object keys. */
export const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

const textOf = (pending: Partial<PendingTextRow> | null) =>
  Object.fromEntries(REVIEWED.filter((k) => pending?.[k] !== undefined).map((k) => [k, pending?.[k]]));

/**
 * The changes to write, with review on: names and notices that differ from the public text move into the
 * pending text (a later submission replaces an earlier one of the same field; sending the public text back
 * withdraws it), `check_state` follows. With review off, the changes as they are.
 */
export function holdForReview(ctx: AuthedCtx, row: q.ContestRow, changes: ContestChanges): ContestChanges {
  if (!ctx.config.reviewText || !REVIEWED.some((k) => k in changes)) return changes;
  const direct: ContestChanges = { ...changes };
  const pending: Partial<Record<Reviewed, I18nRow>> = { ...textOf(row.pendingText) };
  for (const key of REVIEWED) {
    if (!(key in changes)) continue;
    const value = changes[key] as I18nRow;
    delete direct[key];
    if (same(value, row[key])) delete pending[key];
    else pending[key] = value;
  }
  if (same(pending, textOf(row.pendingText))) return direct;
  const held = Object.keys(pending).length > 0;
  direct.pendingText = held ? { ...pending, submitTime: ctx.now, submitterId: ctx.actor.id } : null;
  direct.checkState = held ? 1 : 0;
  return direct;
}

/** Tournaments with text awaiting review, oldest submission first. */
export function awaitingReview(ctx: Ctx): Promise<q.ContestRow[]> {
  return q.contestsAwaitingReview(ctx.db);
}

/**
 * The operator's decision on a tournament's pending text (by its public `contest_id`): approved text becomes
 * public, refused text is dropped; either way `check_state` returns to 0. 2501 when there is no such tournament,
 * 2517 when it has nothing to decide.
 */
export async function decideReview(ctx: Ctx, contestId: number, approve: boolean): Promise<q.ContestRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await q.liveContestByContestIdForUpdate(tx, contestId);
    if (!row) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND, { message: `no tournament ${contestId}` });
    if (!row.pendingText) {
      throw new ContestError(ErrorCode.PARAM_ERROR, {
        message: `tournament ${contestId} has nothing awaiting review`,
      });
    }
    const text = textOf(row.pendingText) as Partial<Record<Reviewed, I18nRow>>;
    const changes: ContestChanges = { pendingText: null, checkState: 0, ...(approve ? text : {}) };
    const updated = await q.updateContest(tx, row.uniqueId, changes);
    await audit(tx, ctx, {
      action: approve ? 'operator.review.approve' : 'operator.review.refuse',
      targetType: 'contest',
      targetId: row.uniqueId,
      before: {
        pendingText: row.pendingText,
        checkState: row.checkState,
        ...(approve ? Object.fromEntries(Object.keys(text).map((k) => [k, row[k as Reviewed]])) : {}),
      },
      after: changes,
    });
    return updated;
  });
}
