import type { AddressInfo } from 'node:net';
import type { PlayerLinkOut } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TIMING } from '../../src/games/player-link';
import { eventually, gameOfPlan, plan, recordOf, seasonWithRoster, type World } from '../support/games';
import { LinkClient, type LinkMessage } from '../support/link-client';
import type { Organiser } from '../support/world';
import { startWorld } from '../support/world';

// The player link (`GET /api/player/link`, WebSocket) through a listening server and a real WebSocket client:
// authentication by the first message, the season lobby and readiness, a whole game played as a human seat,
// a player coming back mid-game, and the link's limits.

LINK_TIMING.authMs = 2000;
LINK_TIMING.heartbeatMs = 300;

let world: World;
let base: string;
beforeAll(async () => {
  world = await startWorld();
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
});
afterAll(() => world.close());

type Message = LinkMessage;
type GameMessage = Extract<PlayerLinkOut, { op: 'game_message' }>;

/** The tests' link client (test/support/link-client.ts) on this file's server. */
type Client = LinkClient;
const Client = {
  open: (path?: string, options?: { autoPong?: boolean }) => LinkClient.open(base, path, options),
  as: (who: Organiser, path?: string) => LinkClient.as(base, who, path),
};

const isError = (m: Message) => m.op === 'error';
const readyOf = (s: { unique_id: number; season_id: number }) =>
  world.app.deps.games.presence.readyOf(s.unique_id, s.season_id).map((r) => r.accountId);

describe('player link: authentication', () => {
  it('a link that sends nothing is closed with 4401 once the auth time is over', async () => {
    const client = await Client.open();
    expect((await client.closed).code).toBe(4401);
  });

  it('a bad token is answered 2505 and the link closed with 4401', async () => {
    const client = await Client.open();
    client.send({ op: 'auth', token: '00000000-0000-4000-8000-000000000000' });
    expect(await client.next(isError)).toMatchObject({ op: 'error', code: 2505 });
    expect((await client.closed).code).toBe(4401);
  });

  it('any other message before auth is answered 2505 and closes the link', async () => {
    const client = await Client.open();
    client.send({ op: 'ping' });
    expect(await client.next(isError)).toMatchObject({ code: 2505 });
    expect((await client.closed).code).toBe(4401);
  });

  it('a valid token is answered `authed` with the account, under both prefixes', async () => {
    const who = await world.organiser();
    for (const path of ['/api/player/link', '/api/contest_gate/api/player/link']) {
      const client = await Client.open(path);
      client.send({ op: 'auth', token: who.token });
      expect(await client.next((m) => m.op === 'authed')).toEqual({
        op: 'authed',
        account_id: who.account.id,
        nickname: who.account.nickname,
      });
      expect(await client.ask({ op: 'auth', token: who.token }, isError)).toMatchObject({ code: 2504 });
      await client.close();
    }
  });

  it('a plain GET (no upgrade) is answered 426', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/player/link' });
    expect(res.statusCode).toBe(426);
    expect(res.json().error.code).toBe(2517);
  });

  it('a link whose session ends (logout) is told 2505 and closed with 4401', async () => {
    const who = await world.organiser();
    const client = await Client.as(who);
    await world.post('/api/logout', {}, { token: who.token });
    expect(await client.next(isError, 0)).toMatchObject({ code: 2505 });
    expect((await client.closed).code).toBe(4401);
  });
});

