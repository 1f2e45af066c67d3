import type { Shoupai } from '@kobalab/majiang-core';
import { Majiang } from '@taikai/engine/player-view';

// The table as one seat sees it, rebuilt from the seat's messages (`table_state`, then `game_message`s) by a pure
// reducer: every message gives a new state and leaves the previous one as it was. Seats are the game's seats
// (0 = first dealer), which stay put from hand to hand; the messages' `l` is the seat wind in the hand (0 = the
// dealer), turned into a seat with `seatOf`.

/** One discard in a river. */
export interface RiverTile {
  /** The tile (`m0` a red five). */
  p: string;
  /** Laid sideways: the riichi declaration (or the next tile, if that one was called). */
  sideways: boolean;
  /** Taken by a call: shown dimmed. */
  called: boolean;
  /** The drawn tile discarded (tsumogiri). */
  tsumogiri: boolean;
}

export interface SeatState {
  /** Shown name (the record's nickname, or a robot's). */
  name: string;
  score: number;
  /** Seat wind in this hand: 0 east … 3 north. */
  wind: number;
  /** The hand in the engine's notation: concealed tiles (`_` unseen) and melds. */
  hand: Shoupai;
  river: RiverTile[];
  riichi: boolean;
  /** A riichi declared on a discard that turned the next river tile sideways (the declared one was called). */
  sidewaysPending: boolean;
  /** Norths set aside (three players). */
  kita: number;
}

/** How a hand ended, for the result screen. */
export type HandResult =
  | {
      kind: 'win';
      /** The winner's seat and, for a ron, the seat that dealt in (null for tsumo). */
      seat: number;
      from: number | null;
      hand: string;
      /** Yaku: name as the engine gives it (Japanese), han or a yakuman mark (`*` / `**`). */
      yaku: { name: string; han: number | string }[];
      fu: number;
      han: number;
      /** Yakuman multiple (0 when not a yakuman). */
      yakuman: number;
      points: number;
      dora: string[];
      uraDora: string[];
      /** Score changes by seat. */
      deltas: number[];
    }
  | {
      kind: 'draw';
      /** The engine's name of the draw (荒牌平局, 九種九牌, …). */
      name: string;
      /** Hands shown (tenpai), by seat; '' where not shown. */
      hands: string[];
      deltas: number[];
    };

/**
 * Xuezhandaodi (bloody end): the exchange of the hand and its winners. Winners leave the hand, which goes on
 * until three have won, a score goes below zero, or the wall ends.
 */
export interface XuezhanHand {
  /** The exchange asked before the deal (`{ huan: { shoupai, direction } }`), until the deal comes. */
  asked: { direction: string } | null;
  /** This seat's part of the exchange, as the deal gives it (`qipai.huan`). */
  exchange: { direction: string; given: string[]; received: string[] } | null;
  /** Seats that have won this hand, in the order they won. */
  winners: number[];
  /** The hand has ended (its third win, a bust, or a draw): its result is due. */
  over: boolean;
}

const XUEZHAN_START: XuezhanHand = { asked: null, exchange: null, winners: [], over: false };

export interface TableState {
  /** Seats at the table: 4, or 3 for three-player. */
  players: number;
  /** This player's seat. */
  mySeat: number;
  /** The rules engine's rule of the table (`kaiju.rule`), for the judgements. */
  rule: Record<string, unknown> | null;
  names: string[];
  qijia: number;
  started: boolean;
  /** Hands dealt so far (the number of `qipai` seen since the start or the last resync). */
  hands: number;
  /** Round wind (0 east, 1 south, 2 west), hand in the round (0 = first), honba, riichi sticks on the table. */
  round: { wind: number; hand: number; honba: number; sticks: number };
  dora: string[];
  tilesLeft: number;
  seats: SeatState[];
  /** Whose turn it is (a seat), or null between hands. */
  turn: number | null;
  /** The last discard, while it may still be called. */
  lastDiscard: { seat: number; index: number } | null;
  /** The riichi just declared, whose stick goes down once the discard passes. */
  riichiPending: number | null;
  /** Results of the hand that just ended (several for a double ron); cleared by the next deal. */
  results: HandResult[];
  /** The final scores by seat, once the game has ended. */
  final: { scores: number[] } | null;
  /** A xuezhandaodi table's hand (null at other tables). */
  xuezhan: XuezhanHand | null;
}

/** A message of the seat (the engine's, only its key present) and, when a decision is due, its ask. */
export type SeatMessage = Record<string, unknown>;

