import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, startWorld, type World } from '../support/world';
import {
  addSeason,
  endSeason,
  entries,
  finishSeason,
  ids,
  type Season,
  SIGNUP,
  seasonWith,
  setCap,
  setSeason,
  snapshot,
} from './support';

// The player's own sign-up: public tournament page, sign up, withdraw, own state.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

/** `time` was stamped by the server between `before` and now (the clock may tick over a second meanwhile). */
const expectNowSince = (before: number, time: number) => {
  expect(time).toBeGreaterThanOrEqual(before);
  expect(time).toBeLessThanOrEqual(world.clock.now());
};

const signup = (who: Organiser, s: Season | { unique_id: number; season_id: number }) =>
  world.post('signup_contest_season', ids(s), { token: who.token });
const cancel = (who: Organiser, s: Season) =>
  world.post('cancel_contest_season_signup', ids(s), { token: who.token });
const mine = (who: Organiser, s: Season) =>
  world.get('fetch_contest_season_signup', ids(s), { token: who.token });
const review = (s: Season, checked_list: unknown[]) =>
  world.post('check_contest_season_player', { ...ids(s), checked_list }, { token: s.creator.token });

/** Expects a refusal with `code` that changed nothing of the season. */
async function expectRefused(
  s: Season,
  send: () => Promise<{ body: { error?: { code: number } } }>,
  code: number,
) {
  const before = await snapshot(world, s);
  const res = await send();
  expect(res.body.error?.code, JSON.stringify(res.body)).toBe(code);
  expect(await snapshot(world, s)).toEqual(before);
}

describe('fetch_contest_public_info', () => {
  it('shows a tournament by its public contest_id with its newest season, the roster size and cap, and the caller’s sign-up', async () => {
    const s = await seasonWith(world, SIGNUP.AUTO);
    const player = await world.organiser();
    const before = world.clock.now();
    await signup(player, s);
    const after = world.clock.now();
    const res = await world.get(
      'fetch_contest_public_info',
      { contest_id: s.contest_id },
      { token: player.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      unique_id: s.unique_id,
      contest_id: s.contest_id,
      contest_name: [{ lang: 'default', content: 'Spring Cup' }],
      public_notice: [],
      mode: 2,
      start_time: expect.any(Number),
      finish_time: expect.any(Number),
      season: {
        season_id: 1,
        state: 1,
        signup_type: 2,
        rank_type: 0,
        player_count: 1,
        max_player_count: 3000,
      },
      signup: { state: 2, blacklisted: 0 },
      is_manager: false,
    });
    // Signed up within the call, whichever second the clock was in.
    expect(res.body.data.signup.create_time).toBeGreaterThanOrEqual(before);
    expect(res.body.data.signup.create_time).toBeLessThanOrEqual(after);
  });

  it('answers the newest season, and says the creator and admins manage the tournament', async () => {
    const s = await seasonWith(world);
    await addSeason(world, s, 2);
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    for (const who of [s.creator, admin]) {
      const res = await world.get(
        'fetch_contest_public_info',
        { contest_id: String(s.contest_id) },
        { token: who.token },
      );
      expect(res.body.data.is_manager).toBe(true);
      expect(res.body.data.season.season_id).toBe(2);
      expect(res.body.data.signup).toEqual({ state: 0, create_time: 0, blacklisted: 0 });
    }
  });

  it('an unknown or deleted tournament answers 2501', async () => {
    const s = await seasonWith(world);
    const player = await world.organiser();
    const unknown = await world.get('fetch_contest_public_info', { contest_id: 1 }, { token: player.token });
    expect(unknown.body.error.code).toBe(2501);
    await world.post('delete_contest', { unique_id: s.unique_id }, { token: s.creator.token });
    const deleted = await world.get(
      'fetch_contest_public_info',
      { contest_id: s.contest_id },
      { token: player.token },
    );
    expect(deleted.body.error.code).toBe(2501);
  });

  it('needs a login (401)', async () => {
    const res = await world.get('fetch_contest_public_info', { contest_id: 123456 });
    expect(res.status).toBe(401);
  });
});

