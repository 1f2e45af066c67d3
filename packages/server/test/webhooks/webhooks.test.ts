import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, WEBHOOK_FAILURES_MAX } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as webhookEvents from '../../src/domains/webhooks/events';
import { eventually, playRecordedGame, seasonWithRoster } from '../support/games';
import { type Organiser, startWorld } from '../support/world';

// Webhooks: a receiver this test starts on 127.0.0.1 (and never any other address) gets the tournament's events,
// signed; failures are retried with backoff, and too many in a row disable the hook.

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1: records every request; `answer` says the status of each by path. */
async function receiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const queue = answers.get(path) ?? [];
      const status = queue.length > 1 ? (queue.shift() as number) : (queue[0] ?? 200);
      if (status >= 300 && status < 400) res.setHeader('location', `${url}/redirected`);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The statuses `path` answers, in order; the last one for ever after. */
    answer: (path: string, ...statuses: number[]) => answers.set(path, statuses),
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const world = await startWorld();
const hooks = await receiver();
afterAll(async () => {
  await world.close();
  await hooks.close();
});

let season: Awaited<ReturnType<typeof seasonWithRoster>>;
let ids: { unique_id: number; season_id: number };
beforeAll(async () => {
  season = await seasonWithRoster(world, 1, { game_rule_setting: { mode: 1 } });
  ids = { unique_id: season.unique_id, season_id: season.season_id };
});

