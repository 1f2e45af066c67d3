import {
  FetchAccountLevelReq,
  OperatorFetchAccountLevelReq,
  OperatorSetLevelReq,
  OperatorSetZoneReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as levels from './service';

/** Player levels and zones: the caller's own, and the operator's reads and changes of any account's. */
export function levelRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'fetch_account_level', {
    auth: 'account',
    query: FetchAccountLevelReq,
    handler: (ctx) => levels.myLevel(ctx),
  });

  route(app, 'GET', 'operator_fetch_account_level', {
    auth: 'operator',
    query: OperatorFetchAccountLevelReq,
    handler: (ctx, query) => levels.levelOfAccount(ctx, query.account_id),
  });

  route(app, 'POST', 'operator_set_level', {
    auth: 'operator',
    body: OperatorSetLevelReq,
    handler: (ctx, body) => levels.setLevel(ctx, body.account_id, body.type, body.level),
  });

  route(app, 'POST', 'operator_set_zone', {
    auth: 'operator',
    body: OperatorSetZoneReq,
    handler: (ctx, body) => levels.setZone(ctx, body.account_id, body.zone),
  });
}
