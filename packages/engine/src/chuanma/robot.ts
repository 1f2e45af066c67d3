import type { Reply } from '../robots/types';
import { chooseDiscard } from './discard';
import { chooseExchange } from './exchange';
import { shanten } from './hand';
import type { ChuanmaMessage, ChuanmaOptions, ChuanmaReplyFn, ChuanmaSeat } from './messages';
import { type Suit, suitOf } from './tiles';
import { ChuanmaSeatView } from './view';
import { chooseVoidSuit } from './void-suit';

/**
 * Chuanma robots, deterministic, deciding only on what their seat is shown (`ChuanmaSeatView`):
 * - every level wins whenever it may, passes the exchange and voids as `chooseExchange` / `chooseVoidSuit`;
 * - level 0 discards by shanten alone and takes every pung and kong offered;
 * - level 1 discards by shanten and ukeire, and calls a pung or kong only when it keeps the hand as near
 *   ready (a pung: lower shanten after its discard; a kong: no higher shanten);
 * - level 2 is level 1 that defends: far from ready (shanten ≥ 2) late in the hand or against an opponent with
 *   two melds, it gives up at most one shanten to discard the tile fewest opponents still in can win on — a
 *   tile of an opponent's void suit is safe against that opponent, and so is a tile whose four copies it sees.
 */
export class ChuanmaRobot implements ChuanmaSeat {
  readonly view = new ChuanmaSeatView();
  constructor(readonly level: 0 | 1 | 2) {}

  action(msg: ChuanmaMessage, reply?: ChuanmaReplyFn): void {
    this.view.follow(msg);
    reply?.(msg.options ? this.decide(msg, msg.options) : {});
  }

  private decide(msg: ChuanmaMessage, options: ChuanmaOptions): Reply {
    const view = this.view;
    if (options.huan) return { huan: chooseExchange(view.concealed) };
    if (options.dingque) return { dingque: chooseVoidSuit(view.concealed) };
    if (options.hule) return { hule: '-' };
    const voidSuit = view.voidSuit as Suit;
    if (msg.dapai) {
      const tile = msg.dapai.p;
      if (options.gang && this.takesKong(tile, 3)) return { gang: tile };
      if (options.peng && this.takesPung(tile)) return { peng: tile };
      return {};
    }
    if (options.gang) {
      for (const tile of options.gang) {
        const pung = view.melds.some((m) => m.type === 'peng' && m.tile === tile);
        if (this.takesKong(tile, pung ? 1 : 4)) return { gang: tile };
      }
    }
    if (options.dapai) return { dapai: this.discard(options.dapai, voidSuit) };
    return {};
  }

  /** A kong taking `count` tiles of `tile` from the concealed hand (3 on a discard, 4 concealed, 1 added). */
  private takesKong(tile: string, count: number): boolean {
    if (this.level === 0) return true;
    const { concealed, melds } = this.view;
    const rest = concealed.slice();
    for (let i = 0; i < count; i++) rest.splice(rest.indexOf(tile), 1);
    const after = shanten(rest, melds.length + (count === 1 ? 0 : 1));
    // On one's turn the hand has 14 tiles: compare with its best discard.
    const before = count === 3 ? shanten(concealed, melds.length) : this.bestDiscardShanten();
    return after <= before;
  }

  private takesPung(tile: string): boolean {
    if (this.level === 0) return true;
    const { concealed, melds } = this.view;
    const before = shanten(concealed, melds.length);
    const rest = concealed.slice();
    rest.splice(rest.indexOf(tile), 1);
    rest.splice(rest.indexOf(tile), 1);
    let after = Number.POSITIVE_INFINITY;
    for (const t of new Set(rest)) {
      const r = rest.slice();
      r.splice(r.indexOf(t), 1);
      after = Math.min(after, shanten(r, melds.length + 1));
    }
    return after < before;
  }

  private bestDiscardShanten(): number {
    const { concealed, melds } = this.view;
    let best = Number.POSITIVE_INFINITY;
    for (const t of new Set(concealed)) {
      const r = concealed.slice();
      r.splice(r.indexOf(t), 1);
      best = Math.min(best, shanten(r, melds.length));
    }
    return best;
  }

  private discard(allowed: string[], voidSuit: Suit): string {
    const view = this.view;
    const level = this.level === 0 ? 0 : 1;
    const choice = chooseDiscard(view.hand, voidSuit, level);
    if (this.level < 2 || suitOf(allowed[0]) === voidSuit)
      return allowed.includes(choice) ? choice : allowed[0];
    const best = this.bestDiscardShanten();
    const threatened = [0, 1, 2, 3].some(
      (s) => s !== view.seat && !view.won[s] && view.shownMelds[s].length >= 2,
    );
    if (best < 2 || (view.left > 40 && !threatened)) return choice;
    const { concealed, melds } = view;
    const candidates = allowed.filter((t) => {
      const r = concealed.slice();
      r.splice(r.indexOf(t), 1);
      return shanten(r, melds.length) <= best + 1;
    });
    const danger = (t: string) =>
      view.visible(t) >= 4
        ? 0
        : [0, 1, 2, 3].filter((s) => s !== view.seat && !view.won[s] && view.voids?.[s] !== suitOf(t)).length;
    const least = Math.min(...candidates.map(danger));
    if (danger(choice) === least) return choice;
    // Among the safest, the one keeping the hand nearest ready.
    let pick = candidates.find((t) => danger(t) === least)!;
    let pickShanten = Number.POSITIVE_INFINITY;
    for (const t of candidates) {
      if (danger(t) !== least) continue;
      const r = concealed.slice();
      r.splice(r.indexOf(t), 1);
      const s = shanten(r, melds.length);
      if (s < pickShanten) {
        pick = t;
        pickShanten = s;
      }
    }
    return pick;
  }
}

/** The robot of an `ai_level` (0, 1 or 2) at a chuanma table. */
export function chuanmaRobotFor(level: number): ChuanmaRobot {
  if (level !== 0 && level !== 1 && level !== 2) throw new Error(`no chuanma robot for ai_level ${level}`);
  return new ChuanmaRobot(level);
}
