import { FetchContestHistoryReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as history from './service';

/** The tournament's history: its audit entries, for the creator and admins. */
export function historyRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'fetch_contest_history', {
    auth: 'account',
    policy: 'viewHistory',
    query: FetchContestHistoryReq,
    handler: (ctx, query) => history.contestHistory(ctx, query),
  });
}
