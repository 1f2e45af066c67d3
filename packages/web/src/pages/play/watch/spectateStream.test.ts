import { describe, expect, it } from 'vitest';
import { runSpectateStream, type WatchProblem } from './spectateStream';
import type { SpectatorEvent } from './watchModel';

/** A fetch answering each call with the next response made, and the addresses and headers it was called with. */
function fakeFetch(responses: (() => Response)[]) {
  const calls: { url: string; auth: string | null }[] = [];
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, auth: new Headers(init?.headers).get('authorization') });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const sse = (lines: string[]) => () =>
  new Response(lines.map((l) => `data: ${l}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });

async function watch(responses: (() => Response)[]) {
  const events: SpectatorEvent[] = [];
  const refusals: WatchProblem[] = [];
  const { impl, calls } = fakeFetch(responses);
  await runSpectateStream(
    {
      uniqueId: 7,
      uuid: 'g-1',
      onEvent: (e) => events.push(e),
      onLive: () => undefined,
      onRefused: (p) => refusals.push(p),
      fetch: impl,
      token: () => 'tok',
    },
    new AbortController().signal,
  );
  return { events, refusals, calls };
}

describe('the spectator stream as the watch page reads it', () => {
  it('asks for the game with the session, reads its events and stops at the end of the game', async () => {
    const { events, refusals, calls } = await watch([
      sse([
        '{"type":"hello","delay":2,"seats":[],"uuid":"g-1"}',
        '{"type":"seat","seat":0,"msg":{"qipai":{}},"at":1}',
        '{"type":"ended","at":2}',
      ]),
    ]);
    expect(calls).toEqual([{ url: '/api/contest/spectate_game?unique_id=7&uuid=g-1', auth: 'Majsoul tok' }]);
    expect(events.map((e) => e.type)).toEqual(['hello', 'seat', 'ended']);
    expect(refusals).toEqual([]);
  });

  it('shows a refusal before the stream, and one that closes it, without trying again', async () => {
    const refused = await watch([
      () =>
        new Response(JSON.stringify({ error: { code: 2557, message: 'off' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    ]);
    expect(refused.refusals).toEqual([{ code: 2557, message: 'off' }]);
    expect(refused.calls).toHaveLength(1);

    const cut = await watch([
      sse(['{"type":"hello","delay":0,"seats":[],"uuid":"g-1"}', '{"type":"closed","code":2529}']),
    ]);
    expect(cut.events.map((e) => e.type)).toEqual(['hello']);
    expect(cut.refusals).toEqual([{ code: 2529 }]);
    expect(cut.calls).toHaveLength(1);
  });
});
