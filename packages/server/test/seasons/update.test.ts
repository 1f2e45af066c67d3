import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../support/world';
import {
  auditOf,
  codeOf,
  DAY,
  endSeason,
  playerStates,
  seasonOf,
  seatPlayers,
  tournament,
  update,
} from './season-world';

// update_contest_season: every field of the season setting, by the rules of spec §4 and §5.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const HOUR = 3600;

describe('season times', () => {
  it('the start may move while the season is pending, but not before now: 2562', async () => {
    const t = await tournament(world);
    const moved = await update(t, { start_time: t.start + HOUR });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ state: 1, start_time: t.start + HOUR, end_time: t.end });
    const res = await update(t, { start_time: world.clock.now() - 60 });
    expect(codeOf(res)).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).start_time).toBe(t.start + HOUR);
  });

  it('the start cannot change once the season has started: 2563, and nothing changes', async () => {
    const t = await tournament(world);
    world.clock.advance(t.start - world.clock.now() + HOUR);
    const before = await seasonOf(world, t.owner, t.unique_id, 1);
    expect(codeOf(await update(t, { start_time: t.start + 2 * HOUR }))).toBe(ErrorCode.START_LOCKED);
    expect(codeOf(await update(t, { start_time: t.start + 2 * HOUR, remark: 'x' }))).toBe(
      ErrorCode.START_LOCKED,
    );
    expect(await seasonOf(world, t.owner, t.unique_id, 1)).toEqual(before);
    // Sending the start it already has is not a change.
    const same = await update(t, { start_time: t.start, remark: 'kept' });
    expect(same.body.data).toMatchObject({ start_time: t.start, remark: 'kept' });
  });

  it('the end must come after the start (2562) and the season last at most 365 days (2549)', async () => {
    const t = await tournament(world);
    expect(codeOf(await update(t, { end_time: t.start }))).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    expect(codeOf(await update(t, { end_time: t.start - 1 }))).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    expect(codeOf(await update(t, { end_time: t.start + 365 * DAY + 1 }))).toBe(ErrorCode.SEASON_TOO_LONG);
    expect(codeOf(await update(t, { start_time: t.start + 2 * DAY, end_time: t.start + DAY }))).toBe(
      ErrorCode.TIME_SETTINGS_WRONG,
    );
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).end_time).toBe(t.end);
    const longest = await update(t, { end_time: t.start + 365 * DAY });
    expect(longest.body.data.end_time).toBe(t.start + 365 * DAY);
  });

  it('a running season’s end may move to any time after its start, the past included: it is finished at once and may be ended', async () => {
    const t = await tournament(world);
    world.clock.advance(t.start - world.clock.now() + 2 * HOUR);
    expect(codeOf(await update(t, { end_time: t.start }))).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    const res = await update(t, { end_time: t.start + HOUR });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 3, start_time: t.start, end_time: t.start + HOUR });
    expect((await endSeason(t)).body.data.state).toBe(4);
  });

  it('a running season’s end may also move later', async () => {
    const t = await tournament(world);
    world.clock.advance(t.start - world.clock.now() + HOUR);
    const res = await update(t, { end_time: t.end + 10 * DAY });
    expect(res.body.data).toMatchObject({ state: 2, end_time: t.end + 10 * DAY });
  });

  it('a finished season’s end cannot change: 2564, and nothing changes', async () => {
    const t = await tournament(world);
    world.clock.advance(t.end - world.clock.now() + HOUR);
    const before = await seasonOf(world, t.owner, t.unique_id, 1);
    expect(before.state).toBe(3);
    expect(codeOf(await update(t, { end_time: t.end + DAY }))).toBe(ErrorCode.END_LOCKED);
    expect(codeOf(await update(t, { end_time: t.end - HOUR }))).toBe(ErrorCode.END_LOCKED);
    expect(codeOf(await update(t, { start_time: t.start + HOUR }))).toBe(ErrorCode.START_LOCKED);
    expect(await seasonOf(world, t.owner, t.unique_id, 1)).toEqual(before);
    // Other settings of a finished season may still change.
    expect((await update(t, { remark: 'settled' })).body.data.remark).toBe('settled');
  });
});

