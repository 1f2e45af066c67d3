import { FetchMarkedContestGameRes } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, startWorld, type World } from '../support/world';
import {
  COUNTED_SEED,
  caller,
  codeOf,
  dataOf,
  eastSeason,
  insertRecord,
  KOKUSHI_SEED,
  type Played,
  playGame,
  seatsOf,
} from './support';

// The record lists through HTTP, on many records: one real robot game (East, default rule) written as the
// host writes it, again and again under new uuids and end times. Newest first, paged, fixed by the token,
// capped at the latest 1000 (spec §9, 2556); the yakuman-marked games.

let world: World;
let owner: Organiser;
let season: { unique_id: number; season_id: number };
let played: Played;
/** The inserted records: uuid and end time. */
const inserted: { uuid: string; endTime: number }[] = [];
let base: number;

/** The list order: end_time desc, then uuid desc. */
const newestFirst = (list: { uuid: string; endTime: number }[]) =>
  [...list].sort((a, b) => b.endTime - a.endTime || (a.uuid < b.uuid ? 1 : a.uuid > b.uuid ? -1 : 0));

async function addRecord(endTime: number) {
  const uuid = await insertRecord(world, season, played, {
    seats: seatsOf([
      { id: owner.account.id, nickname: owner.account.nickname },
      { id: 0, nickname: '' },
      { id: 0, nickname: '' },
      { id: 0, nickname: '' },
    ]),
    startTime: endTime - 600,
    endTime,
  });
  inserted.push({ uuid, endTime });
  return uuid;
}

beforeAll(async () => {
  world = await startWorld();
  ({ owner, season } = await eastSeason(world));
  played = await playGame(world, season.unique_id, 1);
  base = world.clock.now() - 100_000;
  // 24 records a minute apart, and three more ending in one same second (the uuid orders them).
  for (let i = 0; i < 24; i++) await addRecord(base + i * 60);
  for (let i = 0; i < 3; i++) await addRecord(base + 30);
});
afterAll(() => world?.close());

const uuidsOf = (data: { record_list: { uuid: string }[] }) => data.record_list.map((r) => r.uuid);

