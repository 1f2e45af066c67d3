import type { ChuanmaMessage } from '@taikai/engine';

// One seat's chuanma table (Sichuan bloody battle), followed message by message from the engine's seat messages
// (engine README "Chuanma", "Messages"): seats are absolute (0–3), what a seat is shown is what it may know.

export type Suit = 'm' | 'p' | 's';
export const SUITS: readonly Suit[] = ['m', 'p', 's'];

export interface ChuanmaMeld {
  type: 'peng' | 'minggang' | 'angang' | 'bugang';
  tile: string;
}

/** A fan of a win as the engine scores it: its id, the fan it adds, how many times (roots). */
export interface ChuanmaFan {
  id: string;
  fan: number;
  count: number;
}

/** A win in the hand in progress. Another seat's hand and fan stay hidden (undefined) until the hand ends. */
export interface ChuanmaWinner {
  seat: number;
  /** The discarder (the robbed player for a robbed kong); null for a self-draw. */
  from: number | null;
  p: string;
  /** 1 for the hand's first winner, … */
  order: number;
  /** What the winner received for this win. */
  received: number;
  fan?: number;
  fans?: ChuanmaFan[];
  shoupai?: string[];
  melds?: ChuanmaMeld[];
}

export interface ChuanmaSeatState {
  /** Own concealed tiles (sorted); empty for the others. */
  hand: string[];
  /** Concealed tiles held (the others' too). */
  count: number;
  melds: ChuanmaMeld[];
  discards: string[];
  score: number;
}

/** A win as the hand's end shows it: the hand, the fan list, the capped fan and the points per payer. */
export interface ChuanmaWin {
  seat: number;
  from: number | null;
  p: string;
  fan: number;
  points: number;
  fans: ChuanmaFan[];
  shoupai: string[];
  melds: ChuanmaMeld[];
}

/** A finished hand as `jiesuan` shows it: every hand, every win with its fan, the payments and deltas. */
export interface ChuanmaHandResult {
  hand: number;
  hands: { shoupai: string[]; melds: ChuanmaMeld[] }[];
  wins: ChuanmaWin[];
  deltas: number[];
  scores: number[];
  bust: number[] | null;
  /** The wall ran out (a `pingju` came before). */
  exhausted: boolean;
}

export interface ChuanmaTableState {
  mySeat: number;
  /** Hands in the game (4 or 8), from `kaiju`. */
  hands: number;
  huansanzhang: boolean;
  /** The hand in progress, from 0; -1 before the first deal. */
  hand: number;
  dealer: number;
  left: number;
  seats: ChuanmaSeatState[];
  /** Void suits by seat, once named. */
  voids: (Suit | null)[];
  exchange: { direction: string; out: string[]; in: string[] } | null;
  winners: ChuanmaWinner[];
  /** The seat to play, or who discarded last. */
  turn: number;
  lastDiscard: { seat: number; p: string } | null;
  /** The wall ran out in the hand in progress (`pingju`). */
  exhausted: boolean;
  /** The last finished hand's result (until the next deal). */
  result: ChuanmaHandResult | null;
  /** Every finished hand's result. */
  results: ChuanmaHandResult[];
  /** Final scores by seat, once the game is over. */
  final: number[] | null;
}

const SUIT_ORDER: Record<string, number> = { m: 0, p: 1, s: 2 };

/** Tiles in suit and number order. */
export function sortTiles(tiles: readonly string[]): string[] {
  return tiles
    .slice()
    .sort((a, b) => SUIT_ORDER[a[0]] - SUIT_ORDER[b[0]] || Number(a.slice(1)) - Number(b.slice(1)));
}

