/**
 * The rules engine's shanten functions (`Majiang.Util`), as the engine shipped them. Captured when this module is
 * first loaded, before anything can swap them, so the engine's own results stay at hand as the reference.
 */
import { createRequire } from 'node:module';
import type { ShantenHand } from './hand';

export type Shanten = (hand: ShantenHand) => number;
export type Tingpai = (hand: ShantenHand, shanten?: Shanten) => string[] | null;

export interface ShantenUtil {
  xiangting: Shanten;
  xiangting_yiban: Shanten;
  xiangting_qidui: Shanten;
  xiangting_guoshi: Shanten;
  tingpai: Tingpai;
}

const require = createRequire(import.meta.url);

/** The live `Majiang.Util` object shared by the engine's Game, Player and majiang-ai. */
export const engineUtil = (require('@kobalab/majiang-core') as { Util: ShantenUtil }).Util;

/** The engine's own implementations. */
export const stockShanten: Readonly<ShantenUtil> = Object.freeze({
  xiangting: engineUtil.xiangting,
  xiangting_yiban: engineUtil.xiangting_yiban,
  xiangting_qidui: engineUtil.xiangting_qidui,
  xiangting_guoshi: engineUtil.xiangting_guoshi,
  tingpai: engineUtil.tingpai,
});
