import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TIMING } from '../../src/games/player-link';
import { EventStream } from '../support/event-stream';
import { eventually, seasonWithRoster, type World } from '../support/games';
import { LinkClient } from '../support/link-client';
import { startWorld } from '../support/world';

// What one account or one address may hold open and make the server do through the live channels: links and
// event streams are capped per account and per address, entering the lobby a link is already in reads nothing,
// and the link messages that reach the database are paid from a token bucket (refused 2502 once it is empty; a
// link that keeps being refused is closed 4429).

const LINKS_PER_ACCOUNT = 3;
const LINKS_PER_ADDRESS = 8;
const STREAMS_PER_ACCOUNT = 2;
const WORK_BURST = 4;

LINK_TIMING.refusalsBeforeClose = 5;

let world: World;
let base: string;
let origin: string;
beforeAll(async () => {
  world = await startWorld({
    LIVE_LINKS_PER_ACCOUNT: String(LINKS_PER_ACCOUNT),
    LIVE_LINKS_PER_ADDRESS: String(LINKS_PER_ADDRESS),
    LIVE_STREAMS_PER_ACCOUNT: String(STREAMS_PER_ACCOUNT),
    // One token in 1000 s: no refill while a test runs.
    LIVE_WORK_PER_SECOND: '0.001',
    LIVE_WORK_BURST: String(WORK_BURST),
  });
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (world.app.server.address() as AddressInfo).port;
  base = `ws://127.0.0.1:${port}`;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => world.close());

/** Counts the database queries the app makes while `run` runs (every statement drizzle prepares, and transactions). */
async function queriesDuring(run: () => Promise<void>): Promise<number> {
  // biome-ignore lint/suspicious/noExplicitAny: the drizzle session is not part of its public type
  const db = world.app.deps.db as any;
  const session = db.session;
  const prepare = session.prepareQuery;
  const transaction = db.transaction;
  let count = 0;
  session.prepareQuery = function (...args: unknown[]) {
    count++;
    return prepare.apply(this, args);
  };
  db.transaction = function (...args: unknown[]) {
    count++;
    return transaction.apply(this, args);
  };
  try {
    await run();
  } finally {
    session.prepareQuery = prepare;
    db.transaction = transaction;
  }
  return count;
}

describe('links and streams per account and per address', () => {
  it(`an account's link beyond ${LINKS_PER_ACCOUNT} is refused 2502 and closed 4429; one closing lets another in`, async () => {
    const who = await world.organiser();
    const open = [];
    for (let i = 0; i < LINKS_PER_ACCOUNT; i++) open.push(await LinkClient.as(base, who));
    const extra = await LinkClient.open(base);
    extra.send({ op: 'auth', token: who.token });
    expect(await extra.next((m) => m.op === 'error')).toMatchObject({ code: ErrorCode.LIMIT_REACHED });
    expect((await extra.closed).code).toBe(4429);
    await open[0].close();
    const again = await eventually(async () => {
      const link = await LinkClient.open(base);
      link.send({ op: 'auth', token: who.token });
      const first = await link.next((m) => m.op === 'authed' || m.op === 'error');
      if (first.op === 'authed') return link;
      await link.closed;
      return null;
    }, 'a link to be let in again');
    for (const link of [...open.slice(1), again]) await link.close();
  });

  it(`links beyond ${LINKS_PER_ADDRESS} from one address are refused before authenticating (2502, 4429)`, async () => {
    const open = [];
    for (let i = 0; i < LINKS_PER_ADDRESS; i++) open.push(await LinkClient.open(base));
    const extra = await LinkClient.open(base);
    expect(await extra.next((m) => m.op === 'error')).toMatchObject({ code: ErrorCode.LIMIT_REACHED });
    expect((await extra.closed).code).toBe(4429);
    for (const link of open) await link.close();
  });

  it(`an account's event stream beyond ${STREAMS_PER_ACCOUNT} is refused 2502 with HTTP 429; one closing lets another in`, async () => {
    const s = await seasonWithRoster(world, 0);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const open: EventStream[] = [];
    for (let i = 0; i < STREAMS_PER_ACCOUNT; i++) {
      const stream = await EventStream.open(origin, s.owner.token, ids);
      if (!(stream instanceof EventStream)) throw new Error(`refused: ${stream.status}`);
      open.push(stream);
    }
    const refused = await EventStream.open(origin, s.owner.token, ids);
    if (refused instanceof EventStream) throw new Error('a stream beyond the cap was opened');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(ErrorCode.LIMIT_REACHED);
    open[0].close();
    const again = await eventually(async () => {
      const stream = await EventStream.open(origin, s.owner.token, ids);
      if (stream instanceof EventStream) return stream;
      await stream.text();
      return null;
    }, 'a stream to be let in again');
    for (const stream of [open[1], again]) stream.close();
  });
});

describe('the work a link can cause', () => {
  it('entering the lobby the link is already in reads nothing and costs no work: answered entered and the chat as it stands', async () => {
    const s = await seasonWithRoster(world, 1);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const link = await LinkClient.as(base, s.roster[0]);
    // Entering a lobby reads the database (the count sees it).
    const first = await queriesDuring(async () => {
      await link.enter(ids);
      await link.next((m) => m.op === 'chat_history');
    });
    expect(first).toBeGreaterThan(0);
    const said = await link.ask({ op: 'chat_send', text: 'first' }, (m) => m.op === 'chat');
    const enters = 3 * WORK_BURST;
    const queries = await queriesDuring(async () => {
      for (let i = 0; i < enters; i++) {
        const from = link.messages.length;
        expect(await link.enter(ids)).toMatchObject({ op: 'entered', ...ids, ready: false });
        expect(await link.next((m) => m.op === 'chat_history', from)).toMatchObject({
          ...ids,
          messages: [said.message],
          can_send: true,
        });
      }
    });
    expect(queries).toBe(0);
    expect(link.ofOp('error')).toEqual([]);
    await link.close();
  });

  it(`messages that reach the database beyond the account's ${WORK_BURST} tokens are refused 2502 and not acted on; refused on and on, the link closes 4429`, async () => {
    const s = await seasonWithRoster(world, 1);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const player = s.roster[0];
    const link = await LinkClient.as(base, player);
    // One token: entering.
    await link.enter(ids);
    await link.next((m) => m.op === 'chat_history');
    // The rest: being ready (each `ready: true` reads the roster; `ready: false` reads nothing).
    for (let i = 1; i < WORK_BURST; i++) {
      expect(await link.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready')).toEqual({
        op: 'ready',
        ready: true,
      });
      await link.ask({ op: 'ready', ready: false }, (m) => m.op === 'ready');
    }
    const refused = await link.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready' || m.op === 'error');
    expect(refused).toMatchObject({ op: 'error', code: ErrorCode.LIMIT_REACHED });
    expect(world.app.deps.games.presence.isReady(s.unique_id, s.season_id, player.account.id)).toBe(false);
    // Free messages still work.
    expect(await link.ask({ op: 'ping' }, (m) => m.op === 'pong')).toEqual({ op: 'pong' });
    // The bucket is the account's: another link of it is refused too.
    const second = await LinkClient.as(base, player);
    const other = await second.ask({ op: 'chat_send', text: 'x' }, (m) => m.op === 'error');
    expect(other.code).toBe(ErrorCode.NO_ACTIVE_SEASON);
    expect(await second.enter(ids)).toMatchObject({ op: 'error', code: ErrorCode.LIMIT_REACHED });
    await second.close();
    for (let i = 0; i < LINK_TIMING.refusalsBeforeClose; i++) link.send({ op: 'chat_send', text: 'again' });
    expect((await link.closed).code).toBe(4429);
  });
});
