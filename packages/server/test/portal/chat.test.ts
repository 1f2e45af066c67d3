import { CHAT_LIMITS } from '@taikai/protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, seasonChatMessages } from '../../src/db/schema';
import { gameOfPlan, makeReady, plan, seasonWithRoster } from '../support/games';
import { LinkClient as Link, type LinkClient, type LinkMessage, listen } from '../support/link-client';
import { startWorld, type World } from '../support/world';

// The season chat over the player link (README, "Live channels"): the lobby's history on entering, messages to
// everyone in the lobby, the season's chat limits (whitelist, blacklist: 2512 with the reason), organisers'
// messages marked and their deletions, stamps under the emoji switch, length and flood limits, the site switch,
// and emoji stamps at a table.

let world: World;
let base: string;
beforeAll(async () => {
  world = await startWorld();
  base = await listen(world);
});
afterAll(() => world?.close());

type Season = Awaited<ReturnType<typeof seasonWithRoster>>;

const isError = (m: LinkMessage) => m.op === 'error';
const isChat = (m: LinkMessage) => m.op === 'chat';
const ids = (s: Season) => ({ unique_id: s.unique_id, season_id: s.season_id });

/** A link of `who` in the season's lobby, with its chat history received. */
async function inLobby(s: Season, who: Season['owner']): Promise<LinkClient> {
  const link = await Link.as(base, who);
  expect(await link.enter(ids(s))).toMatchObject({ op: 'entered' });
  await link.next((m) => m.op === 'chat_history');
  return link;
}