const LIVE_TILES = { 4: 136 - 13 * 4 - 14, 3: 108 - 3 * 13 - 14 } as Record<number, number>;

/** The state before any message; `xuezhan`: a xuezhandaodi table. */
export function emptyTable(players = 4, mySeat = 0, names: string[] = [], xuezhan = false): TableState {
  return {
    players,
    mySeat,
    rule: null,
    names: names.slice(),
    qijia: 0,
    started: false,
    hands: 0,
    round: { wind: 0, hand: 0, honba: 0, sticks: 0 },
    dora: [],
    tilesLeft: LIVE_TILES[players] ?? 70,
    seats: Array.from({ length: players }, (_, seat) => ({
      name: names[seat] ?? '',
      score: 0,
      wind: seat,
      hand: Majiang.Shoupai.fromString(''),
      river: [],
      riichi: false,
      sidewaysPending: false,
      kita: 0,
    })),
    turn: null,
    lastDiscard: null,
    riichiPending: null,
    results: [],
    final: null,
    xuezhan: xuezhan ? XUEZHAN_START : null,
  };
}

/** The seat of seat wind `l` in the hand being played. */
export function seatOf(state: Pick<TableState, 'qijia' | 'round' | 'players'>, l: number): number {
  const n = state.players;
  return (state.qijia + state.round.hand + l) % n;
}

/** The seat wind of `seat` in the hand being played. */
export function windOf(state: Pick<TableState, 'qijia' | 'round' | 'players'>, seat: number): number {
  const n = state.players;
  return (((seat - state.qijia - state.round.hand) % n) + 2 * n) % n;
}

function withSeat(
  state: TableState,
  seat: number,
  change: (s: SeatState) => Partial<SeatState>,
): SeatState[] {
  return state.seats.map((s, i) => (i === seat ? { ...s, ...change(s) } : s));
}

/** Puts down the stick of a riichi whose discard passed (the engine's `Board.lizhi`). */
function settleRiichi(state: TableState): TableState {
  if (state.riichiPending === null) return state;
  const seat = state.riichiPending;
  return {
    ...state,
    riichiPending: null,
    round: { ...state.round, sticks: state.round.sticks + 1 },
    seats: withSeat(state, seat, (s) => ({ score: s.score - 1000 })),
  };
}

/** Applies one message of the seat to the table. Unknown messages leave it as it was. */
export function applyMessage(state: TableState, msg: SeatMessage): TableState {
  const key = Object.keys(msg)[0];
  const body = msg[key as keyof typeof msg] as Record<string, unknown>;
  switch (key) {
    case 'kaiju':
      return kaiju(state, body);
    case 'huan':
      return huan(state, body as ExchangeAsked);
    case 'qipai':
      return qipai(state, body);
    case 'zimo':
    case 'gangzimo':
      return zimo(settleRiichi(state), body as { l: number; p: string });
    case 'dapai':
      return dapai(state, body as { l: number; p: string });
    case 'fulou':
      return fulou(settleRiichi(state), body as { l: number; m: string });
    case 'gang':
      return gang(state, body as { l: number; m: string });
    case 'kaigang':
      return { ...state, dora: [...state.dora, String(body.baopai)] };
    case 'kita':
      return kita(state, body as { l: number });
    case 'hule':
      return hule(state, body);
    case 'pingju':
      return pingju(state, body as { name: string; shoupai: string[]; fenpei: number[] });
    case 'jieju':
      return jieju(state, body as { defen?: number[] });
    default:
      return state;
  }
}

/** The table after a list of messages, from `start` (an empty table by default). */
export function tableOf(messages: readonly SeatMessage[], start: TableState = emptyTable()): TableState {
  return messages.reduce(applyMessage, start);
}

function kaiju(state: TableState, body: Record<string, unknown>): TableState {
  const names = Array.isArray(body.player) ? (body.player as string[]) : state.names;
  return {
    ...state,
    mySeat: typeof body.id === 'number' ? body.id : state.mySeat,
    rule: (body.rule as Record<string, unknown>) ?? null,
    qijia: typeof body.qijia === 'number' ? body.qijia : 0,
    names: names.slice(0, state.players),
    seats: state.seats.map((s, i) => ({ ...s, name: names[i] ?? s.name })),
    started: true,
  };
}

/** A seat as a new hand begins: its wind and score, the hand it holds (`_` for a hidden tile), nothing else. */
function newHandSeat(s: SeatState, wind: number, score: number, hand: string): SeatState {
  return {
    ...s,
    score,
    wind,
    hand: Majiang.Shoupai.fromString(hand),
    river: [],
    riichi: false,
    sidewaysPending: false,
    kita: 0,
  };
}

