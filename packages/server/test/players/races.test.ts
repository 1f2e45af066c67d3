import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, startWorld, type World } from '../support/world';
import { acceptedCount, accounts, entries, ids, type Season, SIGNUP, seasonWith, setCap } from './support';

// Parallel requests on one season (PostgreSQL runs them truly in parallel; PGlite serialises them): reviews
// are claimed once, and the roster never grows past the tournament's cap.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const signup = (who: Organiser, s: Season) =>
  world.post('signup_contest_season', ids(s), { token: who.token });
const codesOf = (replies: { body: { error?: { code: number }; data?: unknown } }[]) =>
  replies.map((r) => r.body.error?.code ?? 'ok');

describe('races on one season', () => {
  it('two admins passing the same pending sign-up at once: exactly one succeeds, the other fails with 2510 (5 rounds)', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const admins = await accounts(world, 2);
    for (const a of admins) await world.makeAdmin(s.unique_id, a);
    for (let round = 0; round < 5; round++) {
      const p = await world.organiser();
      await signup(p, s);
      const answers = await Promise.all(
        admins.map((a, i) =>
          world.post(
            'check_contest_season_player',
            // One passes, the other rejects: whichever comes first decides.
            { ...ids(s), checked_list: [{ account_id: p.account.id, pass: i === 0 ? 1 : 0, blacklist: 0 }] },
            { token: a.token },
          ),
        ),
      );
      const successes = answers.filter((r) => r.body.data?.success.length === 1);
      const failures = answers.flatMap((r) => r.body.data?.failed ?? []);
      expect(successes).toHaveLength(1);
      expect(failures).toEqual([{ account_id: p.account.id, error: 2510 }]);
      const winnerPassed = successes[0] === answers[0];
      expect((await entries(world, s))[p.account.id]).toBe(winnerPassed ? 2 : 3);
    }
  });

  it('12 parallel sign-ups to an auto-pass season capped at 5: exactly 5 accepted, the rest refused with 2566', async () => {
    const s = await seasonWith(world, SIGNUP.AUTO);
    await setCap(world, s.unique_id, 5);
    const players = await accounts(world, 12);
    const answers = await Promise.all(players.map((p) => signup(p, s)));
    const codes = codesOf(answers);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c === 2566)).toHaveLength(7);
    expect(await acceptedCount(world, s)).toBe(5);
  });

  it('parallel adds by the creator and an admin against a cap of 4 never pass it', async () => {
    const s = await seasonWith(world);
    await setCap(world, s.unique_id, 4);
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    const players = await accounts(world, 10);
    const answers = await Promise.all(
      players.map((p, i) =>
        world.post(
          'add_contest_season_player',
          { ...ids(s), account_list: [p.account.id] },
          { token: i % 2 ? admin.token : s.creator.token },
        ),
      ),
    );
    const added = answers.flatMap((r) => r.body.data.success);
    const failed = answers.flatMap((r) => r.body.data.failed);
    expect(added).toHaveLength(4);
    expect(failed).toHaveLength(6);
    expect(failed.every((f: { error: number }) => f.error === 2566)).toBe(true);
    expect(await acceptedCount(world, s)).toBe(4);
  });

  it('sign-ups, adds and review passes racing for the last places never pass the cap', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    await setCap(world, s.unique_id, 3);
    const pending = await accounts(world, 4);
    for (const p of pending) await signup(p, s);
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    const others = await accounts(world, 4);
    await Promise.all([
      world.post(
        'check_contest_season_player',
        { ...ids(s), checked_list: pending.map((p) => ({ account_id: p.account.id, pass: 1 })) },
        { token: admin.token },
      ),
      ...others.map((p) =>
        world.post(
          'add_contest_season_player',
          { ...ids(s), account_list: [p.account.id] },
          { token: s.creator.token },
        ),
      ),
    ]);
    expect(await acceptedCount(world, s)).toBe(3);
  });
});
