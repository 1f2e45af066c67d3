import { RoundType } from '@taikai/protocol';
import type { GameLog } from './game-log';

/**
 * Export of a game log to Tenhou's JSON log format (the `tenhou.net/6` viewer and the tools built around it).
 * Seats are absolute (seat 0 = first dealer), tiles are Tenhou codes: 11–19 man, 21–29 pin, 31–39 sou,
 * 41–47 honours, 51/52/53 red fives; 60 marks a discard of the drawn tile. Three-player games keep the four
 * seats with the fourth empty, their title says 三, and a North set aside (kita) is the discard "f44".
 */
export interface TenhouLog {
  title: string[];
  name: string[];
  rule: { disp: string; aka: number; aka51: number; aka52: number; aka53: number };
  log: unknown[][];
}

const SUIT_BASE: Record<string, number> = { m: 10, p: 20, s: 30, z: 40 };
const RED: Record<string, number> = { m: 51, p: 52, s: 53 };
const TSUMOGIRI = 60;

/** Tenhou code of a tile written `m5`, `p0` (red), `z7` (extra marks ignored). */
export function tileCode(tile: string): number {
  const suit = tile[0];
  const n = Number(tile[1]);
  return n === 0 ? RED[suit] : SUIT_BASE[suit] + n;
}

/** Red fives sort with the fives. */
const sortKey = (code: number) => (code > 50 ? (code - 50) * 10 + 4.5 : code);

/** All tiles of a hand string (`m123p406z11`, melds after commas ignored). */
function handTiles(hand: string): number[] {
  const concealed = hand.split(',')[0];
  const tiles: number[] = [];
  for (const [, suit, digits] of concealed.matchAll(/([mpsz])([\d_*+=-]+)/g)) {
    for (const d of digits.replace(/[_*+=-]/g, '')) tiles.push(tileCode(suit + d));
  }
  return tiles.sort((a, b) => sortKey(a) - sortKey(b));
}

/** Tiles of a meld (`m1-23`, `p55=5`, `m5550`) in order, with the index of the claimed one (-1 if none). */
function meldTiles(meld: string): { tiles: number[]; claimed: number; from: string } {
  const suit = meld[0];
  const tiles: number[] = [];
  let claimed = -1;
  let from = '';
  for (const ch of meld.slice(1)) {
    if (/\d/.test(ch)) tiles.push(tileCode(suit + ch));
    else if (/[+=-]/.test(ch)) {
      claimed = tiles.length - 1;
      from = ch;
    }
  }
  return { tiles, claimed, from };
}

/** Where the marker goes in a Tenhou call string: 0 from the left player, 1 across, 2 (3 for a kan) from the right. */
function markerIndex(from: string, size: number): number {
  if (from === '-') return 0;
  if (from === '=') return 1;
  return size === 4 ? 3 : 2;
}

/** A call string: the claimed tile with the call letter put in front of it, at the position of the giver. */
function callString(letter: string, meld: string): string {
  const { tiles, claimed, from } = meldTiles(meld);
  const called = tiles[claimed];
  const rest = tiles.filter((_, i) => i !== claimed);
  if (letter === 'c') return `c${called}${rest.join('')}`;
  const parts = rest.map(String);
  // An added kan (k) keeps the place its pon had.
  parts.splice(markerIndex(from, letter === 'k' ? 3 : tiles.length), 0, `${letter}${called}`);
  return parts.join('');
}

/** Draw names as Tenhou writes them. */
const DRAW_NAMES: Record<string, string> = { 荒牌平局: '流局', 四開槓: '四槓散了', 三家和: '三家和了' };

/** `30符2飜`, or the limit's name (満貫 … 役満). */
function handValueName(h: { fu?: number; fanshu?: number; damanguan?: number }): string {
  if (h.damanguan) return '役満';
  const han = h.fanshu ?? 0;
  const fu = h.fu ?? 0;
  if (han >= 13) return '役満';
  if (han >= 11) return '三倍満';
  if (han >= 8) return '倍満';
  if (han >= 6) return '跳満';
  if (han >= 5 || fu * 2 ** (han + 2) >= 2000) return '満貫';
  return `${fu}符${han}飜`;
}

/**
 * What was paid for the hand itself (honba taken out): `7700` on a ron; `2000∀` when the dealer's tsumo is paid
 * alike by all; `1000-2000` (non-dealers–dealer) on a non-dealer's tsumo.
 */
function paymentText(
  h: { l: number; baojia: number | null; defen: number; fenpei: number[] },
  honbaTotal: number,
): string {
  if (h.baojia != null) return String(h.defen);
  const payers = h.fenpei.map((d, l) => ({ d, l })).filter((x) => x.l !== h.l && x.d < 0);
  // Every other player pays on a tsumo: three of them, or two at a three-player table.
  if (payers.length !== h.fenpei.length - 1) return String(h.defen);
  const pay = payers.map((x) => -x.d - honbaTotal / payers.length);
  if (h.l === 0) return `${pay[0]}∀`;
  const dealer = pay[payers.findIndex((x) => x.l === 0)];
  const child = pay[payers.findIndex((x) => x.l !== 0)];
  return `${child}-${dealer}`;
}