describe('player link: messages and limits', () => {
  it('bad JSON and bad shapes are answered 2517 and the link stays open', async () => {
    const client = await Client.as(await world.organiser());
    for (const bad of [
      'not json',
      '[]',
      '{"op":"dance"}',
      '{"op":"ready","ready":"yes"}',
      '{"op":"enter"}',
    ]) {
      expect(await client.ask(bad, isError)).toMatchObject({ op: 'error', code: 2517 });
    }
    expect(
      await client.ask({ op: 'answer', game_uuid: 'x', ask_id: 1, reply: { dapai: 5 } }, isError),
    ).toMatchObject({ code: 2517 });
    expect(await client.ask({ op: 'ping' }, (m) => m.op === 'pong')).toEqual({ op: 'pong' });
    await client.close();
  });

  it('more than 50 messages within a second close the link with 4429', async () => {
    const client = await Client.as(await world.organiser());
    for (let i = 0; i < 60; i++) client.send({ op: 'ping' });
    expect((await client.closed).code).toBe(4429);
  });

  it('a message over 16 KB closes the link with 1009', async () => {
    const client = await Client.as(await world.organiser());
    client.send({ op: 'ping', pad: 'x'.repeat(17_000) });
    expect((await client.closed).code).toBe(1009);
  });

  it('a client that stops answering pings is dropped', async () => {
    const who = await world.organiser();
    const client = await Client.open('/api/player/link', { autoPong: false });
    client.send({ op: 'auth', token: who.token });
    await client.next((m) => m.op === 'authed');
    expect((await client.closed).code).toBe(1006);
    await eventually(() => !world.app.deps.games.live.linked(who.account.id), 'the link to be gone');
  });
});

describe('player link: lobby and readiness', () => {
  it('enter is refused 2540 (unregistered cannot play) to an account not on the roster, 2501 for an unknown tournament', async () => {
    const s = await seasonWithRoster(world, 1);
    const stranger = await Client.as(await world.organiser());
    const refused = await stranger.ask(
      { op: 'enter', unique_id: s.unique_id, season_id: s.season_id },
      isError,
    );
    expect(refused).toMatchObject({ code: 2540 });
    expect(
      await stranger.ask({ op: 'enter', unique_id: 2_000_000_000, season_id: 1 }, isError),
    ).toMatchObject({ code: 2501 });
    expect(await stranger.ask({ op: 'ready', ready: true }, isError)).toMatchObject({ code: 2536 });
    await stranger.close();
  });

  it('enter is refused 2507 before the season starts', async () => {
    const owner = await world.organiser({ currency: 100 });
    const { unique_id, season_id } = await world.contest(owner, {
      start_time: world.clock.now() + 30 * world.DAY,
      end_time: world.clock.now() + 40 * world.DAY,
    });
    const player = await world.organiser();
    await world.post(
      'add_contest_season_player',
      { unique_id, season_id, account_list: [player.account.id] },
      { token: owner.token },
    );
    const client = await Client.as(player);
    expect(await client.ask({ op: 'enter', unique_id, season_id }, isError)).toMatchObject({ code: 2507 });
    await client.close();
  });

  it('ready puts the player on the ready list; not ready, leaving and closing take them off', async () => {
    const s = await seasonWithRoster(world, 1);
    const [player] = s.roster;
    const client = await Client.as(player);
    expect(
      await client.ask(
        { op: 'enter', unique_id: String(s.unique_id), season_id: s.season_id },
        (m) => m.op === 'entered',
      ),
    ).toEqual({ op: 'entered', unique_id: s.unique_id, season_id: s.season_id, ready: false });
    expect(await client.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready')).toEqual({
      op: 'ready',
      ready: true,
    });
    expect(readyOf(s)).toEqual([player.account.id]);
    const list = await world.get(
      'ready_player_list',
      { unique_id: s.unique_id, season_id: s.season_id },
      {
        token: s.owner.token,
      },
    );
    expect(list.body.data.map((p: { account_id: number }) => p.account_id)).toEqual([player.account.id]);

    expect(await client.ask({ op: 'ready', ready: false }, (m) => m.op === 'ready')).toMatchObject({
      ready: false,
    });
    expect(readyOf(s)).toEqual([]);

    // Entering another season leaves the first lobby (and being ready there).
    await client.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready');
    const other = await seasonWithRoster(world, 0);
    await world.post(
      'add_contest_season_player',
      { unique_id: other.unique_id, season_id: other.season_id, account_list: [player.account.id] },
      { token: other.owner.token },
    );
    await client.ask(
      { op: 'enter', unique_id: other.unique_id, season_id: other.season_id },
      (m) => m.op === 'entered',
    );
    expect(readyOf(s)).toEqual([]);
    await client.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready');
    expect(readyOf(other)).toEqual([player.account.id]);

    await client.close();
    await eventually(() => readyOf(other).length === 0, 'the ready list to empty');
  });

  it('an account ready from two links stays ready until the last one leaves', async () => {
    const s = await seasonWithRoster(world, 1);
    const [player] = s.roster;
    const tabs = [await Client.as(player), await Client.as(await world.login(player))];
    for (const tab of tabs) {
      await tab.ask(
        { op: 'enter', unique_id: s.unique_id, season_id: s.season_id },
        (m) => m.op === 'entered',
      );
      await tab.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready');
    }
    expect(readyOf(s)).toEqual([player.account.id]);
    await tabs[0].close();
    await new Promise((r) => setTimeout(r, 100));
    expect(readyOf(s)).toEqual([player.account.id]);
    await tabs[1].close();
    await eventually(() => readyOf(s).length === 0, 'the ready list to empty');
  });
});

