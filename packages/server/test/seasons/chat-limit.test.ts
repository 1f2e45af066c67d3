import { ErrorCode } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Organiser, startWorld, type World } from '../support/world';
import { auditOf, codeOf, finishAndEnd, type Tournament, tournament } from './season-world';

// A season's chat limit (no limit, whitelist or blacklist, each with its list of players) and the site
// config that tells the console whether season chat is offered at all.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const chatLimit = (t: Tournament, who: Organiser = t.owner) =>
  world.get(
    'contest_season_chat_limit',
    { unique_id: t.unique_id, season_id: t.season_id },
    { token: who.token },
  );

const setChatLimit = (
  t: Tournament,
  type: number,
  lists: { add_list?: number[]; remove_list?: number[] } = {},
  who: Organiser = t.owner,
) =>
  world.post(
    'set_contest_season_chat_limit',
    { unique_id: t.unique_id, season_id: t.season_id, type, ...lists },
    { token: who.token },
  );

const listed = (...people: Organiser[]) =>
  people.map((p) => ({ account_id: p.account.id, nickname: p.account.nickname }));

describe('contest_season_chat_limit', () => {
  it('a new season has no chat limit and an empty list', async () => {
    const t = await tournament(world);
    expect((await chatLimit(t)).body).toEqual({ data: { type: 0, list: [] } });
  });

  it('a whitelist: players are added and removed, and the list answers their nicknames in the order added', async () => {
    const t = await tournament(world);
    const [a, b, c] = [await world.organiser(), await world.organiser(), await world.organiser()];
    const res = await setChatLimit(t, 1, { add_list: [a.account.id, b.account.id] });
    expect(res.body.data).toEqual({ success: [a.account.id, b.account.id], failed: [] });
    world.clock.advance(1);
    await setChatLimit(t, 1, { add_list: [c.account.id, a.account.id] });
    expect((await chatLimit(t)).body.data).toEqual({ type: 1, list: listed(a, b, c) });

    const removed = await setChatLimit(t, 1, { remove_list: [b.account.id] });
    expect(removed.body.data).toEqual({ success: [b.account.id], failed: [] });
    expect((await chatLimit(t)).body.data).toEqual({ type: 1, list: listed(a, c) });
  });

  it('account ids that do not exist fail with 1002; the others succeed', async () => {
    const t = await tournament(world);
    const a = await world.organiser();
    const res = await setChatLimit(t, 2, {
      add_list: [a.account.id, 987_654_321],
      remove_list: [987_654_322],
    });
    expect(res.body.data).toEqual({
      success: [a.account.id],
      failed: [
        { account_id: 987_654_321, error: ErrorCode.ACCOUNT_NOT_FOUND },
        { account_id: 987_654_322, error: ErrorCode.ACCOUNT_NOT_FOUND },
      ],
    });
    expect((await chatLimit(t)).body.data).toEqual({ type: 2, list: listed(a) });
  });

  it('the whitelist and the blacklist are separate lists: each type shows its own', async () => {
    const t = await tournament(world);
    const [a, b] = [await world.organiser(), await world.organiser()];
    await setChatLimit(t, 1, { add_list: [a.account.id] });
    await setChatLimit(t, 2, { add_list: [b.account.id] });
    expect((await chatLimit(t)).body.data).toEqual({ type: 2, list: listed(b) });
    await setChatLimit(t, 1);
    expect((await chatLimit(t)).body.data).toEqual({ type: 1, list: listed(a) });
  });

  it('no limit (0) only sets the type: lists sent with it are ignored, and the lists are kept for later', async () => {
    const t = await tournament(world);
    const [a, b] = [await world.organiser(), await world.organiser()];
    await setChatLimit(t, 1, { add_list: [a.account.id] });
    const off = await setChatLimit(t, 0, { add_list: [b.account.id], remove_list: [a.account.id] });
    expect(off.body.data).toEqual({ success: [], failed: [] });
    expect((await chatLimit(t)).body.data).toEqual({ type: 0, list: [] });
    await setChatLimit(t, 1);
    expect((await chatLimit(t)).body.data).toEqual({ type: 1, list: listed(a) });
  });

  it('each change is one audit entry; a change that changes nothing writes none', async () => {
    const t = await tournament(world);
    const a = await world.organiser();
    await setChatLimit(t, 1, { add_list: [a.account.id] });
    await setChatLimit(t, 1, { add_list: [a.account.id] });
    await setChatLimit(t, 1, { remove_list: [a.account.id] });
    const entries = await auditOf(t, 'season.chat_limit');
    expect(entries.map((e) => e.after)).toEqual([
      { type: 1, list: 1, added: [a.account.id], removed: [] },
      { type: 1, list: 1, added: [], removed: [a.account.id] },
    ]);
    expect(entries[0]).toMatchObject({ actorId: t.owner.account.id, before: { type: 0 } });
  });

  it('an ended season’s chat limit cannot change: 2542, but can still be read', async () => {
    const t = await tournament(world);
    const a = await world.organiser();
    await setChatLimit(t, 2, { add_list: [a.account.id] });
    await finishAndEnd(t);
    expect(codeOf(await setChatLimit(t, 1))).toBe(ErrorCode.SEASON_ENDED_READONLY);
    expect(codeOf(await setChatLimit(t, 2, { remove_list: [a.account.id] }))).toBe(
      ErrorCode.SEASON_ENDED_READONLY,
    );
    expect((await chatLimit(t)).body.data).toEqual({ type: 2, list: listed(a) });
  });

  it('admins manage chat limits; anyone else is told the tournament does not exist (2501)', async () => {
    const t = await tournament(world);
    const [admin, stranger] = [await world.organiser(), await world.organiser()];
    await world.makeAdmin(t.unique_id, admin);
    expect((await setChatLimit(t, 1, { add_list: [stranger.account.id] }, admin)).status).toBe(200);
    expect((await chatLimit(t, admin)).body.data.list).toEqual(listed(stranger));
    expect(codeOf(await chatLimit(t, stranger))).toBe(ErrorCode.CONTEST_NOT_FOUND);
    expect(codeOf(await setChatLimit(t, 0, {}, stranger))).toBe(ErrorCode.CONTEST_NOT_FOUND);
    expect((await chatLimit(t)).body.data.type).toBe(1);
  });

  it('a type other than 0, 1 or 2 is a parameter error (2517)', async () => {
    const t = await tournament(world);
    expect(codeOf(await setChatLimit(t, 3))).toBe(ErrorCode.PARAM_ERROR);
  });
});

describe('fetch_site_config', () => {
  it('offers season chat by default, and needs no login', async () => {
    expect(await world.get('fetch_site_config')).toEqual({
      status: 200,
      body: { data: { chat: 1, contact: '' } },
    });
  });

  it('TAIKAI_SEASON_CHAT=0 turns the season chat page off', async () => {
    const off = await startWorld({ TAIKAI_SEASON_CHAT: '0' });
    try {
      expect((await off.get('fetch_site_config')).body).toEqual({ data: { chat: 0, contact: '' } });
    } finally {
      await off.close();
    }
    expect(loadConfig({ TAIKAI_SEASON_CHAT: 'false' }).seasonChat).toBe(false);
    expect(loadConfig({ TAIKAI_SEASON_CHAT: '1' }).seasonChat).toBe(true);
    expect(loadConfig({}).seasonChat).toBe(true);
  });
});
