import {
  applyMessage,
  emptyTable,
  handOver,
  type SeatMessage,
  type TableState,
} from '../table/model/tableState';
import type { ShownResults } from '../table/useTable';

// A watched game, rebuilt from the spectator stream (`spectate_game`): after its `hello`, each `seat` event is the
// message one seat's player link carried, so every seat's view is the table model fed that seat's messages, and
// the spectator's table is one seat's view with every other seat's concealed tiles taken from that seat's own
// view. The stream starts at the current hand (or the game's opening), already held back by the delay.

export interface WatchSeat {
  seat: number;
  account_id: number;
  nickname: string;
}

export interface WatchHello {
  type: 'hello';
  /** Seconds the stream is held behind the table. */
  delay: number;
  seats: WatchSeat[];
  uuid: string;
  rule?: Record<string, unknown>;
}

export type SpectatorEvent =
  | WatchHello
  | { type: 'seat'; seat: number; msg: SeatMessage; at: number }
  | { type: 'ended' }
  /** The spectator may watch no more (logged out, the right to watch taken away): the stream closes. */
  | { type: 'closed'; code: number };

export interface WatchState {
  hello: WatchHello;
  players: number;
  /** Each seat's view of the table, from its own messages. */
  views: TableState[];
  /** When the last event shown happened at the table (ms epoch), or null before any. */
  lastAt: number | null;
  /** The results of the hand that ended last (read off the first seat's view). */
  lastResults: ShownResults | null;
  ended: boolean;
}

/** Reads one `data:` line of the stream: a spectator event, or null for anything else. */
export function spectatorEventOf(data: string): SpectatorEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (json === null || typeof json !== 'object') return null;
  const e = json as Record<string, unknown>;
  if (e.type === 'hello' && typeof e.delay === 'number' && Array.isArray(e.seats)) return e as never;
  if (e.type === 'seat' && typeof e.seat === 'number' && e.msg !== null && typeof e.msg === 'object')
    return { type: 'seat', seat: e.seat, msg: e.msg as SeatMessage, at: Number(e.at) || 0 };
  if (e.type === 'ended') return { type: 'ended' };
  if (e.type === 'closed' && typeof e.code === 'number') return { type: 'closed', code: e.code };
  return null;
}

/** The watch of a game as its `hello` opens it: every seat's view empty, named by the seats. */
export function startWatch(hello: WatchHello): WatchState {
  const players = hello.seats.length === 3 ? 3 : 4;
  const names = Array.from({ length: players }, (_, seat) => nameAt(hello, seat));
  return {
    hello,
    players,
    views: Array.from({ length: players }, (_, seat) => emptyTable(players, seat, names)),
    lastAt: null,
    lastResults: null,
    ended: false,
  };
}

function nameAt(hello: WatchHello, seat: number): string {
  return hello.seats.find((s) => s.seat === seat)?.nickname ?? '';
}

/**
 * The opening a seat's view needs when its stream starts at a deal rather than at the game's opening: the seat
 * wind of the seat is the only hand its deal shows, which gives the first dealer.
 */
function openingFor(view: TableState, seat: number, deal: Record<string, unknown>): SeatMessage {
  const hands = (deal.shoupai as string[] | undefined) ?? [];
  const jushu = Number(deal.jushu) || 0;
  const wind = hands.findIndex((h) => typeof h === 'string' && h !== '' && !/^_+$/.test(h));
  const n = view.players;
  const qijia = wind < 0 ? 0 : (((seat - jushu - wind) % n) + 2 * n) % n;
  return { kaiju: { id: seat, qijia, player: view.names, rule: null } };
}

/** Applies one event of the stream; a `hello` (a reconnection) starts the watch over. */
export function applySpectatorEvent(state: WatchState | null, event: SpectatorEvent): WatchState | null {
  if (event.type === 'hello') return startWatch(event);
  if (!state) return null;
  if (event.type === 'ended') return { ...state, ended: true };
  if (event.type === 'closed') return state;
  const { seat, msg } = event;
  const view = state.views[seat];
  if (!view) return state;
  let next = view;
  if (!view.started) {
    // A seat's messages before its opening or its first deal cannot be placed.
    if ('qipai' in msg)
      next = applyMessage(next, openingFor(view, seat, msg.qipai as Record<string, unknown>));
    else if (!('kaiju' in msg)) return { ...state, lastAt: event.at || state.lastAt };
  }
  next = applyMessage(next, msg);
  // The opening names the seats as the table does; the spectator names them by the stream's seats.
  if ('kaiju' in msg)
    next = {
      ...next,
      mySeat: seat,
      seats: next.seats.map((s, i) => ({ ...s, name: view.seats[i]?.name || s.name })),
    };
  const views = state.views.map((v, i) => (i === seat ? next : v));
  let lastResults = state.lastResults;
  if (seat === 0 && next.results !== view.results && next.results.length > 0) {
    lastResults = {
      key: `${next.hands}:${next.results.length}`,
      results: next.results,
      scoresBefore: next.seats.map((s) => s.score),
      over: handOver(next),
    };
  }
  return { ...state, views, lastAt: event.at || state.lastAt, lastResults };
}

/**
 * The table with every hand open, seen from `bottom`: that seat's view, each other seat's hand as its own view
 * holds it (the same discards and melds, its concealed tiles known).
 */
export function openTable(state: WatchState, bottom: number): TableState {
  const base = state.views[bottom] ?? state.views[0];
  return {
    ...base,
    mySeat: bottom,
    seats: base.seats.map((s, seat) => {
      const own = state.views[seat];
      return own?.started && seat !== bottom ? { ...s, hand: own.seats[seat].hand } : s;
    }),
  };
}
