import {
  type CleanContestTeamReq,
  type CleanContestTeamRes,
  type CreateContestTeamBatchReq,
  type CreateContestTeamBatchRes,
  type DeleteContestTeamReq,
  ErrorCode,
  type FetchContestTeamListReq,
  type FetchContestTeamListRes,
  type FetchContestTeamRankReq,
  type FetchContestTeamRankRes,
  type FetchMultiContestTeamListRes,
  LIMITS,
  type Team,
  type UpdateContestTeamReq,
  validateTeamDetail,
  validateTeamName,
  validateTeamScoreChange,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError, messageOf } from '../../http/errors';
import { refuseFirst } from '../contests/names';
import { seasonKey } from '../seasons/presenter';
import { managedTeam, teamSeason } from './access';
import { presentMember, presentTeam } from './presenter';
import * as q from './queries';

// The teams of a team season: creating, listing and ranking, renaming and the score change, deleting.
// Changes are the roster's (`manageRoster`: creator and admins), reads the season's (`viewSeason`).

type SeasonReq = { unique_id: number; season_id: number };
const keyOf = (req: SeasonReq): q.SeasonKey => ({ uniqueId: req.unique_id, seasonId: req.season_id });

/** 2579 naming the taken name. */
function nameTaken(name: string): ContestError {
  return new ContestError(ErrorCode.TEAM_EXISTS, {
    message: `${messageOf(ErrorCode.TEAM_EXISTS)} (${name})`,
    data: { name },
  });
}

/** 2576: the season would have more than 300 teams. */
function refuseOverCap(existing: number, adding: number): void {
  if (existing + adding > LIMITS.TEAMS_MAX) throw new ContestError(ErrorCode.TEAMS_MAX);
}

/**
 * `create_contest_team_batch`: up to 20 teams at once, all or none. Refusals in order: those of `teamSeason`
 * (2542 ended, 2583 personal) · 2587/2586 a name or 2587 a description breaking the team text rules (the
 * protocol's `validateTeamName`/`validateTeamDetail`), in request order · 2579 a name already in the season or
 * twice in the batch · 2576 over 300 teams. The season row is locked, so parallel batches never pass the cap.
 * Answers the teams in request order.
 */
export async function createTeams(
  ctx: AuthedCtx,
  req: z.infer<typeof CreateContestTeamBatchReq>,
): Promise<z.infer<typeof CreateContestTeamBatchRes>> {
  return ctx.db.transaction(async (tx) => {
    const key = keyOf(req);
    await teamSeason(tx, ctx, key, 'manageRoster', { lock: true, writable: true });
    for (const team of req.team_list) {
      refuseFirst(validateTeamName(team.name));
      refuseFirst(validateTeamDetail(team.detail));
    }
    const names = req.team_list.map((t) => t.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined) throw nameTaken(twice);
    const taken = await q.teamsNamed(tx, key, names);
    const first = names.find((name) => taken.has(name));
    if (first !== undefined) throw nameTaken(first);
    refuseOverCap(await q.teamCount(tx, key), names.length);
    const rows = await q.insertTeams(
      tx,
      req.team_list.map((t) => ({ ...key, name: t.name, detail: t.detail, createTime: ctx.now })),
    );
    await audit(tx, ctx, {
      action: 'team.create',
      targetType: 'season',
      targetId: seasonKey(key),
      before: null,
      after: { teams: rows.map((r) => ({ teamId: r.id, name: r.name, detail: r.detail })) },
    });
    return { res: rows.map((r) => ({ team_id: r.id, team_name: r.name })) };
  });
}

/** 2581 for a team page of more than 300. */
function refuseLongPage(limit: number, max: number): void {
  if (limit > max) throw new ContestError(ErrorCode.TEAM_LIST_MAX);
}

type ListReq = z.infer<typeof FetchContestTeamListReq>;

/** The filter of a team list request. */
const filterOf = (req: ListReq): q.TeamFilter => ({
  search: req.search,
  searchType: req.search_type,
  accountId: req.account_id,
});

/**
 * `fetch_contest_team_list`: a page of the season's teams in ranking order (at most 300: 2581), with their
 * figures. `search` keeps the teams whose name (`search_type` 1), a member's nickname (2), or either or a
 * member's internal account id (0, the default) match; `account_id` keeps that account's team. `total` counts
 * the teams kept, `team_count` every team of the season.
 */
export async function teamList(
  ctx: AuthedCtx,
  req: ListReq,
): Promise<z.infer<typeof FetchContestTeamListRes>> {
  const key = keyOf(req);
  await teamSeason(ctx.db, ctx, key, 'viewSeason');
  refuseLongPage(req.limit, LIMITS.TEAM_LIST_LIMIT);
  const { rows, total } = await q.rankedTeams(ctx.db, key, filterOf(req), req);
  return { list: rows.map(presentTeam), total, team_count: await q.teamCount(ctx.db, key) };
}

/** `fetch_multi_contest_team_list`: the same page, each team with its members (in the order they joined). */
export async function teamListWithMembers(
  ctx: AuthedCtx,
  req: ListReq,
): Promise<z.infer<typeof FetchMultiContestTeamListRes>> {
  const key = keyOf(req);
  await teamSeason(ctx.db, ctx, key, 'viewSeason');
  refuseLongPage(req.limit, LIMITS.TEAM_LIST_LIMIT);
  const { rows, total } = await q.rankedTeams(ctx.db, key, filterOf(req), req);
  const members = await q.membersOfTeams(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((row) => ({
      ...presentTeam(row),
      member_list: (members.get(row.id) ?? []).map(presentMember),
    })),
    total,
    team_count: await q.teamCount(ctx.db, key),
  };
}

