/**
 * Swaps our fast shanten into the rules engine's `Majiang.Util`, which the engine's Game and Player and the
 * majiang-ai robot all read through, so every robot in this process or worker uses it, together with faster
 * hand methods (`Shoupai.toString`, `clone`, `get_dapai`, validity checks) of the same results. Idempotent.
 */
import { engineUtil, type ShantenUtil, stockShanten } from './engine-util';
import { fastShoupai, stockShoupai, useShoupai } from './fast-shoupai';
import { tingpai, xiangting, xiangtingGuoshi, xiangtingQidui, xiangtingYiban } from './xiangting';

export const fastShanten: Readonly<ShantenUtil> = Object.freeze({
  xiangting,
  xiangting_yiban: xiangtingYiban,
  xiangting_qidui: xiangtingQidui,
  xiangting_guoshi: xiangtingGuoshi,
  tingpai,
});

function use(util: Readonly<ShantenUtil>): void {
  engineUtil.xiangting = util.xiangting;
  engineUtil.xiangting_yiban = util.xiangting_yiban;
  engineUtil.xiangting_qidui = util.xiangting_qidui;
  engineUtil.xiangting_guoshi = util.xiangting_guoshi;
  engineUtil.tingpai = util.tingpai;
}

export function installFastShanten(): void {
  use(fastShanten);
  useShoupai(fastShoupai);
}

/** Puts the engine's own shanten back (benchmarks compare the two). */
export function installStockShanten(): void {
  use(stockShanten);
  useShoupai(stockShoupai);
}

export function fastShantenInstalled(): boolean {
  return engineUtil.xiangting === fastShanten.xiangting;
}
