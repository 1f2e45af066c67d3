import {
  type ChuanmaFan,
  type ChuanmaHandResult,
  type ChuanmaMeld,
  type ChuanmaWin,
  type Suit,
  sortTiles,
} from '../../table/chuanma/chuanmaState';

// A chuanma record (`format: 'chuanma'` of the record file: the engine's chuanma log, `paipu.log[n]` hand n's
// entries, seats absolute) replayed move by move with every hand open.

// biome-ignore lint/suspicious/noExplicitAny: entries of a record are plain JSON, read field by field
type Entry = Record<string, any>;

export interface ChuanmaReplaySeat {
  hand: string[];
  melds: ChuanmaMeld[];
  discards: string[];
  score: number;
}

export interface ChuanmaReplayState {
  hand: number;
  dealer: number;
  seats: ChuanmaReplaySeat[];
  voids: (Suit | null)[];
  /** The exchange's direction, once made. */
  exchange: string | null;
  /** Wins so far, in order (the record shows each hand and fan: a replay hides nothing). */
  wins: ChuanmaWin[];
  /** The seat that moved last. */
  turn: number;
  /** The hand's result, at its last entry. */
  result: ChuanmaHandResult | null;
}

/** Seats a tile passes on by the exchange direction: to the next seat, across, to the previous seat. */
const SHIFT: Record<string, number> = { counterclockwise: 1, opposite: 2, clockwise: 3 };

function take(hand: string[], tiles: readonly string[]): string[] {
  const out = hand.slice();
  for (const t of tiles) {
    const i = out.indexOf(t);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

/** Hand `entries` of a record replayed up to and including entry `step`. */
export function chuanmaReplayAt(entries: readonly Entry[], step: number): ChuanmaReplayState {
  let s: ChuanmaReplayState = {
    hand: 0,
    dealer: 0,
    seats: [0, 1, 2, 3].map(() => ({ hand: [], melds: [], discards: [], score: 0 })),
    voids: [null, null, null, null],
    exchange: null,
    wins: [],
    turn: 0,
    result: null,
  };
  const seatMap = (seat: number, f: (x: ChuanmaReplaySeat) => ChuanmaReplaySeat) =>
    s.seats.map((x, i) => (i === seat ? f(x) : x));
  for (const e of entries.slice(0, step + 1)) {
    if (e.qipai) {
      s = {
        ...s,
        hand: e.qipai.hand,
        dealer: e.qipai.dealer,
        turn: e.qipai.dealer,
        seats: s.seats.map((_, i) => ({
          hand: sortTiles(e.qipai.shoupai[i] ?? []),
          melds: [],
          discards: [],
          score: e.qipai.scores[i] ?? 0,
        })),
      };
    } else if (e.huan) {
      const k = SHIFT[e.huan.direction] ?? 1;
      const out: string[][] = e.huan.out;
      s = {
        ...s,
        exchange: e.huan.direction,
        seats: s.seats.map((x, i) => ({
          ...x,
          hand: sortTiles([...take(x.hand, out[i] ?? []), ...(out[(i - k + 4) % 4] ?? [])]),
        })),
      };
    } else if (e.dingque) {
      s = { ...s, voids: (e.dingque as Suit[]).slice() };
    } else if (e.zimo || e.gangzimo) {
      const z = e.zimo ?? e.gangzimo;
      s = {
        ...s,
        turn: z.seat,
        seats: seatMap(z.seat, (x) => ({ ...x, hand: sortTiles([...x.hand, z.p]) })),
      };
    } else if (e.dapai) {
      const d = e.dapai;
      s = {
        ...s,
        turn: d.seat,
        seats: seatMap(d.seat, (x) => ({ ...x, hand: take(x.hand, [d.p]), discards: [...x.discards, d.p] })),
      };
    } else if (e.peng) {
      const c = e.peng;
      s.seats = seatMap(c.from, (x) => ({ ...x, discards: x.discards.slice(0, -1) }));
      s = {
        ...s,
        turn: c.seat,
        seats: seatMap(c.seat, (x) => ({
          ...x,
          hand: take(x.hand, [c.p, c.p]),
          melds: [...x.melds, { type: 'peng', tile: c.p }],
        })),
      };
    } else if (e.gang) {
      const g = e.gang;
      if (g.type === 'minggang' && typeof g.from === 'number')
        s.seats = seatMap(g.from, (x) => ({ ...x, discards: x.discards.slice(0, -1) }));
      const used = g.type === 'minggang' ? 3 : g.type === 'angang' ? 4 : 1;
      s = {
        ...s,
        turn: g.seat,
        seats: seatMap(g.seat, (x) => ({
          ...x,
          hand: take(x.hand, Array(used).fill(g.p)),
          melds:
            g.type === 'bugang'
              ? x.melds.map((m) => (m.type === 'peng' && m.tile === g.p ? { type: 'bugang', tile: g.p } : m))
              : [...x.melds, { type: g.type, tile: g.p }],
        })),
      };
    } else if (e.hule) {
      const h = e.hule;
      const win: ChuanmaWin = {
        seat: h.seat,
        from: h.from ?? null,
        p: h.p,
        fan: h.fan,
        points: h.points,
        fans: h.fans as ChuanmaFan[],
        shoupai: sortTiles(h.shoupai ?? []),
        melds: h.melds ?? [],
      };
      s = { ...s, wins: [...s.wins, win] };
    } else if (e.jiesuan) {
      const j = e.jiesuan;
      s = {
        ...s,
        seats: s.seats.map((x, i) => ({ ...x, score: j.scores[i] ?? x.score })),
        result: {
          hand: s.hand,
          hands: j.hands.map((h: Entry) => ({ shoupai: sortTiles(h.shoupai), melds: h.melds })),
          wins: j.wins.map((w: Entry) => ({ ...w, shoupai: sortTiles(w.shoupai) }) as ChuanmaWin),
          deltas: j.deltas,
          scores: j.scores,
          bust: j.bust ?? null,
          exhausted: entries.some((x) => x.pingju),
        },
      };
    }
  }
  return s;
}