/** What a seat must never see: another seat's concealed hand at the deal, or another seat's drawn tile. */
function leaks(messages: { msg: Record<string, unknown> }[]): string[] {
  const found: string[] = [];
  let menfeng = -1;
  for (const { msg } of messages) {
    const qipai = msg.qipai as { shoupai: string[] } | undefined;
    if (qipai) {
      const shown = qipai.shoupai.map((h, i) => (h ? i : -1)).filter((i) => i >= 0);
      if (shown.length !== 1) found.push(`qipai shows ${shown.length} hands`);
      menfeng = shown[0];
    }
    for (const key of ['zimo', 'gangzimo']) {
      const draw = msg[key] as { l: number; p: string } | undefined;
      if (draw && draw.l !== menfeng && draw.p) found.push(`${key} of seat ${draw.l} shows ${draw.p}`);
    }
  }
  return found;
}

type TableMessage = { game_uuid: string; msg: Record<string, unknown>; ask: { id: number } | null };

/** The table messages a link received, in order: those of a `table_state`, then the live ones. */
function tableOf(client: Client): TableMessage[] {
  return client.messages.flatMap((m): TableMessage[] =>
    m.op === 'table_state'
      ? m.messages.map((t) => ({ game_uuid: m.game_uuid, ...t }))
      : m.op === 'game_message'
        ? [m]
        : [],
  );
}

/**
 * Answers every decision the link is asked from now on, and the last one it was asked before (live, or pending
 * at the end of a table state): the drawn tile is discarded, anything else passed.
 */
function autoPlay(client: Client): void {
  const answer = ({ game_uuid, msg, ask }: TableMessage) => {
    if (!ask) return;
    const draw = (msg.zimo ?? msg.gangzimo) as { p: string } | undefined;
    const reply = draw?.p ? { dapai: `${draw.p}_` } : {};
    client.send({ op: 'answer', game_uuid, ask_id: ask.id, reply });
  };
  const last = tableOf(client).at(-1);
  if (last) answer(last);
  client.onMessage = (m) => {
    if (m.op === 'game_message') answer(m);
  };
}