async function createHook(owner: Organiser, path: string, extra: Record<string, unknown> = {}) {
  const res = await world.post(
    'create_webhook',
    { unique_id: ids.unique_id, url: `${hooks.url}${path}`, events: ['game_finished'], ...extra },
    { token: owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; secret: string; enabled: number };
}

async function deliveriesOf(id: number) {
  const res = await world.get(
    'fetch_webhook_deliveries',
    { unique_id: ids.unique_id, id, limit: 100 },
    { token: season.owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    total: number;
    list: {
      event: string;
      status: string;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
    }[];
  };
}

async function hookOf(id: number) {
  const res = await world.get(
    'fetch_webhook_list',
    { unique_id: ids.unique_id },
    { token: season.owner.token },
  );
  return (
    res.body.data as { id: number; enabled: number; failures: number; disabled_reason: string | null }[]
  ).find((h) => h.id === id);
}

const signed = (r: Received, secret: string) =>
  r.headers['x-taikai-signature'] === `sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`;

describe('deliveries', () => {
  it('a finished game reaches the hook as a signed "game_finished" with its placements', async () => {
    const hook = await createHook(season.owner, '/games', { events: ['game_started', 'game_finished'] });
    const uuid = await playRecordedGame(world, season.owner, ids, [season.ids[0], 0, 0, 0]);
    const [finished] = await eventually(() => {
      const got = hooks.at('/games').filter((r) => r.headers['x-taikai-event'] === 'game_finished');
      return got.length > 0 ? got : undefined;
    }, 'game_finished delivery');
    expect(signed(finished, hook.secret)).toBe(true);
    expect(signed(finished, 'another secret')).toBe(false);
    const body = JSON.parse(finished.body);
    expect(body).toMatchObject({ event: 'game_finished', data: { uuid, season_id: ids.season_id } });
    expect(body.data.players.map((p: { place: number }) => p.place)).toEqual([1, 2, 3, 4]);
    expect(finished.headers['x-taikai-delivery']).toMatch(/^\d+$/);
    const started = hooks.at('/games').filter((r) => r.headers['x-taikai-event'] === 'game_started');
    expect(started).toHaveLength(1);
    expect(JSON.parse(started[0].body).data.uuid).toBe(uuid);
    const log = await eventually(async () => {
      const d = await deliveriesOf(hook.id);
      return d.list.every((x) => x.status === 'delivered') ? d : undefined;
    }, 'deliveries settled');
    expect(log.list.map((d) => [d.event, d.status, d.last_status])).toEqual([
      ['game_finished', 'delivered', 200],
      ['game_started', 'delivered', 200],
    ]);
  });

  it('a delivery answered 500 is retried after its backoff and then delivered', async () => {
    hooks.answer('/flaky', 500, 200);
    const hook = await createHook(season.owner, '/flaky', { events: ['season_ended'] });
    await webhookEvents.seasonEnded(
      world.app.deps.db,
      { uniqueId: ids.unique_id, seasonId: 9001 },
      world.clock.now(),
    );
    world.app.webhooks.kick();
    const first = await eventually(async () => {
      const d = await deliveriesOf(hook.id);
      return d.list[0]?.last_status === 500 ? d.list[0] : undefined;
    }, 'the failed attempt');
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 500' });
    expect((await hookOf(hook.id))?.failures).toBe(1);
    world.clock.advance(31);
    world.app.webhooks.kick();
    const done = await eventually(async () => {
      const d = await deliveriesOf(hook.id);
      return d.list[0]?.status === 'delivered' ? d.list[0] : undefined;
    }, 'the retry');
    expect(done).toMatchObject({ attempts: 2, last_status: 200 });
    expect(hooks.at('/flaky')).toHaveLength(2);
    expect(hooks.at('/flaky').every((r) => signed(r, hook.secret))).toBe(true);
    expect((await hookOf(hook.id))?.failures).toBe(0);
  });

  it(`${WEBHOOK_FAILURES_MAX} failed deliveries in a row disable the hook with a notice; enabling clears it`, async () => {
    hooks.answer('/down', 503);
    const hook = await createHook(season.owner, '/down', { events: ['season_ended'] });
    for (let i = 0; i < WEBHOOK_FAILURES_MAX; i++) {
      await webhookEvents.seasonEnded(
        world.app.deps.db,
        { uniqueId: ids.unique_id, seasonId: 100 + i },
        world.clock.now(),
      );
    }
    world.app.webhooks.kick();
    const disabled = await eventually(async () => {
      const h = await hookOf(hook.id);
      return h?.enabled === 0 ? h : undefined;
    }, 'the hook disabled');
    expect(disabled.failures).toBe(WEBHOOK_FAILURES_MAX);
    expect(disabled.disabled_reason).toContain('HTTP 503');
    // A disabled hook is told of nothing new.
    await webhookEvents.seasonEnded(
      world.app.deps.db,
      { uniqueId: ids.unique_id, seasonId: 200 },
      world.clock.now(),
    );
    expect((await deliveriesOf(hook.id)).total).toBe(WEBHOOK_FAILURES_MAX);
    const enabled = await world.post(
      'update_webhook',
      { unique_id: ids.unique_id, id: hook.id, enabled: 1 },
      { token: season.owner.token },
    );
    expect(enabled.body.data).toMatchObject({
      enabled: 1,
      failures: 0,
      disabled_reason: null,
      disabled_time: null,
    });
  });

  it('an event written in a transaction that rolls back is never sent', async () => {
    const hook = await createHook(season.owner, '/rollback', { events: ['season_ended'] });
    await expect(
      world.app.deps.db.transaction(async (tx) => {
        await webhookEvents.seasonEnded(tx, { uniqueId: ids.unique_id, seasonId: 300 }, world.clock.now());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await deliveriesOf(hook.id)).total).toBe(0);
  });

  it('a redirect is not followed: the attempt fails and the target is never asked', async () => {
    hooks.answer('/moved', 302);
    const hook = await createHook(season.owner, '/moved');
    const res = await world.post(
      'test_webhook',
      { unique_id: ids.unique_id, id: hook.id },
      { token: season.owner.token },
    );
    expect(res.body.data).toMatchObject({
      status: 'failed',
      last_status: 302,
      last_error: 'redirect not followed',
    });
    expect(hooks.at('/redirected')).toHaveLength(0);
  });
});

describe('the console calls', () => {
  it('test-send posts a signed ping now and logs it; the Discord format has content and embeds', async () => {
    const hook = await createHook(season.owner, '/discord', { format: 'discord' });
    const res = await world.post(
      'test_webhook',
      { unique_id: ids.unique_id, id: hook.id },
      { token: season.owner.token },
    );
    expect(res.body.data).toMatchObject({
      event: 'ping',
      status: 'delivered',
      last_status: 200,
      attempts: 1,
    });
    const [ping] = hooks.at('/discord');
    expect(signed(ping, hook.secret)).toBe(true);
    const body = JSON.parse(ping.body);
    expect(typeof body.content).toBe('string');
    expect(body.embeds[0].title).toBe('ping');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect((await deliveriesOf(hook.id)).list[0]).toMatchObject({ event: 'ping', status: 'delivered' });
  });

  it('the secret is shown at creation and rotation only; a rotated secret signs what follows', async () => {
    const hook = await createHook(season.owner, '/rotate');
    const listed = await world.get(
      'fetch_webhook_list',
      { unique_id: ids.unique_id },
      { token: season.owner.token },
    );
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);
    const rotated = await world.post(
      'rotate_webhook_secret',
      { unique_id: ids.unique_id, id: hook.id },
      { token: season.owner.token },
    );
    const secret = rotated.body.data.secret as string;
    expect(secret).not.toBe(hook.secret);
    await world.post(
      'test_webhook',
      { unique_id: ids.unique_id, id: hook.id },
      { token: season.owner.token },
    );
    const [ping] = hooks.at('/rotate');
    expect(signed(ping, secret)).toBe(true);
    expect(signed(ping, hook.secret)).toBe(false);
  });

  it('admins manage hooks; strangers do not see them (2501); another tournament has no such hook (2517)', async () => {
    const admin = await world.organiser();
    await world.makeAdmin(ids.unique_id, admin);
    const hook = await createHook(admin, '/admin');
    const stranger = await world.organiser();
    const refused = await world.get(
      'fetch_webhook_list',
      { unique_id: ids.unique_id },
      { token: stranger.token },
    );
    expect(refused.body.error.code).toBe(ErrorCode.CONTEST_NOT_FOUND);
    const other = await seasonWithRoster(world, 0);
    const elsewhere = await world.post(
      'delete_webhook',
      { unique_id: other.unique_id, id: hook.id },
      { token: other.owner.token },
    );
    expect(elsewhere.body.error.code).toBe(ErrorCode.PARAM_ERROR);
    const deleted = await world.post(
      'delete_webhook',
      { unique_id: ids.unique_id, id: hook.id },
      { token: admin.token },
    );
    expect(deleted.status).toBe(200);
    expect(await hookOf(hook.id)).toBeUndefined();
  });

  it('only http(s) URLs without credentials are taken', async () => {
    for (const url of [
      'ftp://127.0.0.1/x',
      'javascript:alert(1)',
      'http://user:pw@127.0.0.1/',
      '/relative',
      '',
    ]) {
      const res = await world.post(
        'create_webhook',
        { unique_id: ids.unique_id, url, events: ['game_finished'] },
        { token: season.owner.token },
      );
      expect(res.body.error?.code, url).toBe(ErrorCode.PARAM_ERROR);
    }
    const noEvents = await world.post(
      'create_webhook',
      { unique_id: ids.unique_id, url: `${hooks.url}/x`, events: [] },
      { token: season.owner.token },
    );
    expect(noEvents.body.error?.code).toBe(ErrorCode.PARAM_ERROR);
  });
});

// Last: it moves the clock past the season's end.
describe('sign-ups and seasons', () => {
  it('a sign-up awaiting review and the end of a season reach the hook', async () => {
    const s = await seasonWithRoster(world, 0);
    const hook = (
      await world.post(
        'create_webhook',
        { unique_id: s.unique_id, url: `${hooks.url}/seasons`, events: ['signup_pending', 'season_ended'] },
        { token: s.owner.token },
      )
    ).body.data as { id: number; secret: string };
    const now = world.clock.now();
    const set = await world.post(
      'update_contest_season',
      {
        unique_id: s.unique_id,
        season_id: s.season_id,
        setting: { signup_type: 3, signup_start_time: now, signup_end_time: now + 3600 },
      },
      { token: s.owner.token },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const player = await world.organiser();
    const signup = await world.post(
      'signup_contest_season',
      { unique_id: s.unique_id, season_id: s.season_id },
      { token: player.token },
    );
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const [pending] = await eventually(() => {
      const got = hooks.at('/seasons');
      return got.length > 0 ? got : undefined;
    }, 'signup_pending delivery');
    expect(signed(pending, hook.secret)).toBe(true);
    expect(JSON.parse(pending.body)).toMatchObject({
      event: 'signup_pending',
      data: { season_id: s.season_id, account_id: player.account.id, nickname: player.account.nickname },
    });
    world.clock.advance(400 * 86_400);
    // Sessions have expired meanwhile: the organiser logs in again.
    const owner = await world.login(s.owner);
    const ended = await world.post(
      'end_contest_season',
      { unique_id: s.unique_id, season_id: s.season_id },
      { token: owner.token },
    );
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    world.app.webhooks.kick();
    const [, last] = await eventually(() => {
      const got = hooks.at('/seasons');
      return got.length > 1 ? got : undefined;
    }, 'season_ended delivery');
    expect(JSON.parse(last.body)).toMatchObject({ event: 'season_ended', data: { season_id: s.season_id } });
  });
});
