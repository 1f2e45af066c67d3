import type { TableRule } from './table-rule';

/** How a hand ended, as far as the dealer's repeat and the all-last stop care. */
export interface HandOutcome {
  /** Someone won (ron or tsumo). */
  won: boolean;
  /** The dealer was among the winners. */
  dealerWon: boolean;
  /** Exhaustive draw (ryuukyoku, nagashi mangan included) with the dealer tenpai. */
  dealerTenpai: boolean;
  /** Abortive draw (kyuushu kyuuhai, suufon renda, suucha riichi, suukaikan, sanchahou). */
  abortive: boolean;
}

/**
 * Renchan: the dealer keeps the seat after an abortive draw, after a win when `have_helelianzhuang`,
 * after an exhaustive draw in tenpai when `have_tingpailianzhuang`.
 */
export function dealerRepeats(
  outcome: HandOutcome,
  rule: Pick<TableRule, 'dealerRepeatsOnWin' | 'dealerRepeatsOnTenpai'>,
): boolean {
  if (outcome.abortive) return true;
  if (outcome.won) return outcome.dealerWon && rule.dealerRepeatsOnWin;
  return outcome.dealerTenpai && rule.dealerRepeatsOnTenpai;
}

/** Honba after the hand: back to 0 after a win the dealer does not repeat on, else one more. */
export function nextHonba(honba: number, outcome: HandOutcome, repeats: boolean): number {
  if (outcome.won) return repeats ? honba + 1 : 0;
  return honba + 1;
}
