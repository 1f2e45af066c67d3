import {
  CreateWebhookReq,
  DeleteWebhookReq,
  FetchWebhookDeliveriesReq,
  FetchWebhookListReq,
  RotateWebhookSecretReq,
  TestWebhookReq,
  UpdateWebhookReq,
} from '@taikai/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import * as webhooks from './service';

/** A tournament's webhooks and their delivery log: creator and admins. */
export function webhookRoutes(app: FastifyInstance): void {
  route(app, 'GET', 'fetch_webhook_list', {
    auth: 'account',
    policy: 'manageWebhooks',
    query: FetchWebhookListReq,
    handler: (ctx, query) => webhooks.list(ctx, query.unique_id),
  });

  route(app, 'POST', 'create_webhook', {
    auth: 'account',
    policy: 'manageWebhooks',
    body: CreateWebhookReq,
    handler: (ctx, body) => webhooks.create(ctx, body),
  });

  route(app, 'POST', 'update_webhook', {
    auth: 'account',
    policy: 'manageWebhooks',
    body: UpdateWebhookReq,
    handler: (ctx, body) => webhooks.update(ctx, body),
  });

  route(app, 'POST', 'delete_webhook', {
    auth: 'account',
    policy: 'manageWebhooks',
    body: DeleteWebhookReq,
    handler: (ctx, body) => webhooks.remove(ctx, body),
  });

  route(app, 'POST', 'rotate_webhook_secret', {
    auth: 'account',
    policy: 'manageWebhooks',
    body: RotateWebhookSecretReq,
    handler: (ctx, body) => webhooks.rotateSecret(ctx, body),
  });

  route(app, 'GET', 'fetch_webhook_deliveries', {
    auth: 'account',
    policy: 'manageWebhooks',
    query: FetchWebhookDeliveriesReq,
    handler: (ctx, query) => webhooks.deliveries(ctx, query),
  });

  // Sends one request out now, and answers how it went.
  route(app, 'POST', 'test_webhook', {
    auth: 'account',
    policy: 'manageWebhooks',
    body: TestWebhookReq,
    handler: (ctx, body) => webhooks.testSend(ctx, body),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook outbox's sender of this process. */
    webhooks: import('./dispatcher').WebhookDispatcher;
  }
}
