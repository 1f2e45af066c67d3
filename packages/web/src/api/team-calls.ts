import {
  type AddTeamMemberReq,
  AddTeamMemberRes,
  type CleanContestTeamMemberReq,
  CleanContestTeamMemberRes,
  type CleanContestTeamReq,
  CleanContestTeamRes,
  type CreateContestTeamBatchReq,
  CreateContestTeamBatchRes,
  type DeleteContestTeamReq,
  DeleteContestTeamRes,
  type DeleteTeamMemberReq,
  DeleteTeamMemberRes,
  type ExportContestTeamMemberListReq,
  ExportContestTeamMemberListRes,
  type ExportContestTeamXlsxReq,
  ExportContestTeamXlsxRes,
  type FetchContestTeamListReq,
  FetchContestTeamListRes,
  type FetchContestTeamMemberListReq,
  FetchContestTeamMemberListRes,
  type FetchContestTeamRankReq,
  FetchContestTeamRankRes,
  type FetchMultiContestTeamListReq,
  FetchMultiContestTeamListRes,
  type ImportContestTeamXlsxReq,
  ImportContestTeamXlsxRes,
  type TeamImportTemplateReq,
  TeamImportTemplateRes,
  type UpdateContestTeamReq,
  UpdateContestTeamRes,
} from '@taikai/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type CallOptions, request } from './client';
import { keys } from './queries';
import { rankingKeys } from './ranking-calls';

// The team calls of a team season: the team manager page (teams, members, xlsx import and export) and the team
// ranking of the player statistics page. The teams and their members are cached under the season's players
// (`keys.teams`); the team ranking under the season's rankings (`[...rankingKeys.rank(u, s), 'team', …]`), so a
// finished, removed or restored game (the season stream's `records` change) reads it again with the personal one.

type In<S extends z.ZodType> = z.input<S>;
const contest = (name: string) => `/api/contest/${name}`;

/** The season's teams by rank, with the season's team count (`n / 300`); optionally searched. */
export const fetchTeamList = (query: In<typeof FetchContestTeamListReq>, options?: CallOptions) =>
  request('POST', contest('fetch_contest_team_list'), FetchContestTeamListRes, query, options);

/** The same list with each team's members. */
export const fetchTeamListWithMembers = (
  query: In<typeof FetchMultiContestTeamListReq>,
  options?: CallOptions,
) => request('POST', contest('fetch_multi_contest_team_list'), FetchMultiContestTeamListRes, query, options);

/** Up to 20 teams at once; all are created or none. */
export const createTeams = (body: In<typeof CreateContestTeamBatchReq>, options?: CallOptions) =>
  request('POST', contest('create_contest_team_batch'), CreateContestTeamBatchRes, body, options);

/** A team's name and detail, or its score change (`modify_score` ×1000) and its note. */
export const updateTeam = (body: In<typeof UpdateContestTeamReq>, options?: CallOptions) =>
  request('POST', contest('update_contest_team'), UpdateContestTeamRes, body, options);

/** Deletes an empty team (2584 otherwise). */
export const deleteTeam = (body: In<typeof DeleteContestTeamReq>, options?: CallOptions) =>
  request('POST', contest('delete_contest_team'), DeleteContestTeamRes, body, options);

/** Removes every member of a team; they stay on the roster. */
export const clearTeamMembers = (body: In<typeof CleanContestTeamMemberReq>, options?: CallOptions) =>
  request('POST', contest('clean_contest_team_member'), CleanContestTeamMemberRes, body, options);

/** Removes every team of the season and their memberships. */
export const clearTeams = (body: In<typeof CleanContestTeamReq>, options?: CallOptions) =>
  request('POST', contest('clean_contest_team'), CleanContestTeamRes, body, options);

/** Up to 100 accounts into a team; per-account failures come back in `errors`. */
export const addTeamMembers = (body: In<typeof AddTeamMemberReq>, options?: CallOptions) =>
  request('POST', contest('add_team_member'), AddTeamMemberRes, body, options);

