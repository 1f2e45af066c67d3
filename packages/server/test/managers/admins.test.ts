import { AddContestAdminRes, ErrorCode, LIMITS } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, startWorld, type World } from '../support/world';
import { accountIds, admins, appointed, codeOf, contestAudit, tournament } from './support';

// The manager tab's admin roster: the creator alone adds and removes admins, at most 20, never themself; each
// account of a call is added or reported on its own.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const add = (who: Organiser, unique_id: number, account_list: unknown[]) =>
  world.post('add_contest_admin', { unique_id, account_list }, { token: who.token });
const remove = (who: Organiser, unique_id: number, account_id_list: number[]) =>
  world.post('remove_contest_admin', { unique_id, account_id_list }, { token: who.token });
const detailAdmins = async (who: Organiser, unique_id: number) =>
  (await world.get('fetch_contest_detail', { unique_id }, { token: who.token })).body.data.admin_list;

describe('add_contest_admin', () => {
  it('the creator adds admins by internal id; the answer and the detail list them with nicknames', async () => {
    const { creator, unique_id } = await tournament(world);
    const first = await world.organiser();
    const second = await world.organiser();
    // Ids as numbers, numeric strings or {account_id, nickname} entries, as clients send them.
    const res = await add(creator, unique_id, [
      first.account.id,
      { account_id: String(second.account.id), nickname: 'ignored' },
    ]);
    expect(res.status).toBe(200);
    expect(AddContestAdminRes.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toEqual({
      success: [first.account.id, second.account.id],
      failed: [],
      admin_list: appointed([first, second]),
    });
    expect(await detailAdmins(creator, unique_id)).toEqual(appointed([first, second]));
    // The new admin now sees the tournament and its list entry.
    const list = await world.get('fetch_contest_list', {}, { token: first.token });
    expect(list.body.data).toContainEqual(expect.objectContaining({ unique_id, manager_role: 1 }));
  });

  it('an account already admin is left as it is, and adding only such accounts writes no audit entry', async () => {
    const { creator, unique_id } = await tournament(world);
    const [a, b] = await accountIds(world, 2);
    expect(admins(await add(creator, unique_id, [a]))).toEqual([a]);
    expect(admins(await add(creator, unique_id, [a, b, b]))).toEqual([a, b]);
    const again = await add(creator, unique_id, [a, b]);
    expect(admins(again)).toEqual([a, b]);
    const entries = await contestAudit(world, unique_id, 'contest_admin.add');
    expect(entries.map((e) => e.after)).toEqual([
      { admins: [a], added: [a], role: 1 },
      { admins: [a, b], added: [b], role: 1 },
    ]);
    expect(entries[0]).toMatchObject({ actorId: creator.account.id, before: { admins: [] } });
  });

  it('only the creator manages admins: an admin is refused with 2513, a stranger with 2501', async () => {
    const { creator, unique_id } = await tournament(world);
    const admin = await world.organiser();
    const stranger = await world.organiser();
    await add(creator, unique_id, [admin.account.id]);
    const [other] = await accountIds(world, 1);
    expect(codeOf(await add(admin, unique_id, [other]))).toBe(ErrorCode.CREATOR_ONLY);
    expect(codeOf(await add(stranger, unique_id, [other]))).toBe(ErrorCode.CONTEST_NOT_FOUND);
    expect(codeOf(await remove(admin, unique_id, [admin.account.id]))).toBe(ErrorCode.CREATOR_ONLY);
    expect(codeOf(await remove(stranger, unique_id, [admin.account.id]))).toBe(ErrorCode.CONTEST_NOT_FOUND);
    expect(await detailAdmins(creator, unique_id)).toEqual(appointed([admin]));
  });

  it('the creator in the list is reported with 2546 and the other accounts are added', async () => {
    const { creator, unique_id } = await tournament(world);
    const [other] = await accountIds(world, 1);
    const res = await add(creator, unique_id, [creator.account.id, other]);
    expect(res.status).toBe(200);
    expect(res.body.data.success).toEqual([other]);
    expect(res.body.data.failed).toEqual([
      { account_id: creator.account.id, error: ErrorCode.CREATOR_CANNOT_BE_ADMIN },
    ]);
    expect(admins(res)).toEqual([other]);
    expect((await detailAdmins(creator, unique_id)).map((a: { account_id: number }) => a.account_id)).toEqual(
      [other],
    );
    const [entry] = await contestAudit(world, unique_id, 'contest_admin.add');
    expect(entry.after).toEqual({ admins: [other], added: [other], role: 1 });
  });

  it('an account that does not exist is reported with 1002 and the others are added; none added, no audit', async () => {
    const { creator, unique_id } = await tournament(world);
    const [other] = await accountIds(world, 1);
    const res = await add(creator, unique_id, [other, 2_000_000_000]);
    expect(res.body.data.failed).toEqual([{ account_id: 2_000_000_000, error: ErrorCode.ACCOUNT_NOT_FOUND }]);
    expect(admins(res)).toEqual([other]);
    // Only refused accounts: nothing changes and nothing is written.
    const none = await add(creator, unique_id, [creator.account.id, 2_000_000_001]);
    expect(none.status).toBe(200);
    expect(none.body.data.success).toEqual([]);
    expect(none.body.data.failed.map((f: { error: number }) => f.error)).toEqual([
      ErrorCode.CREATOR_CANNOT_BE_ADMIN,
      ErrorCode.ACCOUNT_NOT_FOUND,
    ]);
    expect(await contestAudit(world, unique_id, 'contest_admin.add')).toHaveLength(1);
  });

  it('a tournament has at most 20 admins: those that fit are added in order, the rest reported with 2514', async () => {
    const { creator, unique_id } = await tournament(world);
    const twenty = await accountIds(world, LIMITS.ADMINS_MAX);
    expect(admins(await add(creator, unique_id, twenty.slice(0, 15)))).toHaveLength(15);
    // 15 + 6 new: the first 5 fit, the 6th is reported.
    const [extra] = await accountIds(world, 1);
    const res = await add(creator, unique_id, [...twenty.slice(15), extra]);
    expect(res.body.data.success).toEqual(twenty.slice(15));
    expect(res.body.data.failed).toEqual([{ account_id: extra, error: ErrorCode.ADMINS_MAX }]);
    expect(admins(res)).toEqual(twenty);
    expect(await detailAdmins(creator, unique_id)).toHaveLength(20);
    expect((await add(creator, unique_id, [extra])).body.data.failed).toEqual([
      { account_id: extra, error: ErrorCode.ADMINS_MAX },
    ]);
    // Re-adding one of the 20 is no new admin: it succeeds.
    const again = await add(creator, unique_id, [twenty[0], twenty[19]]);
    expect(again.body.data).toMatchObject({ success: [twenty[0], twenty[19]], failed: [] });
    expect(admins(again)).toEqual(twenty);
  });

  it('two tabs of the creator adding admins at once never pass 20 together', async () => {
    const { creator, unique_id } = await tournament(world);
    const secondTab = await world.login(creator);
    const present = await accountIds(world, 10);
    await add(creator, unique_id, present);
    // Ten calls of two new admins each, at once, from two sessions: exactly ten accounts fit.
    const fresh = await accountIds(world, 20);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        add(i % 2 ? secondTab : creator, unique_id, fresh.slice(2 * i, 2 * i + 2)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const added = results.flatMap((r) => r.body.data.success as number[]);
    const failed = results.flatMap((r) => r.body.data.failed as { account_id: number; error: number }[]);
    // Exactly ten fit; the other ten are each reported with 2514, whichever call they came in.
    expect(added).toHaveLength(10);
    expect(failed).toHaveLength(10);
    expect(failed.every((f) => f.error === ErrorCode.ADMINS_MAX)).toBe(true);
    expect([...added, ...failed.map((f) => f.account_id)].sort()).toEqual([...fresh].sort());
    expect(await detailAdmins(creator, unique_id)).toHaveLength(LIMITS.ADMINS_MAX);
  });

  it('a deleted tournament answers 2560 to its creator', async () => {
    const { creator, unique_id } = await tournament(world);
    await world.post('delete_contest', { unique_id }, { token: creator.token });
    const [other] = await accountIds(world, 1);
    expect(codeOf(await add(creator, unique_id, [other]))).toBe(ErrorCode.CONTEST_DELETED);
  });

  it('an empty or malformed list is a parameter error (2517)', async () => {
    const { creator, unique_id } = await tournament(world);
    expect(codeOf(await add(creator, unique_id, []))).toBe(ErrorCode.PARAM_ERROR);
    expect(codeOf(await add(creator, unique_id, ['abc']))).toBe(ErrorCode.PARAM_ERROR);
    expect(codeOf(await remove(creator, unique_id, []))).toBe(ErrorCode.PARAM_ERROR);
  });
});

describe('remove_contest_admin', () => {
  it('the creator removes admins; ids that are not admins are ignored; one audit entry', async () => {
    const { creator, unique_id } = await tournament(world);
    const admin = await world.organiser();
    const [a, b, notAdmin] = await accountIds(world, 3);
    await add(creator, unique_id, [admin.account.id, a, b]);
    const res = await remove(creator, unique_id, [a, notAdmin, admin.account.id]);
    expect(res.status).toBe(200);
    expect(admins(res)).toEqual([b]);
    expect((await detailAdmins(creator, unique_id)).map((x: { account_id: number }) => x.account_id)).toEqual(
      [b],
    );
    const [entry, ...more] = await contestAudit(world, unique_id, 'contest_admin.remove');
    expect(more).toEqual([]);
    expect(entry.before).toEqual({ admins: [admin.account.id, a, b] });
    expect(entry.after).toMatchObject({ admins: [b] });
    // The removed admin no longer sees the tournament.
    const detail = await world.get('fetch_contest_detail', { unique_id }, { token: admin.token });
    expect(codeOf(detail)).toBe(ErrorCode.CONTEST_NOT_FOUND);
  });

  it('removing no admin at all changes nothing and writes no audit entry', async () => {
    const { creator, unique_id } = await tournament(world);
    const [a, b] = await accountIds(world, 2);
    await add(creator, unique_id, [a]);
    expect(admins(await remove(creator, unique_id, [b, creator.account.id]))).toEqual([a]);
    expect(await contestAudit(world, unique_id, 'contest_admin.remove')).toEqual([]);
  });
});
