import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonPlayers } from '../../src/db/schema';
import { LinkClient, listen } from '../support/link-client';
import { type Organiser, type Reply, startWorld, type World } from '../support/world';

// A tournament hidden from the list (show-in-list off) is reached by a player's call only with its public
// `contest_id` or by an account it invited (creator, admin, observer, an entry in one of its seasons): its
// sequential `unique_id` alone finds nothing, answered 2501 exactly as for a tournament that does not exist.

let world: World;
let base: string;
type Contest = { unique_id: number; contest_id: number; season_id: number; owner: Organiser };
let hidden: Contest;
let shown: Contest;
/** On the hidden tournament's roster, added by its organiser. */
let rostered: Organiser;

/** A tournament of a new organiser whose season takes sign-ups (auto pass). */
async function tournament(open_show: 0 | 1): Promise<Contest> {
  const owner = await world.organiser({ currency: 60 });
  const ids = await world.contest(owner, { open_show });
  const set = await world.post(
    'update_contest_season',
    { unique_id: ids.unique_id, season_id: ids.season_id, setting: { signup_type: 2 } },
    { token: owner.token },
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { ...ids, owner };
}

beforeAll(async () => {
  world = await startWorld();
  base = await listen(world);
  hidden = await tournament(0);
  shown = await tournament(1);
  rostered = await world.organiser();
  const added = await world.post(
    'add_contest_season_player',
    { unique_id: hidden.unique_id, season_id: hidden.season_id, account_list: [rostered.account.id] },
    { token: hidden.owner.token },
  );
  expect(added.body.data.failed).toEqual([]);
});
afterAll(() => world?.close());

const seasonOf = (c: Contest) => ({ unique_id: c.unique_id, season_id: c.season_id });
const as = (who: { token: string }) => ({ token: who.token });

/** The season's entries: account → state. */
async function entries(c: Contest) {
  const rows = await world.database.db
    .select()
    .from(seasonPlayers)
    .where(and(eq(seasonPlayers.uniqueId, c.unique_id), eq(seasonPlayers.seasonId, c.season_id)));
  return Object.fromEntries(rows.map((r) => [r.accountId, r.state]));
}

/** Every player's call that names a season (`season`: its ids, and the `contest_id` when given), by `who`. */
async function playerCalls(who: Organiser, season: Record<string, unknown>): Promise<Record<string, Reply>> {
  return {
    fetch_season_lobby: await world.get('fetch_season_lobby', season, as(who)),
    fetch_contest_season_signup: await world.get('fetch_contest_season_signup', season, as(who)),
    fetch_season_public_rank: await world.get(
      'fetch_season_public_rank',
      { ...season, offset: 0, limit: 10 },
      as(who),
    ),
    cancel_contest_season_signup: await world.post('cancel_contest_season_signup', season, as(who)),
    signup_contest_season: await world.post('signup_contest_season', season, as(who)),
  };
}

const codes = (replies: Record<string, Reply>) =>
  Object.fromEntries(Object.entries(replies).map(([call, r]) => [call, r.body.error?.code ?? r.status]));

describe('a tournament hidden from the list', () => {
  it('is not found by its unique_id alone: every player call answers 2501 as for a missing one, nothing is written', async () => {
    const stranger = await world.organiser();
    const before = await entries(hidden);
    const missing = codes(await playerCalls(stranger, { unique_id: 2147483647, season_id: 1 }));
    const found = codes(await playerCalls(stranger, seasonOf(hidden)));
    expect(found).toEqual({
      fetch_season_lobby: 2501,
      fetch_contest_season_signup: 2501,
      fetch_season_public_rank: 2501,
      cancel_contest_season_signup: 2501,
      signup_contest_season: 2501,
    });
    expect(found).toEqual(missing);
    expect(await entries(hidden)).toEqual(before);
  });

  it('nor with another tournament’s contest_id', async () => {
    const stranger = await world.organiser();
    const wrong = codes(await playerCalls(stranger, { ...seasonOf(hidden), contest_id: shown.contest_id }));
    expect(Object.values(wrong)).toEqual([2501, 2501, 2501, 2501, 2501]);
    expect((await entries(hidden))[stranger.account.id]).toBeUndefined();
  });

  it('is reached with its public contest_id: the player reads it and signs up', async () => {
    const player = await world.organiser();
    const season = { ...seasonOf(hidden), contest_id: hidden.contest_id };
    const lobby = await world.get('fetch_season_lobby', season, as(player));
    expect(lobby.status, JSON.stringify(lobby.body)).toBe(200);
    expect(lobby.body.data.ranking_shown).toBe(false);
    expect((await world.get('fetch_contest_season_signup', season, as(player))).status).toBe(200);
    const signedUp = await world.post('signup_contest_season', season, as(player));
    expect(signedUp.body.data.state).toBe(2);
    expect((await entries(hidden))[player.account.id]).toBe(2);
    // Signed up, the player is one the tournament knows: its unique_id is enough from now on.
    expect((await world.get('fetch_season_lobby', seasonOf(hidden), as(player))).status).toBe(200);
  });

  it('is reached by unique_id by those it invited: roster players, its creator, admins and observers', async () => {
    const admin = await world.organiser();
    await world.makeAdmin(hidden.unique_id, admin);
    const observer = await world.organiser();
    await world.post(
      'update_contest_base',
      { unique_id: hidden.unique_id, setting: { observer_switch: 1 } },
      as(hidden.owner),
    );
    const set = await world.post(
      'set_observer_list',
      { unique_id: hidden.unique_id, add_list: [observer.account.id], remove_list: [] },
      as(hidden.owner),
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    for (const who of [rostered, hidden.owner, admin, observer]) {
      const lobby = await world.get('fetch_season_lobby', seasonOf(hidden), as(who));
      expect(lobby.status, `${who.account.nickname}: ${JSON.stringify(lobby.body)}`).toBe(200);
    }
    expect(
      (await world.get('fetch_contest_season_signup', seasonOf(hidden), as(rostered))).body.data.state,
    ).toBe(2);
  });

  it('the player link answers 2501 to an account it did not invite entering its lobby, as for a missing one', async () => {
    const stranger = await world.organiser();
    const link = await LinkClient.as(base, stranger);
    const missing = await link.enter({ unique_id: 2147483647, season_id: 1 });
    const entered = await link.enter(seasonOf(hidden));
    expect(entered).toMatchObject({ op: 'error', code: 2501 });
    expect(entered.code).toBe(missing.code);
    await link.close();
    // Its roster player gets the season's own answer (not started yet).
    const own = await LinkClient.as(base, rostered);
    expect(await own.enter(seasonOf(hidden))).toMatchObject({ op: 'error', code: 2507 });
    await own.close();
  });
});

describe('a tournament shown in the list', () => {
  it('is reached by its unique_id as before: anyone reads its lobby and signs up', async () => {
    const player = await world.organiser();
    const lobby = await world.get('fetch_season_lobby', seasonOf(shown), as(player));
    expect(lobby.status, JSON.stringify(lobby.body)).toBe(200);
    expect((await world.post('signup_contest_season', seasonOf(shown), as(player))).body.data.state).toBe(2);
  });
});
