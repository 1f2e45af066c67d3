import {
  type BanKind,
  type Lang,
  OperatorAdjustCurrencyRes,
  OperatorAnnouncementListRes,
  OperatorAnnounceRes,
  OperatorAuditListRes,
  OperatorBanListRes,
  OperatorCreateAccountRes,
  OperatorDeleteAnnouncementRes,
  OperatorFindContestRes,
  OperatorReviewDecideRes,
  OperatorReviewListRes,
  OperatorSearchAccountsRes,
  OperatorSetBanRes,
  OperatorSetContestLockRes,
  OperatorSetCreateRightRes,
  OperatorSetPasswordRes,
} from '@taikai/protocol';
import { request } from '../../api/client';

// The operator console's calls (operator accounts only).

const path = (name: string) => `/api/contest/${name}`;

export const searchAccounts = (query: string) =>
  request('GET', path('operator_search_accounts'), OperatorSearchAccountsRes, { query });

export const createAccount = (fields: { email: string; nickname: string; password?: string }) =>
  request('POST', path('operator_create_account'), OperatorCreateAccountRes, fields);

export const adjustCurrency = (accountId: number, delta: number) =>
  request('POST', path('operator_adjust_currency'), OperatorAdjustCurrencyRes, {
    account_id: accountId,
    delta,
  });

export const setPassword = (accountId: number) =>
  request('POST', path('operator_set_password'), OperatorSetPasswordRes, { account_id: accountId });

export const setBan = (kind: BanKind, value: string, banned: boolean) =>
  request('POST', path('operator_set_ban'), OperatorSetBanRes, { kind, value, banned: banned ? 1 : 0 });

export const fetchBans = (kind: BanKind | '', offset: number, limit: number) =>
  request('GET', path('operator_ban_list'), OperatorBanListRes, { kind, offset, limit });

export const setCreateRight = (accountId: number, allowed: boolean) =>
  request('POST', path('operator_set_create_right'), OperatorSetCreateRightRes, {
    account_id: accountId,
    allowed: allowed ? 1 : 0,
  });

export const announce = (fields: { lang: Lang; title: string; content: string }) =>
  request('POST', path('operator_announce'), OperatorAnnounceRes, fields);

export const fetchAnnouncements = (offset: number, limit: number) =>
  request('GET', path('operator_announcement_list'), OperatorAnnouncementListRes, { offset, limit });

export const deleteAnnouncement = (id: number) =>
  request('POST', path('operator_delete_announcement'), OperatorDeleteAnnouncementRes, { id });

export const findContest = (contestId: number) =>
  request('GET', path('operator_find_contest'), OperatorFindContestRes, { contest_id: contestId });

export const setContestLock = (contestId: number, locked: boolean) =>
  request('POST', path('operator_set_contest_lock'), OperatorSetContestLockRes, {
    contest_id: contestId,
    locked: locked ? 1 : 0,
  });

export const fetchReviewQueue = () => request('GET', path('operator_review_list'), OperatorReviewListRes);

export const decideReview = (contestId: number, approve: boolean) =>
  request('POST', path('operator_review_decide'), OperatorReviewDecideRes, {
    contest_id: contestId,
    approve: approve ? 1 : 0,
  });

export const fetchOperatorActs = (offset: number, limit: number) =>
  request('GET', path('operator_audit_list'), OperatorAuditListRes, { offset, limit });