describe('fetch_contest_game_records: newest first, paged', () => {
  it('lists newest first (end_time desc, then uuid desc) in pages of offset and limit; total counts them all', async () => {
    const as = caller(world, owner, season);
    const expected = newestFirst(inserted).map((r) => r.uuid);
    const seen: string[] = [];
    for (let offset = 0; offset < 30; offset += 10) {
      const data = dataOf(await as.get('fetch_contest_game_records', { offset, limit: 10 }));
      expect(data.total).toBe(27);
      expect(typeof data.token).toBe('string');
      expect(data.token.length).toBeGreaterThan(0);
      seen.push(...uuidsOf(data));
    }
    expect(seen).toEqual(expected);
  });

  it('is served as GET with a query and as POST with a body, with the same answer', async () => {
    const as = caller(world, owner, season);
    const got = dataOf(await as.get('fetch_contest_game_records', { offset: 3, limit: 5 }));
    const posted = dataOf(await as.post('fetch_contest_game_records', { offset: 3, limit: 5 }));
    expect(posted).toEqual(got);
    // The same under the second prefix, with ids as numeric strings.
    const gate = await world.post(
      '/api/contest_gate/api/contest/fetch_contest_game_records',
      { unique_id: String(season.unique_id), season_id: String(season.season_id), offset: '3', limit: '5' },
      { token: owner.token },
    );
    expect(dataOf(gate)).toEqual(got);
  });

  it('offset and limit default to 0 and 10', async () => {
    const data = dataOf(await caller(world, owner, season).get('fetch_contest_game_records'));
    expect(uuidsOf(data)).toEqual(
      newestFirst(inserted)
        .slice(0, 10)
        .map((r) => r.uuid),
    );
  });

  it('start_time and end_time keep the records that ended within them (inclusive)', async () => {
    const as = caller(world, owner, season);
    const from = base + 30;
    const to = base + 5 * 60;
    const data = dataOf(
      await as.get('fetch_contest_game_records', { start_time: from, end_time: to, offset: 0, limit: 100 }),
    );
    const expected = newestFirst(inserted.filter((r) => r.endTime >= from && r.endTime <= to));
    expect(expected.length).toBe(8);
    expect(uuidsOf(data)).toEqual(expected.map((r) => r.uuid));
    expect(data.total).toBe(8);
  });

  it('the token fixes the list: a record that ends between two pages does not shift them', async () => {
    // A season of its own, so that the other tests keep their count.
    const { owner: o, season: s } = await eastSeason(world);
    const as = caller(world, o, s);
    const seats = seatsOf([
      { id: owner.account.id, nickname: owner.account.nickname },
      ...[0, 0, 0].map((id) => ({ id, nickname: '' })),
    ]);
    const mine: { uuid: string; endTime: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const endTime = base + i * 60;
      mine.push({
        uuid: await insertRecord(world, s, played, { seats, startTime: endTime - 600, endTime }),
        endTime,
      });
    }
    const order = newestFirst(mine).map((r) => r.uuid);

    const first = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 5 }));
    expect(uuidsOf(first)).toEqual(order.slice(0, 5));
    expect(first.total).toBe(12);

    // A game ends now, newer than everything listed.
    const newer = await insertRecord(world, s, played, {
      seats,
      startTime: world.clock.now() - 600,
      endTime: world.clock.now(),
    });

    const second = dataOf(
      await as.get('fetch_contest_game_records', { offset: 5, limit: 5, token: first.token }),
    );
    expect(uuidsOf(second)).toEqual(order.slice(5, 10));
    expect(second.total).toBe(12);
    expect(second.token).toBe(first.token);
    const third = dataOf(
      await as.post('fetch_contest_game_records', { offset: 10, limit: 5, token: first.token }),
    );
    expect(uuidsOf(third)).toEqual(order.slice(10));

    // Without the token the list is read afresh: the new record comes first.
    const fresh = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 5 }));
    expect(fresh.record_list[0].uuid).toBe(newer);
    expect(fresh.total).toBe(13);
    expect(fresh.token).not.toBe(first.token);
  });

  it('a season without records answers an empty list, total 0, and a token', async () => {
    const { owner: o, season: s } = await eastSeason(world);
    const data = dataOf(await caller(world, o, s).get('fetch_contest_game_records'));
    expect(data.record_list).toEqual([]);
    expect(data.total).toBe(0);
    expect(typeof data.token).toBe('string');
    expect(data.token.length).toBeGreaterThan(0);
  });

  it('a token this server did not make is refused with 2517', async () => {
    for (const token of ['not-a-token', Buffer.from('{"a":1}').toString('base64url'), 'x'.repeat(200)]) {
      const res = await caller(world, owner, season).get('fetch_contest_game_records', { token });
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe(2517);
    }
  });
});

describe('only the latest 1000 records can be read (spec §9, 2556)', () => {
  it('offset + limit beyond 1000 is refused with 2556; up to it is answered', async () => {
    const as = caller(world, owner, season);
    for (const [name, send] of [
      ['GET', as.get],
      ['POST', as.post],
    ] as const) {
      const over = await send('fetch_contest_game_records', { offset: 950, limit: 51 });
      expect(codeOf(over), name).toBe(2556);
      expect(over.status, name).toBe(400);
      const edge = dataOf(await send('fetch_contest_game_records', { offset: 900, limit: 100 }));
      expect(edge.record_list).toEqual([]);
      expect(edge.total).toBe(27);
    }
    expect(codeOf(await as.get('fetch_marked_contest_game', { offset: 1000, limit: 1 }))).toBe(2556);
    expect(
      codeOf(
        await as.get('fetch_contest_season_player_game_record', {
          account_id: owner.account.id,
          offset: 999,
          limit: 2,
        }),
      ),
    ).toBe(2556);
  });
});