async function setEmoji(s: Season, on: 0 | 1, mode = 2) {
  const res = await world.post(
    'update_contest_base',
    { unique_id: s.unique_id, setting: { game_rule_setting: { mode, game_setting: { emoji_switch: on } } } },
    { token: s.owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function setChatLimit(s: Season, type: number, add_list: number[], remove_list: number[] = []) {
  const res = await world.post(
    'set_contest_season_chat_limit',
    { ...ids(s), type, add_list, remove_list },
    { token: s.owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Sends a chat message and answers what came back first: the `chat` broadcast of it, or an error. */
function say(link: LinkClient, message: Record<string, unknown>): Promise<LinkMessage> {
  return link.ask(
    { op: 'chat_send', ...message },
    (m) => (isChat(m) && m.message.account_id === link.accountId) || isError(m),
  );
}

describe('season chat: the lobby', () => {
  let s: Season;
  beforeAll(async () => {
    s = await seasonWithRoster(world, 3);
  });

  it('entering gives the latest messages and what the player may do; a message reaches everyone in the lobby', async () => {
    const [a, b] = [await Link.as(base, s.roster[0]), await Link.as(base, s.roster[1])];
    await a.enter(ids(s));
    expect(await a.next((m) => m.op === 'chat_history')).toEqual({
      op: 'chat_history',
      ...ids(s),
      messages: [],
      stamps: false,
      can_send: true,
      reason: null,
      moderator: false,
    });
    await b.enter(ids(s));
    await b.next((m) => m.op === 'chat_history');
    // A link in another season's lobby hears nothing of this one.
    const other = await seasonWithRoster(world, 1);
    const elsewhere = await inLobby(other, other.roster[0]);

    const sent = await say(a, { text: '  good luck, everyone  ' });
    expect(sent).toMatchObject({
      op: 'chat',
      ...ids(s),
      message: {
        account_id: s.ids[0],
        nickname: s.roster[0].account.nickname,
        organiser: false,
        text: 'good luck, everyone',
        stamp: null,
        time: expect.any(Number),
      },
    });
    expect(await b.next(isChat)).toEqual(sent);
    expect(elsewhere.ofOp('chat')).toEqual([]);

    // Text is text: markup is kept as typed, never interpreted.
    const markup = await say(b, { text: '<b>hi</b> & <script>x</script>' });
    expect((markup.message as { text: string }).text).toBe('<b>hi</b> & <script>x</script>');

    // A player entering later gets both, oldest first.
    const c = await Link.as(base, s.roster[2]);
    await c.enter(ids(s));
    const history = await c.next((m) => m.op === 'chat_history');
    expect((history.messages as { text: string }[]).map((m) => m.text)).toEqual([
      'good luck, everyone',
      '<b>hi</b> & <script>x</script>',
    ]);
    for (const link of [a, b, c, elsewhere]) await link.close();
  });

  it('a message is text or a stamp, 1 to 200 characters, no control characters: anything else is 2517', async () => {
    const a = await inLobby(s, s.roster[0]);
    const max = 'あ'.repeat(CHAT_LIMITS.TEXT_MAX);
    expect(await say(a, { text: max })).toMatchObject({ message: { text: max } });
    world.clock.advance(CHAT_LIMITS.FLOOD_WINDOW_S);
    for (const bad of [
      { text: `${max}x` },
      { text: '   ' },
      { text: 'bell\u0007' },
      {},
      { text: 'both', stamp: 1 },
      { stamp: 999 },
      { stamp: '1' },
    ]) {
      expect(await say(a, bad), JSON.stringify(bad)).toMatchObject({ op: 'error', code: 2517 });
    }
    // A line break is text.
    expect(await say(a, { text: 'two\r\nlines' })).toMatchObject({ message: { text: 'two\nlines' } });
    await a.close();
  });

  it('more than 5 messages within 10 s are refused with 2512 `flood`; after the window the player may go on', async () => {
    world.clock.advance(CHAT_LIMITS.FLOOD_WINDOW_S);
    const a = await inLobby(s, s.roster[1]);
    for (let i = 0; i < CHAT_LIMITS.FLOOD_COUNT; i++) {
      expect(await say(a, { text: `message ${i}` })).toMatchObject({ op: 'chat' });
    }
    expect(await say(a, { text: 'one too many' })).toMatchObject({
      op: 'error',
      code: 2512,
      reason: 'flood',
    });
    world.clock.advance(CHAT_LIMITS.FLOOD_WINDOW_S);
    expect(await say(a, { text: 'calm again' })).toMatchObject({ op: 'chat' });
    const stored = await world.database.db
      .select()
      .from(seasonChatMessages)
      .where(and(eq(seasonChatMessages.uniqueId, s.unique_id), eq(seasonChatMessages.text, 'one too many')));
    expect(stored).toEqual([]);
    await a.close();
  });

  it('stamps only while the emoji switch is on (2512 `stamps_off`); a stamp is its id', async () => {
    world.clock.advance(CHAT_LIMITS.FLOOD_WINDOW_S);
    const a = await inLobby(s, s.roster[0]);
    expect(await say(a, { stamp: 3 })).toMatchObject({ op: 'error', code: 2512, reason: 'stamps_off' });
    await setEmoji(s, 1);
    await a.enter(ids(s));
    expect(await a.next((m) => m.op === 'chat_history', a.messages.length - 1)).toMatchObject({
      stamps: true,
    });
    expect(await say(a, { stamp: 3 })).toMatchObject({ message: { stamp: 3, text: null } });
    await setEmoji(s, 0);
    await a.close();
  });

  it('before entering a lobby a chat message is 2536; not on the roster nor an organiser, entering is 2540 (unregistered cannot play)', async () => {
    const stranger = await Link.as(base, await world.organiser());
    expect(await say(stranger, { text: 'hello?' })).toMatchObject({ code: 2536 });
    expect(await stranger.enter(ids(s))).toMatchObject({ op: 'error', code: 2540 });
    await stranger.close();
  });
});

describe('season chat: organisers', () => {
  let s: Season;
  beforeAll(async () => {
    s = await seasonWithRoster(world, 2);
  });

  it('the creator and an admin enter without being on the roster, their messages are marked, and they cannot be ready', async () => {
    const admin = await world.organiser();
    await world.makeAdmin(s.unique_id, admin);
    const player = await inLobby(s, s.roster[0]);
    for (const who of [s.owner, admin]) {
      const link = await Link.as(base, who);
      await link.enter(ids(s));
      expect(await link.next((m) => m.op === 'chat_history')).toMatchObject({
        moderator: true,
        can_send: true,
      });
      const sent = await say(link, { text: `from ${who.account.nickname}` });
      expect(sent).toMatchObject({ message: { account_id: who.account.id, organiser: true } });
      expect(await player.next((m) => isChat(m) && m.message.account_id === who.account.id)).toEqual(sent);
      expect(await link.ask({ op: 'ready', ready: true }, isError)).toMatchObject({ code: 2540 });
      await link.close();
    }
    expect(world.app.deps.games.presence.readyOf(s.unique_id, s.season_id)).toEqual([]);
    await player.close();
  });

  it('an organiser deletes a message over the link: everyone in the lobby is told, later entrants do not get it', async () => {
    const [a, b] = [await inLobby(s, s.roster[0]), await inLobby(s, s.roster[1])];
    const organiser = await inLobby(s, s.owner);
    const sent = await say(a, { text: 'something rude' });
    const id = (sent.message as { id: number }).id;

    // A player may not delete (2506), not even their own message.
    expect(await a.ask({ op: 'chat_delete', id }, isError)).toMatchObject({ code: 2506 });

    organiser.send({ op: 'chat_delete', id });
    for (const link of [a, b, organiser]) {
      expect(await link.next((m) => m.op === 'chat_deleted')).toEqual({ op: 'chat_deleted', ...ids(s), id });
    }
    const later = await Link.as(base, s.roster[1]);
    await later.enter(ids(s));
    const history = await later.next((m) => m.op === 'chat_history');
    expect((history.messages as { id: number }[]).map((m) => m.id)).not.toContain(id);

    const [entry] = await world.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'season.chat_delete'), eq(auditLog.actorId, s.owner.account.id)));
    expect(entry).toMatchObject({ targetId: `${s.unique_id}/${s.season_id}`, after: null });
    expect(entry.before).toMatchObject({ id, text: 'something rude' });
    // Unknown message: 2517.
    expect(await organiser.ask({ op: 'chat_delete', id: 999_999 }, isError)).toMatchObject({ code: 2517 });
    for (const link of [a, b, organiser, later]) await link.close();
  });

  it('delete_season_chat_message deletes for the creator and admins (2506 for observers, 2501 for others)', async () => {
    world.clock.advance(CHAT_LIMITS.FLOOD_WINDOW_S);
    const a = await inLobby(s, s.roster[0]);
    const id = ((await say(a, { text: 'delete me by call' })).message as { id: number }).id;
    const body = { ...ids(s), id };
    expect((await world.post('delete_season_chat_message', body, { token: s.roster[1].token })).body).toEqual(
      {
        error: expect.objectContaining({ code: 2501 }),
      },
    );
    const res = await world.post('delete_season_chat_message', body, { token: s.owner.token });
    expect(res.body).toEqual({ data: {} });
    expect(await a.next((m) => m.op === 'chat_deleted')).toMatchObject({ id });
    // Deleting it again changes nothing and tells nobody.
    const before = a.messages.length;
    expect((await world.post('delete_season_chat_message', body, { token: s.owner.token })).body).toEqual({
      data: {},
    });
    await a.ask({ op: 'ping' }, (m) => m.op === 'pong');
    expect(a.ofOp('chat_deleted', before)).toEqual([]);
    await a.close();
  });
});

describe('season chat: limits', () => {
  let s: Season;
  beforeAll(async () => {
    s = await seasonWithRoster(world, 2);
  });

  it('whitelist: only listed players write; the others are told at once, and refused with 2512 `whitelist`', async () => {
    const [listed, other] = s.roster;
    const [a, b] = [await inLobby(s, listed), await inLobby(s, other)];
    const organiser = await inLobby(s, s.owner);
    await setChatLimit(s, 1, [listed.account.id]);
    expect(await b.next((m) => m.op === 'chat_state')).toEqual({
      op: 'chat_state',
      ...ids(s),
      stamps: false,
      can_send: false,
      reason: 'whitelist',
      moderator: false,
    });
    expect(await a.next((m) => m.op === 'chat_state')).toMatchObject({ can_send: true, reason: null });
    expect(await say(b, { text: 'may I?' })).toMatchObject({ op: 'error', code: 2512, reason: 'whitelist' });
    expect(await say(a, { text: 'I may' })).toMatchObject({ op: 'chat' });
    // Organisers are never limited.
    expect(await say(organiser, { text: 'so may I' })).toMatchObject({ message: { organiser: true } });
    // Entering again says the same.
    await b.enter(ids(s));
    expect(await b.next((m) => m.op === 'chat_history', b.messages.length - 1)).toMatchObject({
      can_send: false,
      reason: 'whitelist',
    });
    for (const link of [a, b, organiser]) await link.close();
  });

  it('blacklist: listed players are refused with 2512 `blacklist`, the others write; no limit lets everyone', async () => {
    world.clock.advance(CHAT_LIMITS.FLOOD_WINDOW_S);
    const [banned, other] = s.roster;
    const [a, b] = [await inLobby(s, banned), await inLobby(s, other)];
    await setChatLimit(s, 2, [banned.account.id]);
    expect(await a.next((m) => m.op === 'chat_state')).toMatchObject({
      can_send: false,
      reason: 'blacklist',
    });
    expect(await say(a, { text: 'let me talk' })).toMatchObject({
      op: 'error',
      code: 2512,
      reason: 'blacklist',
    });
    expect(await say(b, { text: 'I can talk' })).toMatchObject({ op: 'chat' });

    await setChatLimit(s, 0, []);
    expect(await a.next((m) => m.op === 'chat_state' && m.can_send === true)).toMatchObject({ reason: null });
    expect(await say(a, { text: 'free again' })).toMatchObject({ op: 'chat' });
    for (const link of [a, b]) await link.close();
  });
});

describe('season chat: the site switch', () => {
  it('with TAIKAI_SEASON_CHAT=0 entering sends no history and a message is refused with 2528', async () => {
    const off = await startWorld({ TAIKAI_SEASON_CHAT: '0' });
    try {
      const offBase = await listen(off);
      const s = await seasonWithRoster(off, 1);
      const link = await Link.as(offBase, s.roster[0]);
      await link.enter(ids(s));
      expect(await link.ask({ op: 'chat_send', text: 'anyone?' }, isError)).toMatchObject({ code: 2528 });
      expect(link.ofOp('chat_history')).toEqual([]);
      const lobby = await off.get('fetch_season_lobby', ids(s), { token: s.roster[0].token });
      expect(lobby.body.data.chat).toBe(false);
      await link.close();
    } finally {
      await off.close();
    }
  });
});

describe('emoji stamps at a table', () => {
  it('a seated player’s stamp reaches every seat of the table; refused 2512 when the switch is off or beyond 3 in 10 s', async () => {
    const s = await seasonWithRoster(world, 2, { game_rule_setting: { mode: 1 } });
    await setEmoji(s, 1, 1);
    const [a, b] = [await Link.as(base, s.roster[0]), await Link.as(base, s.roster[1])];
    makeReady(world, s.unique_id, s.season_id, s.ids);
    const gameUuid = await gameOfPlan(world, await plan(world, s.owner, s, [s.ids[0], s.ids[1], 0, 0]));
    const start = await a.next((m) => m.op === 'game_start', 0);
    await b.next((m) => m.op === 'game_start', 0);
    expect(start.rule).toMatchObject({ emoji_switch: 1 });
    const seat = start.seat as number;

    const stamp = (n: number) =>
      a.ask({ op: 'stamp', game_uuid: gameUuid, stamp: n }, (m) => m.op === 'stamp' || isError(m));
    expect(await stamp(10)).toEqual({ op: 'stamp', game_uuid: gameUuid, seat, stamp: 10 });
    expect(await b.next((m) => m.op === 'stamp')).toEqual({
      op: 'stamp',
      game_uuid: gameUuid,
      seat,
      stamp: 10,
    });
    await stamp(11);
    await stamp(12);
    expect(await stamp(1)).toMatchObject({ op: 'error', code: 2512, reason: 'flood' });
    // Not a stamp, or not a game uuid: 2517.
    expect(await a.ask({ op: 'stamp', game_uuid: gameUuid, stamp: 0 }, isError)).toMatchObject({
      code: 2517,
    });
    await world.app.deps.games.terminate(gameUuid);

    // A table started with the switch off refuses stamps.
    await setEmoji(s, 0, 1);
    const second = await gameOfPlan(world, await plan(world, s.owner, s, [s.ids[0], 0, 0, 0]));
    await a.next((m) => m.op === 'game_start' && m.game_uuid === second, 0);
    world.clock.advance(CHAT_LIMITS.FLOOD_WINDOW_S);
    expect(await a.ask({ op: 'stamp', game_uuid: second, stamp: 1 }, isError)).toMatchObject({
      code: 2512,
      reason: 'stamps_off',
    });
    await world.app.deps.games.terminate(second);
    for (const link of [a, b]) await link.close();
  });
});
