import type { AddressInfo } from 'node:net';
import type { PlayerLinkOut } from '@taikai/protocol';
import { WebSocket } from 'ws';
import { HANG_GUARD_MS } from './hang-guard';
import type { Organiser, World } from './world';

// A scripted player-link client for tests that drive the link of a listening world: keeps every message it
// receives and waits for the ones a test expects.

export type LinkMessage = PlayerLinkOut & Record<string, unknown>;

/** Starts the world's server on a free loopback port; answers the link's base address (ws://…). */
export async function listen(world: World): Promise<string> {
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
}

export class LinkClient {
  readonly messages: LinkMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly listeners = new Set<() => void>();
  onMessage: ((m: LinkMessage) => void) | null = null;
  /** The account the link authenticated as. */
  accountId = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as LinkMessage;
      this.messages.push(m);
      this.onMessage?.(m);
      for (const listener of this.listeners) listener();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** A link opened at `path` of the server at `base` (ws://…), not yet authenticated. */
  static async open(
    base: string,
    path = '/api/player/link',
    options: { autoPong?: boolean } = {},
  ): Promise<LinkClient> {
    const ws = new WebSocket(`${base}${path}`, options);
    const client = new LinkClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** A client that has authenticated as `who` (and seen `authed`). */
  static async as(base: string, who: Organiser, path?: string): Promise<LinkClient> {
    const client = await LinkClient.open(base, path);
    client.send({ op: 'auth', token: who.token });
    await client.next((m) => m.op === 'authed');
    client.accountId = who.account.id;
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message from `from` on that matches (waiting for it). */
  async next(match: (m: LinkMessage) => boolean, from = 0): Promise<LinkMessage> {
    const found = () => this.messages.slice(from).find(match);
    const now = found();
    if (now) return now;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`no matching message; got ${JSON.stringify(this.messages.slice(-5))}`));
      }, HANG_GUARD_MS);
      const check = () => {
        const m = found();
        if (!m) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(m);
      };
      this.listeners.add(check);
    });
  }

  /** Sends a message and waits for the first message after it that matches. */
  async ask(message: unknown, match: (m: LinkMessage) => boolean): Promise<LinkMessage> {
    const from = this.messages.length;
    this.send(message);
    return this.next(match, from);
  }

  /** Enters a season's lobby (and waits for `entered`). */
  async enter(season: { unique_id: number; season_id: number }): Promise<LinkMessage> {
    return this.ask({ op: 'enter', ...season }, (m) => m.op === 'entered' || m.op === 'error');
  }

  /** Messages received from `from` on with an op. */
  ofOp(op: string, from = 0): LinkMessage[] {
    return this.messages.slice(from).filter((m) => m.op === op);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}
