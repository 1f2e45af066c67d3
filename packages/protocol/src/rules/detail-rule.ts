import { z } from 'zod';

// `detail_rule`: every rule field of a tournament's game mode (spec §3). Field names are the wire's.
// Switches are booleans; numeric fields that act as switches (disable_double_yakuman, enable_shiti, …) stay
// numbers 0/1 as on the wire. The schema accepts 0/1 for boolean switches, as some clients send them.

/** A boolean switch; 0 and 1 are read as false and true. */
const toggle = z.preprocess((v) => (v === 1 ? true : v === 0 ? false : v), z.boolean());
const int = z.number().int();

export const detailRuleShape = {
  // Points
  /** Starting points. */
  init_point: int,
  /** Points 1st must reach for the game to end (else the extension round when have_nanruxiru). */
  fandian: int,
  /** Settlement base (return points). */
  jingsuanyuandian: int,
  /** Score ceiling that ends the game at once; 0 = off. */
  tianbian_value: int,
  /** Riichi stick value. */
  liqibang_value: int,
  /** Honba value. */
  changbang_value: int,
  /** Noten payment when 1, 2 or 3 players are tenpai. */
  noting_fafu_1: int,
  noting_fafu_2: int,
  noting_fafu_3: int,
  /** Uma of 2nd, 3rd and 4th in thousands; 1st gets minus their sum. */
  shunweima_2: int,
  shunweima_3: int,
  shunweima_4: int,

  // Time
  time_fixed: int,
  time_add: int,

  // Basic rules
  /** Red fives. */
  dora_count: int,
  /** Minimum han (1, 2 or 4). */
  fanfu: int,
  /** Open tanyao (kuitan) 1 on / 0 off. */
  shiduan: int,
  /** Bust (tobi) ends the game. */
  can_jifei: toggle,
  /** Kiriage mangan. */
  have_qieshangmanguan: toggle,
  /** Atamahane: only the first winner in turn order wins (excludes have_sanjiahele). */
  have_toutiao: toggle,
  /** Tsumo loss in three-player. */
  have_zimosun: toggle,
  /** Renhou: 0 off, 1 mangan, 2 yakuman. */
  enable_renhe: int,
  /** Pao: 0 dragons and winds, 1 also four kans, 2 off. */
  enable_baopai_extend_settings: int,
  /** Nagashi mangan. */
  have_liujumanguan: toggle,
  /** Ippatsu. */
  have_yifa: toggle,
  /** Extension into South/West when nobody reached fandian. */
  have_nanruxiru: toggle,
  /** Local yaku (koyaku) 1 on. */
  guyi_mode: int,
  /** Kuikae (swap calling) allowed. */
  enable_shiti: int,
  /** Riichi without tsumo left allowed. */
  enable_nontsumo_liqi: int,
  /** Double-wind pair counts 2 fu instead of 4. */
  disable_double_wind_four_fu: int,
  /** Standing hints (what each player needs) at the all-last. */
  bianjietishi: toggle,

  // Dora
  have_biao_dora: toggle,
  have_gang_biao_dora: toggle,
  ming_dora_immediately_open: toggle,
  have_li_dora: toggle,
  have_gang_li_dora: toggle,

  // Dealer: renchan on win / tenpai, agari-yame / tenpai-yame at the all-last
  have_helelianzhuang: toggle,
  have_tingpailianzhuang: toggle,
  have_helezhongju: toggle,
  have_tingpaizhongju: toggle,

  // Abortive draws
  have_sigangsanle: toggle,
  have_sifenglianda: toggle,
  have_sijializhi: toggle,
  have_jiuzhongjiupai: toggle,
  /** Triple ron is an abortive draw. */
  have_sanjiahele: toggle,

  // Yakuman
  /** Counted (kazoe) yakuman off. */
  disable_leijiyiman: toggle,
  /** Multiple yakuman not stacked. */
  disable_multi_yukaman: toggle,
  /** Double yakuman hands count single. */
  disable_double_yakuman: int,
  /** Composite yakuman not added. */
  disable_composite_yakuman: int,
  /** Kokushi cannot rob a closed kan. */
  disable_angang_guoshi: int,

  // Contest
  max_game_count: int,
  required_level_p4: int,
  required_level_p3: int,
  disable_broadcast: int,
  emoji_switch: int,
  /** Robot strength in games of this tournament. */
  ai_level: int,

  // Variant flags
  dora3_mode: int,
  xuezhandaodi: int,
  chuanma: int,
  wanxiangxiuluo_mode: int,
  huansanzhang: int,
};

/** A complete rule. Unknown keys are dropped. */
export const detailRuleSchema = z.object(detailRuleShape);
export type DetailRule = z.infer<typeof detailRuleSchema>;

/** Some fields of a rule, as clients may send them (see `completeDetailRule`). */
export const detailRulePatchSchema = detailRuleSchema.partial();
export type DetailRulePatch = z.infer<typeof detailRulePatchSchema>;

export type DetailRuleField = keyof DetailRule;
export const DETAIL_RULE_FIELDS = Object.keys(detailRuleShape) as DetailRuleField[];

/** Fields that are boolean switches on the wire. */
export const DETAIL_RULE_TOGGLES: readonly DetailRuleField[] = DETAIL_RULE_FIELDS.filter(
  (f) => detailRuleShape[f] === toggle,
);