describe('signup_contest_season', () => {
  it('an auto-pass season accepts the sign-up at once: the player is on the roster', async () => {
    const s = await seasonWith(world, SIGNUP.AUTO);
    const player = await world.organiser();
    const before = world.clock.now();
    const res = await signup(player, s);
    expect(res.body).toEqual({ data: { state: 2, create_time: expect.any(Number), blacklisted: 0 } });
    expectNowSince(before, res.body.data.create_time);
    const roster = await world.get(
      'contest_season_player_list',
      { ...ids(s), state: 2 },
      { token: s.creator.token },
    );
    expect(roster.body.data.list.map((p: { account_id: number }) => p.account_id)).toEqual([
      player.account.id,
    ]);
  });

  it('a checked season leaves the sign-up pending review', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const player = await world.organiser();
    expect((await signup(player, s)).body.data).toMatchObject({ state: 1 });
    const pending = await world.get(
      'contest_season_player_list',
      { ...ids(s), state: 1 },
      { token: s.creator.token },
    );
    expect(pending.body.data).toMatchObject({
      total: 1,
      list: [{ account_id: player.account.id, state: 1 }],
    });
    expect(await entries(world, s)).toEqual({ [player.account.id]: 1 });
  });

  it('a sign-up to a closed season is refused with 2552 and writes nothing', async () => {
    const s = await seasonWith(world, SIGNUP.CLOSE);
    const player = await world.organiser();
    await expectRefused(s, () => signup(player, s), 2552);
  });

  it('an unknown or deleted tournament is refused with 2501, an unknown season with 2536', async () => {
    const s = await seasonWith(world, SIGNUP.AUTO);
    const player = await world.organiser();
    await expectRefused(s, () => signup(player, { unique_id: 99_999, season_id: 1 }), 2501);
    await expectRefused(s, () => signup(player, { unique_id: s.unique_id, season_id: 7 }), 2536);
    await world.post('delete_contest', { unique_id: s.unique_id }, { token: s.creator.token });
    await expectRefused(s, () => signup(player, s), 2501);
  });

  it('an ended season is refused with 2565, a finished one with 2508 (before the sign-up mode)', async () => {
    const ended = await seasonWith(world, SIGNUP.CLOSE);
    await endSeason(world, ended);
    const finished = await seasonWith(world, SIGNUP.CLOSE);
    await finishSeason(world, finished);
    const player = await world.organiser();
    await expectRefused(ended, () => signup(player, ended), 2565);
    await expectRefused(finished, () => signup(player, finished), 2508);
  });

  it('a checked season refuses sign-ups outside its sign-up window with 2539', async () => {
    const now = world.clock.now();
    const early = await seasonWith(world, SIGNUP.CHECK, {
      signupStartTime: now + 100,
      signupEndTime: now + 200,
    });
    const late = await seasonWith(world, SIGNUP.CHECK, {
      signupStartTime: now - 200,
      signupEndTime: now - 100,
    });
    const player = await world.organiser();
    await expectRefused(early, () => signup(player, early), 2539);
    await expectRefused(late, () => signup(player, late), 2539);
    // An auto-pass season has no window.
    const auto = await seasonWith(world, SIGNUP.AUTO, {
      signupStartTime: now + 100,
      signupEndTime: now + 200,
    });
    expect((await signup(player, auto)).body.data.state).toBe(2);
  });

  it('a blacklisted player is refused with 2530 (after the window and mode checks)', async () => {
    const s = await seasonWith(world, SIGNUP.AUTO);
    const player = await world.organiser();
    await world.post(
      'set_contest_season_player_limit',
      { ...ids(s), type: 2, add_list: [player.account.id] },
      { token: s.creator.token },
    );
    await expectRefused(s, () => signup(player, s), 2530);
    await setSeason(world, s, { signupType: SIGNUP.CLOSE });
    await expectRefused(s, () => signup(player, s), 2552);
    expect((await mine(player, s)).body.data).toEqual({ state: 0, create_time: 0, blacklisted: 1 });
  });

  it('a second sign-up while pending is refused with 2551, once accepted with 2553', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const player = await world.organiser();
    await signup(player, s);
    await expectRefused(s, () => signup(player, s), 2551);
    await review(s, [{ account_id: player.account.id, pass: 1 }]);
    await expectRefused(s, () => signup(player, s), 2553);
  });

  it('a full roster refuses sign-ups with 2566', async () => {
    const s = await seasonWith(world, SIGNUP.AUTO);
    await setCap(world, s.unique_id, 1);
    const [first, second] = [await world.organiser(), await world.organiser()];
    expect((await signup(first, s)).body.data.state).toBe(2);
    await expectRefused(s, () => signup(second, s), 2566);
    // Checked seasons too: a sign-up could never be accepted.
    await setSeason(world, s, { signupType: SIGNUP.CHECK });
    await expectRefused(s, () => signup(second, s), 2566);
  });

  it('a rejected player may sign up again: the rejected entry is replaced by a new pending one', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const player = await world.organiser();
    await signup(player, s);
    await review(s, [{ account_id: player.account.id, pass: 0 }]);
    expect((await mine(player, s)).body.data.state).toBe(3);
    world.clock.advance(30);
    const before = world.clock.now();
    const again = await signup(player, s);
    expect(again.body.data).toEqual({ state: 1, create_time: expect.any(Number), blacklisted: 0 });
    expectNowSince(before, again.body.data.create_time);
    expect(await entries(world, s)).toEqual({ [player.account.id]: 1 });
  });

  it('accepts ids as numeric strings and repeated in the query string', async () => {
    const s = await seasonWith(world, SIGNUP.AUTO);
    const player = await world.organiser();
    const res = await world.post(
      'signup_contest_season',
      { unique_id: String(s.unique_id), season_id: '1' },
      { token: player.token, query: { unique_id: s.unique_id, season_id: 1 } },
    );
    expect(res.body.data.state).toBe(2);
  });

  it('each sign-up writes one audit entry', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const player = await world.organiser();
    const before = (await snapshot(world, s)).audit;
    await signup(player, s);
    expect((await snapshot(world, s)).audit).toBe(before + 1);
  });
});

