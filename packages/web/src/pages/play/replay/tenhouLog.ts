import { Majiang } from '@taikai/engine/player-view';
import {
  applyMessage,
  emptyTable,
  type SeatMessage,
  seatOf,
  type TableState,
} from '../table/model/tableState';

// A record's Tenhou JSON log (`toTenhou` of the engine, what the record file answers) read back into the rules
// engine's messages, hand by hand, as a seat that sees every hand would have been sent them: the replay draws
// them with the table's own reducer. The order of the moves is rebuilt by playing the turns: after each
// discard, the seat whose next move is a call on that tile takes it; otherwise the next seat draws.

/** A Tenhou JSON log (the parts read here). */
export interface TenhouJson {
  title?: unknown;
  name?: string[];
  rule?: { disp?: string };
  log: unknown[][];
}

/** One hand of a record: its messages (the deal first, the result last). */
export interface ReplayHand {
  /** Round wind, hand in the round, honba. */
  round: { wind: number; hand: number; honba: number };
  messages: SeatMessage[];
}

export interface ReplayGame {
  players: number;
  names: string[];
  hands: ReplayHand[];
  /** The first dealer's seat (0 when absent). */
  qijia?: number;
  /** A xuezhandaodi game: hands go on after their wins. */
  xuezhan?: boolean;
}

const RED: Record<number, string> = { 51: 'm0', 52: 'p0', 53: 's0' };

/** A Tenhou tile code as the engine writes the tile (`15` → `m5`, `53` → `s0`). */
export function tileOf(code: number): string {
  if (RED[code]) return RED[code];
  return 'mpsz'[Math.floor(code / 10) - 1] + String(code % 10);
}

const codesIn = (text: string) => (text.match(/\d\d/g) ?? []).map(Number);
const kindOf = (tile: string) => tile[0] + (tile[1] === '0' ? '5' : tile[1]);

/** The engine's meld of a chi, pon or open kan call string (`c121314`, `15p1515`, `m15151515`). */
export function meldOfCall(call: string): { m: string; kind: 'chi' | 'pon' | 'daiminkan' } {
  const letter = call.match(/[cpm]/)?.[0] as 'c' | 'p' | 'm';
  const position = call.indexOf(letter) / 2;
  const tiles = codesIn(call.replace(letter, '')).map(tileOf);
  const calledIndex = position;
  const called = tiles[calledIndex];
  const suit = called[0];
  const others = tiles.filter((_, i) => i !== calledIndex).map((t) => t[1]);
  if (letter === 'c') {
    const digits = [{ d: called[1], called: true }, ...others.map((d) => ({ d, called: false }))];
    digits.sort((a, b) => Number(a.d === '0' ? 5 : a.d) - Number(b.d === '0' ? 5 : b.d));
    const m = suit + digits.map((x) => x.d + (x.called ? '-' : '')).join('');
    return { m: Majiang.Shoupai.valid_mianzi(m) ?? m, kind: 'chi' };
  }
  const mark = position === 0 ? '-' : position === 1 ? '=' : '+';
  const m = suit + others.join('') + called[1] + mark;
  return { m: Majiang.Shoupai.valid_mianzi(m) ?? m, kind: letter === 'p' ? 'pon' : 'daiminkan' };
}

/** The engine's closed kan of a Tenhou `151515a15`. */
export function closedKanOf(text: string): string {
  const tiles = codesIn(text.replace('a', '')).map(tileOf);
  const m = tiles[0][0] + tiles.map((t) => t[1]).join('');
  return Majiang.Shoupai.valid_mianzi(m) ?? m;
}

/** The engine's added kan of a Tenhou `25k252525`, given the seat's melds (its pon of that tile). */
export function addedKanOf(text: string, melds: readonly string[]): string {
  const tiles = codesIn(text.replace('k', '')).map(tileOf);
  const kind = kindOf(tiles[0]);
  const pon = melds.find((m) => m.replace(/[+=-]/g, '').length === 4 && kindOf(m.slice(0, 2)) === kind) ?? '';
  const ponDigits = pon.replace(/[^\d]/g, '').split('');
  const rest = tiles.map((t) => t[1]);
  for (const d of ponDigits) rest.splice(rest.indexOf(d), 1);
  return pon + (rest[0] ?? kind[1]);
}

const DRAW_NAMES: Record<string, string> = { 流局: '荒牌平局', 四槓散了: '四開槓', 三家和了: '三家和' };

/** Points of a win from its Tenhou value text (`30符2飜2000点`, `満貫2000-4000点`, `2600∀点`). */
function pointsOf(value: string, players: number): number {
  const pay = /(\d+)(?:-(\d+))?(∀?)点$/.exec(value);
  if (!pay) return 0;
  const a = Number(pay[1]);
  if (pay[2]) return a * (players - 2) + Number(pay[2]);
  if (pay[3]) return a * (players - 1);
  return a;
}

