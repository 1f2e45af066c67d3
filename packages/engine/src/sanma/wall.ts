import Majiang, { type MajiangRule } from '@kobalab/majiang-core';

/** Dora indicators a dead wall can show (and as many ura indicators under them). */
const MAX_INDICATORS = 5;
/** Replacement tiles at the front of the dead wall; later replacement draws come from the far end of the live wall. */
const DEAD_WALL_REPLACEMENTS = 4;
/** Where, once the four front replacement tiles are gone, the next one lies: right after the ten indicator tiles. */
const REFILL_AT = 2 * MAX_INDICATORS;

/**
 * Where the next replacement draw lies in a wall that has already given `drawn` of them (kan or kita), in the
 * rules engine's order (dead wall first). Shared by play and verification.
 */
export function replacementIndex(drawn: number): number {
  return drawn < DEAD_WALL_REPLACEMENTS ? 0 : REFILL_AT;
}

/** Where indicator `k` (0 = the first) lies after `drawn` replacement draws; its ura indicator is five further on. */
export function indicatorIndex(k: number, drawn: number): number {
  return 4 + k - Math.min(drawn, DEAD_WALL_REPLACEMENTS);
}

/**
 * The wall of one three-player (sanma) hand: 108 tiles dealt from our seeded wall. Besides the kan replacement
 * draws it gives one for every North extracted (kita), up to eight in all: the first four from the front of the
 * dead wall, then from the far end of the live wall (the dead wall is refilled, so it keeps 14 tiles and the last
 * live tile moves up). Indicators stay where they were dealt.
 */
export class SanmaWall extends Majiang.Shan {
  private readonly scoresIndicators: boolean;
  private replacements = 0;
  private revealed = 1;

  constructor(rule: MajiangRule, wall: string[], scoresIndicators: boolean) {
    super(rule);
    this._pai = wall.slice();
    this._baopai = [this._pai[indicatorIndex(0, 0)]];
    this._fubaopai = rule.裏ドラあり ? [this._pai[indicatorIndex(0, 0) + MAX_INDICATORS]] : null;
    this.scoresIndicators = scoresIndicators;
  }

  /** `have_biao_dora` off: the indicators are shown but never score. */
  override get baopai(): string[] {
    if (this._closed && !this.scoresIndicators) return [];
    return super.baopai;
  }

  /** The replacement draw after a kan. */
  override gangzimo(): string {
    if (this._weikaigang) throw new Error('no replacement draw now');
    const tile = this.replacement();
    this._weikaigang = !!this._rule.カンドラあり;
    return tile;
  }

  /** The replacement draw after a North is extracted (kita): no kan dora follows. */
  kitazimo(): string {
    if (this._weikaigang) throw new Error('no replacement draw now');
    return this.replacement();
  }

  private replacement(): string {
    if (this._closed || this.paishu === 0) throw new Error('no replacement draw now');
    const [tile] = this._pai.splice(replacementIndex(this.replacements), 1);
    this.replacements++;
    return tile;
  }

  override kaigang(): this {
    if (this._closed || !this._weikaigang) throw new Error('no kan dora to reveal now');
    this._weikaigang = false;
    if (this.revealed >= MAX_INDICATORS) return this;
    const at = indicatorIndex(this.revealed, this.replacements);
    this._baopai.push(this._pai[at]);
    if (this._fubaopai && this._rule.カン裏あり) this._fubaopai.push(this._pai[at + MAX_INDICATORS]);
    this.revealed++;
    return this;
  }
}
