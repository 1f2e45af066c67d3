import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSessionSignals } from '../../src/db/session-signals-pg';
import * as operator from '../../src/domains/accounts/operator';
import { LINK_TIMING } from '../../src/games/player-link';
import { STREAM_TIMING } from '../../src/games/season-stream';
import { EventStream } from '../support/event-stream';
import { seasonWithRoster, type World } from '../support/games';
import { LinkClient } from '../support/link-client';
import { startWorld } from '../support/world';

// On PostgreSQL the operator's CLI runs in a process of its own: its ban reaches a running server through the
// database's NOTIFY channel, and the banned account's link and stream close at once. The CLI is played here by a
// second set of session signals on the same PostgreSQL server, as `main.ts` builds it for a command.

LINK_TIMING.heartbeatMs = 120_000;
STREAM_TIMING.recheckMs = 120_000;
const PROMPTLY_MS = 15_000;
const serverUrl = process.env.TAIKAI_TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a ban from another process (PostgreSQL)', () => {
  let world: World;
  let port = 0;
  beforeAll(async () => {
    // The server's signals listen on the PostgreSQL server the test databases live on.
    world = await startWorld({ DATABASE_URL: serverUrl as string });
    await world.app.listen({ port: 0, host: '127.0.0.1' });
    port = (world.app.server.address() as AddressInfo).port;
  });
  afterAll(() => world?.close());

  it('closes the banned account’s link (2505, 4401) and event stream (closed 2505) at once', async () => {
    const s = await seasonWithRoster(world, 0);
    const ids = { unique_id: s.unique_id, season_id: s.season_id };
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    const link = await LinkClient.as(`ws://127.0.0.1:${port}`, admin);
    expect(await link.enter(ids)).toMatchObject({ op: 'entered' });
    const stream = await EventStream.open(`http://127.0.0.1:${port}`, admin.token, ids);
    if (!(stream instanceof EventStream)) throw new Error(`not a stream: ${stream.status}`);
    await stream.until(() => stream.events('hello').length > 0);

    const cli = new PgSessionSignals(serverUrl as string, console);
    try {
      await operator.setBan({ ...world.opCtx(), sessions: cli }, String(admin.account.publicId), true);
    } finally {
      await cli.close();
    }
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('not closed in time')), PROMPTLY_MS),
    );
    expect((await Promise.race([link.closed, timeout])).code).toBe(4401);
    expect(link.ofOp('error').map((m) => m.code)).toContain(ErrorCode.NOT_LOGGED_IN);
    await Promise.race([stream.ended, timeout]);
    expect(stream.events('closed')).toEqual([{ code: ErrorCode.NOT_LOGGED_IN }]);
  });
});
