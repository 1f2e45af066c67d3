import { createHmac, randomBytes } from 'node:crypto';

// What a hook receives: the body in its format, its signature and its headers.

/** The signature header: `sha256=<hex HMAC-SHA256 of the body with the hook's secret>`. */
export const SIGNATURE_HEADER = 'X-Taikai-Signature';
export const EVENT_HEADER = 'X-Taikai-Event';
export const DELIVERY_HEADER = 'X-Taikai-Delivery';

/** A new hook secret (shown once). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The stored payload of a delivery: `{event, contest_id, occurred_at, data}`. */
export type WebhookPayload = {
  event: string;
  contest_id: number;
  occurred_at: number;
  data: Record<string, unknown>;
};

type Player = {
  seat?: number;
  account_id?: number;
  nickname?: string;
  place?: number;
  part_point_1?: number;
};

const names = (players: unknown): string =>
  Array.isArray(players)
    ? (players as Player[])
        .map((p) =>
          p.place !== undefined
            ? `${p.place}. ${p.nickname || `#${p.account_id}`} (${p.part_point_1 ?? ''})`
            : p.nickname || `#${p.account_id}`,
        )
        .join('\n')
    : '';

/** One line saying what happened, for chat services. */
function summary(payload: WebhookPayload): string {
  const d = payload.data;
  const contest = `Tournament ${payload.contest_id}`;
  switch (payload.event) {
    case 'game_started':
      return `${contest}: a game started`;
    case 'game_finished':
      return `${contest}: a game finished`;
    case 'signup_pending':
      return `${contest}: ${String(d.nickname ?? 'a player')} signed up and awaits review`;
    case 'season_ended':
      return `${contest}: season ${String(d.season_id ?? '')} ended`;
    case 'yakuman':
      return `${contest}: ${String(d.nickname ?? 'a player')} won a yakuman (${(d.yaku as string[] | undefined)?.join(', ') ?? ''})`;
    case 'ping':
      return `${contest}: test delivery`;
    default:
      return `${contest}: ${payload.event}`;
  }
}

/**
 * A Discord-compatible message (`content` and `embeds`). The names in it are user text: Discord's mentions are
 * turned off (`allowed_mentions`), so a nickname like `@everyone` pings nobody.
 */
function discordBody(payload: WebhookPayload): Record<string, unknown> {
  const d = payload.data;
  const fields: { name: string; value: string; inline?: boolean }[] = [];
  if (d.season_id !== undefined) fields.push({ name: 'Season', value: String(d.season_id), inline: true });
  if (typeof d.tag === 'string' && d.tag)
    fields.push({ name: 'Tag', value: d.tag.slice(0, 1024), inline: true });
  const players = names(d.players);
  if (players) fields.push({ name: 'Players', value: players.slice(0, 1024) });
  return {
    content: summary(payload).slice(0, 2000),
    embeds: [
      {
        title: payload.event,
        ...(typeof d.uuid === 'string' ? { description: `Game ${d.uuid}` } : {}),
        fields,
        timestamp: new Date(payload.occurred_at * 1000).toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The body text a hook receives, in its format. */
export function bodyOf(payload: WebhookPayload, format: string): string {
  return JSON.stringify(format === 'discord' ? discordBody(payload) : payload);
}
