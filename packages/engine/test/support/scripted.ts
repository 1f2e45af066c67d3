import Majiang from '@kobalab/majiang-core';
import { AutoDiscardRobot } from '../../src/robots/auto-discard';
import type { GameMessage, ReplyFn, SeatPlayer } from '../../src/robots/types';
import { toTableRule } from '../../src/rules/adapter';
import type { RuleFields } from '../../src/rules/fields';
import { type HandResult, type Progress, TableGame, type WinSummary } from '../../src/table-game';
import { dealWall, tileSet } from '../../src/walls';

/** Tiles of a hand written in the engine's notation (`m123p456z11`). */
export function tilesOf(hand: string): string[] {
  const tiles: string[] = [];
  for (const [, suit, digits] of hand.matchAll(/([mpsz])(\d+)/g))
    for (const d of digits) tiles.push(suit + d);
  return tiles;
}

export interface WallScript {
  /** The four starting hands, dealer first (13 tiles each). */
  hands: [string, string, string, string];
  /** Live-wall draws in order after the deal (dealer's first draw first). */
  draws?: string;
  /** The dora indicator; several (`s5m7p9`) fill the indicator places in order (dora3, kan dora). */
  indicator?: string;
  /** Tiles kept out of play (put in the dead wall). */
  dead?: string;
}

/** Builds a wall (rules engine order: dead wall first, drawn from the end) that deals exactly the script. */
export function scriptedWall(script: WallScript): string[] {
  const pool = tileSet({ m: 0, p: 0, s: 0 });
  const take = (t: string) => {
    const i = pool.indexOf(t);
    if (i < 0) throw new Error(`no ${t} left for the script`);
    pool.splice(i, 1);
    return t;
  };
  const dealt = script.hands.flatMap((h) => {
    const tiles = tilesOf(h);
    if (tiles.length !== 13) throw new Error(`a starting hand has 13 tiles: ${h}`);
    return tiles.map(take);
  });
  const draws = tilesOf(script.draws ?? '').map(take);
  const indicators = tilesOf(script.indicator ?? 'z7').map(take);
  const dead = tilesOf(script.dead ?? '').map(take);
  // The rest, mixed deterministically so no one's discards are all terminals by accident.
  let x = 12345;
  for (let i = pool.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const deadWall = [...dead];
  while (deadWall.length < 14 - indicators.length) deadWall.push(pool.shift() as string);
  deadWall.splice(4, 0, ...indicators);
  const live = [...dealt, ...draws, ...pool];
  return [...deadWall, ...live.reverse()];
}

export interface ClaimerHabits {
  /** Declares riichi as soon as it can. */
  riichi?: boolean;
  /** Declares every kan it can: closed and added kans on its turn, open kans on discards. */
  kan?: boolean;
  /** Declares kyuushu kyuuhai when it can. */
  nineTerminals?: boolean;
}

/** A seat that wins whenever the rules let it (ron, tsumo, robbing a kan), with optional habits. */
export class Claimer extends Majiang.Player implements SeatPlayer {
  private readonly habits: ClaimerHabits;
  constructor(habits: ClaimerHabits | boolean = {}) {
    super();
    this.habits = typeof habits === 'boolean' ? { riichi: habits } : habits;
  }
  action_kaiju() {
    this._callback?.();
  }
  action_qipai() {
    this._callback?.();
  }
  action_zimo(zimo: { l: number; p: string }) {
    if (zimo.l !== this._menfeng) return this._callback?.();
    if (this.allow_hule(this.shoupai, null)) return this._callback?.({ hule: '-' });
    if (this.habits.nineTerminals && this.allow_pingju(this.shoupai))
      return this._callback?.({ daopai: '-' });
    const kans = this.get_gang_mianzi(this.shoupai) ?? [];
    if (this.habits.kan && kans.length) return this._callback?.({ gang: kans[0] });
    if (this.habits.riichi && this.allow_lizhi(this.shoupai, zimo.p))
      return this._callback?.({ dapai: `${zimo.p}_*` });
    this._callback?.({});
  }
  action_dapai(dapai: { l: number; p: string }) {
    if (dapai.l === this._menfeng) return this._callback?.();
    const d = ['', '+', '=', '-'][(4 + dapai.l - this._menfeng) % 4];
    const p = dapai.p.slice(0, 2) + d;
    if (this.allow_hule(this.shoupai, p)) return this._callback?.({ hule: '-' });
    const kans = this.habits.kan ? (this.get_gang_mianzi(this.shoupai, p) ?? []) : [];
    if (kans.length) return this._callback?.({ fulou: kans[0] });
    this._callback?.();
  }
  action_fulou() {
    this._callback?.();
  }
  action_gang(gang: { l: number; m: string }) {
    if (gang.l === this._menfeng) return this._callback?.();
    const d = ['', '+', '=', '-'][(4 + gang.l - this._menfeng) % 4];
    if (this.allow_hule(this.shoupai, gang.m[0] + gang.m.slice(-1) + d, true))
      return this._callback?.({ hule: '-' });
    this._callback?.();
  }
  action_hule() {
    this._callback?.();
  }
  action_pingju() {
    this._callback?.();
  }
  action_jieju() {
    this._callback?.();
  }
}

export interface HandRecord {
  start: Progress;
  end: Progress;
  result: HandResult;
}

export interface Played {
  game: TableGame;
  hands: HandRecord[];
  yakuman: WinSummary[];
}

/**
 * Plays scripted hands (then seeded ones) on a rule, the dealer seat 0, until `hands` hands are over or the
 * game ends. Seats default to auto-discard robots.
 */
export function playScripted(
  rule: RuleFields,
  walls: string[][],
  options: { seats?: SeatPlayer[]; hands?: number; roundType?: number; initPoints?: number[] } = {},
): Played {
  const table = toTableRule({ dora_count: 0, ...rule }, options.roundType ?? 1);
  const seats = options.seats ?? [];
  const players = [0, 1, 2, 3].map((s) => seats[s] ?? new AutoDiscardRobot());
  const hands: HandRecord[] = [];
  const yakuman: WinSummary[] = [];
  let start: Progress | null = null;
  const game = new TableGame(
    players,
    table,
    (n) => walls[n] ?? dealWall('c'.repeat(64), n, table.core.赤牌),
    {
      handStart: (p) => {
        start = p;
      },
      handEnd: (p, result) => hands.push({ start: start as Progress, end: p, result }),
      yakuman: (w) => yakuman.push(w),
    },
    'scripted',
    ['A', 'B', 'C', 'D'],
    options.initPoints,
  );
  game.begin();
  const limit = options.hands ?? walls.length;
  while (!game.finished && hands.length < limit) game.step();
  return { game, hands, yakuman };
}

export type { GameMessage, ReplyFn };
