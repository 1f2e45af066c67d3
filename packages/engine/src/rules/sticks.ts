import type { TableRule } from './table-rule';

/** The rules engine pays honba at 300 a hand and riichi sticks at 1000: the values we re-price from. */
const ENGINE_HONBA = 300;
const ENGINE_STICK = 1000;

/**
 * Re-prices the honba (`changbang_value`) and riichi sticks (`liqibang_value`) in one win's payments, in place.
 * `fenpei` is indexed by seat relative to the dealer; `payer` is the discarder on a ron, null on a tsumo.
 * On a tsumo the honba is split between the other three, unless one player (liability, pao) pays it all.
 */
export function repriceWin(
  fenpei: number[],
  winner: number,
  payer: number | null,
  honba: number,
  sticks: number,
  rule: Pick<TableRule, 'changbangValue' | 'liqibangValue'>,
): void {
  const honbaDelta = honba * (rule.changbangValue - ENGINE_HONBA);
  fenpei[winner] += honbaDelta + sticks * (rule.liqibangValue - ENGINE_STICK);
  if (payer != null) {
    fenpei[payer] -= honbaDelta;
    return;
  }
  const payers = fenpei.map((_, l) => l).filter((l) => l !== winner && fenpei[l] < 0);
  if (payers.length === 1) {
    fenpei[payers[0]] -= honbaDelta;
    return;
  }
  for (let l = 0; l < fenpei.length; l++) if (l !== winner) fenpei[l] -= honbaDelta / 3;
}

/** What a riichi declaration costs beyond the engine's 1000 (negative when a stick is worth more). */
export function riichiRefund(rule: Pick<TableRule, 'liqibangValue'>): number {
  return ENGINE_STICK - rule.liqibangValue;
}
