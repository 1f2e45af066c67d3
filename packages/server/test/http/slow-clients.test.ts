import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../support/world';

// A client that stops sending in the middle of a request must not hold its connection, and the memory of
// the part it sent, for ever: a real listening server closes it within the configured time.

const HEADERS_TIMEOUT_MS = 600;
const REQUEST_TIMEOUT_MS = 1200;

let world: World;
let port: number;
beforeAll(async () => {
  world = await startWorld({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_BODY_LIMIT: '4096',
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
