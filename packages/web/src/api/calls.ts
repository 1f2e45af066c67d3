import {
  type AddContestAdminReq,
  AddContestAdminRes,
  type AddContestSeasonPlayerReq,
  AddContestSeasonPlayerRes,
  type CancelContestSeasonSignupReq,
  CancelContestSeasonSignupRes,
  type CheckContestRuleReq,
  CheckContestRuleRes,
  type CheckContestSeasonPlayerReq,
  CheckContestSeasonPlayerRes,
  type ContestSeasonChatLimitReq,
  ContestSeasonChatLimitRes,
  type ContestSeasonPlayerLimitReq,
  ContestSeasonPlayerLimitRes,
  type ContestSeasonPlayerListReq,
  ContestSeasonPlayerListRes,
  type CreateApiKeyReq,
  CreateApiKeyRes,
  type CreateContestReq,
  CreateContestRes,
  type CreateContestSeasonReq,
  CreateContestSeasonRes,
  type DeleteContestReq,
  DeleteContestRes,
  type EndContestSeasonReq,
  EndContestSeasonRes,
  FetchAccountInfoRes,
  FetchAnnouncementRes,
  FetchApiKeyListRes,
  FetchContestDetailRes,
  type FetchContestHistoryReq,
  FetchContestHistoryRes,
  FetchContestListRes,
  FetchContestPublicInfoRes,
  FetchContestSeasonListRes,
  type FetchContestSeasonSignupReq,
  FetchContestSeasonSignupRes,
  FetchObserverListRes,
  FetchSiteConfigRes,
  type ImportContestSeasonPlayerReq,
  ImportContestSeasonPlayerRes,
  type LoginReq,
  LoginRes,
  LogoutRes,
  type MarkContestSeasonPlayerReq,
  MarkContestSeasonPlayerRes,
  passwordDigest,
  type RegisterReq,
  RegisterRes,
  type RemoveContestAdminReq,
  RemoveContestAdminRes,
  type RemoveContestSeasonPlayerReq,
  RemoveContestSeasonPlayerRes,
  RevokeApiKeyRes,
  SearchAccountsRes,
  type SendCodeReq,
  SendCodeRes,
  ServerTimeRes,
  type SetContestSeasonChatLimitReq,
  SetContestSeasonChatLimitRes,
  type SetContestSeasonPlayerLimitReq,
  SetContestSeasonPlayerLimitRes,
  type SetObserverListReq,
  SetObserverListRes,
  type SignupContestSeasonReq,
  SignupContestSeasonRes,
  type UpdateContestBaseReq,
  UpdateContestBaseRes,
  type UpdateContestExternalNoticeReq,
  UpdateContestExternalNoticeRes,
  type UpdateContestInternalNoticeReq,
  UpdateContestInternalNoticeRes,
  type UpdateContestSeasonPlayerNicknameReq,
  UpdateContestSeasonPlayerNicknameRes,
  type UpdateContestSeasonReq,
  UpdateContestSeasonRes,
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

// Seasons (organisers)

export const fetchContestSeasonList = (uniqueId: number) =>
  request('GET', contest('fetch_contest_season_list'), FetchContestSeasonListRes, { unique_id: uniqueId });

export const createContestSeason = (body: In<typeof CreateContestSeasonReq>, options?: CallOptions) =>
  request('POST', contest('create_contest_season'), CreateContestSeasonRes, body, options);

export const updateContestSeason = (body: In<typeof UpdateContestSeasonReq>, options?: CallOptions) =>
  request('POST', contest('update_contest_season'), UpdateContestSeasonRes, body, options);

export const endContestSeason = (body: In<typeof EndContestSeasonReq>, options?: CallOptions) =>
  request('POST', contest('end_contest_season'), EndContestSeasonRes, body, options);

export const fetchSiteConfig = () => request('GET', contest('fetch_site_config'), FetchSiteConfigRes);

// Season players: review, roster, blacklist, chat limits, account search

export const fetchSeasonPlayerList = (query: In<typeof ContestSeasonPlayerListReq>, options?: CallOptions) =>
  request('GET', contest('contest_season_player_list'), ContestSeasonPlayerListRes, query, options);

export const checkSeasonPlayers = (body: In<typeof CheckContestSeasonPlayerReq>, options?: CallOptions) =>
  request('POST', contest('check_contest_season_player'), CheckContestSeasonPlayerRes, body, options);

export const addSeasonPlayers = (body: In<typeof AddContestSeasonPlayerReq>, options?: CallOptions) =>
  request('POST', contest('add_contest_season_player'), AddContestSeasonPlayerRes, body, options);

export const removeSeasonPlayers = (body: In<typeof RemoveContestSeasonPlayerReq>, options?: CallOptions) =>
  request('POST', contest('remove_contest_season_player'), RemoveContestSeasonPlayerRes, body, options);

export const markSeasonPlayer = (body: In<typeof MarkContestSeasonPlayerReq>, options?: CallOptions) =>
  request('POST', contest('mark_contest_season_player'), MarkContestSeasonPlayerRes, body, options);

export const renameSeasonPlayer = (
  body: In<typeof UpdateContestSeasonPlayerNicknameReq>,
  options?: CallOptions,
) =>
  request(
    'POST',
    contest('update_contest_season_player_nickname'),
    UpdateContestSeasonPlayerNicknameRes,
    body,
    options,
  );

export const importSeasonPlayers = (body: In<typeof ImportContestSeasonPlayerReq>, options?: CallOptions) =>
  request('POST', contest('import_contest_season_player'), ImportContestSeasonPlayerRes, body, options);

export const fetchSeasonBlacklist = (query: In<typeof ContestSeasonPlayerLimitReq>) =>
  request('GET', contest('contest_season_player_limit'), ContestSeasonPlayerLimitRes, query);

export const setSeasonBlacklist = (body: In<typeof SetContestSeasonPlayerLimitReq>, options?: CallOptions) =>
  request('POST', contest('set_contest_season_player_limit'), SetContestSeasonPlayerLimitRes, body, options);

export const fetchSeasonChatLimit = (query: In<typeof ContestSeasonChatLimitReq>) =>
  request('GET', contest('contest_season_chat_limit'), ContestSeasonChatLimitRes, query);

export const setSeasonChatLimit = (body: In<typeof SetContestSeasonChatLimitReq>, options?: CallOptions) =>
  request('POST', contest('set_contest_season_chat_limit'), SetContestSeasonChatLimitRes, body, options);

/** Nicknames of internal account ids (the server takes at most 1000 per call). */
export const searchAccounts = (accountList: number[], options?: CallOptions) =>
  request('POST', contest('search_accounts'), SearchAccountsRes, { account_list: accountList }, options);

// Sign-up, from the player's side

export const fetchContestPublicInfo = (contestId: number, options?: CallOptions) =>
  request(
    'GET',
    contest('fetch_contest_public_info'),
    FetchContestPublicInfoRes,
    { contest_id: contestId },
    options,
  );

export const signupContestSeason = (body: In<typeof SignupContestSeasonReq>, options?: CallOptions) =>
  request('POST', contest('signup_contest_season'), SignupContestSeasonRes, body, options);

export const cancelContestSeasonSignup = (
  body: In<typeof CancelContestSeasonSignupReq>,
  options?: CallOptions,
) => request('POST', contest('cancel_contest_season_signup'), CancelContestSeasonSignupRes, body, options);

export const fetchContestSeasonSignup = (query: In<typeof FetchContestSeasonSignupReq>) =>
  request('GET', contest('fetch_contest_season_signup'), FetchContestSeasonSignupRes, query);

export type ApiKey = z.output<typeof FetchApiKeyListRes>[number];
export type ContestListItem = z.output<typeof FetchContestListRes>[number];
export type ContestDetail = z.output<typeof FetchContestDetailRes>;
export type SeasonItem = z.output<typeof FetchContestSeasonListRes>[number];
export type SeasonPlayer = z.output<typeof ContestSeasonPlayerListRes>['list'][number];
export type BatchResult = z.output<typeof AddContestSeasonPlayerRes>;
export type ListedAccount = z.output<typeof SearchAccountsRes>[number];
export type ContestPublicInfo = z.output<typeof FetchContestPublicInfoRes>;

// Tournament administration: notices, admins, observers, history, deletion

/** The public notice (answers the tournament; with review on, the old text and `check_state` 1). */
export const updateContestExternalNotice = (
  body: In<typeof UpdateContestExternalNoticeReq>,
  options?: CallOptions,
) =>
  request('POST', contest('update_contest_external_notice'), UpdateContestExternalNoticeRes, body, options);

/** The private notice, for the tournament's players. */
export const updateContestInternalNotice = (
  body: In<typeof UpdateContestInternalNoticeReq>,
  options?: CallOptions,
) =>
  request('POST', contest('update_contest_internal_notice'), UpdateContestInternalNoticeRes, body, options);

/** Creator only; answers the admin roster as it now stands. */
export const addContestAdmin = (body: In<typeof AddContestAdminReq>, options?: CallOptions) =>
  request('POST', contest('add_contest_admin'), AddContestAdminRes, body, options);

export const removeContestAdmin = (body: In<typeof RemoveContestAdminReq>, options?: CallOptions) =>
  request('POST', contest('remove_contest_admin'), RemoveContestAdminRes, body, options);

export const fetchObserverList = (uniqueId: number) =>
  request('GET', contest('fetch_observer_list'), FetchObserverListRes, { unique_id: uniqueId });

export const setObserverList = (body: In<typeof SetObserverListReq>, options?: CallOptions) =>
  request('POST', contest('set_observer_list'), SetObserverListRes, body, options);

export const fetchContestHistory = (query: In<typeof FetchContestHistoryReq>, options?: CallOptions) =>
  request('GET', contest('fetch_contest_history'), FetchContestHistoryRes, query, options);

/** Creator only; a deleted tournament answers 2560 from then on. */
export const deleteContest = (body: In<typeof DeleteContestReq>, options?: CallOptions) =>
  request('POST', contest('delete_contest'), DeleteContestRes, body, options);

export type AdminListItem = ContestDetail['admin_list'][number];
export type HistoryEntry = z.output<typeof FetchContestHistoryRes>['list'][number];

// The rule editor (season `advanced` page). The rule belongs to the tournament: all its seasons play it.

/** What the advanced form of update_contest_base sends (limits and the rule). */
export type ContestRuleSetting = Pick<
  NonNullable<In<typeof UpdateContestBaseReq>['setting']>,
  'contest_setting' | 'game_rule_setting'
>;

/** update_contest_base, advanced form. Refused with 2517 (+ `unsupported`) when the engine cannot play the rule. */
export const updateContestRule = (
  body: { unique_id: number; setting: ContestRuleSetting },
  options?: CallOptions,
) => request('POST', contest('update_contest_base'), UpdateContestBaseRes, body, options);

/** Dry run of a rule: the limits it breaks and the fields the game server cannot play yet. */
export const checkContestRule = (body: In<typeof CheckContestRuleReq>, options?: CallOptions) =>
  request('POST', contest('check_contest_rule'), CheckContestRuleRes, body, options);

export type RuleCheck = z.output<typeof CheckContestRuleRes>;
export type UnsupportedRuleField = RuleCheck['unsupported'][number];
