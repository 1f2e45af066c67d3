import { CHUANMA_GAME_COUNTS, DEFAULT_RULE_4P, type UnsupportedField } from '@taikai/protocol';
import { isOn, numberOf, type RuleFields } from '../rules/fields';

/**
 * What a chuanma table plays by, read from a `detail_rule` with `chuanma` on. The mode has "no more settings"
 * (spec §3): of the riichi fields only the starting points, the settlement (`jingsuanyuandian`, uma) and the
 * thinking time apply; `huansanzhang` and `can_jifei` are its own switches. The other riichi fields (red fives,
 * fanfu, abortive draws …) have no meaning here and are passed over.
 */
export interface ChuanmaRule {
  roundType: number;
  /** Hands in the game: 4 (round type 1) or 8 (round type 2). */
  hands: number;
  /** 换三张: the three-tile exchange after the deal. */
  huansanzhang: boolean;
  /** 击飞: a player below zero ends the hand and the game. */
  canJifei: boolean;
  initPoint: number;
  jingsuanyuandian: number;
  /** Uma by placement in thousands, 1st … 4th (1st = minus the sum of the others). */
  uma: number[];
  timeFixed: number;
  timeAdd: number;
}

/** Mode switches a chuanma table refuses alongside `chuanma` (the other modes and variant switches). */
const OTHER_MODES: Record<string, string> = {
  xuezhandaodi: 'bloody-end (xuezhan daodi) mode',
  wanxiangxiuluo_mode: 'wanxiang xiuluo mode',
  muyu_mode: 'muyu mode',
  jiuchao_mode: 'jiuchao mode',
  reveal_discard: 'open-discard mode',
  field_spell_mode: 'field spell mode',
  zhanxing: 'zhanxing mode',
  tianming_mode: 'tianming mode',
  yongchang_mode: 'yongchang mode',
  hunzhiyiji_mode: 'hunzhiyiji mode',
  guyi_mode: 'local yaku (guyi)',
};

/** Whether a rule asks for chuanma. */
export function isChuanmaRule(rule: RuleFields): boolean {
  return isOn(rule, 'chuanma');
}

/**
 * What the engine's chuanma table cannot honour in `rule` (which has `chuanma` on): a round type other than 1
 * (4 hands) or 2 (8 hands), any other mode with it, starting points that are not positive. The protocol's
 * `unsupportedRuleFields` — which the server and the console read — still refuses chuanma itself: the engine
 * plays it, the server does not offer it yet.
 */
export function unsupportedChuanmaFields(rule: RuleFields, roundType: number): UnsupportedField[] {
  const refused: UnsupportedField[] = [];
  if (CHUANMA_GAME_COUNTS[roundType] === undefined)
    refused.push({
      field: 'mode',
      value: roundType,
      reason: 'a chuanma game is round type 1 (4 hands) or 2 (8 hands)',
    });
  for (const [field, reason] of Object.entries(OTHER_MODES)) {
    if (isOn(rule, field))
      refused.push({ field, value: rule[field], reason: `${reason} is not supported with chuanma` });
  }
  if (numberOf(rule, 'init_point', DEFAULT_RULE_4P.init_point) <= 0)
    refused.push({ field: 'init_point', value: rule.init_point, reason: 'starting points must be positive' });
  return refused;
}

/** Reads a chuanma rule (absent fields: the four-player defaults). Call `unsupportedChuanmaFields` first. */
export function toChuanmaRule(given: RuleFields, roundType: number): ChuanmaRule {
  const rule: RuleFields = { ...DEFAULT_RULE_4P, ...given };
  const uma2 = numberOf(rule, 'shunweima_2', 5);
  const uma3 = numberOf(rule, 'shunweima_3', -5);
  const uma4 = numberOf(rule, 'shunweima_4', -15);
  return {
    roundType,
    hands: CHUANMA_GAME_COUNTS[roundType],
    huansanzhang: isOn(rule, 'huansanzhang'),
    canJifei: isOn(rule, 'can_jifei'),
    initPoint: numberOf(rule, 'init_point', 25000),
    jingsuanyuandian: numberOf(rule, 'jingsuanyuandian', 25000),
    uma: [-(uma2 + uma3 + uma4), uma2, uma3, uma4],
    timeFixed: numberOf(rule, 'time_fixed', 5),
    timeAdd: numberOf(rule, 'time_add', 20),
  };
}
