import {
  type CreateApiKeyReq,
  CreateApiKeyRes,
  type CreateContestReq,
  CreateContestRes,
  FetchAccountInfoRes,
  FetchAnnouncementRes,
  FetchApiKeyListRes,
  FetchContestDetailRes,
  FetchContestListRes,
  type LoginReq,
  LoginRes,
  LogoutRes,
  passwordDigest,
  type RegisterReq,
  RegisterRes,
  RevokeApiKeyRes,
  type SendCodeReq,
  SendCodeRes,
  ServerTimeRes,
  type UpdateContestBaseReq,
  UpdateContestBaseRes,
} from '@taikai/protocol';
import type { z } from 'zod';
import { type CallOptions, request } from './client';

// One typed function per call the console makes. Request types are the protocol's input types,
// answers are parsed with the protocol's response schemas.

type In<S extends z.ZodType> = z.input<S>;

export const sendCode = (body: In<typeof SendCodeReq>, options?: CallOptions) =>
  request('POST', '/api/send_code', SendCodeRes, body, options);

// A password never leaves the browser: the calls that carry one send its client-side digest.

export const register = (body: In<typeof RegisterReq>, options?: CallOptions) =>
  request(
    'POST',
    '/api/register',
    RegisterRes,
    { ...body, password: passwordDigest(body.password) },
    options,
  );

export const login = (body: In<typeof LoginReq>, options?: CallOptions) =>
  request(
    'POST',
    '/api/login',
    LoginRes,
    body.password === undefined ? body : { ...body, password: passwordDigest(body.password) },
    options,
  );

export const logout = (options?: CallOptions) => request('POST', '/api/logout', LogoutRes, {}, options);

const contest = (name: string) => `/api/contest/${name}`;

export const fetchAccountInfo = () => request('GET', contest('fetch_account_info'), FetchAccountInfoRes);

export const fetchServerTime = () => request('GET', contest('server_time'), ServerTimeRes);

export const fetchAnnouncement = (language: string) =>
  request('GET', contest('fetch_announcement'), FetchAnnouncementRes, { language });

export const fetchContestList = () => request('GET', contest('fetch_contest_list'), FetchContestListRes);

export const fetchContestDetail = (uniqueId: number, options?: CallOptions) =>
  request('GET', contest('fetch_contest_detail'), FetchContestDetailRes, { unique_id: uniqueId }, options);

export const createContest = (body: In<typeof CreateContestReq>, options?: CallOptions) =>
  request('POST', contest('create_contest'), CreateContestRes, body, options);

export const updateContestBase = (body: In<typeof UpdateContestBaseReq>, options?: CallOptions) =>
  request('POST', contest('update_contest_base'), UpdateContestBaseRes, body, options);

export const createApiKey = (body: In<typeof CreateApiKeyReq>, options?: CallOptions) =>
  request('POST', contest('create_api_key'), CreateApiKeyRes, body, options);

export const fetchApiKeyList = () => request('GET', contest('fetch_api_key_list'), FetchApiKeyListRes);

export const revokeApiKey = (id: number, options?: CallOptions) =>
  request('POST', contest('revoke_api_key'), RevokeApiKeyRes, { id }, options);

export type ApiKey = z.output<typeof FetchApiKeyListRes>[number];
export type ContestListItem = z.output<typeof FetchContestListRes>[number];
export type ContestDetail = z.output<typeof FetchContestDetailRes>;