function qipai(state: TableState, body: Record<string, unknown>): TableState {
  const q = body as {
    zhuangfeng: number;
    jushu: number;
    changbang: number;
    lizhibang: number;
    defen: number[];
    baopai: string;
    shoupai: string[];
  };
  const round = { wind: q.zhuangfeng, hand: q.jushu, honba: q.changbang, sticks: q.lizhibang };
  const next: TableState = { ...state, round };
  const seats = state.seats.map((s, seat) => {
    const l = windOf(next, seat);
    return newHandSeat(s, l, q.defen[l] ?? s.score, q.shoupai[l] || '_'.repeat(13));
  });
  return {
    ...next,
    started: true,
    hands: state.hands + 1,
    dora: [q.baopai],
    tilesLeft: LIVE_TILES[state.players] ?? 70,
    seats,
    turn: null,
    lastDiscard: null,
    riichiPending: null,
    results: [],
    final: null,
    xuezhan: state.xuezhan && {
      ...XUEZHAN_START,
      // The seat's own part (a record's deal holds every seat's tiles given, without `received`).
      exchange: isOwnExchange(body.huan) ? body.huan : null,
    },
  };
}

function isOwnExchange(huan: unknown): huan is NonNullable<XuezhanHand['exchange']> {
  return (
    typeof huan === 'object' && huan !== null && Array.isArray((huan as { received?: unknown }).received)
  );
}

/** Xuezhandaodi's exchange as asked: the dealt hand, the direction, the hand's round and the scores from the dealer. */
type ExchangeAsked = {
  shoupai: string;
  direction: string;
  zhuangfeng?: number;
  jushu?: number;
  defen?: number[];
};

/**
 * Xuezhandaodi's exchange asked before the deal: this seat's dealt hand, to choose three tiles from; the other
 * seats' hands face down and the rivers cleared, as the new hand begins, with its round and scores.
 */
function huan(state: TableState, h: ExchangeAsked): TableState {
  const round =
    h.zhuangfeng === undefined || h.jushu === undefined
      ? state.round
      : { ...state.round, wind: h.zhuangfeng, hand: h.jushu, honba: 0 };
  const next = { ...state, round };
  const seats = state.seats.map((s, seat) => {
    const l = windOf(next, seat);
    return newHandSeat(s, l, h.defen?.[l] ?? s.score, seat === state.mySeat ? h.shoupai : '_'.repeat(13));
  });
  return {
    ...next,
    seats,
    dora: [],
    tilesLeft: LIVE_TILES[state.players] ?? 70,
    turn: null,
    lastDiscard: null,
    riichiPending: null,
    xuezhan: { ...XUEZHAN_START, asked: { direction: h.direction } },
  };
}

function zimo(state: TableState, z: { l: number; p: string }): TableState {
  const seat = seatOf(state, z.l);
  return {
    ...state,
    tilesLeft: Math.max(0, state.tilesLeft - 1),
    turn: seat,
    lastDiscard: null,
    seats: withSeat(state, seat, (s) => ({ hand: s.hand.clone().zimo(z.p || '_', false) })),
  };
}

function dapai(state: TableState, d: { l: number; p: string }): TableState {
  const seat = seatOf(state, d.l);
  const riichi = d.p.endsWith('*');
  const seats = withSeat(state, seat, (s) => {
    const tile: RiverTile = {
      p: d.p.slice(0, 2),
      sideways: riichi || s.sidewaysPending,
      called: false,
      tsumogiri: d.p.slice(2).includes('_'),
    };
    return {
      hand: s.hand.clone().dapai(d.p, false),
      river: [...s.river, tile],
      riichi: s.riichi || riichi,
      sidewaysPending: false,
    };
  });
  return {
    ...state,
    turn: seat,
    seats,
    lastDiscard: { seat, index: seats[seat].river.length - 1 },
    riichiPending: riichi ? seat : null,
  };
}

function fulou(state: TableState, f: { l: number; m: string }): TableState {
  const seat = seatOf(state, f.l);
  const from = state.lastDiscard?.seat ?? null;
  let seats = state.seats;
  if (from !== null) {
    seats = seats.map((s, i) => {
      if (i !== from) return s;
      const river = s.river.slice();
      const last = river[river.length - 1];
      // A called riichi discard hands its sideways mark on to the seat's next discard.
      if (last) river[river.length - 1] = { ...last, called: true };
      return { ...s, river, sidewaysPending: s.sidewaysPending || (last?.sideways === true && s.riichi) };
    });
  }
  seats = seats.map((s, i) => (i === seat ? { ...s, hand: s.hand.clone().fulou(f.m, false) } : s));
  return { ...state, seats, turn: seat, lastDiscard: null };
}

