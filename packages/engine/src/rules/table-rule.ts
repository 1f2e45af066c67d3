import type { MajiangRule } from '@kobalab/majiang-core';

/** Which abortive draws (tochuu ryuukyoku) end a hand. */
export interface AbortiveDraws {
  /** kyuushu kyuuhai — `have_jiuzhongjiupai` */
  nineTerminals: boolean;
  /** suufon renda — `have_sifenglianda` */
  fourWinds: boolean;
  /** suucha riichi — `have_sijializhi` */
  fourRiichi: boolean;
  /** suukaikan — `have_sigangsanle` */
  fourKans: boolean;
  /** sanchahou — `have_sanjiahele` */
  tripleRon: boolean;
}

/**
 * Everything a table needs to play one `detail_rule`: the rules engine's own rule object (`core`) for what it
 * supports natively, and our extensions for the rest. Points are raw game points.
 */
export interface TableRule {
  roundType: number;
  /** Seats at the table: 4, or 3 for the three-player round types (sanma). */
  players: 3 | 4;
  /** Winds scheduled: 1 East only (tonpuusen), 2 East–South (hanchan). */
  winds: number;
  core: MajiangRule;
  initPoint: number;
  /** `fandian`: the score 1st must reach for the game to end at its scheduled last hand. */
  fandian: number;
  /** `have_nanruxiru`: when nobody reached `fandian`, play on into the next wind (sudden death). */
  extension: boolean;
  /** `jingsuanyuandian`: the settlement base. */
  jingsuanyuandian: number;
  /** `tianbian_value`: a score that ends the game at once when reached (0 = off). */
  tianbian: number;
  /** `liqibang_value`: what one riichi stick costs and pays. */
  liqibangValue: number;
  /** `changbang_value`: what one honba adds to a win, in total. */
  changbangValue: number;
  /** `noting_fafu_1/2/3`: what each noten player pays when 1/2/3 players are tenpai. */
  notenPayment: [number, number, number];
  /** Uma by placement in thousands, 1st … last (1st = minus the sum of the others); three entries for sanma. */
  uma: number[];
  /** `have_zimosun` (three players): a tsumo is paid without the missing North player's share (tsumo loss). */
  tsumoLoss: boolean;
  /** `fanfu`: minimum han of yaku (dora not counted) to win. */
  minHan: number;
  /** `have_helelianzhuang` / `have_tingpailianzhuang`: dealer repeats (renchan) on a win / on tenpai. */
  dealerRepeatsOnWin: boolean;
  dealerRepeatsOnTenpai: boolean;
  /** `have_helezhongju` / `have_tingpaizhongju`: all-last stop (agari-yame / tenpai-yame). */
  allLastStopOnWin: boolean;
  allLastStopOnTenpai: boolean;
  /** `have_biao_dora`: indicator dora count at all. */
  indicatorDora: boolean;
  /** `dora3_mode`: three dora indicators from the deal on. */
  dora3: boolean;
  /** `enable_renhe`: renhou 0 off, 1 mangan, 2 yakuman (always a yakuman with `guyi_mode`). */
  renhou: 0 | 1 | 2;
  /** `guyi_mode`: the ancient local yaku (`src/guyi/`). */
  guyi: boolean;
  abortive: AbortiveDraws;
  /** `enable_baopai_extend_settings` 1: liability (pao) also for four kans. */
  fourKanLiability: boolean;
  /** `disable_angang_guoshi` off: kokushi may rob a closed kan. */
  kokushiRobsClosedKan: boolean;
  /** `time_fixed` + `time_add`: seconds a player seat has to answer. */
  timeFixed: number;
  timeAdd: number;
}
