import {
  type ContestSeasonPlayerLimitRes,
  ErrorCode,
  ListType,
  type SetContestSeasonPlayerLimitReq,
  type SetContestSeasonPlayerLimitRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import { cancelPlansSeating } from '../../games/queries';
import { namesOf } from '../accounts/service';
import { seasonKey } from '../seasons/presenter';
import { managedSeason } from '../seasons/service';
import { presentListedAccounts } from './presenter';
import * as q from './queries';
import { distinct } from './roster';

// The season's sign-up blacklist ("player limit"): blacklisted accounts cannot sign up or be added.

type SeasonIds = { uniqueId: number; seasonId: number };
type Failure = z.infer<typeof SetContestSeasonPlayerLimitRes>['failed'][number];

/** `contest_season_player_limit`: the season blacklist (always type 2), in the order it was filled. */
export async function playerLimit(
  ctx: AuthedCtx,
  ids: SeasonIds,
): Promise<z.infer<typeof ContestSeasonPlayerLimitRes>> {
  await managedSeason(ctx.db, ctx, ids, 'viewSeason');
  const accountIds = await q.blacklistedIds(ctx.db, ids);
  return {
    type: ListType.BLACKLIST,
    list: presentListedAccounts(accountIds, await namesOf(ctx.db, accountIds)),
  };
}

/**
 * `set_contest_season_player_limit`: adds accounts to and removes them from the season blacklist, on a season
 * that is not ended (2542). Per-account failures: 1002 no such account · 2588 on the roster (remove the player
 * first). Blacklisting a player whose sign-up is pending rejects that sign-up; a blacklisted player is not
 * ready in the season any more, and any waiting plan seating them is cancelled (`player_blacklisted`).
 */
export async function setPlayerLimit(
  ctx: AuthedCtx,
  req: z.infer<typeof SetContestSeasonPlayerLimitReq>,
): Promise<z.infer<typeof SetContestSeasonPlayerLimitRes>> {
  const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
  const { result, added, cancelled } = await ctx.db.transaction(async (tx) => {
    await managedSeason(tx, ctx, ids, 'manageBlacklist', { lock: true, writable: true });
    const adds = distinct(req.add_list);
    const removes = distinct(req.remove_list);
    const known = await namesOf(tx, [...adds, ...removes]);
    const current = await q.playersAmong(tx, ids, adds);
    const failed: Failure[] = [];
    const refused = new Set<number>();
    const fail = (id: number, error: number) => {
      if (refused.has(id)) return;
      refused.add(id);
      failed.push({ account_id: id, error });
    };
    for (const id of adds) {
      if (!known.has(id)) fail(id, ErrorCode.ACCOUNT_NOT_FOUND);
      else if (current.get(id)?.state === q.PlayerState.ACCEPTED) fail(id, ErrorCode.ALREADY_ON_ROSTER);
    }
    for (const id of removes) if (!known.has(id)) fail(id, ErrorCode.ACCOUNT_NOT_FOUND);
    const toAdd = adds.filter((id) => !refused.has(id));
    const toRemove = removes.filter((id) => !refused.has(id));
    const added = await q.insertBlacklisted(tx, ids, toAdd, ctx.now);
    const rejected = await q.rejectPending(tx, ids, toAdd, ctx.now);
    const removed = await q.deleteBlacklisted(tx, ids, toRemove);
    const cancelled = await cancelPlansSeating(tx, added, 'player_blacklisted', ctx.now, ids);
    if (added.length > 0 || removed.length > 0 || rejected.length > 0) {
      const cancelledPlans = cancelled.map((p) => p.uuid);
      await audit(tx, ctx, {
        action: 'season_player.blacklist',
        targetType: 'season',
        targetId: seasonKey(ids),
        before: null,
        after: {
          added,
          removed,
          rejectedSignups: rejected,
          ...(cancelledPlans.length > 0 ? { cancelledPlans } : {}),
        },
      });
    }
    return { result: { success: distinct([...toAdd, ...toRemove]), failed }, added, cancelled };
  });
  if (added.length > 0) {
    const plans = cancelled.map((p) => ({ uuid: p.uuid, reason: 'player_blacklisted' as const }));
    ctx.games.withdraw(ids, added, plans);
  }
  return result;
}