function gang(state: TableState, g: { l: number; m: string }): TableState {
  const seat = seatOf(state, g.l);
  return {
    ...state,
    turn: seat,
    lastDiscard: null,
    seats: withSeat(state, seat, (s) => ({ hand: s.hand.clone().gang(g.m, false) })),
  };
}

function kita(state: TableState, k: { l: number }): TableState {
  const seat = seatOf(state, k.l);
  return {
    ...state,
    seats: withSeat(state, seat, (s) => ({ hand: s.hand.clone().dapai('z4', false), kita: s.kita + 1 })),
  };
}

function bySeat(state: TableState, byWind: readonly number[]): number[] {
  return state.seats.map((_, seat) => byWind[windOf(state, seat)] ?? 0);
}

function hule(state: TableState, body: Record<string, unknown>): TableState {
  const h = body as {
    l: number;
    shoupai: string;
    baojia: number | null;
    fubaopai: string[] | null;
    fu: number;
    fanshu: number;
    damanguan: number;
    defen: number;
    hupai: { name: string; fanshu: number | string }[];
    fenpei: number[];
  };
  const seat = seatOf(state, h.l);
  const result: HandResult = {
    kind: 'win',
    seat,
    from: h.baojia === null || h.baojia === undefined ? null : seatOf(state, h.baojia),
    hand: h.shoupai,
    yaku: (h.hupai ?? []).map((y) => ({ name: y.name, han: y.fanshu })),
    fu: h.fu ?? 0,
    han: h.fanshu ?? 0,
    yakuman: h.damanguan ?? 0,
    points: h.defen ?? 0,
    dora: state.dora.slice(),
    uraDora: h.fubaopai ?? [],
    deltas: bySeat(state, h.fenpei ?? []),
  };
  // A ron on a riichi declaration: the stick is not put down (xuezhandaodi: it is, when the discarder can pay it).
  const seats = withSeat(state, seat, () => ({ hand: Majiang.Shoupai.fromString(h.shoupai) }));
  const next: TableState = {
    ...state,
    seats,
    riichiPending: null,
    turn: null,
    lastDiscard: null,
    results: [...state.results, result],
  };
  if (!state.xuezhan) return next;
  const winners = [...state.xuezhan.winners, seat];
  const pending = state.riichiPending;
  const stands = pending !== null && pending === result.from && afterResults(next)[pending] >= 1000;
  const after = stands ? { ...settleRiichi({ ...next, riichiPending: pending }), riichiPending: null } : next;
  const over = winners.length >= 3 || afterResults(after).some((score) => score < 0);
  return { ...after, xuezhan: { ...state.xuezhan, winners, over } };
}

function pingju(state: TableState, p: { name: string; shoupai: string[]; fenpei: number[] }): TableState {
  // The last discard's riichi stands, unless three players won on it (sanchahou).
  const settled = p.name.startsWith('三家和') ? { ...state, riichiPending: null } : settleRiichi(state);
  const hands = settled.seats.map((_, seat) => p.shoupai[windOf(settled, seat)] ?? '');
  const seats = settled.seats.map((s, seat) =>
    hands[seat] ? { ...s, hand: Majiang.Shoupai.fromString(hands[seat]) } : s,
  );
  const result: HandResult = { kind: 'draw', name: p.name, hands, deltas: bySeat(settled, p.fenpei ?? []) };
  return {
    ...settled,
    seats,
    turn: null,
    lastDiscard: null,
    results: [...settled.results, result],
    xuezhan: settled.xuezhan && { ...settled.xuezhan, over: true },
  };
}

function jieju(state: TableState, j: { defen?: number[] }): TableState {
  const scores = Array.isArray(j.defen)
    ? state.seats.map((s, seat) => j.defen?.[seat] ?? s.score)
    : afterResults(state);
  return { ...state, turn: null, lastDiscard: null, final: { scores } };
}

/** Whether the hand's results are all in: always at riichi tables; at xuezhandaodi, once the hand is over. */
export function handOver(state: TableState): boolean {
  return state.xuezhan === null || state.xuezhan.over;
}

/** Scores once the results of the hand just ended (or, at xuezhandaodi, its wins so far) are paid. */
export function afterResults(state: TableState): number[] {
  return state.seats.map(
    (s, seat) => s.score + state.results.reduce((sum, r) => sum + (r.deltas[seat] ?? 0), 0),
  );
}
