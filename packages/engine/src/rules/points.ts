import type { MajiangRule } from '@kobalab/majiang-core';

/** Basic points of a hand: han and fu below mangan, then the limit hands (kazoe yakuman when allowed). */
export function basicPoints(han: number, fu: number, rule: MajiangRule): number {
  if (han >= 13 && rule.数え役満あり) return 8000;
  if (han >= 11) return 6000;
  if (han >= 8) return 4000;
  if (han >= 6) return 3000;
  const base = fu * 2 ** (2 + han);
  // have_qieshangmanguan: 4 han 30 fu and 3 han 60 fu round up to mangan (kiriage mangan)
  if (rule.切り上げ満貫あり && base === 1920) return 2000;
  return Math.min(base, 2000);
}

const up100 = (x: number) => Math.ceil(x / 100) * 100;

/**
 * The hand's payments (no honba, no sticks) for basic points `base`, by seat relative to the dealer (0).
 * `payer` is the discarder on a ron, null on a tsumo.
 */
export function handPayments(base: number, winner: number, payer: number | null): number[] {
  const fenpei = [0, 0, 0, 0];
  const dealer = winner === 0;
  if (payer != null) {
    const value = up100(base * (dealer ? 6 : 4));
    fenpei[winner] += value;
    fenpei[payer] -= value;
    return fenpei;
  }
  for (let l = 0; l < 4; l++) {
    if (l === winner) continue;
    const pay = up100(base * (dealer || l === 0 ? 2 : 1));
    fenpei[l] -= pay;
    fenpei[winner] += pay;
  }
  return fenpei;
}
