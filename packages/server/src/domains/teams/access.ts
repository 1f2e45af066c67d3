import { ErrorCode, SeasonState, SeasonType } from '@taikai/protocol';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError } from '../../http/errors';
import type { Action } from '../../policy';
import { managedContest } from '../contests/access';
import { seasonState } from '../seasons/presenter';
import { seasonOf } from '../seasons/queries';
import { managedSeason } from '../seasons/service';
import * as q from './queries';

// Where every team call starts: the season (or the team) it names, as the policy lets the actor reach it.

type Options = { lock?: boolean; writable?: boolean };

/** 2583 unless the season ranks teams (rank type 1). */
function refusePersonal(season: { rankType: number }): void {
  if (season.rankType !== SeasonType.TEAM) throw new ContestError(ErrorCode.TEAM_IN_PERSONAL_SEASON);
}

/**
 * A team season of a tournament the actor may take `action` on. Refusals in order: those of `managedSeason`
 * (2501/2513/2506, 2536, 2542 with `writable` once ended), then 2583 for a personal season. `lock` holds the
 * season row until the transaction ends: the team changes of a season are made one after the other, with the
 * roster's.
 */
export async function teamSeason(
  db: Executor,
  ctx: AuthedCtx,
  ids: q.SeasonKey,
  action: Action,
  options: Options = {},
) {
  const managed = await managedSeason(db, ctx, ids, action, options);
  refusePersonal(managed.season);
  return managed;
}

/**
 * A team of a tournament the actor may take `action` on, with its season. Refusals in order: those of
 * `managedContest`, 2577 when the tournament has no such team (or `season_id`, when given, is not the team's
 * season), 2542 with `writable` once its season is ended, 2583 when its season is personal. With `lock` the
 * team is read again once its season row is held, so a team deleted meanwhile is 2577.
 */
export async function managedTeam(
  db: Executor,
  ctx: AuthedCtx,
  req: { unique_id: number; team_id: number; season_id?: number },
  action: Action,
  options: Options = {},
) {
  const contest = await managedContest(db, ctx, req.unique_id, action);
  const teamOf = async () => {
    const row = await q.teamOf(db, req.team_id);
    const ours =
      row?.uniqueId === req.unique_id && (req.season_id === undefined || row.seasonId === req.season_id);
    if (!row || !ours) throw new ContestError(ErrorCode.TEAM_NOT_FOUND);
    return row;
  };
  const found = await teamOf();
  const season = await seasonOf(db, found.uniqueId, found.seasonId, options.lock ?? false);
  const team = options.lock ? await teamOf() : found;
  if (!season) throw new ContestError(ErrorCode.TEAM_NOT_FOUND);
  const state = seasonState(season, ctx.now);
  if (options.writable && state === SeasonState.ENDED)
    throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
  refusePersonal(season);
  return { ...contest, season, state, team, key: { uniqueId: team.uniqueId, seasonId: team.seasonId } };
}
