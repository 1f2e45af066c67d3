import WebSocket from 'ws';
import { HANG_GUARD_MS } from './hang-guard';

// A player at a real server's table over its player link, as the crash and several-processes tests drive one.

export type Message = Record<string, unknown> & { op: string };
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a bot reads them
export type Answer = { data?: any; error?: { code: number } };

/** A player's link that answers every decision with a pass (or the default discard) after a short wait. */
export class PlayerClient {
  readonly messages: Message[] = [];
  /** Once this holds for the messages so far, decisions go unanswered: the table waits on this player. */
  holdWhen: ((messages: Message[]) => boolean) | null = null;
  held = false;
  private waiting: (() => void) | null = null;
  /** The close code, once the link is closed (by either side). */
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;
  private waiters: (() => void)[] = [];

  /** `base`: the server's WebSocket origin, `ws://host:port`. */
  constructor(base: string, token: string) {
    this.socket = new WebSocket(`${base}/api/player/link`);
    this.socket.on('open', () => this.send({ op: 'auth', token }));
    this.socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as Message;
      this.messages.push(m);
      const ask = m.ask as { id: number } | null | undefined;
      if (m.op === 'game_message' && ask) {
        this.held ||= this.holdWhen?.(this.messages) ?? false;
        const answer = () => this.send({ op: 'answer', game_uuid: m.game_uuid, ask_id: ask.id, reply: {} });
        if (this.held) this.waiting = answer;
        else setTimeout(answer, 4);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.socket.on('error', () => {});
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve(code)));
  }

  /** Plays on: the decision kept waiting is answered, and every one after it. */
  release() {
    this.holdWhen = null;
    this.held = false;
    this.waiting?.();
    this.waiting = null;
  }

  send(message: object) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  async until<T>(find: (messages: Message[]) => T | undefined): Promise<T> {
    const end = Date.now() + HANG_GUARD_MS;
    for (;;) {
      const found = find(this.messages);
      if (found !== undefined) return found;
      if (Date.now() > end)
        throw new Error(`no such message; last: ${JSON.stringify(this.messages.slice(-3))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  close() {
    this.socket.terminate();
  }
}

/** The `qipai` (deal) messages a player received, in order. */
export const deals = (messages: Message[]) =>
  messages.flatMap((m) => {
    if (m.op === 'game_message' && (m.msg as Record<string, unknown>).qipai)
      return [m.msg as { qipai: unknown }];
    if (m.op === 'table_state')
      return (m.messages as { msg: Record<string, unknown> }[])
        .filter((x) => x.msg.qipai)
        .map((x) => x.msg as { qipai: unknown });
    return [];
  });

/** The messages a player's table was given, in order (a reconnect's `table_state` unpacked). */
export const tableMessages = (messages: Message[]) =>
  messages.flatMap((m): Record<string, unknown>[] => {
    if (m.op === 'game_message') return [m.msg as Record<string, unknown>];
    if (m.op === 'table_state') return (m.messages as { msg: Record<string, unknown> }[]).map((x) => x.msg);
    return [];
  });

/** The hands a player was dealt, in order: the deal, the player's own draws, and whether the hand is over. */
export function handsSeen(messages: Message[]) {
  const hands: { qipai: { shoupai: string[] }; draws: string[]; over: boolean }[] = [];
  for (const msg of tableMessages(messages)) {
    if (msg.qipai) hands.push({ qipai: msg.qipai as { shoupai: string[] }, draws: [], over: false });
    const hand = hands.at(-1);
    if (!hand) continue;
    // Another seat's draw reaches the player without its tile.
    const draw = (msg.zimo ?? msg.gangzimo) as { p?: string } | undefined;
    if (draw?.p) hand.draws.push(draw.p);
    if (msg.hule || msg.pingju) hand.over = true;
  }
  return hands;
}