describe('player link: coming back to a game', () => {
  it('a player who reconnects to a paused game gets its seat and the hand from its deal, then its end', async () => {
    const s = await seasonWithRoster(world, 1);
    const [player] = s.roster;
    const first = await Client.as(player);
    await first.ask(
      { op: 'enter', unique_id: s.unique_id, season_id: s.season_id },
      (m) => m.op === 'entered',
    );
    await first.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready');
    const planUuid = await plan(world, s.owner, s, [player.account.id, 0, 0, 0], { ai_level: 0 });
    const gameUuid = await gameOfPlan(world, planUuid);
    // The player holds the first decision they are asked; the table waits for it, and is paused.
    await first.next((m) => m.op === 'game_message' && m.ask !== null, 0);
    await world.app.deps.games.pause(gameUuid);
    await first.next((m) => m.op === 'game_paused');
    await first.close();
    await eventually(() => !world.app.deps.games.live.linked(player.account.id), 'the link to go');

    const again = await Client.as(player);
    const table = (await again.next((m) => m.op === 'table_state')) as Extract<
      PlayerLinkOut,
      { op: 'table_state' }
    >;
    expect(table).toMatchObject({ game_uuid: gameUuid, paused: true });
    expect(table.messages.map((m) => Object.keys(m.msg)[0]).slice(0, 2)).toEqual(['kaiju', 'qipai']);
    expect(leaks(table.messages)).toEqual([]);

    await world.app.deps.games.terminate(gameUuid);
    expect(await again.next((m) => m.op === 'game_end')).toEqual({
      op: 'game_end',
      game_uuid: gameUuid,
      terminated: true,
    });
    await again.close();
  });
});

describe('player link: playing a game', () => {
  it(
    'a human seat plays a whole game over the link, a second link mid-game gets the table from the hand in ' +
      'progress, and no message shows another seat a concealed tile',
    async () => {
      const s = await seasonWithRoster(world, 1);
      const [player] = s.roster;
      const first = await Client.as(player);
      await first.ask(
        { op: 'enter', unique_id: s.unique_id, season_id: s.season_id },
        (m) => m.op === 'entered',
      );
      await first.ask({ op: 'ready', ready: true }, (m) => m.op === 'ready');
      autoPlay(first);

      const planUuid = await plan(world, s.owner, s, [player.account.id, 0, 0, 0], { ai_level: 0 });
      const gameUuid = await gameOfPlan(world, planUuid);
      const start = await first.next((m) => m.op === 'game_start', 0);
      expect(start).toMatchObject({
        game_uuid: gameUuid,
        unique_id: s.unique_id,
        season_id: s.season_id,
        rule: { time_fixed: expect.any(Number), time_add: expect.any(Number), fanfu: 1, emoji_switch: 0 },
      });
      const seat = start.seat as number;
      expect((start.players as { account_id: number }[])[seat].account_id).toBe(player.account.id);

      // Mid-game (the second hand has been dealt), the player comes back on another link.
      const deals = (c: Client) =>
        c.messages.filter((m) => m.op === 'game_message' && 'qipai' in (m as GameMessage).msg);
      await eventually(() => deals(first).length >= 2, 'the second hand');
      const again = await world.login(player);
      const second = await Client.open();
      second.send({ op: 'auth', token: again.token });
      const table = (await second.next((m) => m.op === 'table_state')) as Extract<
        PlayerLinkOut,
        { op: 'table_state' }
      >;
      expect(second.messages.map((m) => m.op).slice(0, 3)).toEqual(['authed', 'game_start', 'table_state']);
      expect(table).toMatchObject({ game_uuid: gameUuid, seat, paused: false });
      const hand = table.messages.filter((m) => !('kaiju' in m.msg));
      expect(Object.keys(hand[0].msg)).toEqual(['qipai']);
      expect(hand.filter((m) => 'qipai' in m.msg)).toHaveLength(1);
      expect(leaks(table.messages)).toEqual([]);
      autoPlay(second);
      await first.close();

      const end = await second.next((m) => m.op === 'game_end', 0);
      expect(end).toEqual({ op: 'game_end', game_uuid: gameUuid, terminated: false });
      await recordOf(world, gameUuid);

      const seen = [first, second].flatMap((c) =>
        c.messages.filter((m) => m.op === 'game_message').map((m) => m as GameMessage),
      );
      expect(seen.every((m) => m.seat === seat && m.game_uuid === gameUuid)).toBe(true);
      expect(leaks(tableOf(first))).toEqual([]);
      expect(leaks(tableOf(second))).toEqual([]);
      // The human seat was asked (and answered) its draws, not auto-played throughout.
      expect(seen.filter((m) => m.ask && 'zimo' in m.msg).length).toBeGreaterThan(5);
      await second.close();
    },
  );
});
