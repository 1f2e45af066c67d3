import type { AddressInfo } from 'node:net';
import { type SpectateEvent, SpectateEventWire } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECTATE_TIMING } from '../../src/games/spectate-stream';
import { EventStream } from '../support/event-stream';
import { gameOfPlan, makeReady, plan, recordOf, seasonWithRoster, type World } from '../support/games';
import { PlayerClient, tableMessages } from '../support/table-player';
import type { Organiser } from '../support/world';
import { startWorld } from '../support/world';

// Watching a running game (`GET /api/contest/spectate_game`, text/event-stream) through a listening server:
// who may watch, the delay held on the server, every seat's hand open to spectators and never to another seat,
// and a spectator who loses the right to watch being cut off.

SPECTATE_TIMING.keepAliveMs = 200;
SPECTATE_TIMING.recheckMs = 60_000;

/** The delay the tests' tournaments set (seconds). */
const DELAY = 1;

let world: World;
let base: string;
beforeAll(async () => {
  world = await startWorld();
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(world.app.server.address() as AddressInfo).port}`;
});
afterAll(() => world.close());

/** An event as the spectator received it, with the time it arrived (ms). */
type Received = { event: SpectateEvent; receivedAt: number };

/** A spectator stream, every event kept with its arrival time. */
class Spectator {
  readonly received: Received[] = [];
  private seen = 0;

  private constructor(readonly stream: EventStream) {}

  static async open(token: string, query: Record<string, unknown>): Promise<Spectator | Response> {
    const stream = await EventStream.open(base, token, query, '/api/contest/spectate_game');
    return stream instanceof EventStream ? new Spectator(stream) : stream;
  }

  /** Events so far (parsed against the protocol's schema), each with the time it arrived. */
  events(): SpectateEvent[] {
    for (; this.seen < this.stream.frames.length; this.seen++) {
      const frame = this.stream.frames[this.seen];
      if ('data' in frame)
        this.received.push({
          event: SpectateEventWire.parse(JSON.parse(frame.data)),
          receivedAt: this.stream.arrivals[this.seen],
        });
    }
    return this.received.map((r) => r.event);
  }

  async until(check: (events: SpectateEvent[]) => boolean, what: string): Promise<void> {
    await this.stream.until(() => check(this.events()), what);
  }
}

/** The code of a refusal's JSON body. */
async function errorOf(response: Spectator | Response): Promise<number> {
  if (response instanceof Spectator) throw new Error('a stream opened where a refusal was expected');
  return ((await response.json()) as { error: { code: number } }).error.code;
}

async function setting(s: { unique_id: number; owner: Organiser }, setting: Record<string, unknown>) {
  const res = await world.post(
    'update_contest_base',
    { unique_id: s.unique_id, setting },
    { token: s.owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/**
 * A tournament with the delay set, an observer on its roster (observers on), and a game of its one roster player
 * with three robots, running; the player's link answers every decision until `holdWhen` holds.
 */
async function runningGame(holdWhen: PlayerClient['holdWhen'] = () => true) {
  const s = await seasonWithRoster(world, 1);
  const observer = await world.organiser();
  const listed = await world.post(
    'set_observer_list',
    { unique_id: s.unique_id, add_list: [observer.account.id], remove_list: [] },
    { token: s.owner.token },
  );
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  await setting(s, { observer_switch: 1, spectate_delay: DELAY });
  const player = new PlayerClient(base.replace(/^http/, 'ws'), s.roster[0].token);
  player.holdWhen = holdWhen;
  await player.until((m) => (m.some((x) => x.op === 'authed') ? true : undefined));
  makeReady(world, s.unique_id, s.season_id, s.ids);
  const planUuid = await plan(world, s.owner, s, [s.ids[0], 0, 0, 0], { ai_level: 0 });
  const uuid = await gameOfPlan(world, planUuid);
  const query = { unique_id: s.unique_id, uuid };
  return { ...s, observer, player, uuid, query };
}

const seatEvents = (events: SpectateEvent[]) => events.flatMap((e) => (e.type === 'seat' ? [e] : []));

describe('spectating a running game', () => {
  it('the settings: delay 0–600 (120 unless set), public spectating off unless set', async () => {
    const s = await seasonWithRoster(world, 0);
    const detail = await world.get(
      'fetch_contest_detail',
      { unique_id: s.unique_id },
      { token: s.owner.token },
    );
    expect(detail.body.data).toMatchObject({ spectate_delay: 120, public_spectating: 0 });
    for (const bad of [-1, 601, 1.5]) {
      const res = await world.post(
        'update_contest_base',
        { unique_id: s.unique_id, setting: { spectate_delay: bad } },
        { token: s.owner.token },
      );
      expect(res.body.error?.code, String(bad)).toBe(2517);
    }
    expect(await setting(s, { spectate_delay: 600, public_spectating: 1 })).toMatchObject({
      spectate_delay: 600,
      public_spectating: 1,
    });
  });

  it('a spectator connected at t sees nothing younger than t − delay, every seat with its hand open, then the end', async () => {
    // The player plays on until it has seen some of the first hand, then keeps the table waiting.
    const g = await runningGame((m) => tableMessages(m).length >= 30);
    const spectator = (await Spectator.open(g.observer.token, g.query)) as Spectator;
    expect(spectator).toBeInstanceOf(Spectator);
    await spectator.until((e) => e.length > 0, 'hello');
    const [hello] = spectator.events();
    expect(hello).toMatchObject({ type: 'hello', delay: DELAY, uuid: g.uuid });
    if (hello.type !== 'hello') throw new Error('hello first');
    expect(hello.seats.map((s) => s.account_id)).toEqual([g.ids[0], 0, 0, 0]);
    expect(hello.seats.map((s) => s.nickname).slice(1)).toEqual(['Robot 1', 'Robot 2', 'Robot 3']);

    // Every seat's deal arrives, each showing that seat's own hand.
    await spectator.until(
      (e) =>
        new Set(
          seatEvents(e)
            .filter((x) => 'qipai' in x.msg)
            .map((x) => x.seat),
        ).size === 4,
      'the four deals',
    );
    // (A deal lists the hands by wind; each seat sees its own hand only.)
    const deals = seatEvents(spectator.events()).filter((x) => 'qipai' in x.msg);
    const ownHands = deals.map((deal) => {
      const open = (deal.msg.qipai as { shoupai: string[] }).shoupai.flatMap((h, i) => (h ? [i] : []));
      expect(open, `seat ${deal.seat}`).toHaveLength(1);
      return open[0];
    });
    expect(new Set(ownHands.slice(0, 4)).size).toBe(4);

    // Nothing arrived before its time at the table plus the delay.
    for (const { event, receivedAt } of spectator.received) {
      if (event.type === 'seat') expect(event.at + DELAY * 1000).toBeLessThanOrEqual(receivedAt);
    }

    // A second spectator arriving now is sent the opening and the hand so far first, nothing younger than t − delay.
    const late = (await Spectator.open(g.owner.token, g.query)) as Spectator;
    await late.until((e) => seatEvents(e).length >= 5, 'the catch-up');
    const caughtUp = seatEvents(late.events());
    expect(caughtUp.slice(0, 4).map((x) => Object.keys(x.msg)[0])).toEqual([
      'kaiju',
      'kaiju',
      'kaiju',
      'kaiju',
    ]);
    expect(Object.keys(caughtUp[4].msg)[0]).toBe('qipai');
    for (const { event, receivedAt } of late.received) {
      if (event.type === 'seat') expect(event.at + DELAY * 1000).toBeLessThanOrEqual(receivedAt);
    }

    // The game ends: spectators are told after the delay, and their streams close.
    const ended = Date.now();
    const res = await world.post(
      'terminate_contest_running_game',
      { unique_id: g.unique_id, uuid: g.uuid },
      { token: g.owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await spectator.stream.ended;
    spectator.events();
    const last = spectator.received.at(-1);
    expect(last?.event.type).toBe('ended');
    expect((last?.receivedAt ?? 0) - ended).toBeGreaterThanOrEqual(DELAY * 1000 - 50);
    await late.stream.ended;

    // The player's seat was shown exactly as the player's link carried it, in order, without decision asks.
    const seat0 = seatEvents(spectator.events()).filter((x) => x.seat === 0);
    expect(seat0.map((x) => x.msg)).toEqual(tableMessages(g.player.messages));
    expect(seat0.every((x) => !('ask' in x))).toBe(true);
    g.player.close();
  });

  it("a seated player's link never carries another seat's concealed tiles, over a whole game", async () => {
    const g = await runningGame(null);
    // The player may not watch their own game: a seat never receives spectator data.
    expect(await errorOf(await Spectator.open(g.roster[0].token, g.query))).toBe(2529);
    await recordOf(world, g.uuid);
    await g.player.until((m) => (tableMessages(m).some((x) => x.jieju) ? true : undefined));
    const messages = tableMessages(g.player.messages);
    // The deal lists hands by wind: the player's own (its wind this hand) is the only one shown, and another
    // wind's draws come without their tile.
    let own = -1;
    let deals = 0;
    for (const m of messages) {
      const qipai = m.qipai as { shoupai: string[] } | undefined;
      if (qipai) {
        deals++;
        const shown = qipai.shoupai.flatMap((hand, i) => (hand ? [i] : []));
        expect(shown).toHaveLength(1);
        own = shown[0];
      }
      const draw = (m.zimo ?? m.gangzimo) as { l: number; p: string } | undefined;
      if (draw) expect(draw.p === '', JSON.stringify(draw)).toBe(draw.l !== own);
    }
    expect(deals).toBeGreaterThan(1);
    g.player.close();
  });

  it('refusals: observers off 2557, a stranger 2529, public spectating lets anyone logged in watch', async () => {
    const g = await runningGame();
    const stranger = await world.organiser();
    expect(await errorOf(await Spectator.open(stranger.token, g.query))).toBe(2529);
    const anonymous = (await EventStream.open(
      base,
      undefined,
      g.query,
      '/api/contest/spectate_game',
    )) as Response;
    expect(anonymous.status).toBe(401);
    const unknown = { ...g.query, uuid: '00000000-0000-4000-8000-000000000000' };
    expect(await errorOf(await Spectator.open(g.owner.token, unknown))).toBe(2517);

    await setting(g, { observer_switch: 0 });
    expect(await errorOf(await Spectator.open(g.observer.token, g.query))).toBe(2557);

    // The lobby lists the running games to those who may watch them, and to nobody else.
    const watchable = async (token: string) => {
      const lobby = await world.get(
        'fetch_season_lobby',
        { unique_id: g.unique_id, season_id: g.season_id },
        { token },
      );
      expect(lobby.status, JSON.stringify(lobby.body)).toBe(200);
      return lobby.body.data.watchable as { game_uuid: string }[] | null;
    };
    expect(await watchable(stranger.token)).toBeNull();
    expect(await watchable(g.observer.token)).toBeNull();
    expect((await watchable(g.owner.token))?.map((x) => x.game_uuid)).toEqual([g.uuid]);

    await setting(g, { public_spectating: 1 });
    expect((await watchable(stranger.token))?.map((x) => x.game_uuid)).toEqual([g.uuid]);
    const watching = (await Spectator.open(stranger.token, g.query)) as Spectator;
    await watching.until((e) => e.some((x) => x.type === 'hello'), 'hello');
    // Public spectating turned off again: the stranger is cut off.
    await setting(g, { public_spectating: 0 });
    await watching.stream.ended;
    expect(watching.events().at(-1)).toEqual({ type: 'closed', code: 2529 });
    g.player.close();
  });

  it('a spectator whose observer role is removed is cut off', async () => {
    const g = await runningGame();
    const before = world.app.deps.games.spectators.openStreams;
    const spectator = (await Spectator.open(g.observer.token, g.query)) as Spectator;
    await spectator.until((e) => e.some((x) => x.type === 'hello'), 'hello');
    const removed = await world.post(
      'set_observer_list',
      { unique_id: g.unique_id, add_list: [], remove_list: [g.observer.account.id] },
      { token: g.owner.token },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await spectator.stream.ended;
    expect(spectator.events().at(-1)).toEqual({ type: 'closed', code: 2529 });
    expect(world.app.deps.games.spectators.openStreams).toBe(before);
    g.player.close();
  });
});
