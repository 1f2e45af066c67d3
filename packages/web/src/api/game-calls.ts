import {
  ContestFailedGameListRes,
  ContestRunningGameListRes,
  type CreateGamePlanReq,
  CreateGamePlanRes,
  FetchContestGamePlanListRes,
  FetchContestGameRecordFileRes,
  type FetchContestGameRecordsReq,
  FetchContestGameRecordsRes,
  type FetchContestSeasonPlayerGameRecordReq,
  FetchContestSeasonPlayerGameRecordRes,
  type FetchMarkedContestGameReq,
  FetchMarkedContestGameRes,
  type PauseContestRunningGameReq,
  PauseContestRunningGameRes,
  ReadyPlayerListRes,
  type RemoveContestPlanGameReq,
  RemoveContestPlanGameRes,
  type SetContestGameRecordTagReq,
  SetContestGameRecordTagRes,
  type TerminateContestRunningGameReq,
  TerminateContestRunningGameRes,
  type UpdateContestGameRecordReq,
  UpdateContestGameRecordRes,
  type UpdateContestGameRemarkReq,
  UpdateContestGameRemarkRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import { type CallOptions, request } from './client';

// The game calls of the match pages (reservation, management) and the record page.

type In<S extends z.ZodType> = z.input<S>;
type SeasonRef = { unique_id: number; season_id: number };
const contest = (name: string) => `/api/contest/${name}`;

// The list readers take `{silent: true}` where a page refreshes on its own and shows a failure in place.

export const fetchReadyPlayers = (ref: SeasonRef, options?: CallOptions) =>
  request('GET', contest('ready_player_list'), ReadyPlayerListRes, ref, options);

export const createGamePlan = (body: In<typeof CreateGamePlanReq>, options?: CallOptions) =>
  request('POST', contest('create_game_plan'), CreateGamePlanRes, body, options);

export const fetchGamePlans = (ref: SeasonRef, options?: CallOptions) =>
  request('GET', contest('fetch_contest_game_plan_list'), FetchContestGamePlanListRes, ref, options);

export const removeGamePlan = (body: In<typeof RemoveContestPlanGameReq>, options?: CallOptions) =>
  request('POST', contest('remove_contest_plan_game'), RemoveContestPlanGameRes, body, options);

export const fetchRunningGames = (ref: SeasonRef, options?: CallOptions) =>
  request('GET', contest('contest_running_game_list'), ContestRunningGameListRes, ref, options);

/** Tables that failed to start or stopped on an engine error, and plans cancelled because a seat may not play. */
export const fetchFailedGames = (ref: SeasonRef, options?: CallOptions) =>
  request('GET', contest('contest_failed_game_list'), ContestFailedGameListRes, ref, options);

/** resume 1 pauses, 2 resumes; 1209/1210 come back as errors like any other code. */
export const pauseRunningGame = (body: In<typeof PauseContestRunningGameReq>, options?: CallOptions) =>
  request('POST', contest('pause_contest_running_game'), PauseContestRunningGameRes, body, options);

export const terminateRunningGame = (
  body: In<typeof TerminateContestRunningGameReq>,
  options?: CallOptions,
) =>
  request('POST', contest('terminate_contest_running_game'), TerminateContestRunningGameRes, body, options);

export const updateGameRemark = (body: In<typeof UpdateContestGameRemarkReq>, options?: CallOptions) =>
  request('POST', contest('update_contest_game_remark'), UpdateContestGameRemarkRes, body, options);

export const fetchGameRecords = (query: In<typeof FetchContestGameRecordsReq>, options?: CallOptions) =>
  request('GET', contest('fetch_contest_game_records'), FetchContestGameRecordsRes, query, options);

export const updateGameRecord = (body: In<typeof UpdateContestGameRecordReq>, options?: CallOptions) =>
  request('POST', contest('update_contest_game_record'), UpdateContestGameRecordRes, body, options);

export const setGameRecordTag = (body: In<typeof SetContestGameRecordTagReq>, options?: CallOptions) =>
  request('POST', contest('set_contest_game_record_tag'), SetContestGameRecordTagRes, body, options);

export const fetchMarkedGames = (query: In<typeof FetchMarkedContestGameReq>, options?: CallOptions) =>
  request('GET', contest('fetch_marked_contest_game'), FetchMarkedContestGameRes, query, options);

export const fetchPlayerGameRecords = (query: In<typeof FetchContestSeasonPlayerGameRecordReq>) =>
  request(
    'GET',
    contest('fetch_contest_season_player_game_record'),
    FetchContestSeasonPlayerGameRecordRes,
    query,
  );

export const fetchGameRecordFile = (query: SeasonRef & { uuid: string }) =>
  request('GET', contest('fetch_contest_game_record_file'), FetchContestGameRecordFileRes, query);

export type ReadyPlayer = z.output<typeof ReadyPlayerListRes>[number];
export type GamePlan = z.output<typeof FetchContestGamePlanListRes>[number];
export type RunningGame = z.output<typeof ContestRunningGameListRes>[number];
export type FailedGame = z.output<typeof ContestFailedGameListRes>[number];
export type GameRecord = z.output<typeof FetchContestGameRecordsRes>['record_list'][number];
export type MarkedGame = z.output<typeof FetchMarkedContestGameRes>['records'][number];
