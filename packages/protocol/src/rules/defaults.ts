import { GameVariant, variantFlagsOf } from '../game-variant';
import { type PlayerCount, RoundType } from '../round-type';
import type { DetailRule } from './detail-rule';

/** Four-player standard rule. */
export const DEFAULT_RULE_4P: Readonly<DetailRule> = Object.freeze({
  init_point: 25000,
  fandian: 30000,
  jingsuanyuandian: 25000,
  tianbian_value: 0,
  liqibang_value: 1000,
  changbang_value: 300,
  noting_fafu_1: 1000,
  noting_fafu_2: 1500,
  noting_fafu_3: 3000,
  shunweima_2: 5,
  shunweima_3: -5,
  shunweima_4: -15,
  time_fixed: 5,
  time_add: 20,
  dora_count: 3,
  fanfu: 1,
  shiduan: 1,
  can_jifei: true,
  have_qieshangmanguan: false,
  have_toutiao: false,
  have_zimosun: false,
  enable_renhe: 0,
  enable_baopai_extend_settings: 0,
  have_liujumanguan: true,
  have_yifa: true,
  have_nanruxiru: true,
  guyi_mode: 0,
  enable_shiti: 0,
  enable_nontsumo_liqi: 0,
  disable_double_wind_four_fu: 0,
  bianjietishi: true,
  have_biao_dora: true,
  have_gang_biao_dora: true,
  ming_dora_immediately_open: false,
  have_li_dora: true,
  have_gang_li_dora: true,
  have_helelianzhuang: true,
  have_tingpailianzhuang: true,
  have_helezhongju: true,
  have_tingpaizhongju: true,
  have_sigangsanle: true,
  have_sifenglianda: true,
  have_sijializhi: true,
  have_jiuzhongjiupai: true,
  have_sanjiahele: false,
  disable_leijiyiman: false,
  disable_multi_yukaman: false,
  disable_double_yakuman: 0,
  disable_composite_yakuman: 0,
  disable_angang_guoshi: 0,
  max_game_count: 0,
  required_level_p4: 0,
  required_level_p3: 0,
  disable_broadcast: 0,
  emoji_switch: 0,
  ai_level: 0,
  dora3_mode: 0,
  xuezhandaodi: 0,
  chuanma: 0,
  wanxiangxiuluo_mode: 0,
  huansanzhang: 0,
});

/** Three-player standard rule. */
export const DEFAULT_RULE_3P: Readonly<DetailRule> = Object.freeze({
  ...DEFAULT_RULE_4P,
  init_point: 35000,
  fandian: 40000,
  jingsuanyuandian: 35000,
  changbang_value: 200,
  noting_fafu_1: 1000,
  noting_fafu_2: 2000,
  noting_fafu_3: 0,
  shunweima_2: 0,
  shunweima_3: -15,
  shunweima_4: 0,
  have_zimosun: true,
  dora_count: 2,
});

/** Dora3 variant: the four-player defaults with dora3_mode on. */
export const DEFAULT_RULE_DORA3: Readonly<DetailRule> = Object.freeze({ ...DEFAULT_RULE_4P, dora3_mode: 1 });

/** A fresh copy of the standard rule for a round type (three-player when above 10). */
export function defaultRuleFor(roundType: RoundType | number): DetailRule {
  return { ...(roundType > 10 ? DEFAULT_RULE_3P : DEFAULT_RULE_4P) };
}

/**
 * The rule loaded when a variant is chosen in the rule editor: the standard rule of the seat count with the
 * variant's flag set.
 */
export function defaultRuleForVariant(variant: GameVariant, playerCount: PlayerCount = 4): DetailRule {
  return { ...(playerCount === 3 ? DEFAULT_RULE_3P : DEFAULT_RULE_4P), ...variantFlagsOf(variant) };
}

/**
 * Round type selected with a variant: South 4p; East 4p for chuanma (four games) and xuezhandaodi (four-player
 * East, the only round type it plays).
 */
export function defaultRoundTypeFor(variant: GameVariant): RoundType {
  return variant === GameVariant.CHUANMA || variant === GameVariant.XUEZHANDAODI
    ? RoundType.EAST_4P
    : RoundType.SOUTH_4P;
}

/** A complete rule from the fields a client sent, the rest from the round type's defaults. */
export function completeDetailRule(
  patch: Partial<DetailRule> | undefined,
  roundType: RoundType | number,
): DetailRule {
  const rule = defaultRuleFor(roundType);
  if (!patch) return rule;
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined && key in rule) (rule as Record<string, unknown>)[key] = value;
  }
  return rule;
}
