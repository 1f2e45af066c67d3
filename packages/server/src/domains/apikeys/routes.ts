import { CreateApiKeyReq, FetchApiKeyListReq, RevokeApiKeyReq } from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as apiKeys from './service';

export function apiKeyRoutes(app: FastifyInstance): void {
  route(app, 'POST', 'create_api_key', {
    auth: 'account',
    body: CreateApiKeyReq,
    handler: (ctx, body) => apiKeys.create(ctx, body),
  });

  route(app, 'GET', 'fetch_api_key_list', {
    auth: 'account',
    query: FetchApiKeyListReq,
    handler: (ctx) => apiKeys.list(ctx),
  });

  route(app, 'POST', 'revoke_api_key', {
    auth: 'account',
    body: RevokeApiKeyReq,
    handler: (ctx, body) => apiKeys.revoke(ctx, body.id),
  });
}