function without(hand: readonly string[], tiles: readonly string[]): string[] {
  const out = hand.slice();
  for (const t of tiles) {
    const i = out.indexOf(t);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

export function emptyChuanma(mySeat: number): ChuanmaTableState {
  return {
    mySeat,
    hands: 4,
    huansanzhang: false,
    hand: -1,
    dealer: 0,
    left: 0,
    seats: [0, 1, 2, 3].map(() => ({ hand: [], count: 0, melds: [], discards: [], score: 0 })),
    voids: [null, null, null, null],
    exchange: null,
    winners: [],
    turn: 0,
    lastDiscard: null,
    exhausted: false,
    result: null,
    results: [],
    final: null,
  };
}

function withSeat(
  state: ChuanmaTableState,
  seat: number,
  change: (s: ChuanmaSeatState) => ChuanmaSeatState,
): ChuanmaSeatState[] {
  return state.seats.map((s, i) => (i === seat ? change(s) : s));
}

function withScores(seats: ChuanmaSeatState[], scores: readonly number[] | undefined): ChuanmaSeatState[] {
  return scores ? seats.map((s, i) => ({ ...s, score: scores[i] ?? s.score })) : seats;
}

/** The table after one more message (the state is never changed in place). */
export function applyChuanma(state: ChuanmaTableState, msg: ChuanmaMessage): ChuanmaTableState {
  const me = state.mySeat;
  if (msg.kaiju) {
    return {
      ...emptyChuanma(msg.kaiju.id),
      hands: msg.kaiju.hands,
      huansanzhang: msg.kaiju.rule.huansanzhang === 1,
    };
  }
  if (msg.qipai) {
    const q = msg.qipai;
    return {
      ...state,
      hand: q.hand,
      dealer: q.dealer,
      left: q.left,
      seats: state.seats.map((_, seat) => ({
        hand: seat === me ? sortTiles(q.shoupai) : [],
        count: 13,
        melds: [],
        discards: [],
        score: q.scores[seat] ?? 0,
      })),
      voids: [null, null, null, null],
      exchange: null,
      winners: [],
      turn: q.dealer,
      lastDiscard: null,
      exhausted: false,
      result: null,
    };
  }
  if (msg.huanpai) {
    const h = msg.huanpai;
    return {
      ...state,
      exchange: { direction: h.direction, out: h.out, in: h.in },
      seats: withSeat(state, me, (s) => ({ ...s, hand: sortTiles([...without(s.hand, h.out), ...h.in]) })),
    };
  }
  if (msg.que) return { ...state, voids: msg.que.voids.slice() as Suit[] };
  if (msg.zimo) {
    const z = msg.zimo;
    let seats = withSeat(state, z.seat, (s) => ({
      ...s,
      count: s.count + 1,
      hand: z.seat === me && z.p ? sortTiles([...s.hand, z.p]) : s.hand,
    }));
    seats = withScores(seats, z.pay?.scores);
    return { ...state, seats, left: z.left, turn: z.seat, lastDiscard: null };
  }
  if (msg.dapai) {
    const d = msg.dapai;
    const seats = withSeat(state, d.seat, (s) => ({
      ...s,
      count: s.count - 1,
      hand: d.seat === me ? without(s.hand, [d.p]) : s.hand,
      discards: [...s.discards, d.p],
    }));
    return { ...state, seats, turn: d.seat, lastDiscard: { seat: d.seat, p: d.p } };
  }
  if (msg.peng) {
    const c = msg.peng;
    let seats = withSeat(state, c.from, (s) => ({ ...s, discards: s.discards.slice(0, -1) }));
    seats = seats.map((s, i) =>
      i === c.seat
        ? {
            ...s,
            count: s.count - 2,
            hand: c.seat === me ? without(s.hand, [c.p, c.p]) : s.hand,
            melds: [...s.melds, { type: 'peng' as const, tile: c.p }],
          }
        : s,
    );
    return { ...state, seats, turn: c.seat, lastDiscard: null };
  }
  if (msg.gang) {
    const g = msg.gang;
    let seats = state.seats;
    if (g.type === 'minggang' && g.from !== undefined) {
      seats = withSeat(state, g.from, (s) => ({ ...s, discards: s.discards.slice(0, -1) }));
    }
    const used = g.type === 'minggang' ? 3 : g.type === 'angang' ? 4 : 1;
    seats = seats.map((s, i) => {
      if (i !== g.seat) return s;
      const melds =
        g.type === 'bugang'
          ? s.melds.map((m) =>
              m.type === 'peng' && m.tile === g.p ? { type: 'bugang' as const, tile: g.p } : m,
            )
          : [...s.melds, { type: g.type, tile: g.p }];
      return {
        ...s,
        count: s.count - used,
        hand: g.seat === me ? without(s.hand, Array(used).fill(g.p)) : s.hand,
        melds,
      };
    });
    seats = withScores(seats, g.pay?.scores);
    return { ...state, seats, turn: g.seat, lastDiscard: null };
  }
  if (msg.hule) {
    const h = msg.hule;
    let seats = withScores(state.seats, h.scores);
    if (h.qianggang) {
      // The robbed kong goes back to a pung.
      const from = h.wins[0]?.from;
      if (from !== null && from !== undefined) {
        const p = h.wins[0].p;
        seats = seats.map((s, i) =>
          i === from
            ? {
                ...s,
                melds: s.melds.map((m) =>
                  m.type === 'bugang' && m.tile === p ? { type: 'peng' as const, tile: p } : m,
                ),
              }
            : s,
        );
      }
    }
    const winners = state.winners.slice();
    for (const w of h.wins) {
      const received = h.payments.filter((p) => p.to === w.seat).reduce((sum, p) => sum + p.amount, 0);
      winners.push({
        seat: w.seat,
        from: w.from,
        p: w.p,
        order: winners.length + 1,
        received,
        fan: w.fan,
        fans: w.fans as ChuanmaFan[] | undefined,
        shoupai: w.shoupai,
        melds: w.melds as ChuanmaMeld[] | undefined,
      });
    }
    // A ron takes the discard from its river.
    const ron = h.wins.find((w) => w.from !== null && !h.qianggang);
    if (ron && ron.from !== null && state.lastDiscard?.seat === ron.from) {
      seats = seats.map((s, i) => (i === ron.from ? { ...s, discards: s.discards.slice(0, -1) } : s));
    }
    return { ...state, seats, winners, lastDiscard: null };
  }
  if (msg.pingju) return { ...state, exhausted: true, seats: withScores(state.seats, msg.pingju.scores) };
  if (msg.jiesuan) {
    const j = msg.jiesuan;
    const result: ChuanmaHandResult = {
      hand: state.hand,
      hands: j.hands.map((h) => ({ shoupai: sortTiles(h.shoupai), melds: h.melds as ChuanmaMeld[] })),
      wins: j.wins.map((w) => ({
        seat: w.seat,
        from: w.from,
        p: w.p,
        fan: w.fan,
        points: w.points,
        fans: w.fans as ChuanmaFan[],
        shoupai: w.shoupai,
        melds: w.melds as ChuanmaMeld[],
      })),
      deltas: j.deltas.slice(),
      scores: j.scores.slice(),
      bust: j.bust,
      exhausted: state.exhausted,
    };
    return {
      ...state,
      seats: withScores(state.seats, j.scores),
      result,
      results: [...state.results, result],
    };
  }
  if (msg.jieju)
    return { ...state, final: msg.jieju.scores.slice(), seats: withScores(state.seats, msg.jieju.scores) };
  return state;
}

/** The table of a whole feed of messages. */
export function chuanmaStateOf(messages: readonly ChuanmaMessage[], mySeat: number): ChuanmaTableState {
  return messages.reduce(applyChuanma, emptyChuanma(mySeat));
}