describe('fetch_marked_contest_game: yakuman-marked games', () => {
  it('lists each yakuman with who won it, the hand and the yakuman code (7 = counted), newest game first', async () => {
    const { owner: o, season: s } = await eastSeason(world);
    const player = await world.organiser();
    const kokushi = await playGame(world, s.unique_id, KOKUSHI_SEED);
    const counted = await playGame(world, s.unique_id, COUNTED_SEED);
    const robots = [0, 0, 0].map((id) => ({ id, nickname: '' }));
    const now = world.clock.now();
    // Seat 2 won the kokushi: the player sits there; the counted yakuman was won by seat 3, a robot.
    const kokushiSeats = seatsOf([
      robots[0],
      robots[1],
      { id: player.account.id, nickname: 'Kokushi Kid' },
      robots[2],
    ]);
    const first = await insertRecord(world, s, kokushi, {
      seats: kokushiSeats,
      startTime: now - 3000,
      endTime: now - 2000,
    });
    const second = await insertRecord(world, s, counted, {
      seats: seatsOf([...robots, { id: 0, nickname: '' }]),
      startTime: now - 1500,
      endTime: now - 1000,
    });
    // A game without a yakuman adds no mark.
    await insertRecord(world, s, played, {
      seats: seatsOf([...robots, { id: 0, nickname: '' }]),
      startTime: now - 900,
      endTime: now - 500,
    });

    const as = caller(world, o, s);
    const data = dataOf(await as.get('fetch_marked_contest_game', { offset: 0, limit: 10 }));
    expect(FetchMarkedContestGameRes.parse(data)).toEqual(data);
    expect(data.total).toBe(2);
    expect(data.records).toEqual([
      {
        game_uuid: second,
        start_time: now - 1500,
        account_id: 0,
        nickname: 'robot 1',
        yiman: 7,
        yaku: expect.arrayContaining(['清一色']),
        info: { chang: 0, ju: 2, ben: 0 },
        removed: 0,
      },
      {
        game_uuid: first,
        start_time: now - 3000,
        account_id: player.account.id,
        nickname: 'Kokushi Kid',
        yiman: 1,
        yaku: ['国士無双'],
        info: { chang: 0, ju: 2, ben: 1 },
        removed: 0,
      },
    ]);
    // POST answers the same; pages of one.
    expect(dataOf(await as.post('fetch_marked_contest_game', { offset: 0, limit: 10 }))).toEqual(data);
    const page2 = dataOf(await as.post('fetch_marked_contest_game', { offset: 1, limit: 1 }));
    expect(page2).toEqual({ records: [data.records[1]], total: 2 });

    // A removed record's mark stays listed, flagged.
    dataOf(await as.post('update_contest_game_record', { uuid: first, remove: 1 }));
    const after = dataOf(await as.get('fetch_marked_contest_game'));
    expect(after.records.map((r: { removed: number }) => r.removed)).toEqual([0, 1]);
  }, 60_000);
});

describe('fetch_contest_game_records while games end', () => {
  it('a first page and its total always agree, however many records are written meanwhile (one snapshot)', async () => {
    const other = await eastSeason(world);
    const as = caller(world, other.owner, other.season);
    const now = world.clock.now();
    const seats = seatsOf([
      { id: other.owner.account.id, nickname: other.owner.account.nickname },
      { id: 0, nickname: '' },
      { id: 0, nickname: '' },
      { id: 0, nickname: '' },
    ]);
    // Forty records written in parallel, in the same few seconds (ties of end time included), while the list is read.
    const writing = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        insertRecord(world, other.season, played, { seats, startTime: now - 600, endTime: now - (i % 3) }),
      ),
    );
    const pages: { listed: number; total: number }[] = [];
    let done = false;
    void writing.then(() => {
      done = true;
    });
    while (!done) {
      const page = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 100 }));
      pages.push({ listed: page.record_list.length, total: page.total });
    }
    await writing;
    const last = dataOf(await as.get('fetch_contest_game_records', { offset: 0, limit: 100 }));
    pages.push({ listed: last.record_list.length, total: last.total });
    expect(pages.filter((p) => p.listed !== p.total)).toEqual([]);
    expect(pages.at(-1)).toEqual({ listed: 40, total: 40 });
  });
});
