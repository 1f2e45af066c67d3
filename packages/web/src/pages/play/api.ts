import {
  type DeleteSeasonChatMessageReq,
  DeleteSeasonChatMessageRes,
  FetchAccountLevelRes,
  FetchMyContestsRes,
  type FetchMyGameRecordsReq,
  FetchMyGameRecordsRes,
  type FetchPublicContestListReq,
  FetchPublicContestListRes,
  type FetchSeasonLobbyReq,
  FetchSeasonLobbyRes,
  type FetchSeasonPublicRankReq,
  FetchSeasonPublicRankRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import { type CallOptions, request } from '../../api/client';

// The player portal's calls (server README, "Calls"): each about the caller. Kept out of the console's
// `api/calls.ts`, so that the console's code does not carry them.

type In<S extends z.ZodType> = z.input<S>;
const contest = (name: string) => `/api/contest/${name}`;

export type MyContest = z.infer<typeof FetchMyContestsRes>['list'][number];
export type SeasonLobby = z.infer<typeof FetchSeasonLobbyRes>;
export type PublicRank = z.infer<typeof FetchSeasonPublicRankRes>;
export type ListedContest = z.infer<typeof FetchPublicContestListRes>['list'][number];
export type MyRecord = z.infer<typeof FetchMyGameRecordsRes>['record_list'][number];
export type MyLevel = z.infer<typeof FetchAccountLevelRes>;

/** Query keys of the portal's reads. */
export const portalKeys = {
  myContests: ['portal', 'contests'] as const,
  lobby: (uniqueId: number, seasonId: number) => ['portal', 'lobby', uniqueId, seasonId] as const,
  rank: (uniqueId: number, seasonId: number, limit: number) =>
    ['portal', 'rank', uniqueId, seasonId, limit] as const,
  records: (offset: number, limit: number) => ['portal', 'records', offset, limit] as const,
  level: ['portal', 'level'] as const,
  publicList: (search: string, state: number, offset: number, limit: number) =>
    ['portal', 'public-list', search, state, offset, limit] as const,
};

export const fetchMyContests = (options?: CallOptions) =>
  request('GET', contest('fetch_my_contests'), FetchMyContestsRes, {}, options);

export const fetchSeasonLobby = (query: In<typeof FetchSeasonLobbyReq>, options?: CallOptions) =>
  request('GET', contest('fetch_season_lobby'), FetchSeasonLobbyRes, query, options);

export const fetchSeasonPublicRank = (query: In<typeof FetchSeasonPublicRankReq>, options?: CallOptions) =>
  request('GET', contest('fetch_season_public_rank'), FetchSeasonPublicRankRes, query, options);

export const fetchMyGameRecords = (query: In<typeof FetchMyGameRecordsReq>, options?: CallOptions) =>
  request('GET', contest('fetch_my_game_records'), FetchMyGameRecordsRes, query, options);

export const deleteSeasonChatMessage = (body: In<typeof DeleteSeasonChatMessageReq>, options?: CallOptions) =>
  request('POST', contest('delete_season_chat_message'), DeleteSeasonChatMessageRes, body, options);

export const fetchPublicContestList = (query: In<typeof FetchPublicContestListReq>, options?: CallOptions) =>
  request('GET', contest('fetch_public_contest_list'), FetchPublicContestListRes, query, options);

/** The caller's levels and zone (server README, "Player levels"). */
export const fetchAccountLevel = (options?: CallOptions) =>
  request('GET', contest('fetch_account_level'), FetchAccountLevelRes, {}, options);