function yakuString(h: { name: string; fanshu: number | string }): string {
  return typeof h.fanshu === 'string' ? `${h.name}(役満)` : `${h.name}(${h.fanshu}飜)`;
}

/** Converts our game log to Tenhou JSON. */
export function toTenhou(game: GameLog): TenhouLog {
  // Tenhou's format has no Sichuan game (no void suits, exchange or bloody continuation).
  if (game.mode === 'chuanma') throw new Error('a chuanma record has no Tenhou export');
  // Tenhou's hand ends at its wins: a hand that goes on after one has no place in it.
  if (game.mode === 'xuezhan') throw new Error('a xuezhandaodi record has no Tenhou export');
  const paipu = game.paipu;
  const players = game.players ?? 4;
  const red = game.red;
  const hands = paipu.log.map((entries) => {
    const qipai = entries[0].qipai;
    const ju: number = qipai.jushu;
    // Three-player games keep four seats in the export, the fourth empty (Tenhou's sanma logs).
    const abs = (l: number) => (ju + l) % players;
    const start: number[] = [0, 0, 0, 0];
    const haipai: number[][] = [[], [], [], []];
    qipai.defen.forEach((d: number, l: number) => {
      start[abs(l)] = d;
    });
    qipai.shoupai.forEach((s: string, l: number) => {
      haipai[abs(l)] = handTiles(s);
    });
    const takes: (number | string)[][] = [[], [], [], []];
    const discards: (number | string)[][] = [[], [], [], []];
    const dora: number[] = [tileCode(qipai.baopai)];
    let ura: number[] = [];
    const result: unknown[] = [];
    for (const entry of entries.slice(1)) {
      if (entry.zimo || entry.gangzimo) {
        const { l, p } = entry.zimo ?? entry.gangzimo;
        takes[abs(l)].push(tileCode(p));
      } else if (entry.dapai) {
        const { l, p } = entry.dapai as { l: number; p: string };
        const riichi = p.endsWith('*');
        const drawn = p.includes('_');
        const code = drawn ? TSUMOGIRI : tileCode(p);
        discards[abs(l)].push(riichi ? `r${code}` : code);
      } else if (entry.fulou) {
        const { l, m } = entry.fulou as { l: number; m: string };
        const size = meldTiles(m).tiles.length;
        const letter =
          size === 4 ? 'm' : /^[mpsz](\d)\1\1/.test(m.replace(/0/g, '5').replace(/[+=-]/g, '')) ? 'p' : 'c';
        takes[abs(l)].push(callString(letter, m));
        if (letter === 'm') discards[abs(l)].push(0);
      } else if (entry.gang) {
        const { l, m } = entry.gang as { l: number; m: string };
        const { tiles, from } = meldTiles(m);
        if (!from) {
          // Closed kan: "a" before the fourth tile.
          discards[abs(l)].push(`${tiles.slice(0, 3).join('')}a${tiles[3]}`);
        } else {
          // Added kan: the pon's call string with "k" for the added tile.
          discards[abs(l)].push(callString('k', m));
        }
      } else if (entry.kita) {
        // A North set aside (kita / nukidora) is written among the discards as "f44".
        discards[abs(entry.kita.l)].push(`f${tileCode('z4')}`);
      } else if (entry.kaigang) {
        dora.push(tileCode(entry.kaigang.baopai));
      } else if (entry.hule) {
        const h = entry.hule;
        if (h.fubaopai) ura = h.fubaopai.map(tileCode);
        const deltas = [0, 0, 0, 0];
        h.fenpei.forEach((d: number, l: number) => {
          deltas[abs(l)] = d;
        });
        const who = abs(h.l);
        const value = `${handValueName(h)}${paymentText(h, qipai.changbang * game.changbangValue)}点`;
        if (!result.length) result.push('和了');
        result.push(deltas, [
          who,
          h.baojia == null ? who : abs(h.baojia),
          who,
          value,
          ...h.hupai.map(yakuString),
        ]);
      } else if (entry.pingju) {
        const deltas = [0, 0, 0, 0];
        entry.pingju.fenpei.forEach((d: number, l: number) => {
          deltas[abs(l)] = d;
        });
        const name = DRAW_NAMES[entry.pingju.name] ?? entry.pingju.name;
        result.push(name, deltas);
      }
    }
    const seats = [0, 1, 2, 3].flatMap((s) => [haipai[s], takes[s], discards[s]]);
    return [
      [qipai.zhuangfeng * 4 + ju, qipai.changbang, qipai.lizhibang],
      start,
      dora,
      ura,
      ...seats,
      result,
    ];
  });
  const east = game.roundType === RoundType.EAST_4P || game.roundType === RoundType.EAST_3P;
  return {
    title: [paipu.title, ''],
    name: [...paipu.player, ...Array(4 - players).fill('')],
    rule: {
      disp: `${players === 3 ? '三' : ''}般${east ? '東' : '南'}喰${red.m + red.p + red.s ? '赤' : ''}`,
      aka: red.m + red.p + red.s ? 1 : 0,
      aka51: red.m,
      aka52: red.p,
      aka53: red.s,
    },
    log: hands,
  };
}
