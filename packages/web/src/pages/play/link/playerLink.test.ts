import type { PlayerLinkOut } from '@taikai/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, PlayerLinkClient } from './playerLink';

/** A WebSocket the test drives: it records what the client sent and delivers what the test says. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  deliver(message: PlayerLinkOut) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.made[FakeSocket.made.length - 1] as FakeSocket;

function client(signedOut = vi.fn()) {
  return new PlayerLinkClient({
    url: 'ws://test/api/player/link',
    token: () => 'tok',
    onSignedOut: signedOut,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
}

function openAndAuth(link: PlayerLinkClient) {
  link.connect();
  const socket = last();
  socket.open();
  socket.deliver({ op: 'authed', account_id: 7, nickname: 'Ann' });
  return socket;
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the player link client', () => {
  it('authenticates with the stored token as its first message', () => {
    const link = client();
    link.connect();
    last().open();
    expect(last().sent).toEqual([{ op: 'auth', token: 'tok' }]);
    expect(link.status).toBe('connecting');
    last().deliver({ op: 'authed', account_id: 7, nickname: 'Ann' });
    expect(link.status).toBe('open');
    expect(link.account).toEqual({ accountId: 7, nickname: 'Ann' });
  });

  it('sends nothing but auth before the server has authenticated it', () => {
    const link = client();
    link.connect();
    last().open();
    expect(link.answer('g', 1, {})).toBe(false);
    expect(last().sent).toEqual([{ op: 'auth', token: 'tok' }]);
  });

  it('reconnects with backoff, enters the lobby again and says ready again', () => {
    const link = client();
    const first = openAndAuth(link);
    link.enter(1, 2);
    first.deliver({ op: 'entered', unique_id: 1, season_id: 2, ready: false });
    link.setReady(true);
    first.deliver({ op: 'ready', ready: true });
    expect(link.lobby).toEqual({ uniqueId: 1, seasonId: 2, ready: true });

    first.drop();
    expect(link.status).toBe('reconnecting');
    expect(link.lobby).toBeNull();
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.made).toHaveLength(2);
    const second = last();
    second.open();
    second.deliver({ op: 'authed', account_id: 7, nickname: 'Ann' });
    expect(second.sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'enter', unique_id: 1, season_id: 2 },
      { op: 'ready', ready: true },
    ]);
  });

  it('waits longer after each failed attempt, up to 15 s', () => {
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(3, () => 0)).toBe(4000);
    expect(backoffMs(10, () => 0)).toBe(15_000);
    expect(backoffMs(10, () => 1)).toBe(18_750);
  });

  it('stops and signs out when the server refuses the session (4401)', () => {
    const signedOut = vi.fn();
    const link = client(signedOut);
    link.connect();
    last().open();
    last().deliver({ op: 'error', code: 2505, message: 'not logged in' });
    last().drop(4401);
    expect(link.status).toBe('signedOut');
    expect(signedOut).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('keeps a game feed from game_start, replaced by the table_state of a reconnection', () => {
    const link = client();
    const socket = openAndAuth(link);
    socket.deliver({ op: 'game_start', game_uuid: 'g', seat: 2, players: [{ account_id: 7 }] });
    socket.deliver({ op: 'game_message', game_uuid: 'g', seat: 2, msg: { kaiju: {} }, ask: null });
    socket.deliver({ op: 'game_message', game_uuid: 'g', seat: 2, msg: { qipai: {} }, ask: null });
    expect(link.game('g')?.messages.map((m) => Object.keys(m.msg)[0])).toEqual(['kaiju', 'qipai']);
    expect(link.game('g')?.seat).toBe(2);

    socket.deliver({
      op: 'table_state',
      game_uuid: 'g',
      seat: 2,
      paused: true,
      messages: [{ msg: { kaiju: {} }, ask: null }],
    });
    expect(link.game('g')?.messages).toHaveLength(1);
    expect(link.game('g')?.paused).toBe(true);
    expect(link.game('g')?.resyncs).toBe(1);
    socket.deliver({ op: 'game_end', game_uuid: 'g', terminated: false });
    expect(link.game('g')?.ended).toEqual({ terminated: false });
  });

  it('takes a decision asked again after a pause as the same decision with its new deadline', () => {
    const link = client();
    const socket = openAndAuth(link);
    const zimo = { zimo: { l: 0, p: 'm1' } };
    socket.deliver({ op: 'game_message', game_uuid: 'g', seat: 0, msg: zimo, ask: { id: 3, deadline: 10 } });
    socket.deliver({ op: 'game_message', game_uuid: 'g', seat: 0, msg: zimo, ask: { id: 3, deadline: 99 } });
    expect(link.game('g')?.messages).toEqual([{ msg: zimo, ask: { id: 3, deadline: 99 } }]);
  });

  it('tells subscribers every message and change listeners every change', () => {
    const link = client();
    const heard: string[] = [];
    let changes = 0;
    link.subscribe((m) => heard.push(m.op));
    link.onChange(() => changes++);
    const socket = openAndAuth(link);
    socket.deliver({ op: 'game_paused', game_uuid: 'x', paused: true });
    expect(heard).toEqual(['authed', 'game_paused']);
    expect(changes).toBeGreaterThanOrEqual(2);
    expect(link.answer('g', 4, { dapai: 'm5*' })).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ op: 'answer', game_uuid: 'g', ask_id: 4, reply: { dapai: 'm5*' } });
  });

  it('takes a link that misses its pong as lost and reconnects', () => {
    const link = client();
    openAndAuth(link);
    vi.advanceTimersByTime(25_000);
    expect(last().sent.at(-1)).toEqual({ op: 'ping' });
    vi.advanceTimersByTime(10_000);
    expect(link.status).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made).toHaveLength(2);
  });
});
