import { FetchObserverListReq, SetObserverListReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as observers from './service';

/** The tournament's observer roster: read and set by the creator and admins. */
export function observerRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'fetch_observer_list', {
    auth: 'account',
    policy: 'manageObservers',
    query: FetchObserverListReq,
    handler: (ctx, query) => observers.observerList(ctx, query.unique_id),
  });

  route(app, 'POST', 'set_observer_list', {
    auth: 'account',
    policy: 'manageObservers',
    body: SetObserverListReq,
    handler: (ctx, body) => observers.setObserverList(ctx, body),
  });
}