/** Yakuman the engine counts double where the rule allows it (大七星: guyi_mode's seven pairs of honours). */
const DOUBLE_CAPABLE = new Set(['国士無双十三面', '四暗刻単騎', '大四喜', '純正九蓮宝燈', '大七星']);

/**
 * What one yakuman pays in all (honba apart) for this win: the dealer's or a non-dealer's; a three-player tsumo
 * pays either the full amount (North's share split) or less (tsumo loss).
 */
function singleYakumanTotals(win: { dealer: boolean; tsumo: boolean; players: number }): number[] {
  const full = win.dealer ? 48000 : 32000;
  if (win.players === 4 || !win.tsumo) return [full];
  return [full, win.dealer ? 32000 : 24000];
}

/**
 * A win's yaku as the log writes them (`name(n飜)`, `name(役満)`), with what the log leaves out: a double
 * yakuman is written `(役満)` like a single one, so the payment tells how many yakuman were paid, and that
 * many of the hand's double-capable yakuman count twice.
 */
export function yakuOf(
  yaku: readonly string[],
  value: string,
  win: { dealer: boolean; tsumo: boolean; players: number },
): { hupai: { name: string; fanshu: number | string }[]; yakuman: number } {
  const hupai: { name: string; fanshu: number | string }[] = yaku.map((y) => {
    const match = /^(.*)\((\d+)飜\)$/.exec(y);
    return match
      ? { name: match[1], fanshu: Number(match[2]) }
      : { name: y.replace(/\(役満\)$/, ''), fanshu: '*' };
  });
  const singles = hupai.filter((h) => h.fanshu === '*');
  const capable = singles.filter((h) => DOUBLE_CAPABLE.has(h.name));
  const paid = pointsOf(value, win.players);
  const totals = singleYakumanTotals(win);
  let doubled = 0;
  for (let extra = capable.length; extra > 0; extra--) {
    if (totals.some((t) => t * (singles.length + extra) === paid)) {
      doubled = extra;
      break;
    }
  }
  for (const h of capable.slice(0, doubled)) h.fanshu = '**';
  return { hupai, yakuman: singles.length + doubled };
}

interface SeatPlan {
  takes: (number | string)[];
  discards: (number | string)[];
}

