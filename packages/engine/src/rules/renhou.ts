import type { MajiangRule } from '@kobalab/majiang-core';
import { basicPoints, handPayments } from './points';

/** The scored win as the rules engine records it (`hule` log entry). */
export interface ScoredWin {
  hupai: { name: string; fanshu: number | string }[];
  fu?: number;
  fanshu?: number;
  damanguan?: number;
  defen: number;
  fenpei: number[];
}

export const RENHOU = '人和';

/**
 * Renhou (`enable_renhe`): a ron before the winner's first draw, with no call made. Mode 1 counts it as a
 * 5-han yaku (mangan on its own), mode 2 as a yakuman. Rewrites the win in place and returns true when it
 * raised the value; honba and sticks are added afterwards by the caller.
 */
export function applyRenhou(
  win: ScoredWin,
  mode: 1 | 2,
  winner: number,
  payer: number,
  rule: MajiangRule,
): boolean {
  const isYakuman = win.hupai.some((h) => typeof h.fanshu === 'string');
  let base: number;
  if (mode === 2) {
    if (isYakuman && !rule.役満の複合あり) return false;
    const multiple = isYakuman ? (win.damanguan ?? 1) + 1 : 1;
    win.hupai = [...(isYakuman ? win.hupai : []), { name: RENHOU, fanshu: '*' }];
    win.damanguan = multiple;
    delete win.fu;
    delete win.fanshu;
    base = 8000 * multiple;
  } else {
    if (isYakuman) return false;
    const fanshu = (win.fanshu ?? 0) + 5;
    win.hupai = [{ name: RENHOU, fanshu: 5 }, ...win.hupai];
    win.fanshu = fanshu;
    base = basicPoints(fanshu, win.fu ?? 30, rule);
  }
  const fenpei = handPayments(base, winner, payer);
  for (let l = 0; l < 4; l++) win.fenpei[l] = fenpei[l];
  win.defen = fenpei[winner];
  return true;
}
