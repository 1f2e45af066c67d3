import Majiang from '@kobalab/majiang-core';

/** Tiles left to draw after a three-player deal: 108, less 3 × 13 dealt, less the 14 of the dead wall. */
export const SANMA_LIVE_TILES = 108 - 3 * 13 - 14;

/**
 * A seat's view of a three-player table. The rules engine's board is four-player; here the hands rotate over
 * three seats (`jushu` 0–2; relative seat `l` is player `(jushu + l) % 3`), the live wall starts at 55 tiles, and
 * the fourth relative seat is an empty chair that never plays. Seat arithmetic elsewhere stays four-player: a
 * meld or claim marks its giver `+` (next seat), `=` (two seats on) or `-` (three seats on), counted from the
 * receiver over seats 0–3, so the mark always names the right seat among the three.
 */
export class SanmaBoard extends Majiang.Board {
  override menfeng(id: number): number {
    return (id + 3 - this.jushu) % 3;
  }

  override qipai(qipai: { jushu: number; defen: number[] }): void {
    super.qipai(qipai);
    for (let l = 0; l < 3; l++) {
      this.player_id[l] = (qipai.jushu + l) % 3;
      this.defen[this.player_id[l]] = qipai.defen[l];
    }
    this.player_id[3] = 3;
    this.shoupai[3] = new Majiang.Shoupai();
    this.shan.paishu = SANMA_LIVE_TILES;
  }

  /** A North set aside by seat `l` (its replacement draw follows as a `gangzimo`). */
  kita(l: number): void {
    this.shoupai[l].dapai('z4', false);
  }
}