describe('sign-up and match windows', () => {
  it('with check sign-up, the sign-up window must lie within the season: 2562, and nothing changes', async () => {
    const t = await tournament(world);
    const before = await seasonOf(world, t.owner, t.unique_id, 1);
    const check = (w: Record<string, number>) => update(t, { signup_type: 3, ...w });
    expect(codeOf(await check({ signup_start_time: t.start - 1, signup_end_time: t.start + DAY }))).toBe(
      ErrorCode.TIME_SETTINGS_WRONG,
    );
    expect(codeOf(await check({ signup_start_time: t.start + DAY, signup_end_time: t.start }))).toBe(
      ErrorCode.TIME_SETTINGS_WRONG,
    );
    expect(codeOf(await check({ signup_start_time: t.start, signup_end_time: t.end + 1 }))).toBe(
      ErrorCode.TIME_SETTINGS_WRONG,
    );
    expect(await seasonOf(world, t.owner, t.unique_id, 1)).toEqual(before);
    const ok = await check({ signup_start_time: t.start, signup_end_time: t.start + DAY });
    expect(ok.body.data).toMatchObject({
      signup_type: 3,
      signup_start_time: t.start,
      signup_end_time: t.start + DAY,
    });
    // In use, the window is not moved for the season: shortening the season past it is refused.
    expect(codeOf(await update(t, { end_time: t.start + HOUR }))).toBe(ErrorCode.TIME_SETTINGS_WRONG);
  });

  it('with auto match on, the match window must lie within the season: 2562', async () => {
    const t = await tournament(world);
    expect(
      codeOf(await update(t, { auto_match: 1, match_start_time: t.start - 1, match_end_time: t.end })),
    ).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    expect(
      codeOf(await update(t, { auto_match: 1, match_start_time: t.start, match_end_time: t.end + 1 })),
    ).toBe(ErrorCode.TIME_SETTINGS_WRONG);
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).auto_match).toBe(0);
    const ok = await update(t, { auto_match: 1, match_start_time: t.start + HOUR, match_end_time: t.end });
    expect(ok.body.data).toMatchObject({
      auto_match: 1,
      match_start_time: t.start + HOUR,
      match_end_time: t.end,
    });
  });

  it('windows not in use are moved into the season silently when its times move', async () => {
    const t = await tournament(world);
    const start = t.start + DAY;
    const end = t.start + 3 * DAY;
    const res = await update(t, { start_time: start, end_time: end });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      start_time: start,
      end_time: end,
      signup_type: 1,
      signup_start_time: start,
      signup_end_time: end,
      auto_match: 0,
      match_start_time: start,
      match_end_time: end,
    });
  });

  it("the first season's match window is the season, so auto-match can be switched on alone", async () => {
    const t = await tournament(world);
    const res = await update(t, { auto_match: 1 });
    expect(res.body.data).toMatchObject({ auto_match: 1, match_start_time: t.start, match_end_time: t.end });
  });
});

describe('windows that span the whole season', () => {
  it('follow the season when it moves: an earlier start opens sign-up earlier, in use or not', async () => {
    const t = await tournament(world);
    const earlier = world.clock.now() + HOUR;
    const res = await update(t, { start_time: earlier });
    expect(res.body.data).toMatchObject({
      start_time: earlier,
      signup_start_time: earlier,
      signup_end_time: t.end,
    });
    const checked = await update(t, { signup_type: 3 });
    expect(checked.body.data).toMatchObject({ signup_type: 3, signup_start_time: earlier });
    const later = earlier + DAY;
    expect((await update(t, { start_time: later })).body.data).toMatchObject({
      start_time: later,
      signup_start_time: later,
    });
  });

  it('a checked season whose sign-up lasts the whole season can be finished early and ended', async () => {
    const t = await tournament(world);
    expect((await update(t, { signup_type: 3 })).status).toBe(200);
    world.clock.advance(t.start - world.clock.now() + HOUR);
    const early = world.clock.now() - 60;
    const res = await update(t, { end_time: early });
    expect(res.body.data).toMatchObject({ state: 3, end_time: early, signup_end_time: early });
    expect((await endSeason(t)).body.data).toMatchObject({ state: 4 });
  });

  it('a window the same call sets is taken as sent', async () => {
    const t = await tournament(world);
    const start = t.start + HOUR;
    const res = await update(t, {
      start_time: start,
      signup_type: 3,
      signup_start_time: start + HOUR,
      signup_end_time: start + DAY,
    });
    expect(res.body.data).toMatchObject({ signup_start_time: start + HOUR, signup_end_time: start + DAY });
  });
});

