import { Table } from '@taikai/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { handTiles } from '../table/model/notation';
import {
  applySpectatorEvent,
  openTable,
  type SpectatorEvent,
  spectatorEventOf,
  type WatchHello,
  type WatchState,
} from './watchModel';

type Msg = Record<string, unknown>;

/** A whole game of four seats that let every turn be played for them, as the stream carries it: seat by seat. */
async function streamed(seed: string): Promise<{ seat: number; msg: Msg }[]> {
  const out: { seat: number; msg: Msg }[] = [];
  const table: Table = new Table({
    tableId: 'watch-test',
    rule: {},
    roundType: 1,
    seed,
    callWindowMs: 0,
    seats: Array.from({ length: 4 }, (_, i) => ({ kind: 'player' as const, name: `p${i}` })),
    onEvent: (event) => {
      if (event.type !== 'seat_message') return;
      out.push({ seat: event.seat, msg: JSON.parse(JSON.stringify(event.msg)) as Msg });
      const ask = event.ask;
      if (ask) setTimeout(() => table.answer(event.seat, ask.id, {}), 0);
    },
  });
  table.start();
  await table.done;
  return out;
}

const hello: WatchHello = {
  type: 'hello',
  delay: 120,
  uuid: 'g',
  seats: [0, 1, 2, 3].map((seat) => ({ seat, account_id: seat + 1, nickname: `N${seat}` })),
};

const run = (events: readonly SpectatorEvent[]) =>
  events.reduce<WatchState | null>((s, e) => applySpectatorEvent(s, e), null) as WatchState;

const seatEvents = (list: { seat: number; msg: Msg }[]): SpectatorEvent[] =>
  list.map(({ seat, msg }, i) => ({ type: 'seat', seat, msg, at: 1000 + i }));

describe('a watched game rebuilt from the spectator stream', () => {
  let game: { seat: number; msg: Msg }[] = [];
  beforeAll(async () => {
    game = await streamed('3'.repeat(64));
  });

  it('shows every hand open, from whichever seat is at the bottom, after every message of a whole game', () => {
    let state = applySpectatorEvent(null, hello) as WatchState;
    let checked = 0;
    let rivers = 0;
    let dealing = false;
    for (const event of seatEvents(game)) {
      const msg = (event as { msg: Msg }).msg;
      const deal = 'qipai' in msg;
      // Before a deal every seat has heard the whole hand: the views agree on what all see.
      if (deal && !dealing && state.views[0].started) {
        for (const bottom of [1, 2, 3])
          expect(openTable(state, bottom).seats.map((s) => [s.river, s.score])).toEqual(
            openTable(state, 0).seats.map((s) => [s.river, s.score]),
          );
        rivers++;
      }
      dealing = deal;
      state = applySpectatorEvent(state, event) as WatchState;
      if (!state.views.every((v) => v.started) || 'kaiju' in msg) continue;
      // Seen from each seat in turn.
      const bottom = checked % 4;
      const table = openTable(state, bottom);
      expect(table.mySeat).toBe(bottom);
      for (const seat of table.seats) expect(handTiles(seat.hand).tiles).not.toContain('_');
      checked++;
    }
    expect(rivers).toBeGreaterThan(3);
    expect(checked).toBeGreaterThan(100);
    expect(state.views[0].final).not.toBeNull();
  });

  it('joins at a later deal as if it had watched from the opening', () => {
    const full = run([hello, ...seatEvents(game)]);
    const deals = game.map((e, i) => ('qipai' in e.msg ? i : -1)).filter((i) => i >= 0);
    expect(deals.length).toBeGreaterThan(4);
    // The stream of a spectator connected at its ninth deal message (a later hand): from that hand's first deal message.
    const joined = run([hello, ...seatEvents(game.slice(deals[8]))]);
    for (const bottom of [0, 2]) {
      const a = openTable(full, bottom);
      const b = openTable(joined, bottom);
      expect(b.round).toEqual(a.round);
      expect(b.seats.map((s) => [s.score, s.wind, s.hand.toString(), s.river])).toEqual(
        a.seats.map((s) => [s.score, s.wind, s.hand.toString(), s.river]),
      );
      expect(b.seats.map((s) => s.name)).toEqual(['N0', 'N1', 'N2', 'N3']);
    }
    expect(joined.ended).toBe(false);
    expect(run([hello, ...seatEvents(game), { type: 'ended' }]).ended).toBe(true);
  });

  it('keeps the hand results, and a new hello starts over', () => {
    const full = run([hello, ...seatEvents(game)]);
    expect(full.lastResults?.results.length).toBeGreaterThan(0);
    const again = applySpectatorEvent(full, { ...hello, delay: 5 }) as WatchState;
    expect(again.hello.delay).toBe(5);
    expect(again.views.every((v) => !v.started)).toBe(true);
  });

  it('reads only the events of the contract', () => {
    expect(spectatorEventOf('{"type":"ended"}')).toEqual({ type: 'ended' });
    expect(spectatorEventOf('{"type":"seat","seat":1,"msg":{"zimo":{"l":0,"p":"m1"}},"at":5}')).toEqual({
      type: 'seat',
      seat: 1,
      msg: { zimo: { l: 0, p: 'm1' } },
      at: 5,
    });
    expect(spectatorEventOf('{"type":"closed","code":2557}')).toEqual({ type: 'closed', code: 2557 });
    expect(spectatorEventOf('{"type":"seat","seat":1}')).toBeNull();
    expect(spectatorEventOf('not json')).toBeNull();
    expect(spectatorEventOf('{"type":"ask"}')).toBeNull();
  });
});