/** Takes members out of a team; they stay on the roster. */
export const deleteTeamMembers = (body: In<typeof DeleteTeamMemberReq>, options?: CallOptions) =>
  request('POST', contest('delete_team_member'), DeleteTeamMemberRes, body, options);

/** One page (at most 500) of a team's members. */
export const fetchTeamMembers = (query: In<typeof FetchContestTeamMemberListReq>, options?: CallOptions) =>
  request('POST', contest('fetch_contest_team_member_list'), FetchContestTeamMemberListRes, query, options);

/** One page (at most 500) of every member of every team, by team then account. */
export const exportTeamMembers = (query: In<typeof ExportContestTeamMemberListReq>, options?: CallOptions) =>
  request('POST', contest('export_contest_team_member_list'), ExportContestTeamMemberListRes, query, options);

/** One page (at most 300) of the team ranking. */
export const fetchTeamRank = (query: In<typeof FetchContestTeamRankReq>, options?: CallOptions) =>
  request('POST', contest('fetch_contest_team_rank'), FetchContestTeamRankRes, query, options);

/** The team list as an xlsx file (base64). */
export const exportTeamXlsx = (body: In<typeof ExportContestTeamXlsxReq>, options?: CallOptions) =>
  request('POST', contest('export_contest_team_xlsx'), ExportContestTeamXlsxRes, body, options);

/** The import template (header row and one example row) as an xlsx file (base64). */
export const fetchTeamImportTemplate = (query: In<typeof TeamImportTemplateReq>, options?: CallOptions) =>
  request('GET', contest('team_import_template'), TeamImportTemplateRes, query, options);

/** Reads an import file: `dry_run` 1 answers its rows and their errors, 0 writes them (all or nothing). */
export const importTeamXlsx = (body: In<typeof ImportContestTeamXlsxReq>, options?: CallOptions) =>
  request('POST', contest('import_contest_team_xlsx'), ImportContestTeamXlsxRes, body, options);

export type TeamListPage = z.output<typeof FetchContestTeamListRes>;
export type TeamRow = TeamListPage['list'][number];
export type TeamMemberRow = z.output<typeof FetchContestTeamMemberListRes>['list'][number];
export type TeamRankPage = z.output<typeof FetchContestTeamRankRes>;
export type ImportAnswer = z.output<typeof ImportContestTeamXlsxRes>;
export type ImportedRow = ImportAnswer['rows'][number];
export type MemberFailure = z.output<typeof AddTeamMemberRes>['errors'][number];

/** Cache keys: the team list (by search), one team's members, and the team ranking. */
export const teamKeys = {
  all: (uniqueId: number, seasonId: number) => keys.teams(uniqueId, seasonId),
  list: (uniqueId: number, seasonId: number) => [...keys.teams(uniqueId, seasonId), 'list'] as const,
  members: (uniqueId: number, seasonId: number, teamId: number) =>
    [...keys.teams(uniqueId, seasonId), 'members', teamId] as const,
  rank: (uniqueId: number, seasonId: number) => [...rankingKeys.rank(uniqueId, seasonId), 'team'] as const,
};

/**
 * After a team or member change: the teams and members, the roster (its team names) and the rankings (the team
 * ranking, and the personal one, whose rows name the team) are read again. The member lists of deleted teams
 * (`gone`: their ids, or 'all' after every team was deleted) are left alone: read again, they would be refused.
 */
export function refreshAfterTeamChange(
  client: QueryClient,
  uniqueId: number,
  seasonId: number,
  gone: readonly number[] | 'all' = [],
) {
  const membersKey = [...keys.teams(uniqueId, seasonId), 'members'];
  const isGone = (key: readonly unknown[]) =>
    membersKey.every((part, i) => key[i] === part) &&
    (gone === 'all' || gone.includes(key[membersKey.length] as number));
  return Promise.all([
    client.invalidateQueries({
      queryKey: keys.seasonPlayers(uniqueId, seasonId),
      predicate: (query) => !isGone(query.queryKey),
    }),
    client.invalidateQueries({ queryKey: rankingKeys.rank(uniqueId, seasonId) }),
  ]);
}
