import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contests } from '../../src/db/schema';
import { setOperatorLock } from '../../src/domains/contests/lock';
import { awaitingReview, decideReview } from '../../src/domains/contests/review';
import { type Organiser, startWorld, type World } from '../support/world';

// Review of names and notices (spec §4, TAIKAI_REVIEW_TEXT), the operator's lock (2558) and deleted
// tournaments (2560).

let world: World;
let reviewed: World;
beforeAll(async () => {
  world = await startWorld();
  reviewed = await startWorld({ TAIKAI_REVIEW_TEXT: '1' });
});
afterAll(async () => {
  await world.close();
  await reviewed.close();
});

const DAY = 86_400;

async function fresh(w: World) {
  const org = await w.organiser({ currency: 60 });
  const ids = await w.contest(org);
  return { org, ...ids };
}

const detailOf = async (w: World, who: Organiser, unique_id: number) =>
  (await w.get('fetch_contest_detail', { unique_id }, { token: who.token })).body.data;

describe('review of names and notices (TAIKAI_REVIEW_TEXT=1)', () => {
  it('is off by default: a new name is public at once', async () => {
    const { org, unique_id } = await fresh(world);
    const res = await world.post(
      'update_contest_base',
      { unique_id, setting: { name: [{ lang: 'default', content: 'Open Cup' }] } },
      { token: org.token },
    );
    expect(res.body.data).toMatchObject({
      contest_name: [{ lang: 'default', content: 'Open Cup' }],
      check_state: 0,
    });
    expect(res.body.data.pending_review).toBeUndefined();
  });

  it('a new name or notice is held: the answer shows the old text with check_state 1 and what awaits review', async () => {
    const { org, unique_id } = await fresh(reviewed);
    const name = [{ lang: 'default', content: 'Renamed Cup' }];
    const renamed = await reviewed.post(
      'update_contest_base',
      { unique_id, setting: { name, open_show: 0 } },
      { token: org.token },
    );
    expect(renamed.status).toBe(200);
    // Settings that are not text change at once.
    expect(renamed.body.data).toMatchObject({
      contest_name: [{ lang: 'default', content: 'Spring Cup' }],
      open: 0,
      check_state: 1,
      pending_review: { contest_name: name },
    });
    const notice = [{ lang: 'en', content: 'Bring your own tiles' }];
    const noticed = await reviewed.post(
      'update_contest_external_notice',
      { unique_id, notice },
      { token: org.token },
    );
    expect(noticed.body.data).toMatchObject({
      public_notice: [],
      check_state: 1,
      pending_review: { contest_name: name, public_notice: notice },
    });
    const detail = await detailOf(reviewed, org, unique_id);
    expect(detail.contest_name).toEqual([{ lang: 'default', content: 'Spring Cup' }]);
    expect(detail.check_state).toBe(1);
  });

  it('the operator approves: the pending text becomes public and check_state returns to 0', async () => {
    const { org, unique_id, contest_id } = await fresh(reviewed);
    const notice = [{ lang: 'en', content: 'Roster closes Friday' }];
    await reviewed.post('update_contest_internal_notice', { unique_id, notice }, { token: org.token });
    const waiting = await awaitingReview(reviewed.opCtx());
    expect(waiting.map((r) => r.contestId)).toContain(contest_id);
    await decideReview(reviewed.opCtx(), contest_id, true);
    const detail = await detailOf(reviewed, org, unique_id);
    expect(detail).toMatchObject({ private_notice: notice, check_state: 0 });
    expect(detail.pending_review).toBeUndefined();
    expect((await awaitingReview(reviewed.opCtx())).map((r) => r.contestId)).not.toContain(contest_id);
    const [entry] = await reviewed.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'operator.review.approve'));
    expect(entry).toMatchObject({ actorId: null, targetId: String(unique_id) });
  });

  it('the operator refuses: the old text stays and check_state returns to 0', async () => {
    const { org, unique_id, contest_id } = await fresh(reviewed);
    await reviewed.post(
      'update_contest_base',
      { unique_id, setting: { name: [{ lang: 'default', content: 'Bad Name' }] } },
      { token: org.token },
    );
    await decideReview(reviewed.opCtx(), contest_id, false);
    const detail = await detailOf(reviewed, org, unique_id);
    expect(detail).toMatchObject({
      contest_name: [{ lang: 'default', content: 'Spring Cup' }],
      check_state: 0,
    });
    await expect(decideReview(reviewed.opCtx(), contest_id, true)).rejects.toThrow(/nothing awaiting review/);
  });

  it('sending the public text back withdraws the pending one', async () => {
    const { org, unique_id } = await fresh(reviewed);
    const post = (content: string) =>
      reviewed.post(
        'update_contest_base',
        { unique_id, setting: { name: [{ lang: 'default', content }] } },
        { token: org.token },
      );
    expect((await post('Another Name')).body.data.check_state).toBe(1);
    const back = await post('Spring Cup');
    expect(back.body.data.check_state).toBe(0);
    expect(back.body.data.pending_review).toBeUndefined();
  });

  it('the manager notice is seen by managers only and is never held', async () => {
    const { org, unique_id } = await fresh(reviewed);
    const notice = [{ lang: 'en', content: 'Admins meet at 18:00' }];
    const res = await reviewed.post(
      'update_contest_base',
      { unique_id, setting: { manager_notice: notice } },
      { token: org.token },
    );
    expect(res.body.data).toMatchObject({ manager_notice: notice, check_state: 0 });
  });
});

