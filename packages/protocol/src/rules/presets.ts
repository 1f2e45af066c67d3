import { DEFAULT_RULE_4P } from './defaults';
import { DETAIL_RULE_FIELDS, type DetailRule, type DetailRuleField } from './detail-rule';

// Rule presets of the rule editor. The professional ones start from the four-player defaults.

export const RULE_PRESET_NAMES = [
  'default',
  'rmu',
  'MLeague',
  'MahjongTop',
  'Top',
  'League',
  'MahjongUnion',
] as const;
export type RulePresetName = (typeof RULE_PRESET_NAMES)[number];

/** What every professional preset changes from the defaults. */
const PRO_BASE: Partial<DetailRule> = {
  can_jifei: false,
  have_helezhongju: false,
  have_liujumanguan: false,
  have_qieshangmanguan: true,
  have_sigangsanle: false,
  have_sifenglianda: false,
  have_sijializhi: false,
  have_jiuzhongjiupai: false,
  have_toutiao: true,
  have_tingpaizhongju: false,
  have_nanruxiru: false,
  disable_double_yakuman: 1,
  disable_leijiyiman: true,
  disable_double_wind_four_fu: 1,
  disable_angang_guoshi: 1,
  enable_nontsumo_liqi: 1,
};

function pro(fields: Partial<DetailRule>, openKanDoraAtOnce = true): Readonly<DetailRule> {
  return Object.freeze({
    ...DEFAULT_RULE_4P,
    ...PRO_BASE,
    ming_dora_immediately_open: openKanDoraAtOnce,
    ...fields,
  });
}

const points = (init: number, fandian: number, jingsuan: number) => ({
  init_point: init,
  fandian,
  jingsuanyuandian: jingsuan,
});
const uma = (second: number, third: number, fourth: number) => ({
  shunweima_2: second,
  shunweima_3: third,
  shunweima_4: fourth,
});

export const RULE_PRESETS: Readonly<Record<RulePresetName, Readonly<DetailRule>>> = Object.freeze({
  default: DEFAULT_RULE_4P,
  rmu: pro({
    ...points(30000, 30000, 30000),
    ...uma(5, -5, -15),
    disable_composite_yakuman: 1,
    enable_baopai_extend_settings: 2,
  }),
  MLeague: pro({ ...points(25000, 25000, 30000), ...uma(10, -10, -30), enable_baopai_extend_settings: 1 }),
  MahjongTop: pro({ ...points(25000, 25000, 30000), ...uma(10, -10, -30), enable_baopai_extend_settings: 1 }),
  Top: pro({
    ...points(30000, 30000, 30000),
    ...uma(10, -10, -30),
    disable_composite_yakuman: 1,
    enable_baopai_extend_settings: 2,
  }),
  League: pro({ ...points(25000, 25000, 30000), ...uma(10, -10, -30), enable_baopai_extend_settings: 2 }),
  MahjongUnion: pro(
    {
      ...points(30000, 30000, 30000),
      ...uma(4, -4, -12),
      changbang_value: 0,
      noting_fafu_1: 0,
      noting_fafu_2: 0,
      noting_fafu_3: 0,
      have_li_dora: false,
      have_gang_biao_dora: false,
      have_gang_li_dora: false,
      have_yifa: false,
      disable_composite_yakuman: 1,
      enable_shiti: 1,
      enable_baopai_extend_settings: 0,
    },
    false,
  ),
});

/** Fields set per tournament or per game rather than by the rule cards; presets and comparisons skip them. */
export const RULE_CONTEST_FIELDS: readonly DetailRuleField[] = [
  'time_fixed',
  'time_add',
  'max_game_count',
  'required_level_p4',
  'required_level_p3',
  'disable_broadcast',
  'emoji_switch',
  'ai_level',
];

/** True when the two rules agree on every rule-card field (contest fields aside). */
export function sameRuleCards(a: DetailRule, b: DetailRule): boolean {
  return DETAIL_RULE_FIELDS.every((f) => RULE_CONTEST_FIELDS.includes(f) || a[f] === b[f]);
}

/** The preset whose rule cards a rule matches, or null. */
export function presetOf(rule: DetailRule): RulePresetName | null {
  return RULE_PRESET_NAMES.find((name) => sameRuleCards(RULE_PRESETS[name], rule)) ?? null;
}
