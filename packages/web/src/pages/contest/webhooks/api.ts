import {
  CreateWebhookRes,
  DeleteWebhookRes,
  FetchWebhookDeliveriesRes,
  FetchWebhookListRes,
  RotateWebhookSecretRes,
  TestWebhookRes,
  UpdateWebhookRes,
  type WebhookEvent,
  type WebhookFormat,
} from '@taikai/protocol';
import type { z } from 'zod';
import { request } from '../../../api/client';

// The tournament's webhook calls (creator and admins).

type Event = z.infer<typeof WebhookEvent>;
type Format = z.infer<typeof WebhookFormat>;
export type HookFields = { url: string; events: Event[]; format: Format };

const path = (name: string) => `/api/contest/${name}`;

export const fetchWebhooks = (uniqueId: number) =>
  request('GET', path('fetch_webhook_list'), FetchWebhookListRes, { unique_id: uniqueId });

export const createWebhook = (uniqueId: number, fields: HookFields) =>
  request('POST', path('create_webhook'), CreateWebhookRes, { unique_id: uniqueId, ...fields });

export const updateWebhook = (
  uniqueId: number,
  id: number,
  fields: Partial<HookFields> & { enabled?: 0 | 1 },
) => request('POST', path('update_webhook'), UpdateWebhookRes, { unique_id: uniqueId, id, ...fields });

export const deleteWebhook = (uniqueId: number, id: number) =>
  request('POST', path('delete_webhook'), DeleteWebhookRes, { unique_id: uniqueId, id });

export const rotateWebhookSecret = (uniqueId: number, id: number) =>
  request('POST', path('rotate_webhook_secret'), RotateWebhookSecretRes, { unique_id: uniqueId, id });

export const testWebhook = (uniqueId: number, id: number) =>
  request('POST', path('test_webhook'), TestWebhookRes, { unique_id: uniqueId, id });

export const fetchWebhookDeliveries = (uniqueId: number, id: number, offset: number, limit: number) =>
  request('GET', path('fetch_webhook_deliveries'), FetchWebhookDeliveriesRes, {
    unique_id: uniqueId,
    id,
    offset,
    limit,
  });
