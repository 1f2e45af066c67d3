import { LIMITS } from '../constants';
import { LevelLimitType } from '../enums';
import { ErrorCode } from '../errors/codes';
import { isLevelRequirement } from '../level';
import { isThinkingPreset, type PlayerCount } from '../round-type';
import {
  DETAIL_RULE_FIELDS,
  DETAIL_RULE_TOGGLES,
  type DetailRule,
  type DetailRuleField,
} from './detail-rule';

// Rule limits of spec §5. A rule breaking any of them is refused with 2517 (parameter error).

export interface RuleViolation {
  /** The detail_rule field at fault (for uma and other sums: the first field of the group). */
  field: DetailRuleField;
  code: typeof ErrorCode.PARAM_ERROR;
  /** Short English description for logs and developers. */
  reason: string;
}

const ZERO_ONE_FIELDS: readonly DetailRuleField[] = [
  'shiduan',
  'guyi_mode',
  'enable_shiti',
  'enable_nontsumo_liqi',
  'disable_double_wind_four_fu',
  'disable_double_yakuman',
  'disable_composite_yakuman',
  'disable_angang_guoshi',
  'disable_broadcast',
  'emoji_switch',
  'dora3_mode',
  'xuezhandaodi',
  'chuanma',
  'wanxiangxiuluo_mode',
  'huansanzhang',
];

/** Switches that need another switch on: [dependent, prerequisite]. */
const PREREQUISITES: readonly [DetailRuleField, DetailRuleField][] = [
  ['have_gang_biao_dora', 'have_biao_dora'],
  ['have_li_dora', 'have_biao_dora'],
  ['have_gang_li_dora', 'have_li_dora'],
  ['have_gang_li_dora', 'have_gang_biao_dora'],
  ['ming_dora_immediately_open', 'have_gang_biao_dora'],
  ['have_helezhongju', 'have_helelianzhuang'],
  ['have_tingpaizhongju', 'have_tingpailianzhuang'],
];

/** Steps of the stick and payment fields: honba 300/200, noten for 1/2/3 tenpai 100, 100 or 200, 300. */
export function ruleStepsFor(playerCount: PlayerCount): Partial<Record<DetailRuleField, number>> {
  return {
    changbang_value: playerCount === 3 ? LIMITS.HONBA_STEP_3P : LIMITS.HONBA_STEP_4P,
    noting_fafu_1: 100,
    noting_fafu_2: playerCount === 3 ? 200 : 100,
    noting_fafu_3: 300,
  };
}

/** Every rule limit `rule` breaks for a table of `playerCount`; empty when the rule is valid. */
export function validateDetailRule(rule: DetailRule, playerCount: PlayerCount): RuleViolation[] {
  const out: RuleViolation[] = [];
  const fail = (field: DetailRuleField, reason: string) =>
    out.push({ field, code: ErrorCode.PARAM_ERROR, reason });
  const inRange = (field: DetailRuleField, min: number, max: number) => {
    const v = rule[field] as number;
    if (v < min || v > max) fail(field, `${field} must be between ${min} and ${max}`);
  };
  const oneOf = (field: DetailRuleField, allowed: readonly number[]) => {
    if (!allowed.includes(rule[field] as number))
      fail(field, `${field} must be one of ${allowed.join(', ')}`);
  };

  // Types first: later checks assume numbers and booleans.
  for (const field of DETAIL_RULE_FIELDS) {
    const v = rule[field] as unknown;
    if (DETAIL_RULE_TOGGLES.includes(field)) {
      if (typeof v !== 'boolean') fail(field, `${field} must be a switch`);
    } else if (typeof v !== 'number' || !Number.isInteger(v)) {
      fail(field, `${field} must be an integer`);
    }
  }
  if (out.length > 0) return out;

  const P = LIMITS.RULE_POINT_MAX;
  inRange('init_point', 0, P);
  inRange('fandian', rule.init_point, P);
  inRange('jingsuanyuandian', 0, P);
  if (rule.jingsuanyuandian < rule.init_point)
    fail('jingsuanyuandian', 'jingsuanyuandian must not be below init_point');
  inRange('tianbian_value', 0, P);
  inRange('liqibang_value', 0, LIMITS.RULE_STICK_MAX);
  for (const [field, step] of Object.entries(ruleStepsFor(playerCount)) as [DetailRuleField, number][]) {
    inRange(field, 0, LIMITS.RULE_STICK_MAX);
    if ((rule[field] as number) % step !== 0) fail(field, `${field} must be a multiple of ${step}`);
  }

  // Uma: each −100…100; 1st gets minus the sum of the others and the order never rises.
  const umaFields: DetailRuleField[] =
    playerCount === 3 ? ['shunweima_2', 'shunweima_3'] : ['shunweima_2', 'shunweima_3', 'shunweima_4'];
  for (const field of ['shunweima_2', 'shunweima_3', 'shunweima_4'] as const) {
    inRange(field, LIMITS.RULE_UMA_MIN, LIMITS.RULE_UMA_MAX);
  }
  const umas = umaFields.map((f) => rule[f] as number);
  const first = -umas.reduce((a, b) => a + b, 0);
  if (first < LIMITS.RULE_UMA_MIN || first > LIMITS.RULE_UMA_MAX) {
    fail(
      'shunweima_2',
      `1st place uma (${first}) must be between ${LIMITS.RULE_UMA_MIN} and ${LIMITS.RULE_UMA_MAX}`,
    );
  }
  [first, ...umas].forEach((above, i) => {
    if (i < umas.length && umas[i] > above)
      fail(umaFields[i], `${umaFields[i]} must not exceed the place above`);
  });

  if (!isThinkingPreset(rule)) fail('time_fixed', 'time_fixed + time_add must be a thinking-time preset');
  oneOf('dora_count', playerCount === 3 ? LIMITS.RED_DORA_3P : LIMITS.RED_DORA_4P);
  oneOf('fanfu', LIMITS.FANFU_VALUES);
  oneOf('enable_renhe', [0, 1, 2]);
  oneOf('enable_baopai_extend_settings', [0, 1, 2]);
  oneOf('ai_level', [0, 1, 2]);
  for (const field of ZERO_ONE_FIELDS) oneOf(field, [0, 1]);
  if (rule.max_game_count < LIMITS.MAX_GAME_COUNT_MIN)
    fail('max_game_count', 'max_game_count must not be negative');
  if (!isLevelRequirement(rule.required_level_p4, LevelLimitType.FOUR_PLAYER)) {
    fail('required_level_p4', 'required_level_p4 must be 0 or a four-player level id');
  }
  if (!isLevelRequirement(rule.required_level_p3, LevelLimitType.THREE_PLAYER)) {
    fail('required_level_p3', 'required_level_p3 must be 0 or a three-player level id');
  }

  if (rule.have_toutiao && rule.have_sanjiahele)
    fail('have_sanjiahele', 'have_toutiao and have_sanjiahele exclude each other');
  for (const [dependent, prerequisite] of PREREQUISITES) {
    if (rule[dependent] && !rule[prerequisite]) fail(dependent, `${dependent} needs ${prerequisite}`);
  }
  const variants = [rule.dora3_mode, rule.xuezhandaodi, rule.chuanma, rule.wanxiangxiuluo_mode].filter(
    Boolean,
  );
  if (variants.length > 1) fail('dora3_mode', 'at most one variant flag may be set');
  return out;
}
