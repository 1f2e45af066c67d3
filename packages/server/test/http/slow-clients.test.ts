import { connect, type Socket } from 'node:net';
import type { PlayerLinkOut, SeasonChange } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonWithRoster } from '../support/games';
import { LinkClient } from '../support/link-client';
import { startWorld, type World } from '../support/world';

// A client that stops sending in the middle of a request must not hold its connection, and the memory of
// the part it sent, for ever: a real listening server closes it within the configured time.

const HEADERS_TIMEOUT_MS = 600;
const REQUEST_TIMEOUT_MS = 1200;
/** Bytes a live channel's client may leave unread. */
const MAX_BUFFERED = 64 * 1024;

let world: World;
let port: number;
beforeAll(async () => {
  world = await startWorld({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_BODY_LIMIT: '4096',
    LIVE_MAX_BUFFERED_BYTES: String(MAX_BUFFERED),
  });
  await world.app.listen({ host: '127.0.0.1', port: 0 });
  const address = world.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => world.close());

/** Sends `text` on a fresh connection, then nothing more; resolves with what came back and when it closed. */
function stall(text: string, waitMs: number): Promise<{ closedAfterMs: number | null; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, answer });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

describe('stalled requests', () => {
  it('a body that stops arriving is answered 408 and closed within the request timeout', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const res = await stall(`${head}{"account":"someone@example.test","pass`, REQUEST_TIMEOUT_MS + 4000);
    expect(res.closedAfterMs, 'the connection is still open').not.toBeNull();
    expect(res.closedAfterMs!).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(res.closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
    expect(res.answer === '' || res.answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('headers that stop arriving are closed within the headers timeout', async () => {
    const res = await stall(
      'GET /api/contest/server_time HTTP/1.1\r\nHost: local',
      REQUEST_TIMEOUT_MS + 4000,
    );
    expect(res.closedAfterMs, 'the connection is still open').not.toBeNull();
    expect(res.closedAfterMs!).toBeLessThan(HEADERS_TIMEOUT_MS + 2500);
  });

  it('many stalled bodies are all closed, and the server still answers', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n';
    const all = await Promise.all(
      Array.from({ length: 50 }, () => stall(`${head}{"a":"${'x'.repeat(2000)}`, REQUEST_TIMEOUT_MS + 4000)),
    );
    expect(all.filter((r) => r.closedAfterMs === null)).toEqual([]);
    const res = await fetch(`http://127.0.0.1:${port}/api/contest/server_time`);
    expect(res.status).toBe(200);
  });

  it('a body beyond the configured limit is refused with 2517 at once', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'a@example.test', password: 'x'.repeat(8000), type: 0 }),
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: number; message: string } };
    expect(error.code).toBe(2517);
    expect(error.message).toMatch(/too large/i);
  });
});

/**
 * Pushes `push` (a 32 KB message each time) until `gone` says the channel was cut off, letting the server write
 * between batches; answers the bytes pushed. Fails past 256 MB: the channel kept what its client did not read.
 */
async function pushUntilCut(push: (pad: string) => void, gone: () => boolean): Promise<number> {
  const pad = 'x'.repeat(32 * 1024);
  let pushed = 0;
  while (!gone()) {
    if (pushed > 256 * 1024 * 1024) throw new Error('the channel was never cut off');
    for (let i = 0; i < 16 && !gone(); i++) {
      push(pad);
      pushed += pad.length;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return pushed;
}

describe('live channels whose client does not read', () => {
  it('a player link whose client stops reading is cut off, and the server holds no more for it', async () => {
    const s = await seasonWithRoster(world, 1);
    const player = s.roster[0];
    const link = await LinkClient.as(`ws://127.0.0.1:${port}`, player);
    // The client stops taking what the network brings.
    (link.ws as unknown as { _socket: Socket })._socket.pause();
    const live = world.app.deps.games.live;
    await pushUntilCut(
      (pad) => live.account(player.account.id, { op: 'pong', pad } as unknown as PlayerLinkOut),
      () => !live.linked(player.account.id),
    );
    expect(live.linked(player.account.id)).toBe(false);
  });

  it('a season event stream whose client stops reading is cut off, and lets go of its listener', async () => {
    const s = await seasonWithRoster(world, 0);
    const live = world.app.deps.games.live;
    let listening = 0;
    const onSeason = live.onSeason.bind(live);
    live.onSeason = (uniqueId, seasonId, listener) => {
      listening++;
      const off = onSeason(uniqueId, seasonId, listener);
      return () => {
        listening--;
        off();
      };
    };
    // The stream is opened and its body never read.
    const query = new URLSearchParams({ unique_id: String(s.unique_id), season_id: String(s.season_id) });
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/contest/season_events?${query}`, {
      headers: { authorization: `Majsoul ${s.owner.token}` },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(listening).toBe(1);
    await pushUntilCut(
      (pad) => live.season(s.unique_id, s.season_id, { kind: 'ready', pad } as unknown as SeasonChange),
      () => listening === 0,
    );
    abort.abort();
    live.onSeason = onSeason;
  });
});
