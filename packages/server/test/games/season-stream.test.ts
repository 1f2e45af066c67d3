import type { AddressInfo } from 'node:net';
import type { SeasonChange } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { STREAM_TIMING } from '../../src/games/season-stream';
import { EventStream } from '../support/event-stream';
import {
  eventually,
  gameOfPlan,
  makeReady,
  plan,
  recordOf,
  seasonWithRoster,
  type World,
} from '../support/games';
import { startWorld } from '../support/world';

// The season's event stream (`GET /api/contest/season_events`, text/event-stream) through a listening server,
// read with fetch as the console reads it: who may open it, what it sends while a game is planned and played,
// its heartbeat, and that it lets go of its listeners and of the server's close.

STREAM_TIMING.keepAliveMs = 200;
STREAM_TIMING.recheckMs = 300;

let world: World;
let base: string;
beforeAll(async () => {
  // A request must arrive whole within a second: an open stream is not a request still arriving.
  world = await startWorld({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '1000' });
  base = await listen(world);
});
afterAll(() => world.close());

async function listen(w: World): Promise<string> {
  await w.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(w.app.server.address() as AddressInfo).port}`;
}

async function open(token: string | undefined, query: Record<string, unknown>, path?: string) {
  const stream = await EventStream.open(base, token, query, path);
  if (!(stream instanceof EventStream))
    throw new Error(`not a stream: ${stream.status} ${await stream.text()}`);
  return stream;
}

/** The code of a refusal's JSON body. */
async function errorOf(response: Response): Promise<number> {
  const body = (await response.json()) as { error: { code: number } };
  return body.error.code;
}

/** Counts the season listeners the live hub holds (every stream holds one while open). */
function countSeasonListeners(w: World): () => number {
  const live = w.app.deps.games.live;
  const onSeason = live.onSeason.bind(live);
  let open = 0;
  live.onSeason = (uniqueId, seasonId, listener) => {
    open++;
    const off = onSeason(uniqueId, seasonId, listener);
    return () => {
      open--;
      off();
    };
  };
  return () => open;
}

const listeners = () => countSeasonListeners(world);
let openListeners: () => number;
beforeAll(() => {
  openListeners = listeners();
});

describe('season event stream', () => {
  it('refuses with a JSON error, not a stream: no token 401 (2505), a stranger 2501, an unknown season 2536', async () => {
    const s = await seasonWithRoster(world, 1);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const anonymous = (await EventStream.open(base, undefined, ids)) as Response;
    expect(anonymous.status).toBe(401);
    expect(await errorOf(anonymous)).toBe(2505);
    const stranger = (await EventStream.open(base, (await world.organiser()).token, ids)) as Response;
    expect(await errorOf(stranger)).toBe(2501);
    const player = (await EventStream.open(base, s.roster[0].token, ids)) as Response;
    expect(await errorOf(player)).toBe(2501);
    const unknown = (await EventStream.open(base, s.owner.token, { ...ids, season_id: 9 })) as Response;
    expect(await errorOf(unknown)).toBe(2536);
    const bad = (await EventStream.open(base, s.owner.token, { unique_id: 'x', season_id: 1 })) as Response;
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe(2517);
  });

  it('opens with `hello` and the security headers, under both prefixes, and sends keep-alive comments', async () => {
    const s = await seasonWithRoster(world, 0);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    for (const path of ['/api/contest/season_events', '/api/contest_gate/api/contest/season_events']) {
      const stream = await open(s.owner.token, ids, path);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('cache-control')).toContain('no-cache');
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      const opened = Date.now();
      await stream.until(() => stream.events('hello').length > 0, 'hello');
      expect(stream.events('hello')).toEqual([ids]);
      // Past the request timeout (1 s), the stream is still open and beating.
      const beats = () => stream.frames.filter((f) => 'comment' in f && f.comment === 'keep-alive').length;
      await stream.until(
        () => beats() >= 4 && Date.now() - opened > 1500,
        'four beats past the request timeout',
      );
      stream.close();
    }
    await eventually(() => openListeners() === 0, 'the listeners to go');
  });

  it('sends ready, plans, running, progress and records while a game is planned and played', async () => {
    const s = await seasonWithRoster(world, 1);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const stream = await open(s.owner.token, ids);
    await stream.until(() => stream.events('hello').length > 0);

    makeReady(world, s.unique_id, s.season_id, s.ids);
    const planUuid = await plan(world, s.owner, ids, [s.ids[0], 0, 0, 0], { ai_level: 0 });
    const gameUuid = await gameOfPlan(world, planUuid);
    await recordOf(world, gameUuid);
    await stream.until(() => stream.changes().some((c) => c.kind === 'records'), 'records');

    const changes = stream.changes();
    const kinds = changes.map((c) => c.kind);
    const first = (kind: SeasonChange['kind']) => kinds.indexOf(kind);
    for (const kind of ['ready', 'plans', 'running', 'progress', 'records'] as const)
      expect(first(kind)).toBeGreaterThanOrEqual(0);
    expect(first('ready')).toBeLessThan(first('plans'));
    expect(first('plans')).toBeLessThan(first('running'));
    expect(first('running')).toBeLessThan(first('progress'));
    expect(first('progress')).toBeLessThan(first('records'));
    const progress = changes.filter((c) => c.kind === 'progress');
    expect(progress.every((p) => p.game_uuid === gameUuid && p.scores.length === 4)).toBe(true);
    stream.close();
  });

  it('a viewer whose session ends is told (2505) and the stream ends', async () => {
    const s = await seasonWithRoster(world, 0);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    const stream = await open(admin.token, ids);
    await stream.until(() => stream.events('hello').length > 0);
    await world.post('/api/logout', {}, { token: admin.token });
    await stream.ended;
    expect(stream.events('closed')).toEqual([{ code: 2505 }]);
  });

  it('a stream closed by the client lets go of its listener', async () => {
    const s = await seasonWithRoster(world, 0);
    const before = openListeners();
    const stream = await open(s.owner.token, { unique_id: s.unique_id, season_id: s.season_id });
    await stream.until(() => stream.events('hello').length > 0);
    expect(openListeners()).toBe(before + 1);
    stream.close();
    await eventually(() => openListeners() === before, 'the listener to go');
  });
});

describe('closing the server', () => {
  it('resolves with an event stream and a player link open; both are ended', async () => {
    const other = await startWorld();
    const origin = await listen(other);
    const s = await seasonWithRoster(other, 1);
    const stream = await EventStream.open(origin, s.owner.token, {
      unique_id: s.unique_id,
      season_id: s.season_id,
    });
    if (!(stream instanceof EventStream)) throw new Error('not a stream');
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/player/link`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ op: 'auth', token: s.roster[0].token }));
    await new Promise((resolve) => ws.once('message', resolve));

    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await stream.ended;
    expect(await closed).toBe(1001);
  });
});
