import {
  type FetchContestDetailRes,
  type NoticeKind,
  type UpdateContestExternalNoticeReq,
  validateNotice,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { AuthedCtx } from '../../context';
import { managedContest } from '../contests/access';
import { refuseFirst } from '../contests/names';
import { cleanText, saveContest } from '../contests/service';

type Detail = z.infer<typeof FetchContestDetailRes>;

/** The column of each notice a call changes. */
const COLUMN = { public: 'publicNotice', private: 'privateNotice' } as const;

/**
 * `update_contest_external_notice` (public) and `update_contest_internal_notice` (private): the whole notice, one
 * entry per language, forbidden words masked, empty entries dropped. Refusals in order: those of
 * `managedContest` (2558 locked) · 2517 a language twice · 2548 a text over 500 (public) or 3000 (private)
 * characters. With review on, the new notice waits for the operator and the answer shows the old one with
 * `check_state` 1.
 */
export async function updateNotice(
  ctx: AuthedCtx,
  kind: Exclude<NoticeKind, 'manager'>,
  req: z.infer<typeof UpdateContestExternalNoticeReq>,
): Promise<Detail> {
  return ctx.db.transaction(async (tx) => {
    const found = await managedContest(tx, ctx, req.unique_id, 'editBase', true);
    const field = `${kind}_notice`;
    const notice = cleanText(ctx, field, req.notice);
    refuseFirst(validateNotice(kind, req.notice));
    return saveContest(tx, ctx, found, { [COLUMN[kind]]: notice }, `contest.update_${field}`);
  });
}
