import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, startWorld, type World } from '../support/world';
import {
  accounts,
  blacklist,
  endSeason,
  entries,
  ids,
  type Season,
  SIGNUP,
  seasonWith,
  setCap,
  snapshot,
} from './support';

// Sign-up review: pass, reject, reject and blacklist.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const signup = (who: Organiser, s: Season) =>
  world.post('signup_contest_season', ids(s), { token: who.token });
const review = (s: Season, checked_list: unknown[], token = s.creator.token) =>
  world.post('check_contest_season_player', { ...ids(s), checked_list }, { token });

async function pendingSeason(n: number) {
  const s = await seasonWith(world, SIGNUP.CHECK);
  const players = await accounts(world, n);
  for (const p of players) await signup(p, s);
  return { s, players };
}

describe('check_contest_season_player', () => {
  it('passing puts the player on the roster; rejecting leaves a state-3 entry only the player sees', async () => {
    const { s, players } = await pendingSeason(2);
    const [a, b] = players;
    const res = await review(s, [
      { account_id: a.account.id, pass: 1, blacklist: 0 },
      { account_id: String(b.account.id), pass: '0' },
    ]);
    expect(res.body).toEqual({ data: { success: [a.account.id, b.account.id], failed: [] } });
    expect(await entries(world, s)).toEqual({ [a.account.id]: 2, [b.account.id]: 3 });
    const list = async (state: number) =>
      (await world.get('contest_season_player_list', { ...ids(s), state }, { token: s.creator.token })).body
        .data;
    expect((await list(2)).list.map((p: { account_id: number }) => p.account_id)).toEqual([a.account.id]);
    expect(await list(1)).toEqual({ list: [], total: 0 });
    const seen = await world.get('fetch_contest_season_signup', ids(s), { token: b.token });
    expect(seen.body.data.state).toBe(3);
    expect(await blacklist(world, s)).toEqual([]);
  });

  it('reject with blacklist also blacklists the player: signing up again is refused with 2530', async () => {
    const { s, players } = await pendingSeason(1);
    const [p] = players;
    await review(s, [{ account_id: p.account.id, pass: 0, blacklist: 1 }]);
    expect(await blacklist(world, s)).toEqual([p.account.id]);
    const again = await signup(p, s);
    expect(again.body.error.code).toBe(2530);
    expect((await world.get('fetch_contest_season_signup', ids(s), { token: p.token })).body.data).toEqual({
      state: 3,
      create_time: expect.any(Number),
      blacklisted: 1,
    });
  });

  it('an entry that was never pending fails with 2509; one already handled with 2510; the others go through', async () => {
    const { s, players } = await pendingSeason(3);
    const [handled, fresh, withdrawn] = players;
    const stranger = await world.organiser();
    await review(s, [{ account_id: handled.account.id, pass: 1 }]);
    await world.post('cancel_contest_season_signup', ids(s), { token: withdrawn.token });
    const res = await review(s, [
      { account_id: stranger.account.id, pass: 1 },
      { account_id: handled.account.id, pass: 0 },
      { account_id: withdrawn.account.id, pass: 1 },
      { account_id: fresh.account.id, pass: 1 },
    ]);
    expect(res.body.data).toEqual({
      success: [fresh.account.id],
      failed: [
        { account_id: stranger.account.id, error: 2509 },
        { account_id: handled.account.id, error: 2510 },
        { account_id: withdrawn.account.id, error: 2509 },
      ],
    });
    expect(await entries(world, s)).toEqual({ [handled.account.id]: 2, [fresh.account.id]: 2 });
  });

  it('passing beyond the cap fails with 2566 per entry; those sign-ups stay pending; rejects still go through', async () => {
    const { s, players } = await pendingSeason(3);
    await setCap(world, s.unique_id, 1);
    const [a, b, c] = players;
    const res = await review(s, [
      { account_id: a.account.id, pass: 1 },
      { account_id: b.account.id, pass: 1 },
      { account_id: c.account.id, pass: 0 },
    ]);
    expect(res.body.data).toEqual({
      success: [a.account.id, c.account.id],
      failed: [{ account_id: b.account.id, error: 2566 }],
    });
    expect(await entries(world, s)).toEqual({ [a.account.id]: 2, [b.account.id]: 1, [c.account.id]: 3 });
  });

  it('an account listed twice is decided by its first entry', async () => {
    const { s, players } = await pendingSeason(1);
    const id = players[0].account.id;
    const res = await review(s, [
      { account_id: id, pass: 0 },
      { account_id: String(id), pass: 1 },
    ]);
    expect(res.body.data).toEqual({ success: [id], failed: [] });
    expect(await entries(world, s)).toEqual({ [id]: 3 });
  });

  it('an ended season is refused with 2542 and writes nothing', async () => {
    const { s, players } = await pendingSeason(1);
    await endSeason(world, s);
    const before = await snapshot(world, s);
    const res = await review(s, [{ account_id: players[0].account.id, pass: 1 }]);
    expect(res.body.error.code).toBe(2542);
    expect(await snapshot(world, s)).toEqual(before);
  });

  it('a player of the tournament or a stranger cannot review (2501); an admin can', async () => {
    const { s, players } = await pendingSeason(1);
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    const refused = await review(s, [{ account_id: players[0].account.id, pass: 1 }], players[0].token);
    expect(refused.body.error.code).toBe(2501);
    const done = await review(s, [{ account_id: players[0].account.id, pass: 1 }], admin.token);
    expect(done.body.data.success).toEqual([players[0].account.id]);
  });

  it('one review call writes one audit entry; a call that changes nothing writes none', async () => {
    const { s, players } = await pendingSeason(2);
    const before = (await snapshot(world, s)).audit;
    await review(
      s,
      players.map((p) => ({ account_id: p.account.id, pass: 1 })),
    );
    expect((await snapshot(world, s)).audit).toBe(before + 1);
    await review(s, [{ account_id: players[0].account.id, pass: 1 }]);
    expect((await snapshot(world, s)).audit).toBe(before + 1);
  });
});
