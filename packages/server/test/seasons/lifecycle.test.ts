import { ErrorCode } from '@taikai/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reply, startWorld, type World } from '../support/world';
import {
  auditOf,
  codeOf,
  createSeason,
  DAY,
  endSeason,
  finishAndEnd,
  seasonList,
  seasonOf,
  tournament,
  update,
} from './season-world';

// A season's life: pending, running, finished by the clock; ended by an organiser; then the next season.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('fetch_contest_season_list', () => {
  it('answers the seasons oldest first, every field of the wire shape', async () => {
    const t = await tournament(world);
    await finishAndEnd(t);
    const now = world.clock.now();
    expect((await createSeason(t, now + DAY, now + 5 * DAY)).status).toBe(200);
    const list = await seasonList(world, t.owner, t.unique_id);
    expect(list.map((s) => s.season_id)).toEqual([1, 2]);
    expect(Object.keys(list[1]).sort()).toEqual(
      [
        'season_id',
        'state',
        'start_time',
        'end_time',
        'create_time',
        'signup_type',
        'signup_start_time',
        'signup_end_time',
        'auto_match',
        'match_start_time',
        'match_end_time',
        'rank_rule',
        'rank_type',
        'show_team_rank',
        'remark',
      ].sort(),
    );
    expect(list[0].state).toBe(4);
    expect(list[1]).toMatchObject({ state: 1, start_time: now + DAY, end_time: now + 5 * DAY, remark: '' });
  });

  it('is for the organisers only: a stranger is told the tournament does not exist (2501)', async () => {
    const t = await tournament(world);
    const stranger = await world.organiser();
    const res = await world.get(
      'fetch_contest_season_list',
      { unique_id: t.unique_id },
      { token: stranger.token },
    );
    expect(codeOf(res)).toBe(ErrorCode.CONTEST_NOT_FOUND);
  });
});

describe('season state', () => {
  it('follows the clock with no request needed: pending before its start, running until its end, then finished', async () => {
    const t = await tournament(world);
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).state).toBe(1);
    world.clock.advance(t.start - world.clock.now());
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).state).toBe(2);
    world.clock.advance(t.end - world.clock.now() - 1);
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).state).toBe(2);
    world.clock.advance(1);
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).state).toBe(3);
  });
});

describe('end_contest_season', () => {
  it('a pending season cannot be ended: 2541, and nothing changes', async () => {
    const t = await tournament(world);
    const before = await seasonOf(world, t.owner, t.unique_id, 1);
    expect(codeOf(await endSeason(t))).toBe(ErrorCode.SEASON_NOT_FINISHED);
    expect(await seasonOf(world, t.owner, t.unique_id, 1)).toEqual(before);
    expect(await auditOf(t, 'season.end')).toEqual([]);
  });

  it('a running season cannot be ended: 2541, and nothing changes', async () => {
    const t = await tournament(world);
    world.clock.advance(t.start - world.clock.now() + 60);
    const before = await seasonOf(world, t.owner, t.unique_id, 1);
    expect(before.state).toBe(2);
    expect(codeOf(await endSeason(t))).toBe(ErrorCode.SEASON_NOT_FINISHED);
    expect(await seasonOf(world, t.owner, t.unique_id, 1)).toEqual(before);
  });

  it('a finished season is ended: state 4, answered, and recorded in the audit log', async () => {
    const t = await tournament(world);
    world.clock.advance(t.end - world.clock.now() + 5);
    const res = await endSeason(t);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ season_id: 1, state: 4, start_time: t.start, end_time: t.end });
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).state).toBe(4);
    const [entry] = await auditOf(t, 'season.end');
    expect(entry).toMatchObject({ actorId: t.owner.account.id, before: { closeTime: null } });
    expect((entry.after as { closeTime: number }).closeTime).toBeGreaterThanOrEqual(t.end);
  });

  it('an ended season cannot be ended again: 2565', async () => {
    const t = await tournament(world);
    await finishAndEnd(t);
    expect(codeOf(await endSeason(t))).toBe(ErrorCode.SEASON_ENDED);
    expect(await auditOf(t, 'season.end')).toHaveLength(1);
  });

  it('a season the tournament does not have: 2536', async () => {
    const t = await tournament(world);
    expect(codeOf(await endSeason(t, 9))).toBe(ErrorCode.NO_ACTIVE_SEASON);
  });

  it('an admin may end a season', async () => {
    const t = await tournament(world);
    const admin = await world.organiser();
    await world.makeAdmin(t.unique_id, admin);
    world.clock.advance(t.end - world.clock.now() + 5);
    const res = await world.post(
      'end_contest_season',
      { unique_id: t.unique_id, season_id: 1 },
      { token: admin.token },
    );
    expect(res.body.data.state).toBe(4);
  });
});

