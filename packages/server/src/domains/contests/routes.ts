import {
  CheckContestRuleReq,
  CreateContestReq,
  DeleteContestReq,
  FetchContestDetailReq,
  FetchContestListReq,
  UpdateContestBaseReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { noticeRoutes } from '../notices/routes';
import * as contests from './service';

export function contestRoutes(app: FastifyInstance): void {
  route(app, 'POST', 'create_contest', {
    auth: 'account',
    body: CreateContestReq,
    handler: (ctx, body) => contests.createContest(ctx, body),
  });

  route(app, 'GET', 'fetch_contest_list', {
    auth: 'account',
    query: FetchContestListReq,
    handler: (ctx) => contests.contestList(ctx),
  });

  route(app, 'GET', 'fetch_contest_detail', {
    auth: 'account',
    policy: 'view',
    query: FetchContestDetailReq,
    handler: (ctx, query) => contests.contestDetail(ctx, query.unique_id),
  });

  route(app, 'POST', 'update_contest_base', {
    auth: 'account',
    policy: 'editBase',
    body: UpdateContestBaseReq,
    handler: (ctx, body) => contests.updateContestBase(ctx, body),
  });

  route(app, 'POST', 'check_contest_rule', {
    auth: 'account',
    policy: 'view',
    body: CheckContestRuleReq,
    handler: (ctx, body) => contests.checkContestRule(ctx, body),
  });

  // The notice tab's calls (domains/notices).
  noticeRoutes(app);

  route(app, 'POST', 'delete_contest', {
    auth: 'account',
    policy: 'delete',
    body: DeleteContestReq,
    handler: (ctx, body) => contests.deleteContest(ctx, body.unique_id),
  });
}
