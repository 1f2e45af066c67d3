import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import * as operator from '../../src/domains/accounts/operator';
import type { SessionSignal } from '../../src/domains/accounts/session-signals';
import { tokenHash } from '../../src/domains/accounts/sessions';
import { startWorld, type World } from '../support/world';

// A process keeps the sessions it let in, so that a read does not pay a database round trip for its token; a
// session must still never outlive its end: not on the process that ended it, and not on another process once
// the end-signal reached it.

const serverUrl = process.env.TAIKAI_TEST_DATABASE_URL;

const infoStatus = async (world: World, token: string) =>
  (await world.get('fetch_account_info', {}, { token })).status;

describe('sessions kept in memory', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(() => world?.close());

  it('a session is read once, then served from memory until its end is signalled', async () => {
    const who = await world.organiser();
    expect(await infoStatus(world, who.token)).toBe(200);
    // Gone from the database behind the server's back (no signal): the server still knows it.
    await world.database.db.execute(sql`delete from sessions where token_hash = ${tokenHash(who.token)}`);
    expect(await infoStatus(world, who.token)).toBe(200);
    world.app.deps.sessions.publish({ kind: 'ended', tokenHashes: [tokenHash(who.token)] });
    expect(await infoStatus(world, who.token)).toBe(401);
  });

  it('a logout ends the session at once, though it was served from memory', async () => {
    const who = await world.organiser();
    const other = await world.login(who);
    expect(await infoStatus(world, who.token)).toBe(200);
    expect(await infoStatus(world, other.token)).toBe(200);
    expect((await world.post('/api/logout', {}, { token: who.token })).status).toBe(200);
    expect(await infoStatus(world, who.token)).toBe(401);
    expect(await infoStatus(world, other.token)).toBe(200);
  });

  it('a ban and a new password end every session of the account at once', async () => {
    const banned = await world.organiser();
    const renamed = await world.organiser();
    expect(await infoStatus(world, banned.token)).toBe(200);
    expect(await infoStatus(world, renamed.token)).toBe(200);
    await operator.setBan(world.opCtx(), banned.account.email, true);
    await operator.setPassword(world.opCtx(), renamed.account.email, 'another-pass');
    expect(await infoStatus(world, banned.token)).toBe(401);
    expect(await infoStatus(world, renamed.token)).toBe(401);
  });

  it('revoking an API key ends the sessions opened with it at once', async () => {
    const owner = await world.organiser();
    const { id, key } = (await world.post('create_api_key', { label: 'bot' }, { token: owner.token })).body
      .data;
    const login = await world.post('/api/login', { type: 7, uid: owner.account.id, code: key });
    const botToken = login.body.data.token as string;
    expect(await infoStatus(world, botToken)).toBe(200);
    expect((await world.post('revoke_api_key', { id }, { token: owner.token })).status).toBe(200);
    expect(await infoStatus(world, botToken)).toBe(401);
    expect(await infoStatus(world, owner.token)).toBe(200);
  });

  it('a session served from memory still expires at its time', async () => {
    const who = await world.organiser();
    expect(await infoStatus(world, who.token)).toBe(200);
    world.clock.advance(world.config.tokenTtl + 1);
    expect(await infoStatus(world, who.token)).toBe(401);
  });
});

describe.skipIf(!serverUrl)('sessions kept in memory by two processes (PostgreSQL)', () => {
  // Two servers on one database, each with its own memory and its own session signals (NOTIFY between them),
  // as two processes are.
  let world: World;
  let second: FastifyInstance;
  beforeAll(async () => {
    world = await startWorld({ DATABASE_URL: serverUrl as string });
    second = await buildApp({
      config: world.config,
      database: world.database,
      clock: world.clock,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await world?.close();
  });

  const onSecond = async (token: string) =>
    (
      await second.inject({
        method: 'GET',
        url: '/api/contest/fetch_account_info',
        headers: { authorization: `Majsoul ${token}` },
      })
    ).statusCode;

  /** Resolves when the second server hears that the session of `token` ended. */
  const heardOnSecond = (token: string) =>
    new Promise<void>((resolve) => {
      const hash = tokenHash(token);
      const stop = second.deps.sessions.subscribe((signal: SessionSignal) => {
        if (signal.kind === 'ended' && signal.tokenHashes.includes(hash)) {
          stop();
          resolve();
        }
      });
    });

  it('a logout on one process ends the session on the other once the signal arrives', async () => {
    const who = await world.organiser();
    expect(await onSecond(who.token)).toBe(200);
    const heard = heardOnSecond(who.token);
    expect((await world.post('/api/logout', {}, { token: who.token })).status).toBe(200);
    expect(await infoStatus(world, who.token)).toBe(401);
    await heard;
    expect(await onSecond(who.token)).toBe(401);
  });

  it('a ban on one process ends the sessions on the other once the signal arrives', async () => {
    const who = await world.organiser();
    expect(await onSecond(who.token)).toBe(200);
    const heard = heardOnSecond(who.token);
    await operator.setBan(world.opCtx(), who.account.email, true);
    await heard;
    expect(await onSecond(who.token)).toBe(401);
  });
});
