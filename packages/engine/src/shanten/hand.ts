/**
 * The parts of the rules engine's hand (`Majiang.Shoupai`) that shanten reads: concealed tile counts per suit
 * (index 1–9, honours 1–7; index 0 of a number suit counts red fives and is not a tile kind of its own), the
 * called melds (fulou, each replacing one set) and the drawn tile or last call (`_zimo`).
 */
export interface ShantenHand {
  _bingpai: { _: number; m: number[]; p: number[]; s: number[]; z: number[] };
  _fulou: string[];
  _zimo: string | null;
}

export type Suit = 'm' | 'p' | 's' | 'z';
export const SUITS: readonly Suit[] = ['m', 'p', 's', 'z'];
