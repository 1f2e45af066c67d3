import { UpdateContestExternalNoticeReq, UpdateContestInternalNoticeReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as notices from './service';

export function noticeRoutes(app: FastifyInstance): void {
  route(app, 'POST', 'update_contest_external_notice', {
    auth: 'account',
    policy: 'editBase',
    body: UpdateContestExternalNoticeReq,
    handler: (ctx, body) => notices.updateNotice(ctx, 'public', body),
  });

  route(app, 'POST', 'update_contest_internal_notice', {
    auth: 'account',
    policy: 'editBase',
    body: UpdateContestInternalNoticeReq,
    handler: (ctx, body) => notices.updateNotice(ctx, 'private', body),
  });
}
