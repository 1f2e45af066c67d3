import { ErrorCode, LIMITS } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, startWorld, type World } from '../support/world';
import { accountIds, admins, codeOf, contestAudit, named, tournament } from './support';

// The manager tab's admin roster: the creator alone adds and removes admins, at most 20, never themself.

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
    expect(res.body.data).toEqual(named(first, second));
    expect(await detailAdmins(creator, unique_id)).toEqual(named(first, second));
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
      { admins: [a], added: [a] },
      { admins: [a, b], added: [b] },
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
    expect(await detailAdmins(creator, unique_id)).toEqual(named(admin));
  });

  it('the creator cannot be an admin: 2546, and nothing of the call is added', async () => {
    const { creator, unique_id } = await tournament(world);
    const [other] = await accountIds(world, 1);
    const res = await add(creator, unique_id, [other, creator.account.id]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(codeOf(res)).toBe(ErrorCode.CREATOR_CANNOT_BE_ADMIN);
    expect(await detailAdmins(creator, unique_id)).toEqual([]);
  });

  it('an account that does not exist is refused with 1002, and nothing of the call is added', async () => {
    const { creator, unique_id } = await tournament(world);
    const [other] = await accountIds(world, 1);
    const res = await add(creator, unique_id, [other, 2_000_000_000]);
    expect(codeOf(res)).toBe(ErrorCode.ACCOUNT_NOT_FOUND);
    expect(res.body.error.account_id).toBe(2_000_000_000);
    expect(await detailAdmins(creator, unique_id)).toEqual([]);
    expect(await contestAudit(world, unique_id, 'contest_admin.add')).toEqual([]);
  });

  it('a tournament has at most 20 admins: the 21st is refused with 2514, re-adding one of the 20 is not', async () => {
    const { creator, unique_id } = await tournament(world);
    const twenty = await accountIds(world, LIMITS.ADMINS_MAX);
    expect(admins(await add(creator, unique_id, twenty.slice(0, 15)))).toHaveLength(15);
    // 15 + 6 new would be 21: refused whole, even though 5 of them would fit.
    const [extra] = await accountIds(world, 1);
    expect(codeOf(await add(creator, unique_id, [...twenty.slice(15), extra]))).toBe(ErrorCode.ADMINS_MAX);
    expect(await detailAdmins(creator, unique_id)).toHaveLength(15);
    expect(admins(await add(creator, unique_id, twenty.slice(15)))).toEqual(twenty);
    expect(codeOf(await add(creator, unique_id, [extra]))).toBe(ErrorCode.ADMINS_MAX);
    expect(admins(await add(creator, unique_id, [twenty[0], twenty[19]]))).toEqual(twenty);
  });

  it('two tabs of the creator adding admins at once never pass 20 together', async () => {
    const { creator, unique_id } = await tournament(world);
    const secondTab = await world.login(creator);
    const present = await accountIds(world, 10);
    await add(creator, unique_id, present);
    // Ten calls of two new admins each, at once, from two sessions: exactly five fit.
    const fresh = await accountIds(world, 20);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        add(i % 2 ? secondTab : creator, unique_id, fresh.slice(2 * i, 2 * i + 2)),
      ),
    );
    const codes = results.map((r) => (r.status === 200 ? 'ok' : codeOf(r)));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.ADMINS_MAX)).toHaveLength(5);
    expect(await detailAdmins(creator, unique_id)).toHaveLength(LIMITS.ADMINS_MAX);
    expect(await contestAudit(world, unique_id, 'contest_admin.add')).toHaveLength(6);
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
