import type { SeasonChange } from '@taikai/protocol';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RunningGame } from './game-calls';
import { gameListKey } from './queries';
import { applySeasonChange, backoffMs, runSeasonStream, SseParser, seasonChangeOf } from './season-events';
import { teamKeys } from './team-calls';

describe('the event-stream parser', () => {
  it('dispatches an event at the blank line, with its name and data', () => {
    const parser = new SseParser();
    expect(parser.push('event: change\ndata: {"kind":"ready"}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'change', data: '{"kind":"ready"}' }]);
  });

  it('reads frames split anywhere across chunks, and CRLF and CR line ends', () => {
    const parser = new SseParser();
    const text = 'event: change\r\ndata: {"kind":\r\ndata: "plans"}\r\n\r\nevent: change\rdata: x\r\r';
    const frames = [...text].flatMap((ch) => parser.push(ch));
    expect(frames).toEqual([
      { event: 'change', data: '{"kind":\n"plans"}' },
      { event: 'change', data: 'x' },
    ]);
  });

  it('ignores comments (heartbeats) and events without data; unnamed events are "message"', () => {
    const parser = new SseParser();
    expect(parser.push(': ping\n\nevent: change\n\ndata:a\n\n')).toEqual([{ event: 'message', data: 'a' }]);
  });

  it('keeps the last id and reads retry as the reconnection delay', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 5000\nid: 7\nevent: change\ndata: {}\n\n')).toEqual([
      { event: 'change', data: '{}', id: '7' },
    ]);
    expect(parser.retryMs).toBe(5000);
  });
});

describe('season changes of frames', () => {
  it('reads a change event', () => {
    expect(seasonChangeOf({ event: 'change', data: '{"kind":"running"}' })).toEqual({ kind: 'running' });
  });

  it('skips other events, bad JSON and unknown kinds', () => {
    expect(seasonChangeOf({ event: 'message', data: '{"kind":"running"}' })).toBeNull();
    expect(seasonChangeOf({ event: 'change', data: '{"kind":' })).toBeNull();
    expect(seasonChangeOf({ event: 'change', data: '{"kind":"weather"}' })).toBeNull();
  });
});

const game = (uuid: string, paused = 0): RunningGame => ({
  game_uuid: uuid,
  start_time: 100,
  tag: '',
  players: [
    { account_id: 5, nickname: 'a', score: 25000 },
    { account_id: 0, score: 25000 },
    { account_id: 6, nickname: 'b', score: 25000 },
    { account_id: 7, nickname: 'c', score: 25000 },
  ],
  chang: 0,
  ju: 0,
  ben: 0,
  liqibang: 0,
  scores: [25000, 25000, 25000, 25000],
  paused,
  pause_until: 0,
  commitment: 'x',
});

const progress = (uuid: string, paused = 0): SeasonChange => ({
  kind: 'progress',
  game_uuid: uuid,
  paused,
  chang: 0,
  ju: 2,
  ben: 1,
  liqibang: 1,
  scores: [33000, 17000, 24000, 25000],
});