describe('cancel_contest_season_signup', () => {
  it('withdraws a pending sign-up: the entry is gone and the state is 0', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const player = await world.organiser();
    await signup(player, s);
    const res = await cancel(player, s);
    expect(res.body).toEqual({ data: { state: 0, create_time: 0, blacklisted: 0 } });
    expect(await entries(world, s)).toEqual({});
    // And the player may sign up again.
    expect((await signup(player, s)).body.data.state).toBe(1);
  });

  it('without a pending sign-up it is refused with 2509: never signed up, already accepted, or rejected', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const [none, accepted, rejected] = [
      await world.organiser(),
      await world.organiser(),
      await world.organiser(),
    ];
    await signup(accepted, s);
    await signup(rejected, s);
    await review(s, [
      { account_id: accepted.account.id, pass: 1 },
      { account_id: rejected.account.id, pass: 0 },
    ]);
    await expectRefused(s, () => cancel(none, s), 2509);
    await expectRefused(s, () => cancel(accepted, s), 2509);
    await expectRefused(s, () => cancel(rejected, s), 2509);
  });

  it('an unknown season is refused with 2536', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const player = await world.organiser();
    const res = await world.post(
      'cancel_contest_season_signup',
      { unique_id: s.unique_id, season_id: 9 },
      { token: player.token },
    );
    expect(res.body.error.code).toBe(2536);
  });
});

describe('fetch_contest_season_signup', () => {
  it('answers the caller’s own state: none, pending, accepted, rejected', async () => {
    const s = await seasonWith(world, SIGNUP.CHECK);
    const [a, b] = [await world.organiser(), await world.organiser()];
    expect((await mine(a, s)).body.data).toEqual({ state: 0, create_time: 0, blacklisted: 0 });
    const before = world.clock.now();
    await signup(a, s);
    await signup(b, s);
    const pending = (await mine(a, s)).body.data;
    expect(pending.state).toBe(1);
    expectNowSince(before, pending.create_time);
    await review(s, [
      { account_id: a.account.id, pass: 1 },
      { account_id: b.account.id, pass: 0 },
    ]);
    expect((await mine(a, s)).body.data.state).toBe(2);
    expect((await mine(b, s)).body.data.state).toBe(3);
  });

  it('an unknown tournament answers 2501, an unknown season 2536', async () => {
    const s = await seasonWith(world);
    const player = await world.organiser();
    const unknown = await world.get(
      'fetch_contest_season_signup',
      { unique_id: 99_999, season_id: 1 },
      { token: player.token },
    );
    expect(unknown.body.error.code).toBe(2501);
    const noSeason = await world.get(
      'fetch_contest_season_signup',
      { unique_id: s.unique_id, season_id: 4 },
      { token: player.token },
    );
    expect(noSeason.body.error.code).toBe(2536);
  });
});
