import {
  OperatorAdjustCurrencyReq,
  OperatorAnnouncementListReq,
  OperatorAnnounceReq,
  OperatorAuditListReq,
  OperatorBanListReq,
  OperatorCreateAccountReq,
  OperatorDeleteAnnouncementReq,
  OperatorFindContestReq,
  OperatorReviewDecideReq,
  OperatorReviewListReq,
  OperatorSearchAccountsReq,
  OperatorSetBanReq,
  OperatorSetContestLockReq,
  OperatorSetCreateRightReq,
  OperatorSetPasswordReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as operatorConsole from './service';

/** The operator console's calls: operator accounts only (2506 for anyone else logged in). */
export function operatorConsoleRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'operator_search_accounts', {
    auth: 'operator',
    query: OperatorSearchAccountsReq,
    handler: (ctx, query) => operatorConsole.searchAccounts(ctx, query.query),
  });
  route(app, 'POST', 'operator_create_account', {
    auth: 'operator',
    body: OperatorCreateAccountReq,
    handler: (ctx, body) => operatorConsole.createAccount(ctx, body),
  });
  route(app, 'POST', 'operator_adjust_currency', {
    auth: 'operator',
    body: OperatorAdjustCurrencyReq,
    handler: (ctx, body) => operatorConsole.adjustCurrency(ctx, body),
  });
  route(app, 'POST', 'operator_set_password', {
    auth: 'operator',
    body: OperatorSetPasswordReq,
    handler: (ctx, body) => operatorConsole.setPassword(ctx, body),
  });
  route(app, 'POST', 'operator_set_ban', {
    auth: 'operator',
    body: OperatorSetBanReq,
    handler: (ctx, body) => operatorConsole.setBan(ctx, body),
  });
  route(app, 'GET', 'operator_ban_list', {
    auth: 'operator',
    query: OperatorBanListReq,
    handler: (ctx, query) => operatorConsole.banList(ctx, query),
  });
  route(app, 'POST', 'operator_set_create_right', {
    auth: 'operator',
    body: OperatorSetCreateRightReq,
    handler: (ctx, body) => operatorConsole.setCreateRight(ctx, body.account_id, body.allowed === 1),
  });
  route(app, 'POST', 'operator_announce', {
    auth: 'operator',
    body: OperatorAnnounceReq,
    handler: (ctx, body) => operatorConsole.announce(ctx, body),
  });
  route(app, 'GET', 'operator_announcement_list', {
    auth: 'operator',
    query: OperatorAnnouncementListReq,
    handler: (ctx, query) => operatorConsole.announcementList(ctx, query),
  });
  route(app, 'POST', 'operator_delete_announcement', {
    auth: 'operator',
    body: OperatorDeleteAnnouncementReq,
    handler: (ctx, body) => operatorConsole.deleteAnnouncement(ctx, body.id),
  });
  route(app, 'GET', 'operator_find_contest', {
    auth: 'operator',
    query: OperatorFindContestReq,
    handler: (ctx, query) => operatorConsole.findContest(ctx, query.contest_id),
  });
  route(app, 'POST', 'operator_set_contest_lock', {
    auth: 'operator',
    body: OperatorSetContestLockReq,
    handler: (ctx, body) => operatorConsole.setContestLock(ctx, body.contest_id, body.locked === 1),
  });
  route(app, 'GET', 'operator_review_list', {
    auth: 'operator',
    query: OperatorReviewListReq,
    handler: (ctx) => operatorConsole.reviewList(ctx),
  });
  route(app, 'POST', 'operator_review_decide', {
    auth: 'operator',
    body: OperatorReviewDecideReq,
    handler: (ctx, body) => operatorConsole.reviewDecide(ctx, body.contest_id, body.approve === 1),
  });
  route(app, 'GET', 'operator_audit_list', {
    auth: 'operator',
    query: OperatorAuditListReq,
    handler: (ctx, query) => operatorConsole.auditList(ctx, query),
  });
}
