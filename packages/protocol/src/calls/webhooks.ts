import { z } from 'zod';
import { LooseId, ShownText, WireText } from './common';

// A tournament's webhooks: URLs its creator and admins register to be told of its events, signed with a
// per-hook secret; and the log of their deliveries.

/** Webhooks per tournament, at most. */
export const WEBHOOKS_MAX = 10;
/** Longest webhook URL. */
export const WEBHOOK_URL_MAX = 2000;
/** Deliveries per page of the log, at most. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
/** Failed deliveries in a row after which a hook is disabled. */
export const WEBHOOK_FAILURES_MAX = 10;

/** The events a hook may be told of. */
export const WEBHOOK_EVENTS = [
  'game_started',
  'game_finished',
  'signup_pending',
  'season_ended',
  'yakuman',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
/** What a delivery reports: one of the events, or `ping` (a test-send). */
export const WebhookDeliveryEvent = z.enum([...WEBHOOK_EVENTS, 'ping']);

/** The body a hook receives: plain JSON, or a Discord-compatible message (`content` and `embeds`). */
export const WebhookFormat = z.enum(['json', 'discord']);

/** True for an absolute http(s) URL with a host and no user or password in it. */
export function isWebhookUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    !url.username &&
    !url.password
  );
}

const WebhookUrl = WireText.trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine(isWebhookUrl, 'an http or https URL without user or password expected');
const WebhookEvents = z
  .array(WebhookEvent)
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

export const WebhookWire = z.object({
  id: z.number(),
  url: ShownText,
  events: z.array(WebhookEvent),
  format: WebhookFormat,
  /** 1 while deliveries are sent; 0 once disabled (after repeated failures, or by hand). */
  enabled: z.number(),
  /** Failed deliveries in a row. */
  failures: z.number(),
  /** When and why it was disabled after repeated failures (null otherwise). */
  disabled_time: z.number().nullable(),
  disabled_reason: ShownText.nullable(),
  create_time: z.number(),
  update_time: z.number(),
});

export const WebhookDeliveryWire = z.object({
  id: z.number(),
  event: WebhookDeliveryEvent,
  /** pending (waiting for its next attempt), delivered, failed (given up). */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  /** The receiver's HTTP status of the last attempt (null: no answer). */
  last_status: z.number().nullable(),
  last_error: ShownText.nullable(),
  create_time: z.number(),
  last_attempt_time: z.number().nullable(),
  next_attempt_time: z.number().nullable(),
  done_time: z.number().nullable(),
});

// GET /api/contest/fetch_webhook_list — creator and admins.
export const FetchWebhookListReq = z.object({ unique_id: LooseId });
export const FetchWebhookListRes = z.array(WebhookWire);

// POST /api/contest/create_webhook — 2502 beyond `WEBHOOKS_MAX`. The secret is in this answer only.
export const CreateWebhookReq = z.object({
  unique_id: LooseId,
  url: WebhookUrl,
  events: WebhookEvents,
  format: WebhookFormat.default('json'),
});
export const CreateWebhookRes = WebhookWire.extend({ secret: ShownText });

// POST /api/contest/update_webhook — fields left out stay; enabling clears the failures and the notice.
export const UpdateWebhookReq = z.object({
  unique_id: LooseId,
  id: LooseId,
  url: WebhookUrl.optional(),
  events: WebhookEvents.optional(),
  format: WebhookFormat.optional(),
  enabled: z.union([z.literal(0), z.literal(1)]).optional(),
});
export const UpdateWebhookRes = WebhookWire;

// POST /api/contest/delete_webhook — the hook and its delivery log.
export const DeleteWebhookReq = z.object({ unique_id: LooseId, id: LooseId });
export const DeleteWebhookRes = z.object({});

// POST /api/contest/rotate_webhook_secret — a new secret, in this answer only; the old one signs nothing more.
export const RotateWebhookSecretReq = z.object({ unique_id: LooseId, id: LooseId });
export const RotateWebhookSecretRes = z.object({ secret: ShownText });

// GET /api/contest/fetch_webhook_deliveries — a hook's deliveries, newest first.
export const FetchWebhookDeliveriesReq = z.object({
  unique_id: LooseId,
  id: LooseId,
  offset: LooseId.default(0),
  limit: LooseId.pipe(z.number().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX)).default(20),
});
export const FetchWebhookDeliveriesRes = z.object({ total: z.number(), list: z.array(WebhookDeliveryWire) });

// POST /api/contest/test_webhook — sends a `ping` now (once, no retry) and answers its delivery.
export const TestWebhookReq = z.object({ unique_id: LooseId, id: LooseId });
export const TestWebhookRes = WebhookDeliveryWire;
