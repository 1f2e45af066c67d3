import {
  AddTeamMemberReq,
  CleanContestTeamMemberReq,
  CleanContestTeamReq,
  CreateContestTeamBatchReq,
  DeleteContestTeamReq,
  DeleteTeamMemberReq,
  ExportContestTeamMemberListReq,
  ExportContestTeamXlsxReq,
  FetchContestTeamListReq,
  FetchContestTeamMemberListReq,
  FetchContestTeamRankReq,
  FetchMultiContestTeamListReq,
  ImportContestTeamXlsxReq,
  TeamImportTemplateReq,
  UpdateContestTeamReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import type { AuthedCtx } from '../../context';
import { route } from '../../http/route';
import * as files from './files';
import * as members from './members';
import * as q from './queries';
import * as teams from './teams';

/**
 * Makes the change and, once it has committed, tells the season's live pages that its teams changed (`removed`:
 * the teams the change deleted). A call naming only a team has its season read first (the team may be gone after).
 */
async function announced<T>(
  ctx: AuthedCtx,
  req: { unique_id: number; season_id?: number; team_id?: number },
  change: () => Promise<T>,
  removed: number[] | 'all' = [],
): Promise<T> {
  const seasonId =
    req.season_id ??
    (req.team_id === undefined ? undefined : (await q.teamOf(ctx.db, req.team_id))?.seasonId);
  const answer = await change();
  if (seasonId !== undefined) ctx.games.live.season(req.unique_id, seasonId, { kind: 'teams', removed });
  return answer;
}

/**
 * The teams of a team season: teams, members, the team ranking, the xlsx files. Changes are the roster's
 * (`manageRoster`), reads the season's (`viewSeason`); the reads that bots make with a query are also served as
 * GET.
 */
export function teamRoutes(app: FastifyInstance): void {
  // Teams.
  route(app, 'POST', 'create_contest_team_batch', {
    auth: 'account',
    policy: 'manageRoster',
    body: CreateContestTeamBatchReq,
    handler: (ctx, body) => announced(ctx, body, () => teams.createTeams(ctx, body)),
  });

  route(app, 'POST', 'fetch_contest_team_list', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchContestTeamListReq,
    handler: (ctx, body) => teams.teamList(ctx, body),
  });
  route(app, 'GET', 'fetch_contest_team_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchContestTeamListReq,
    handler: (ctx, query) => teams.teamList(ctx, query),
  });

  route(app, 'POST', 'fetch_multi_contest_team_list', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchMultiContestTeamListReq,
    handler: (ctx, body) => teams.teamListWithMembers(ctx, body),
  });
  route(app, 'GET', 'fetch_multi_contest_team_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchMultiContestTeamListReq,
    handler: (ctx, query) => teams.teamListWithMembers(ctx, query),
  });

  route(app, 'POST', 'fetch_contest_team_rank', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchContestTeamRankReq,
    handler: (ctx, body) => teams.teamRank(ctx, body),
  });
  route(app, 'GET', 'fetch_contest_team_rank', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchContestTeamRankReq,
    handler: (ctx, query) => teams.teamRank(ctx, query),
  });

  route(app, 'POST', 'update_contest_team', {
    auth: 'account',
    policy: 'manageRoster',
    body: UpdateContestTeamReq,
    handler: (ctx, body) => announced(ctx, body, () => teams.updateTeam(ctx, body)),
  });

  route(app, 'POST', 'delete_contest_team', {
    auth: 'account',
    policy: 'manageRoster',
    body: DeleteContestTeamReq,
    handler: (ctx, body) => announced(ctx, body, () => teams.deleteTeam(ctx, body), [body.team_id]),
  });

  route(app, 'POST', 'clean_contest_team', {
    auth: 'account',
    policy: 'manageRoster',
    body: CleanContestTeamReq,
    handler: (ctx, body) => announced(ctx, body, () => teams.cleanTeams(ctx, body), 'all'),
  });

  // Members.
  route(app, 'POST', 'add_team_member', {
    auth: 'account',
    policy: 'manageRoster',
    body: AddTeamMemberReq,
    handler: (ctx, body) => announced(ctx, body, () => members.addMembers(ctx, body)),
  });

  route(app, 'POST', 'delete_team_member', {
    auth: 'account',
    policy: 'manageRoster',
    body: DeleteTeamMemberReq,
    handler: (ctx, body) => announced(ctx, body, () => members.deleteMembers(ctx, body)),
  });

  route(app, 'POST', 'clean_contest_team_member', {
    auth: 'account',
    policy: 'manageRoster',
    body: CleanContestTeamMemberReq,
    handler: (ctx, body) => announced(ctx, body, () => members.cleanMembers(ctx, body)),
  });

  route(app, 'POST', 'fetch_contest_team_member_list', {
    auth: 'account',
    policy: 'viewSeason',
    body: FetchContestTeamMemberListReq,
    handler: (ctx, body) => members.memberList(ctx, body),
  });
  route(app, 'GET', 'fetch_contest_team_member_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: FetchContestTeamMemberListReq,
    handler: (ctx, query) => members.memberList(ctx, query),
  });

  route(app, 'POST', 'export_contest_team_member_list', {
    auth: 'account',
    policy: 'viewSeason',
    body: ExportContestTeamMemberListReq,
    handler: (ctx, body) => members.exportMemberList(ctx, body),
  });
  route(app, 'GET', 'export_contest_team_member_list', {
    auth: 'account',
    policy: 'viewSeason',
    query: ExportContestTeamMemberListReq,
    handler: (ctx, query) => members.exportMemberList(ctx, query),
  });

  // Spreadsheets: the export is a read; the template is the same for everyone.
  route(app, 'POST', 'export_contest_team_xlsx', {
    auth: 'account',
    policy: 'viewSeason',
    body: ExportContestTeamXlsxReq,
    handler: (ctx, body) => files.exportXlsx(ctx, body),
  });

  route(app, 'GET', 'team_import_template', {
    auth: 'account',
    query: TeamImportTemplateReq,
    handler: (ctx, query) => files.importTemplate(ctx, query),
  });

  route(app, 'POST', 'import_contest_team_xlsx', {
    auth: 'account',
    policy: 'manageRoster',
    body: ImportContestTeamXlsxReq,
    handler: (ctx, body) => announced(ctx, body, () => files.importXlsx(ctx, body)),
  });
}
