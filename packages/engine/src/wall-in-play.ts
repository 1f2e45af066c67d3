import Majiang, { type MajiangRule } from '@kobalab/majiang-core';

/** Dora indicators a dead wall can show (and as many ura indicators under them). */
const MAX_INDICATORS = 5;

/**
 * The wall of one hand as the rules engine plays it, dealt from our seeded wall instead of `Math.random`.
 * Dead wall layout (engine order): replacement tiles from the front, indicators from index 4, ura indicators
 * five further on; each replacement draw shifts the dead wall by one.
 */
export class WallInPlay extends Majiang.Shan {
  private readonly scoresIndicators: boolean;
  private replacements = 0;
  private revealed = 1;

  constructor(rule: MajiangRule, wall: string[], scoresIndicators: boolean) {
    super(rule);
    this._pai = wall.slice();
    this._baopai = [this._pai[4]];
    this._fubaopai = rule.裏ドラあり ? [this._pai[9]] : null;
    this.scoresIndicators = scoresIndicators;
  }

  /** `have_biao_dora` off: the indicators are shown but never score. */
  override get baopai(): string[] {
    if (this._closed && !this.scoresIndicators) return [];
    return super.baopai;
  }

  override gangzimo(): string {
    if (this._closed || this.paishu === 0 || this._weikaigang || this.replacements === 4) {
      throw new Error('no replacement draw now');
    }
    this.replacements++;
    this._weikaigang = !!this._rule.カンドラあり;
    return this._pai.shift() as string;
  }

  override kaigang(): this {
    if (this._closed || !this._weikaigang) throw new Error('no kan dora to reveal now');
    this.reveal(true);
    this._weikaigang = false;
    return this;
  }

  /**
   * Turns the next indicator (and the ura indicator under it when ura dora count). Used for kan dora, and at
   * the deal for the extra indicators of dora3 mode. Returns the indicator, or null when the dead wall has none.
   */
  reveal(kan: boolean): string | null {
    if (this.revealed >= MAX_INDICATORS) return null;
    const at = 4 + this.revealed - this.replacements;
    this._baopai.push(this._pai[at]);
    if (this._fubaopai && (!kan || this._rule.カン裏あり)) this._fubaopai.push(this._pai[at + 5]);
    this.revealed++;
    return this._pai[at];
  }
}