/** `fetch_contest_team_rank`: a page of the team ranking (at most 300: 2581); `total` is every team. */
export async function teamRank(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchContestTeamRankReq>,
): Promise<z.infer<typeof FetchContestTeamRankRes>> {
  const key = keyOf(req);
  await teamSeason(ctx.db, ctx, key, 'viewSeason');
  refuseLongPage(req.limit, LIMITS.TEAM_RANK_LIMIT);
  const { rows, total } = await q.rankedTeams(ctx.db, key, {}, req);
  return { list: rows.map(presentTeam), total };
}

/** One team as lists show it: its figures and its rank among every team of its season. */
export async function presentTeamOf(db: Executor, key: q.SeasonKey, teamId: number): Promise<Team> {
  const { rows } = await q.rankedTeams(db, key, { teamId });
  return presentTeam(rows[0]);
}

type TeamChanges = Parameters<typeof q.updateTeam>[2];

/**
 * `update_contest_team`: the name and description, and/or the score change (`modify_score`, thousandths: the
 * team's whole change) and its note. Refusals in order: those of `managedTeam` (2577, 2542, 2583) · name
 * 2587/2586 · 2579 name taken by another team of the season · description 2587 · score change 2587 unless a
 * multiple of 100 (one decimal shown), 2589 beyond ±1 000 000 shown · 2587 note over 50 characters (the
 * protocol's `validateTeamScoreChange`). Fields left out stay as they are. Answers the team as it now stands;
 * a change writes one audit entry, no change none.
 */
export async function updateTeam(ctx: AuthedCtx, req: z.infer<typeof UpdateContestTeamReq>): Promise<Team> {
  return ctx.db.transaction(async (tx) => {
    const { team, key } = await managedTeam(tx, ctx, req, 'manageRoster', { lock: true, writable: true });
    const changes: TeamChanges = {};
    if (req.name !== undefined && req.name !== team.name) {
      refuseFirst(validateTeamName(req.name));
      if ((await q.teamsNamed(tx, key, [req.name])).size > 0) throw nameTaken(req.name);
      changes.name = req.name;
    }
    if (req.detail !== undefined && req.detail !== team.detail) {
      refuseFirst(validateTeamDetail(req.detail));
      changes.detail = req.detail;
    }
    if (req.modify_score !== undefined || req.modify_detail !== undefined) {
      const score = req.modify_score ?? team.modifyScore;
      const note = req.modify_detail ?? team.modifyDetail;
      refuseFirst(validateTeamScoreChange(score / 1000, note).issues);
      if (score !== team.modifyScore) changes.modifyScore = score;
      if (note !== team.modifyDetail) changes.modifyDetail = note;
    }
    if (Object.keys(changes).length > 0) {
      await q.updateTeam(tx, team.id, changes);
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, team[k as keyof TeamChanges]]));
      await audit(tx, ctx, {
        action: 'team.update',
        targetType: 'season',
        targetId: seasonKey(key),
        before: { teamId: team.id, ...before },
        after: { teamId: team.id, ...changes },
      });
    }
    return presentTeamOf(tx, key, team.id);
  });
}

/** `delete_contest_team`: deletes an empty team. Refusals: those of `managedTeam` · 2584 it has members. */
export async function deleteTeam(
  ctx: AuthedCtx,
  req: z.infer<typeof DeleteContestTeamReq>,
): Promise<Record<string, never>> {
  return ctx.db.transaction(async (tx) => {
    const { team, key } = await managedTeam(tx, ctx, req, 'manageRoster', { lock: true, writable: true });
    if ((await q.memberCount(tx, team.id)) > 0) throw new ContestError(ErrorCode.TEAM_NOT_EMPTY);
    await q.deleteTeam(tx, team.id);
    await audit(tx, ctx, {
      action: 'team.delete',
      targetType: 'season',
      targetId: seasonKey(key),
      before: { teamId: team.id, name: team.name, detail: team.detail, modifyScore: team.modifyScore },
      after: null,
    });
    return {};
  });
}

/**
 * `clean_contest_team`: deletes every team of the season with their memberships, in one transaction (the
 * players stay on the roster; confirming is the console's job). Refusals: those of `teamSeason`. Answers how
 * many teams were deleted.
 */
export async function cleanTeams(
  ctx: AuthedCtx,
  req: z.infer<typeof CleanContestTeamReq>,
): Promise<z.infer<typeof CleanContestTeamRes>> {
  return ctx.db.transaction(async (tx) => {
    const key = keyOf(req);
    await teamSeason(tx, ctx, key, 'manageRoster', { lock: true, writable: true });
    const deleted = await q.deleteTeamsOf(tx, key);
    if (deleted.teams.length > 0) {
      await audit(tx, ctx, {
        action: 'team.clean',
        targetType: 'season',
        targetId: seasonKey(key),
        before: { teams: deleted.teams, members: deleted.members },
        after: null,
      });
    }
    return { deleted: deleted.teams.length };
  });
}