describe('applying a season change to the cache', () => {
  const running = gameListKey(1, 2, 'running');
  const invalidated = (client: QueryClient, key: readonly unknown[]) =>
    client.getQueryState(key)?.isInvalidated ?? false;

  it('reads a changed list again, with the lists it touches, and no other', () => {
    const client = new QueryClient();
    for (const kind of ['ready', 'plans', 'running', 'records', 'marked'] as const)
      client.setQueryData(gameListKey(1, 2, kind), []);
    applySeasonChange(client, 1, 2, { kind: 'ready' });
    expect(invalidated(client, gameListKey(1, 2, 'ready'))).toBe(true);
    // A plan's seats show who is ready.
    expect(invalidated(client, gameListKey(1, 2, 'plans'))).toBe(true);
    expect(invalidated(client, gameListKey(1, 2, 'running'))).toBe(false);
    applySeasonChange(client, 1, 2, { kind: 'records' });
    expect(invalidated(client, gameListKey(1, 2, 'marked'))).toBe(true);
  });

  it('a failed table reads the failed list, the running games, the plans and the ready players again', () => {
    const client = new QueryClient();
    for (const kind of ['ready', 'plans', 'running', 'failed', 'records'] as const)
      client.setQueryData(gameListKey(1, 2, kind), []);
    applySeasonChange(client, 1, 2, { kind: 'failed', uuid: 'g1', reason: 'start_failed' });
    for (const kind of ['failed', 'running', 'plans', 'ready'] as const)
      expect(invalidated(client, gameListKey(1, 2, kind))).toBe(true);
    expect(invalidated(client, gameListKey(1, 2, 'records'))).toBe(false);
  });

  it('a team change reads the lists showing team names, the teams and the rankings, not a deleted team’s members', () => {
    const client = new QueryClient();
    const members = (team: number) => teamKeys.members(1, 2, team);
    for (const kind of ['ready', 'plans', 'running', 'records', 'marked'] as const)
      client.setQueryData(gameListKey(1, 2, kind), []);
    client.setQueryData([...teamKeys.list(1, 2), { search_type: 0 }], {});
    client.setQueryData(members(3), []);
    client.setQueryData(members(4), []);
    applySeasonChange(client, 1, 2, { kind: 'teams', removed: [4] });
    for (const kind of ['ready', 'plans', 'running', 'records'] as const)
      expect(invalidated(client, gameListKey(1, 2, kind))).toBe(true);
    expect(invalidated(client, gameListKey(1, 2, 'marked'))).toBe(false);
    expect(invalidated(client, [...teamKeys.list(1, 2), { search_type: 0 }])).toBe(true);
    expect(invalidated(client, members(3))).toBe(true);
    expect(invalidated(client, members(4))).toBe(false);
  });

  it('patches the standing and the seat scores of the game a progress names, and nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(running, [game('g1'), game('g2')]);
    applySeasonChange(client, 1, 2, progress('g2'));
    const [g1, g2] = client.getQueryData<RunningGame[]>(running) ?? [];
    expect(g1).toEqual(game('g1'));
    expect(g2).toMatchObject({ ju: 2, ben: 1, liqibang: 1, scores: [33000, 17000, 24000, 25000] });
    expect(g2.players.map((p) => p.score)).toEqual([33000, 17000, 24000, 25000]);
    expect(invalidated(client, running)).toBe(false);
  });

  it('reads the running list again for a game it does not have, or when the pause flips', () => {
    const client = new QueryClient();
    client.setQueryData(running, [game('g1')]);
    applySeasonChange(client, 1, 2, progress('g9'));
    expect(invalidated(client, running)).toBe(true);

    const other = new QueryClient();
    other.setQueryData(running, [game('g1')]);
    applySeasonChange(other, 1, 2, progress('g1', 1));
    expect(invalidated(other, running)).toBe(true);
    expect(other.getQueryData<RunningGame[]>(running)?.[0].paused).toBe(1);
  });
});

describe('reconnection backoff', () => {
  it('doubles from 1 s to at most 30 s, within ±20 %', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, 1000, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffMs(1, 1000, () => 0)).toBe(800);
    expect(backoffMs(1, 1000, () => 1)).toBe(1200);
    expect(backoffMs(1, 5000, mid)).toBe(5000);
  });
});

function streamResponse(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

describe('the season stream', () => {
  it('sends the token, hands over changes, reports live, and reconnects after a drop', async () => {
    const controller = new AbortController();
    const calls: { url: string; auth: string | undefined }[] = [];
    const changes: SeasonChange[] = [];
    const live: [boolean, boolean][] = [];
    const sleeps: number[] = [];
    const fetchStub = async (url: string | URL | Request, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url: String(url), auth: headers.Authorization });
      if (calls.length === 1) return streamResponse(['event: change\ndata: {"kind":"plans"}\n\n']);
      if (calls.length === 2) return new Response('down', { status: 502 });
      controller.abort();
      return streamResponse([]);
    };
    await runSeasonStream(
      {
        uniqueId: 1,
        seasonId: 2,
        onChange: (c) => changes.push(c),
        onLive: (open, reconnected) => live.push([open, reconnected]),
        fetch: fetchStub as typeof fetch,
        token: () => 'tok',
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
      controller.signal,
    );
    expect(calls[0]).toEqual({
      url: '/api/contest/season_events?unique_id=1&season_id=2',
      auth: 'Majsoul tok',
    });
    expect(changes).toEqual([{ kind: 'plans' }]);
    expect(live[0]).toEqual([true, false]);
    expect(live[1]).toEqual([false, false]);
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]);
  });

  it('gives up on 401 and 403 (the polling calls meet the same refusal)', async () => {
    let calls = 0;
    await runSeasonStream(
      {
        uniqueId: 1,
        seasonId: 2,
        onChange: () => {},
        onLive: () => {},
        fetch: (async () => {
          calls += 1;
          return new Response('', { status: 403 });
        }) as typeof fetch,
        token: () => null,
        sleep: async () => {},
      },
      new AbortController().signal,
    );
    expect(calls).toBe(1);
  });

  it('takes a reconnection after a drop as one that may have missed changes', async () => {
    const controller = new AbortController();
    const live: [boolean, boolean][] = [];
    await runSeasonStream(
      {
        uniqueId: 1,
        seasonId: 2,
        onChange: () => {},
        onLive: (open, reconnected) => {
          live.push([open, reconnected]);
          if (live.length === 3) controller.abort();
        },
        fetch: (async () => streamResponse([': hi\n\n'])) as typeof fetch,
        token: () => null,
        sleep: async () => {},
      },
      controller.signal,
    );
    expect(live).toEqual([
      [true, false],
      [false, false],
      [true, true],
    ]);
  });
});