describe('ranking and remark', () => {
  it('the rank rule must be a rank rule code: 2517', async () => {
    const t = await tournament(world);
    for (const bad of [3, 11, 16, 101, 111, 205, 211]) {
      expect(codeOf(await update(t, { rank_rule: bad })), `rank_rule ${bad}`).toBe(ErrorCode.PARAM_ERROR);
    }
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).rank_rule).toBe(0);
    for (const good of [1, 2, 102, 110, 12, 15, 206, 210, 0]) {
      expect((await update(t, { rank_rule: good })).body.data.rank_rule).toBe(good);
    }
  });

  it('a team season ranks with no rule: rank_type 1 forces rank_rule 0', async () => {
    const t = await tournament(world);
    await update(t, { rank_rule: 105 });
    const team = await update(t, { rank_type: 1, rank_rule: 12, show_team_rank: 1 });
    expect(team.body.data).toMatchObject({ rank_type: 1, rank_rule: 0, show_team_rank: 1 });
    expect((await update(t, { rank_rule: 12 })).body.data.rank_rule).toBe(0);
    const personal = await update(t, { rank_type: 0, rank_rule: 1 });
    expect(personal.body.data).toMatchObject({ rank_type: 0, rank_rule: 1 });
  });

  it('the remark holds at most 25 characters: 2554', async () => {
    const t = await tournament(world);
    expect(codeOf(await update(t, { remark: 'x'.repeat(26) }))).toBe(ErrorCode.NOTE_TOO_LONG);
    expect((await seasonOf(world, t.owner, t.unique_id, 1)).remark).toBe('');
    const longest = `${'春'.repeat(24)}😀`;
    expect((await update(t, { remark: longest })).body.data.remark).toBe(longest);
  });
});

describe('sign-up mode', () => {
  it('leaving check mode deletes the sign-ups waiting for review, keeps the roster, and the audit entry counts them', async () => {
    const t = await tournament(world);
    const [a, b, c] = [await world.organiser(), await world.organiser(), await world.organiser()];
    await update(t, { signup_type: 3 });
    await seatPlayers(t, [a.account.id, b.account.id], 1);
    await seatPlayers(t, [c.account.id], 2);
    // Staying in check mode keeps them.
    await update(t, { remark: 'still checking' });
    expect(await playerStates(t)).toHaveLength(3);

    const res = await update(t, { signup_type: 2 });
    expect(res.body.data.signup_type).toBe(2);
    expect(await playerStates(t)).toEqual([{ accountId: c.account.id, state: 2 }]);
    const entries = await auditOf(t, 'season.update');
    expect(entries.at(-1)).toMatchObject({
      before: { signupType: 3 },
      after: { signupType: 2, droppedPendingSignups: 2 },
    });
  });

  it('refused changes delete nothing', async () => {
    const t = await tournament(world);
    const a = await world.organiser();
    await update(t, { signup_type: 3 });
    await seatPlayers(t, [a.account.id], 1);
    expect(codeOf(await update(t, { signup_type: 1, remark: 'y'.repeat(30) }))).toBe(ErrorCode.NOTE_TOO_LONG);
    expect(await playerStates(t)).toEqual([{ accountId: a.account.id, state: 1 }]);
  });
});

describe('update_contest_season', () => {
  it('answers the season as it now stands, and records only the changed fields', async () => {
    const t = await tournament(world);
    const res = await update(t, { remark: 'Finals', show_team_rank: 1 });
    expect(res.body.data).toEqual(await seasonOf(world, t.owner, t.unique_id, 1));
    const [entry] = await auditOf(t, 'season.update');
    expect(entry).toMatchObject({
      actorId: t.owner.account.id,
      before: { remark: '', showTeamRank: 0 },
      after: { remark: 'Finals', showTeamRank: 1 },
    });
  });

  it('an update that changes nothing answers the season and writes no audit entry', async () => {
    const t = await tournament(world);
    const s = await seasonOf(world, t.owner, t.unique_id, 1);
    const { season_id: _id, state: _state, create_time: _created, ...setting } = s;
    const res = await update(t, setting);
    expect(res.body.data).toEqual(s);
    expect(await update(t, {})).toMatchObject({ status: 200, body: { data: s } });
    expect(await auditOf(t, 'season.update')).toEqual([]);
  });

  it('an admin may update; a stranger is told the tournament does not exist (2501); a missing season is 2536', async () => {
    const t = await tournament(world);
    const [admin, stranger] = [await world.organiser(), await world.organiser()];
    await world.makeAdmin(t.unique_id, admin);
    const body = (season_id: number) => ({ unique_id: t.unique_id, season_id, setting: { remark: 'a' } });
    expect((await world.post('update_contest_season', body(1), { token: admin.token })).status).toBe(200);
    expect(codeOf(await world.post('update_contest_season', body(1), { token: stranger.token }))).toBe(
      ErrorCode.CONTEST_NOT_FOUND,
    );
    expect(codeOf(await update(t, { remark: 'b' }, 2))).toBe(ErrorCode.NO_ACTIVE_SEASON);
  });
});
