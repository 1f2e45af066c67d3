import {
  bodyOf,
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signatureOf,
  type WebhookPayload,
} from './body';

/** How long a receiver has to answer. */
export const SEND_TIMEOUT_MS = 10_000;

/** How an attempt went: `ok` for a 2xx answer; otherwise the status (if any) and what went wrong. */
export type Attempt = { ok: boolean; code: number | null; error: string | null };

/**
 * Posts one delivery: the body in the hook's format, signed with its secret, with the event and delivery id in
 * headers. Redirects are not followed (a 3xx is a failure), and a receiver gets `SEND_TIMEOUT_MS` to answer.
 * Errors name what failed, never the secret or the body.
 */
export async function sendDelivery(delivery: {
  id: number;
  url: string;
  secret: string;
  format: string;
  payload: WebhookPayload;
}): Promise<Attempt> {
  const body = bodyOf(delivery.payload, delivery.format);
  try {
    const res = await fetch(delivery.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'taikai-webhooks',
        [SIGNATURE_HEADER]: signatureOf(body, delivery.secret),
        [EVENT_HEADER]: delivery.payload.event,
        [DELIVERY_HEADER]: String(delivery.id),
      },
      body,
    });
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { ok: true, code: res.status, error: null };
    const error = res.status >= 300 && res.status < 400 ? 'redirect not followed' : `HTTP ${res.status}`;
    return { ok: false, code: res.status, error };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    const reason =
      e.name === 'TimeoutError'
        ? 'timed out'
        : (e.cause?.code ?? e.message ?? 'request failed').slice(0, 200);
    return { ok: false, code: null, error: reason };
  }
}
