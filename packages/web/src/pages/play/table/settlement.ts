import { type Settlement, settle } from '@taikai/engine/player-view';

/** The rule fields of the settlement (a season's `detail_rule`). */
export interface SettlementRule {
  jingsuanyuandian?: number;
  shunweima_2?: number;
  shunweima_3?: number;
  shunweima_4?: number;
  liqibang_value?: number;
}

/**
 * The final settlement as the record has it (the engine's `settle`): placement by points (ties by seat), the
 * riichi sticks left on the table to 1st, settled scores with the return (`jingsuanyuandian`) and uma.
 */
export function settlementOf(scores: number[], sticksLeft: number, rule: SettlementRule): Settlement {
  const uma2 = rule.shunweima_2 ?? 5;
  const uma3 = rule.shunweima_3 ?? -5;
  const uma4 = scores.length === 3 ? 0 : (rule.shunweima_4 ?? -15);
  const uma = [-(uma2 + uma3 + uma4), uma2, uma3, uma4].slice(0, scores.length);
  return settle(scores, sticksLeft * (rule.liqibang_value ?? 1000), {
    jingsuanyuandian: rule.jingsuanyuandian ?? 25000,
    uma,
  });
}

/** A settled score ×1000 as shown: `+35.0`, `−12.3` (the portal's one formatter). */
export { signedScore as formatSettled } from '@taikai/protocol/scores';
