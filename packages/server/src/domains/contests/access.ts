import { ErrorCode } from '@taikai/protocol';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import { type Action, authorize, authorizeSpectate, roleOf } from '../../policy';
import { adminIdsOf, managersOf } from '../admins/access';
import { observes } from '../observers/access';
import * as q from './queries';

// Who may do what on a tournament: where every call on a tournament starts (`managedContest`). Apart from the
// tournament service so that the services it calls (admins, seasons) can start their own calls here without an
// import circle.

/** Actions that change a tournament's configuration: refused with 2558 while the operator has locked it. */
export const CONFIGURATION_ACTIONS: readonly Action[] = ['editBase', 'manageSeasons'];

/** A tournament that is not there: 2560 to the creator and admins of a deleted one, 2501 to anyone else. */
async function refuseMissing(db: Executor, ctx: AuthedCtx, uniqueId: number): Promise<never> {
  const row = await q.anyContest(db, uniqueId);
  if (row?.deleteTime != null) {
    const adminIds = await adminIdsOf(db, uniqueId);
    if (row.creatorId === ctx.actor.id || adminIds.includes(ctx.actor.id)) {
      throw new ContestError(ErrorCode.CONTEST_DELETED);
    }
  }
  throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
}

/**
 * A live tournament the actor may take `action` on, with its managers (`adminIds`, every role) and their roles; 2501 when not theirs to see (2560 to the
 * creator and admins of a deleted one), 2513/2506 when their role falls short, 2558 for a configuration action
 * (`configures`) while the operator has locked it. Other domains start their calls here.
 */
export async function managedContest(
  db: Executor,
  ctx: AuthedCtx,
  uniqueId: number,
  action: Action,
  lock = false,
  configures = CONFIGURATION_ACTIONS.includes(action),
) {
  if (!lock) {
    const found = await q.contestAccess(db, { uniqueId, accountId: ctx.actor.id });
    if (!found) return refuseMissing(db, ctx, uniqueId);
    return allowed(ctx, action, configures, found);
  }
  const row = await q.liveContest(db, uniqueId, lock);
  if (!row) return refuseMissing(db, ctx, uniqueId);
  const { adminIds, managerRoles } = await managersOf(db, uniqueId);
  const manager = row.creatorId === ctx.actor.id || adminIds.includes(ctx.actor.id);
  // Observers are looked up only for accounts that are not creator or manager.
  const observer = !manager && (await observes(db, row, ctx.actor.id));
  return allowed(ctx, action, configures, { row, adminIds, managerRoles, onObserverRoster: observer });
}

/**
 * `managedContest` for a season's reads, with the season in the same read: the tournament as `managedContest`
 * answers it, and the season row (undefined when the tournament has no such season). Not locked.
 */
export async function managedContestSeason(
  db: Executor,
  ctx: AuthedCtx,
  ids: { uniqueId: number; seasonId: number },
  action: Action,
) {
  const found = await q.contestAccess(db, { ...ids, accountId: ctx.actor.id });
  if (!found) return refuseMissing(db, ctx, ids.uniqueId);
  return {
    ...allowed(ctx, action, CONFIGURATION_ACTIONS.includes(action), found),
    season: found.season ?? undefined,
  };
}

/** `managedContest` (not locked) with the tournament's seasons, oldest first, read in the same statement. */
export async function managedContestWithSeasons(
  db: Executor,
  ctx: AuthedCtx,
  uniqueId: number,
  action: Action,
) {
  const found = await q.contestAccessWithSeasons(db, { uniqueId, accountId: ctx.actor.id });
  if (!found) return refuseMissing(db, ctx, uniqueId);
  return { ...allowed(ctx, action, CONFIGURATION_ACTIONS.includes(action), found), seasons: found.seasons };
}

/** The caller's role checked against `action` (an observer counts only while the observer switch is on). */
function allowed(
  ctx: AuthedCtx,
  action: Action,
  configures: boolean,
  found: { row: q.ContestRow; adminIds: number[]; managerRoles: number[]; onObserverRoster: boolean },
) {
  const { row, adminIds, managerRoles } = found;
  const access = {
    creatorId: row.creatorId,
    adminIds,
    managerRoles,
    observes: row.observerSwitch === 1 && found.onObserverRoster,
  };
  authorize(ctx.actor, action, access);
  if (configures && row.lockTime !== null) throw new ContestError(ErrorCode.LOCKED_BY_OPERATOR);
  return { row, adminIds, managerRoles, role: roleOf(ctx.actor, access) };
}

/**
 * A live tournament whose games the actor may watch (`authorizeSpectate`): 2501 when it is not there, 2557 to an
 * observer while observers are off, 2529 to anyone else not allowed. Not locked.
 */
export async function spectatedContest(db: Executor, ctx: AuthedCtx, uniqueId: number) {
  const found = await q.contestAccess(db, { uniqueId, accountId: ctx.actor.id });
  if (!found) return refuseMissing(db, ctx, uniqueId);
  const { row, adminIds, managerRoles } = found;
  authorizeSpectate(ctx.actor, {
    creatorId: row.creatorId,
    adminIds,
    managerRoles,
    observerSwitch: row.observerSwitch,
    publicSpectating: row.publicSpectating,
    onObserverRoster: found.onObserverRoster,
  });
  return row;
}
