import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import * as chat from '../../src/domains/chat/service';
import { LINK_TIMING } from '../../src/games/player-link';
import { STREAM_TIMING } from '../../src/games/season-stream';
import { setObserverSwitch } from '../managers/support';
import { EventStream } from '../support/event-stream';
import { seasonWithRoster, type World } from '../support/games';
import { HANG_GUARD_MS } from '../support/hang-guard';
import { LinkClient } from '../support/link-client';
import { type Organiser, startWorld } from '../support/world';

// Ending a session closes what it holds open at once: a ban, a logout, a revoked API key and the loss of an
// organiser's or observer's role close the account's player links and season event streams without waiting for
// their periodic checks (which never run here, so that only the immediate close can close anything), and a link
// acts on nothing the client sends after its session ended.

// The periodic checks never come within a test (the longest timer Node keeps: about 24 days).
LINK_TIMING.heartbeatMs = 2 ** 31 - 1;
STREAM_TIMING.recheckMs = 2 ** 31 - 1;

let world: World;
let origin: string;
let base: string;
beforeAll(async () => {
  world = await startWorld();
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (world.app.server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  base = `ws://127.0.0.1:${port}`;
});
afterAll(() => world.close());

type Ids = { unique_id: number; season_id: number };

/** Resolves with the value of `promise`, or fails once the wait has hung. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: the wait hung`)), HANG_GUARD_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function openStream(token: string, ids: Ids): Promise<EventStream> {
  const stream = await EventStream.open(origin, token, ids);
  if (!(stream instanceof EventStream))
    throw new Error(`not a stream: ${stream.status} ${await stream.text()}`);
  await stream.until(() => stream.events('hello').length > 0);
  return stream;
}

/** A link of `who` in the season's lobby (entered, chat history read). */
async function linkInLobby(who: Organiser, ids: Ids): Promise<LinkClient> {
  const link = await LinkClient.as(base, who);
  expect(await link.enter(ids)).toMatchObject({ op: 'entered' });
  await link.next((m) => m.op === 'chat_history');
  return link;
}

/** A running season with one roster player, and an admin (not on the roster) with a link and a stream open. */
async function adminWithChannels() {
  const s = await seasonWithRoster(world, 1);
  const ids = { unique_id: s.unique_id, season_id: s.season_id };
  const admin = await world.organiser();
  await world.makeAdmin(s.unique_id, admin);
  const link = await linkInLobby(admin, ids);
  const stream = await openStream(admin.token, ids);
  return { ...s, ids, admin, link, stream };
}

/** Both channels end promptly: the link told `linkCode` and closed with `closeCode`, the stream told `streamCode`. */
async function expectClosed(
  { link, stream }: { link: LinkClient; stream: EventStream },
  codes: { link: number; close: number; stream: number },
) {
  const closed = await within(link.closed, 'the link closed');
  expect(closed.code).toBe(codes.close);
  expect(link.ofOp('error').map((m) => m.code)).toContain(codes.link);
  await within(stream.ended, 'the stream ended');
  expect(stream.events('closed')).toEqual([{ code: codes.stream }]);
}

const sessionEnded = { link: ErrorCode.NOT_LOGGED_IN, close: 4401, stream: ErrorCode.NOT_LOGGED_IN };

describe('a session that ends closes its live channels at once', () => {
  it('a ban (by account) closes the link (2505, 4401) and the stream (closed 2505)', async () => {
    const t = await adminWithChannels();
    await operator.setBan(world.opCtx(), String(t.admin.account.publicId), true);
    await expectClosed(t, sessionEnded);
  });

  it('a ban by e-mail does too', async () => {
    const t = await adminWithChannels();
    await operator.setBan(world.opCtx(), t.admin.account.email, true);
    await expectClosed(t, sessionEnded);
  });

  it('a new password set by the operator does too', async () => {
    const t = await adminWithChannels();
    await operator.setPassword(world.opCtx(), t.admin.account.email);
    await expectClosed(t, sessionEnded);
  });

  it('a logout closes the link and the stream of that session, and leaves another session of the account open', async () => {
    const t = await adminWithChannels();
    const other = await world.login(t.admin);
    const otherLink = await LinkClient.as(base, other);
    expect((await world.post('/api/logout', {}, { token: t.admin.token })).status).toBe(200);
    await expectClosed(t, sessionEnded);
    expect(await otherLink.ask({ op: 'ping' }, (m) => m.op === 'pong')).toEqual({ op: 'pong' });
    await otherLink.close();
  });

  it('revoking an API key closes the links and streams of the sessions opened with it', async () => {
    const s = await seasonWithRoster(world, 0);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const created = await world.post('create_api_key', { label: 'bot' }, { token: s.owner.token });
    const { id, key } = created.body.data;
    const login = await world.post('/api/login', { type: 7, uid: s.owner.account.id, code: key });
    const bot: Organiser = { ...s.owner, token: login.body.data.token };
    const link = await linkInLobby(bot, ids);
    const stream = await openStream(bot.token, ids);
    const ownerLink = await LinkClient.as(base, s.owner);
    expect((await world.post('revoke_api_key', { id }, { token: s.owner.token })).status).toBe(200);
    await expectClosed({ link, stream }, sessionEnded);
    // The owner's own session (not opened with the key) keeps its link.
    expect(await ownerLink.ask({ op: 'ping' }, (m) => m.op === 'pong')).toEqual({ op: 'pong' });
    await ownerLink.close();
  });

  it('a banned organiser cannot post to the chat: what its link sends after the ban is not acted on', async () => {
    const t = await adminWithChannels();
    await operator.setBan(world.opCtx(), String(t.admin.account.publicId), true);
    t.link.send({ op: 'chat_send', text: 'still here' });
    await within(t.link.closed, 'the link closed');
    expect(t.link.ofOp('chat')).toEqual([]);
    expect(await chat.history(world.app.deps.db, { uniqueId: t.unique_id, seasonId: t.season_id })).toEqual(
      [],
    );
    t.stream.close();
  });
});

describe('losing a role closes what the role let in', () => {
  it('an admin removed (not on the roster) has the link closed (2540, 4403) and the stream closed (2501)', async () => {
    const t = await adminWithChannels();
    const removed = await world.post(
      'remove_contest_admin',
      { unique_id: t.unique_id, account_id_list: [t.admin.account.id] },
      { token: t.owner.token },
    );
    expect(removed.status).toBe(200);
    await expectClosed(t, {
      link: ErrorCode.UNREGISTERED_CANNOT_PLAY,
      close: 4403,
      stream: ErrorCode.CONTEST_NOT_FOUND,
    });
  });

  it('an admin removed who is on the roster stays in the lobby, told they moderate no more; their next message is not marked as an organiser’s', async () => {
    const s = await seasonWithRoster(world, 1);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const [player] = s.roster;
    await world.makeAdmin(s.unique_id, player);
    const link = await linkInLobby(player, ids);
    expect(link.ofOp('chat_history')[0]).toMatchObject({ moderator: true });
    const from = link.messages.length;
    await world.post(
      'remove_contest_admin',
      { unique_id: s.unique_id, account_id_list: [player.account.id] },
      { token: s.owner.token },
    );
    expect(await link.next((m) => m.op === 'chat_state', from)).toMatchObject({
      moderator: false,
      can_send: true,
    });
    const posted = await link.ask(
      { op: 'chat_send', text: 'hello' },
      (m) => m.op === 'chat' || m.op === 'error',
    );
    expect(posted).toMatchObject({ op: 'chat', message: { text: 'hello', organiser: false } });
    // Entering the lobby again (answered from what the link holds) shows the same.
    await link.enter(ids);
    expect(link.ofOp('chat_history').at(-1)).toMatchObject({ moderator: false });
    await link.close();
  });

  it('an observer taken off the roster has the season stream closed (2501)', async () => {
    const s = await seasonWithRoster(world, 0);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const observer = await world.organiser();
    await setObserverSwitch(world, s.unique_id, true);
    await world.post(
      'set_observer_list',
      { unique_id: s.unique_id, add_list: [observer.account.id], remove_list: [] },
      { token: s.owner.token },
    );
    const stream = await openStream(observer.token, ids);
    const kept = await openStream(s.owner.token, ids);
    await world.post(
      'set_observer_list',
      { unique_id: s.unique_id, add_list: [], remove_list: [observer.account.id] },
      { token: s.owner.token },
    );
    await within(stream.ended, 'the stream ended');
    expect(stream.events('closed')).toEqual([{ code: ErrorCode.CONTEST_NOT_FOUND }]);
    expect(kept.events('closed')).toEqual([]);
    kept.close();
  });

  it('turning the observer switch off closes the observers’ season streams (2501), not the creator’s', async () => {
    const s = await seasonWithRoster(world, 0);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const observer = await world.organiser();
    await setObserverSwitch(world, s.unique_id, true);
    await world.post(
      'set_observer_list',
      { unique_id: s.unique_id, add_list: [observer.account.id], remove_list: [] },
      { token: s.owner.token },
    );
    const stream = await openStream(observer.token, ids);
    const kept = await openStream(s.owner.token, ids);
    const off = await world.post(
      'update_contest_base',
      { unique_id: s.unique_id, setting: { observer_switch: 0 } },
      { token: s.owner.token },
    );
    expect(off.status).toBe(200);
    await within(stream.ended, 'the stream ended');
    expect(stream.events('closed')).toEqual([{ code: ErrorCode.CONTEST_NOT_FOUND }]);
    expect(kept.events('closed')).toEqual([]);
    kept.close();
  });
});
