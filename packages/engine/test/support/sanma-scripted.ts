import { AutoDiscardRobot } from '../../src/robots/auto-discard';
import type { SeatPlayer } from '../../src/robots/types';
import { toTableRule } from '../../src/rules/adapter';
import type { RuleFields } from '../../src/rules/fields';
import { SanmaGame } from '../../src/sanma/game';
import { SanmaSimpleRobot, SanmaView } from '../../src/sanma/robots';
import type { Progress } from '../../src/table-game';
import { dealWall, tileSet } from '../../src/walls';
import { type HandRecord, tilesOf } from './scripted';

export interface SanmaWallScript {
  /** The three starting hands, dealer first (13 tiles each). */
  hands: [string, string, string];
  /** Live-wall draws in order after the deal (dealer's first draw first). */
  draws?: string;
  /** The dora indicator. */
  indicator?: string;
  /** Replacement tiles at the front of the dead wall (kan and kita draws), in order. */
  replacements?: string;
  /** Ura indicator under the first indicator. */
  ura?: string;
}

/** A 108-tile wall (rules engine order: dead wall first, drawn from the end) that deals exactly the script. */
export function scriptedSanmaWall(script: SanmaWallScript): string[] {
  const pool = tileSet({ m: 0, p: 0, s: 0 }, 3);
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
  const replacements = tilesOf(script.replacements ?? '').map(take);
  const indicator = take(script.indicator ?? 'z7');
  const ura = script.ura ? take(script.ura) : null;
  let x = 4242;
  for (let i = pool.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const front = [...replacements];
  while (front.length < 4) front.push(pool.shift() as string);
  const rest = Array.from({ length: 9 }, () => pool.shift() as string);
  if (ura) rest[4] = ura;
  const deadWall = [...front, indicator, ...rest];
  const live = [...dealt, ...draws, ...pool];
  return [...deadWall, ...live.reverse()];
}

export interface SanmaPlayed {
  game: SanmaGame;
  hands: HandRecord[];
}

/** Plays scripted three-player hands (then seeded ones) on a rule; seats default to auto-discard robots. */
export function playSanma(
  rule: RuleFields,
  walls: string[][],
  options: { seats?: SeatPlayer[]; hands?: number; roundType?: number } = {},
): SanmaPlayed {
  const table = toTableRule({ dora_count: 0, ...rule }, options.roundType ?? 11);
  const players = [0, 1, 2].map((s) => options.seats?.[s] ?? new AutoDiscardRobot());
  const hands: HandRecord[] = [];
  let start: Progress | null = null;
  const game = new SanmaGame(
    players,
    table,
    (n) => walls[n] ?? dealWall('c'.repeat(64), n, table.core.赤牌, 3),
    {
      handStart: (p) => {
        start = p;
      },
      handEnd: (p, result) => hands.push({ start: start as Progress, end: p, result }),
      yakuman: () => {},
    },
    'scripted',
    ['A', 'B', 'C'],
  );
  game.begin();
  const limit = options.hands ?? walls.length;
  while (!game.finished && hands.length < limit) game.step();
  return { game, hands };
}

export interface SanmaHabits {
  /** Sets every North aside. */
  kita?: boolean;
  /** Declares riichi as soon as it can. */
  riichi?: boolean;
  /** Declares kyuushu kyuuhai when it can. */
  nineTerminals?: boolean;
}

/** A three-player seat that wins whenever it may (ron on discards and Norths, tsumo), with optional habits. */
export class SanmaClaimer extends SanmaView {
  constructor(private readonly habits: SanmaHabits = {}) {
    super();
  }
  action_kaiju() {
    this._callback?.();
  }
  action_qipai() {
    this._callback?.();
  }
  action_zimo(zimo: { l: number; p: string }, gangzimo?: boolean) {
    if (zimo.l !== this._menfeng) return this._callback?.();
    if (this.allow_hule(this.shoupai, null, gangzimo)) return this._callback?.({ hule: '-' });
    if (this.habits.nineTerminals && this.allow_pingju(this.shoupai))
      return this._callback?.({ daopai: '-' });
    if (this.habits.kita && this.shoupai._bingpai.z[4] > 0) return this._callback?.({ kita: '-' });
    if (this.habits.riichi && this.allow_lizhi(this.shoupai, zimo.p))
      return this._callback?.({ dapai: `${zimo.p}_*` });
    this._callback?.({});
  }
  action_dapai(dapai: { l: number; p: string }) {
    if (dapai.l === this._menfeng) return this._callback?.();
    const d = ['', '+', '=', '-'][(4 + dapai.l - this._menfeng) % 4];
    if (this.allow_hule(this.shoupai, dapai.p.slice(0, 2) + d)) return this._callback?.({ hule: '-' });
    this._callback?.();
  }
  action_fulou() {
    this._callback?.();
  }
  action_gang() {
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

export { SanmaSimpleRobot };
