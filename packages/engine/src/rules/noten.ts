import type { TableRule } from './table-rule';

/**
 * Noten payments at an exhaustive draw (`noting_fafu_1/2/3`): with n players tenpai, each noten player pays
 * `noting_fafu_n` and the tenpai players share the pot equally. Nobody or everybody tenpai: nothing moves.
 * Three players (sanma): `noting_fafu_1` with one tenpai, `noting_fafu_2` with two (1000 / 2000 by default).
 */
export function notenPayments(tenpai: boolean[], rule: Pick<TableRule, 'notenPayment'>): number[] {
  const n = tenpai.filter((t) => t).length;
  if (n === 0 || n === tenpai.length) return tenpai.map(() => 0);
  const each = rule.notenPayment[n - 1];
  const pot = each * (tenpai.length - n);
  return tenpai.map((t) => (t ? pot / n : -each));
}