describe('the operator lock (2558)', () => {
  it('a locked tournament refuses basic and advanced settings, notices and season changes; unlocked, it takes them again', async () => {
    const { org, unique_id, contest_id, season_id } = await fresh(world);
    const admin = await world.organiser();
    await world.makeAdmin(unique_id, admin);
    await setOperatorLock(world.opCtx(), contest_id, true);
    const now = world.clock.now();
    const changes: [string, Record<string, unknown>][] = [
      ['update_contest_base', { unique_id, setting: { open_show: 0 } }],
      ['update_contest_base', { unique_id, setting: { contest_setting: { game_limit: 3 } } }],
      ['update_contest_base', { unique_id, setting: { game_rule_setting: { mode: 1 } } }],
      ['update_contest_external_notice', { unique_id, notice: [{ lang: 'en', content: 'x' }] }],
      ['update_contest_internal_notice', { unique_id, notice: [{ lang: 'en', content: 'x' }] }],
      ['update_contest_season', { unique_id, season_id, setting: { remark: 'Finals' } }],
      ['end_contest_season', { unique_id, season_id }],
      ['create_contest_season', { unique_id, start_time: now + 2 * DAY, end_time: now + 9 * DAY }],
    ];
    for (const [call, body] of changes) {
      for (const who of [org, admin]) {
        const res = await world.post(call, body, { token: who.token });
        expect(res.body.error?.code, `${call} ${JSON.stringify(body)}`).toBe(2558);
      }
    }
    // Reading is not a change; a stranger still does not see the tournament at all.
    expect((await world.get('fetch_contest_detail', { unique_id }, { token: org.token })).status).toBe(200);
    const stranger = await world.organiser();
    const strangers = await world.post(
      'update_contest_base',
      { unique_id, setting: { open_show: 0 } },
      { token: stranger.token },
    );
    expect(strangers.body.error.code).toBe(2501);
    expect((await detailOf(world, org, unique_id)).open).toBe(1);

    await setOperatorLock(world.opCtx(), contest_id, false);
    const after = await world.post(
      'update_contest_base',
      { unique_id, setting: { open_show: 0 } },
      { token: org.token },
    );
    expect(after.body.data.open).toBe(0);
    const actions = (
      await world.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(unique_id)))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.contest.lock', 'operator.contest.unlock']));
  });
});

describe('deleted tournaments (2560)', () => {
  it('answer 2560 to their creator and admins on every call, 2501 to anyone else, vanish from lists, and stay in the database', async () => {
    const { org, unique_id, season_id } = await fresh(world);
    const admin = await world.organiser();
    const stranger = await world.organiser();
    await world.makeAdmin(unique_id, admin);
    expect((await world.post('delete_contest', { unique_id }, { token: org.token })).status).toBe(200);

    const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['fetch_contest_detail', 'GET', { unique_id }],
      ['fetch_contest_season_list', 'GET', { unique_id }],
      ['update_contest_base', 'POST', { unique_id, setting: { open_show: 0 } }],
      ['update_contest_external_notice', 'POST', { unique_id, notice: [] }],
      ['check_contest_rule', 'POST', { unique_id, game_rule_setting: { mode: 2 } }],
      ['update_contest_season', 'POST', { unique_id, season_id, setting: { remark: 'x' } }],
      ['delete_contest', 'POST', { unique_id }],
    ];
    for (const [call, method, input] of calls) {
      for (const [who, code] of [
        [org, 2560],
        [admin, 2560],
        [stranger, 2501],
      ] as const) {
        const res =
          method === 'GET'
            ? await world.get(call, input, { token: who.token })
            : await world.post(call, input, { token: who.token });
        expect(res.body.error?.code, `${call} as ${who.account.nickname}`).toBe(code);
      }
    }
    for (const who of [org, admin]) {
      const list = await world.get('fetch_contest_list', {}, { token: who.token });
      expect(list.body.data.map((c: { unique_id: number }) => c.unique_id)).not.toContain(unique_id);
    }
    const [row] = await world.database.db.select().from(contests).where(eq(contests.uniqueId, unique_id));
    expect(row.deleteTime).not.toBeNull();
  });
});
