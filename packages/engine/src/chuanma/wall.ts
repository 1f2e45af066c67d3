import { dealWall } from '../walls';

/**
 * The wall of one chuanma hand, dealt from the table's secret seed like every other wall: the four-player
 * 136-tile shuffle of `dealWall` (same seed, hand number and deal attempt, no red fives) with the honours taken
 * out. Taking a fixed subset out of a uniformly shuffled sequence leaves the rest uniformly shuffled, so this is
 * a fair shuffle of the 108 chuanma tiles, and `verifyGame`'s re-deal checks it the same way.
 */
export function chuanmaWall(seed: string, hand: number, attempt = 0): string[] {
  return dealWall(seed, hand, { m: 0, p: 0, s: 0 }, 4, attempt).filter((t) => t[0] !== 'z');
}

/** Tiles each seat is dealt; the dealer's fourteenth is their first draw. */
export const DEAL_SIZE = 13;

/**
 * A wall in play. Tiles are drawn from the end, as in the rules engine; there is no dead wall: every tile is
 * drawn, a kong's replacement draw (岭上) is simply the next tile, and there are no dora indicators.
 */
export class ChuanmaWall {
  private readonly tiles: string[];

  constructor(wall: readonly string[]) {
    if (wall.length !== 108) throw new Error(`a chuanma wall has 108 tiles, not ${wall.length}`);
    this.tiles = wall.slice();
  }

  /**
   * The deal: 13 tiles to each seat in turn, starting with the dealer, each seat's tiles taken together from
   * the end of the wall. Returns the hands by seat.
   */
  deal(dealer: number): string[][] {
    if (this.tiles.length !== 108) throw new Error('the wall has been dealt already');
    const hands: string[][] = [[], [], [], []];
    for (let i = 0; i < 4; i++) {
      const seat = (dealer + i) % 4;
      for (let k = 0; k < DEAL_SIZE; k++) hands[seat].push(this.draw());
    }
    return hands;
  }

  /** The next tile (a turn's draw or a kong's replacement draw). */
  draw(): string {
    const tile = this.tiles.pop();
    if (tile === undefined) throw new Error('the wall is exhausted');
    return tile;
  }

  /** Tiles left to draw. */
  get remaining(): number {
    return this.tiles.length;
  }
}