describe('create_contest_season', () => {
  it('a new season only when every season is ended: 2535 while one is pending, running or finished', async () => {
    const t = await tournament(world);
    const at = () => world.clock.now();
    expect(codeOf(await createSeason(t, at() + 2 * DAY, at() + 9 * DAY))).toBe(ErrorCode.SEASON_NOT_ENDED);
    world.clock.advance(t.start - at() + 1);
    expect(codeOf(await createSeason(t, at() + 2 * DAY, at() + 9 * DAY))).toBe(ErrorCode.SEASON_NOT_ENDED);
    world.clock.advance(t.end - at() + 1);
    expect(codeOf(await createSeason(t, at() + 2 * DAY, at() + 9 * DAY))).toBe(ErrorCode.SEASON_NOT_ENDED);
    expect(await seasonList(world, t.owner, t.unique_id)).toHaveLength(1);
  });

  it('once all are ended: the next id, the previous season’s sign-up type, auto match and ranking carried over, windows set to the season, remark empty', async () => {
    const t = await tournament(world);
    const set = await update(t, {
      signup_type: 3,
      signup_start_time: t.start,
      signup_end_time: t.start + DAY,
      auto_match: 1,
      match_start_time: t.start + DAY,
      match_end_time: t.end,
      rank_type: 0,
      rank_rule: 12,
      show_team_rank: 1,
      remark: 'Spring',
    });
    expect(set.status).toBe(200);
    await finishAndEnd(t);
    const now = world.clock.now();
    const res = await createSeason(t, now + DAY, now + 31 * DAY);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      season_id: 2,
      state: 1,
      start_time: now + DAY,
      end_time: now + 31 * DAY,
      create_time: expect.closeTo(now, -1),
      signup_type: 3,
      signup_start_time: now + DAY,
      signup_end_time: now + 31 * DAY,
      auto_match: 1,
      match_start_time: now + DAY,
      match_end_time: now + 31 * DAY,
      rank_rule: 12,
      rank_type: 0,
      show_team_rank: 1,
      remark: '',
    });
    expect(await seasonOf(world, t.owner, t.unique_id, 2)).toEqual(res.body.data);
    const [entry] = await auditOf(t, 'season.create', 2);
    expect(entry).toMatchObject({ actorId: t.owner.account.id, before: null, after: res.body.data });
  });

  it('an ended season stays read-only after the next one is created: update answers 2542', async () => {
    const t = await tournament(world);
    await finishAndEnd(t);
    const now = world.clock.now();
    expect((await createSeason(t, now + DAY, now + 8 * DAY)).status).toBe(200);
    const before = await seasonOf(world, t.owner, t.unique_id, 1);
    expect(codeOf(await update(t, { remark: 'changed' }, 1))).toBe(ErrorCode.SEASON_ENDED_READONLY);
    expect(codeOf(await update(t, { end_time: now + DAY }, 1))).toBe(ErrorCode.SEASON_ENDED_READONLY);
    expect(await seasonOf(world, t.owner, t.unique_id, 1)).toEqual(before);
    expect((await update(t, { remark: 'new one' }, 2)).body.data.remark).toBe('new one');
  });

  it('times: a start before now or an end not after the start is refused with 2562, a span over 365 days with 2549', async () => {
    const t = await tournament(world);
    await finishAndEnd(t);
    const now = world.clock.now();
    expect(codeOf(await createSeason(t, now - 60, now + DAY))).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    expect(codeOf(await createSeason(t, now + DAY, now + DAY))).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    expect(codeOf(await createSeason(t, now + DAY, now + 367 * DAY))).toBe(ErrorCode.SEASON_TOO_LONG);
    expect(await seasonList(world, t.owner, t.unique_id)).toHaveLength(1);
    expect((await createSeason(t, now + 60, now + 60 + 365 * DAY)).status).toBe(200);
  });

  it('two creations at once make exactly one season; the other is refused with 2535', async () => {
    const t = await tournament(world);
    await finishAndEnd(t);
    const admin = await world.organiser();
    await world.makeAdmin(t.unique_id, admin);
    const now = world.clock.now();
    const body = { unique_id: t.unique_id, start_time: now + DAY, end_time: now + 8 * DAY };
    const replies = await Promise.all([
      world.post('create_contest_season', body, { token: t.owner.token }),
      world.post('create_contest_season', body, { token: admin.token }),
      world.post('create_contest_season', body, { token: t.owner.token }),
    ]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map(codeOf)).toEqual([
      ErrorCode.SEASON_NOT_ENDED,
      ErrorCode.SEASON_NOT_ENDED,
    ]);
    expect((await seasonList(world, t.owner, t.unique_id)).map((s) => s.season_id)).toEqual([1, 2]);
    expect(await auditOf(t, 'season.create', 2)).toHaveLength(1);
  });

  // PostgreSQL runs transactions side by side (PGlite runs them one after the other). Holding inserts into
  // the seasons table makes both creations read the seasons before either writes: the tournament row lock
  // must make the second one wait, then see the first one's season.
  it.runIf(process.env.TAIKAI_TEST_DATABASE_URL)(
    'two creations that both read the seasons before either writes still make exactly one season (PostgreSQL)',
    async () => {
      const t = await tournament(world);
      await finishAndEnd(t);
      const now = world.clock.now();
      const body = { unique_id: t.unique_id, start_time: now + DAY, end_time: now + 8 * DAY };
      const db = world.database.db;
      const waiting = async () => {
        const { rows } = (await db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0].n;
      };
      let replies: Promise<Reply[]> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE seasons IN SHARE MODE`);
        replies = Promise.all([
          world.post('create_contest_season', body, { token: t.owner.token }),
          world.post('create_contest_season', body, { token: t.owner.token }),
        ]);
        for (let tries = 0; (await waiting()) < 2; tries++) {
          if (tries > 200) throw new Error('the creations never reached the lock');
          await new Promise((r) => setTimeout(r, 10));
        }
      });
      const [a, b] = await replies!;
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
      expect([codeOf(a), codeOf(b)].filter((c) => c !== undefined)).toEqual([ErrorCode.SEASON_NOT_ENDED]);
      expect((await seasonList(world, t.owner, t.unique_id)).map((s) => s.season_id)).toEqual([1, 2]);
    },
  );
});
