import type { FetchContestHistoryReq, FetchContestHistoryRes } from '@taikai/protocol';
import type { z } from 'zod';
import type { AuthedCtx } from '../../context';
import { namesOf } from '../accounts/service';
import { managedContest } from '../contests/access';
import { presentHistoryEntry } from './presenter';
import * as q from './queries';

/**
 * `fetch_contest_history`: who changed what in a tournament, its seasons and their players, with the state
 * before and after, newest first, paged (creator and admins). `kind` keeps the actions `<kind>.…` (`contest`,
 * `contest_admin`, `contest_observer`, `season`, `season_player`, …).
 */
export async function contestHistory(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchContestHistoryReq>,
): Promise<z.infer<typeof FetchContestHistoryRes>> {
  const { row } = await managedContest(ctx.db, ctx, req.unique_id, 'viewHistory');
  const kind = req.kind || undefined;
  const rows = await q.historyPage(ctx.db, row.uniqueId, { kind, offset: req.offset, limit: req.limit });
  const total = await q.historyCount(ctx.db, row.uniqueId, kind);
  const actors = rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId]));
  const names = await namesOf(ctx.db, actors);
  return { list: rows.map((r) => presentHistoryEntry(r, names)), total };
}