/** Reads one hand of the log into messages, playing them on a table to know the hands as they go. */
function readHand(entry: unknown[], players: number): ReplayHand {
  const [[kyoku, honba, sticks], start, dora, ura] = entry as [number[], number[], number[], number[]];
  const seats: SeatPlan[] = [0, 1, 2, 3].map((s) => ({
    takes: [...((entry[4 + s * 3 + 1] as (number | string)[]) ?? [])],
    discards: [...((entry[4 + s * 3 + 2] as (number | string)[]) ?? [])],
  }));
  const haipai = [0, 1, 2, 3].map((s) => (entry[4 + s * 3] as number[]) ?? []);
  const result = (entry[4 + 12] as unknown[]) ?? [];
  const wind = Math.floor(kyoku / 4);
  const ju = kyoku % 4;
  const l = (seat: number) => (seat - ju + players) % players;
  const seatOfWind = (wind: number) => (ju + wind) % players;

  const byWind = <T>(bySeat: (seat: number) => T, _empty: T): T[] =>
    Array.from({ length: players }, (_, w) => bySeat(seatOfWind(w)));
  const handText = (tiles: number[]) => {
    const shoupai = new Majiang.Shoupai(tiles.map(tileOf));
    return shoupai.toString();
  };
  const messages: SeatMessage[] = [];
  let table: TableState = { ...emptyTable(players), qijia: 0 };
  const push = (msg: SeatMessage) => {
    messages.push(msg);
    table = applyMessage(table, msg);
  };
  push({
    qipai: {
      zhuangfeng: wind,
      jushu: ju,
      changbang: honba,
      lizhibang: sticks,
      defen: byWind((s) => start[s] ?? 0, 0),
      baopai: tileOf(dora[0]),
      shoupai: byWind((s) => handText(haipai[s]), ''),
    },
  });
  const doraLeft = dora.slice(1);
  let cur = seatOfWind(0);
  let afterKan = false;
  let lastDiscard: { seat: number; tile: string } | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const plan = seats[cur];
    // A call on the last discard?
    const take = plan.takes.shift();
    if (take === undefined) break;
    if (typeof take === 'number') {
      push({ [afterKan ? 'gangzimo' : 'zimo']: { l: l(cur), p: tileOf(take) } });
      if (afterKan && doraLeft.length > 0) push({ kaigang: { baopai: tileOf(doraLeft.shift() as number) } });
      afterKan = false;
    } else {
      const { m, kind } = meldOfCall(take);
      push({ fulou: { l: l(cur), m } });
      if (kind === 'daiminkan') {
        plan.discards.shift(); // Tenhou's 0: the open kan has no discard of its own
        afterKan = true;
        continue;
      }
    }
    const discard = plan.discards.shift();
    if (discard === undefined) break; // a win on the draw, or kyuushu kyuuhai
    if (typeof discard === 'string' && discard.includes('a')) {
      push({ gang: { l: l(cur), m: closedKanOf(discard) } });
      afterKan = true;
      continue;
    }
    if (typeof discard === 'string' && discard.includes('k')) {
      push({ gang: { l: l(cur), m: addedKanOf(discard, table.seats[cur].hand._fulou) } });
      afterKan = true;
      continue;
    }
    if (typeof discard === 'string' && discard.startsWith('f')) {
      push({ kita: { l: l(cur), p: 'z4' } });
      afterKan = true;
      continue;
    }
    const text = String(discard);
    const riichi = text.startsWith('r');
    const code = Number(riichi ? text.slice(1) : text);
    const drawn = table.seats[cur].hand._zimo;
    const tile = code === 60 ? (drawn ?? '') : tileOf(code);
    push({ dapai: { l: l(cur), p: tile + (code === 60 ? '_' : '') + (riichi ? '*' : '') } });
    lastDiscard = { seat: cur, tile };
    // Who moves next: a seat whose next take is a call on this tile from this seat, else the next seat.
    let next = (cur + 1) % players;
    for (let i = 1; i < players; i++) {
      const seat = (cur + i) % players;
      const move = seats[seat].takes[0];
      if (typeof move !== 'string') continue;
      const { m } = meldOfCall(move);
      // The giver, counted over four seats from the taker as the engine marks it (also at three players).
      const mark = m.match(/[+=-]/)?.[0] ?? '';
      const fromWind = (l(seat) + ({ '+': 1, '=': 2, '-': 3 }[mark] ?? 0)) % 4;
      const from = fromWind < players ? seatOfWind(fromWind) : -1;
      const calledDigit = m[m.search(/\d[+=-]/)];
      if (from === cur && kindOf(m[0] + calledDigit) === kindOf(tile)) {
        next = seat;
        break;
      }
    }
    cur = next;
  }

  // The end of the hand.
  if (result[0] === '和了') {
    for (let i = 1; i + 1 < result.length; i += 2) {
      const deltas = result[i] as number[];
      const [who, from, , value, ...yaku] = result[i + 1] as [number, number, number, string, ...string[]];
      const tsumo = who === from;
      const hand = table.seats[who].hand.clone();
      if (!tsumo && lastDiscard) hand.zimo(lastDiscard.tile, false);
      const { hupai, yakuman } = yakuOf(yaku, value, { dealer: who === ju, tsumo, players });
      const fuHan = /(\d+)符(\d+)飜/.exec(value);
      push({
        hule: {
          l: l(who),
          shoupai: hand.toString(),
          baojia: tsumo ? null : l(from),
          fubaopai: table.seats[who].riichi && ura.length > 0 ? ura.map(tileOf) : null,
          fu: fuHan ? Number(fuHan[1]) : 0,
          fanshu: hupai.reduce((sum, h) => sum + (typeof h.fanshu === 'number' ? h.fanshu : 0), 0),
          damanguan: yakuman,
          defen: pointsOf(value, players),
          hupai,
          fenpei: byWind((s) => deltas[s] ?? 0, 0),
        },
      });
    }
  } else if (typeof result[0] === 'string') {
    const name = DRAW_NAMES[result[0]] ?? result[0];
    const deltas = (result[1] as number[]) ?? [0, 0, 0, 0];
    const shown = (seat: number) => {
      const hand = table.seats[seat].hand;
      if (name === '九種九牌') return deltas.every((d) => d === 0) && seat === cur ? hand.toString() : '';
      return name === '荒牌平局' && Majiang.Util.xiangting(hand) === 0 ? hand.toString() : '';
    };
    push({ pingju: { name, shoupai: byWind(shown, ''), fenpei: byWind((s) => deltas[s] ?? 0, 0) } });
  }
  return { round: { wind, hand: ju, honba }, messages };
}

/** The hands of a record's Tenhou log. Three-player logs keep four seats, the fourth empty. */
export function readTenhou(log: TenhouJson): ReplayGame {
  const names = (log.name ?? []).slice();
  const players = log.rule?.disp?.startsWith('三') || names[3] === '' ? 3 : 4;
  return { players, names: names.slice(0, players), hands: log.log.map((entry) => readHand(entry, players)) };
}

/** The table at move `step` of hand `hand` (0: the deal), seen from `seat` with every hand open. */
export function replayTable(game: ReplayGame, hand: number, step: number, seat: number): TableState {
  const qijia = game.qijia ?? 0;
  const start: TableState = { ...emptyTable(game.players, seat, game.names, game.xuezhan), qijia };
  const opening = applyMessage(start, {
    kaiju: { id: seat, player: game.names, qijia, rule: {}, title: '' },
  });
  const messages = game.hands[hand]?.messages.slice(0, step + 1) ?? [];
  return messages.reduce(applyMessage, opening);
}

export { seatOf };
