import { createHash } from 'node:crypto';
import { HANDOFF_CODE_TTL_S } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffCodes } from '../../src/db/schema';
import { startWorld, type World } from '../support/world';

// The mobile hand-off carries a session to another page as a one-time code, never as a token: the code is
// short-lived, works once, is stored only as its hash, and is exchanged by a call for a new session.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const exchange = (code: unknown) => world.post('/api/exchange_handoff_code', { code });

async function codeOf(token: string) {
  const res = await world.post('/api/create_handoff_code', {}, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { code: string; expire_time: number };
}

describe('create_handoff_code / exchange_handoff_code', () => {
  it('a code is exchanged once for a new session of the same account, named by its nickname', async () => {
    const org = await world.organiser();
    // The clock is the real one: the call may cross a second.
    const before = world.clock.now();
    const { code, expire_time } = await codeOf(org.token);
    const after = world.clock.now();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).not.toContain(org.token);
    expect(expire_time).toBeGreaterThanOrEqual(before + HANDOFF_CODE_TTL_S);
    expect(expire_time).toBeLessThanOrEqual(after + HANDOFF_CODE_TTL_S);

    const res = await exchange(code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ account_id: org.account.id, nickname: org.account.nickname });
    const token = res.body.data.token as string;
    expect(token).not.toBe(org.token);
    const info = await world.get('fetch_account_info', {}, { token });
    expect(info.body.data.account_id).toBe(org.account.id);
    // The session that asked for the code goes on.
    expect((await world.get('fetch_account_info', {}, { token: org.token })).status).toBe(200);

    const again = await exchange(code);
    expect(again.body.error?.code).toBe(116);
  });

  it('the code is stored only as its hash', async () => {
    const org = await world.organiser();
    const { code } = await codeOf(org.token);
    const rows = await world.database.db
      .select()
      .from(handoffCodes)
      .where(eq(handoffCodes.accountId, org.account.id));
    expect(rows.map((r) => r.codeHash)).toEqual([sha256(code)]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('an expired code is refused with 116', async () => {
    const org = await world.organiser();
    const { code } = await codeOf(org.token);
    world.clock.advance(HANDOFF_CODE_TTL_S);
    const res = await exchange(code);
    expect(res.body.error?.code).toBe(116);
    expect(res.status).toBe(400);
  });

  it('an unknown code is refused with 116; a session token is not a code', async () => {
    const org = await world.organiser();
    expect((await exchange('x'.repeat(43))).body.error?.code).toBe(116);
    expect((await exchange(org.token)).body.error?.code).toBe(116);
  });

  it('only a logged-in account gets a code (401)', async () => {
    const res = await world.post('/api/create_handoff_code', {});
    expect(res.status).toBe(401);
  });

  it('parallel exchanges of one code: exactly one session is opened', async () => {
    const org = await world.organiser();
    const { code } = await codeOf(org.token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.error?.code === 116)).toHaveLength(5);
  });
});
