import { LIMITS } from '../constants';
import { GameVariant, gameVariantOf, hasRuleCards, variantFlagsOf } from '../game-variant';
import { type PlayerCount, playerCountOf, ROUND_TYPES, RoundType } from '../round-type';
import { DEFAULT_RULE_3P, DEFAULT_RULE_4P, defaultRoundTypeFor, defaultRuleForVariant } from './defaults';
import { DETAIL_RULE_FIELDS, type DetailRule, type DetailRuleField, detailRuleSchema } from './detail-rule';
import { RULE_CONTEST_FIELDS, RULE_PRESET_NAMES, RULE_PRESETS, type RulePresetName } from './presets';
import { ruleStepsFor, validateDetailRule } from './validate';

// The rule editor's behaviour (spec §4 "Rule editor", §5 rule limits): pure functions over a rule and its
// round type, so the console and its tests agree on every dependency. Each takes the current rule and
// returns a new one; nothing is changed in place.

/** What the editor edits: the round type (`game_mode.mode`) and the rule. */
export interface RuleDraft {
  roundType: RoundType;
  rule: DetailRule;
}

/** The variant flags: not rule-card fields, they are chosen with the game mode. */
const VARIANT_FIELDS: readonly DetailRuleField[] = [
  'dora3_mode',
  'xuezhandaodi',
  'chuanma',
  'wanxiangxiuluo_mode',
];

/** Fields the rule cards (and the presets) set: everything but contest fields and variant flags. */
export const RULE_CARD_FIELDS: readonly DetailRuleField[] = DETAIL_RULE_FIELDS.filter(
  (f) => !RULE_CONTEST_FIELDS.includes(f) && !VARIANT_FIELDS.includes(f),
);

// ---------------------------------------------------------------------------------------------------------
// Mode and round type

/**
 * Choosing a game mode loads its default rule, keeping the broadcast setting; the round type becomes
 * South 4p (East 4p for chuanma, i.e. four games, and for xuezhandaodi).
 */
export function chooseVariant(draft: RuleDraft, variant: GameVariant): RuleDraft {
  return {
    roundType: defaultRoundTypeFor(variant),
    rule: { ...defaultRuleForVariant(variant, 4), disable_broadcast: draft.rule.disable_broadcast },
  };
}

/**
 * Choosing a round type. In standard mode, moving between four and three players loads that player count's
 * defaults (keeping the broadcast setting); East ↔ South of the same table keeps the rule.
 */
export function chooseRoundType(draft: RuleDraft, roundType: RoundType): RuleDraft {
  const variant = gameVariantOf(draft.rule);
  const count = playerCountOf(roundType);
  if (variant !== GameVariant.LIQI || count === playerCountOf(draft.roundType)) {
    return { roundType, rule: draft.rule };
  }
  return {
    roundType,
    rule: { ...defaultRuleForVariant(variant, count), disable_broadcast: draft.rule.disable_broadcast },
  };
}

/**
 * Round types offered for a mode: three-player ones only in standard mode; xuezhandaodi is four-player East
 * only (Mahjong Soul's 四人东).
 */
export function roundTypesForVariant(variant: GameVariant): RoundType[] {
  if (variant === GameVariant.XUEZHANDAODI) return [RoundType.EAST_4P];
  return variant === GameVariant.LIQI ? [...ROUND_TYPES] : ROUND_TYPES.filter((r) => r < 10);
}

// ---------------------------------------------------------------------------------------------------------
// Switch dependencies

/** Switches that need other switches on (dependent → prerequisites), as the server checks them. */
export const SWITCH_PREREQUISITES: Readonly<Partial<Record<DetailRuleField, readonly DetailRuleField[]>>> = {
  // Kan dora, ura dora and kan ura need the indicator dora; kan ura needs ura and kan dora.
  have_gang_biao_dora: ['have_biao_dora'],
  have_li_dora: ['have_biao_dora'],
  have_gang_li_dora: ['have_li_dora', 'have_gang_biao_dora'],
  // Kan dora revealed at once (not after the discard) needs kan dora.
  ming_dora_immediately_open: ['have_gang_biao_dora'],
  // Agari-yame / tenpai-yame at the all-last need the dealer to repeat on a win / on tenpai.
  have_helezhongju: ['have_helelianzhuang'],
  have_tingpaizhongju: ['have_tingpailianzhuang'],
};

/** Switches that exclude each other: atamahane (only the first winner) and the triple-ron abortive draw. */
export const EXCLUSIVE_SWITCHES: readonly [DetailRuleField, DetailRuleField][] = [
  ['have_toutiao', 'have_sanjiahele'],
];

/** True when a switch cannot be changed because a prerequisite is off. */
export function isSwitchDisabled(rule: DetailRule, field: DetailRuleField): boolean {
  return (SWITCH_PREREQUISITES[field] ?? []).some((p) => !rule[p]);
}

/** The prerequisites of `field` that are off (what the disabled switch waits for). */
export function missingPrerequisites(rule: DetailRule, field: DetailRuleField): DetailRuleField[] {
  return (SWITCH_PREREQUISITES[field] ?? []).filter((p) => !rule[p]);
}

/**
 * Turns a switch on or off with its dependencies:
 * - indicator dora off turns off kan dora, ura, kan ura and immediate kan-dora reveal; on turns kan dora, ura
 *   and kan ura back on; any other prerequisite turned off turns off what needs it;
 * - atamahane (have_toutiao) and the triple-ron draw (have_sanjiahele) exclude each other;
 * - renchan on a win (have_helelianzhuang) sets agari-yame (have_helezhongju) to the same; renchan on tenpai
 *   (have_tingpailianzhuang) sets tenpai-yame (have_tingpaizhongju).
 * A switch whose prerequisite is off cannot be turned on: the rule comes back unchanged.
 */
export function setSwitch(rule: DetailRule, field: DetailRuleField, on: boolean): DetailRule {
  if (on && isSwitchDisabled(rule, field)) return rule;
  const next = { ...rule, [field]: on } as DetailRule;
  const set = (f: DetailRuleField, v: boolean) => {
    (next as Record<string, unknown>)[f] = v;
  };
  if (field === 'have_biao_dora') {
    for (const f of ['have_gang_biao_dora', 'have_li_dora', 'have_gang_li_dora'] as const) set(f, on);
    if (!on) set('ming_dora_immediately_open', false);
  }
  if (field === 'have_helelianzhuang') set('have_helezhongju', on);
  if (field === 'have_tingpailianzhuang') set('have_tingpaizhongju', on);
  for (const [a, b] of EXCLUSIVE_SWITCHES) {
    if (on && field === a) set(b, false);
    if (on && field === b) set(a, false);
  }
  if (!on) {
    // Whatever needs a switch now off goes off too, until nothing changes (kan dora → kan ura …).
    let changed = true;
    while (changed) {
      changed = false;
      for (const [dependent, prerequisites] of Object.entries(SWITCH_PREREQUISITES)) {
        const f = dependent as DetailRuleField;
        if (next[f] === true && prerequisites.some((p) => !next[p])) {
          set(f, false);
          changed = true;
        }
      }
    }
  }
  return next;
}

// ---------------------------------------------------------------------------------------------------------
// Numbers: limits, steps, points

/** Numeric fields the editor shows as number inputs. */
export const RULE_NUMBER_FIELDS = [
  'init_point',
  'fandian',
  'jingsuanyuandian',
  'tianbian_value',
  'liqibang_value',
  'changbang_value',
  'noting_fafu_1',
  'noting_fafu_2',
  'noting_fafu_3',
  'shunweima_2',
  'shunweima_3',
  'shunweima_4',
] as const satisfies readonly DetailRuleField[];
export type RuleNumberField = (typeof RULE_NUMBER_FIELDS)[number];

export interface NumberLimits {
  min: number;
  max: number;
  /** Values are rounded down to a multiple of the step when the input is left; 1 = any integer. */
  step: number;
}

/** Limits of a number field (spec §5): fandian from init_point, honba and noten steps per player count. */
export function numberLimits(
  field: RuleNumberField,
  rule: DetailRule,
  playerCount: PlayerCount,
): NumberLimits {
  const P = LIMITS.RULE_POINT_MAX;
  const S = LIMITS.RULE_STICK_MAX;
  const steps = ruleStepsFor(playerCount);
  switch (field) {
    case 'fandian':
      return { min: Math.min(rule.init_point, P), max: P, step: LIMITS.POINT_STEP };
    case 'init_point':
    case 'jingsuanyuandian':
    case 'tianbian_value':
      return { min: 0, max: P, step: LIMITS.POINT_STEP };
    case 'liqibang_value':
      return { min: 0, max: S, step: LIMITS.POINT_STEP };
    case 'changbang_value':
    case 'noting_fafu_1':
    case 'noting_fafu_2':
    case 'noting_fafu_3':
      return { min: 0, max: S, step: steps[field] ?? LIMITS.POINT_STEP };
    default:
      return { min: LIMITS.RULE_UMA_MIN, max: LIMITS.RULE_UMA_MAX, step: 1 };
  }
}

/** Keeps the value within min…max and rounds it down to a multiple of `step` (up only to stay above min). */
export function roundDownToStep(value: number, { min, max, step }: NumberLimits): number {
  const within = Math.min(max, Math.max(min, Math.trunc(value)));
  const stepped = Math.floor(within / step) * step;
  return stepped < min ? Math.ceil(min / step) * step : stepped;
}

/**
 * A number field committed (the input is left): rounded down to its step within its limits, then its
 * dependencies: raising init_point above fandian raises fandian; in the non-standard modes fandian follows
 * init_point.
 */
export function setNumber(draft: RuleDraft, field: RuleNumberField, value: number): DetailRule {
  const { rule, roundType } = draft;
  const playerCount = playerCountOf(roundType);
  const v = Number.isFinite(value) ? value : (rule[field] as number);
  const next = { ...rule, [field]: roundDownToStep(v, numberLimits(field, rule, playerCount)) } as DetailRule;
  if (field === 'init_point') {
    if (gameVariantOf(rule) !== GameVariant.LIQI) next.fandian = next.init_point;
    else if (next.init_point > next.fandian) next.fandian = next.init_point;
  }
  return next;
}

/** Uma fields of a table: 2nd and 3rd for three players, 2nd to 4th for four. */
export function umaFields(playerCount: PlayerCount): ('shunweima_2' | 'shunweima_3' | 'shunweima_4')[] {
  return playerCount === 3 ? ['shunweima_2', 'shunweima_3'] : ['shunweima_2', 'shunweima_3', 'shunweima_4'];
}

/** 1st place uma: minus the sum of the others, so the table sums to zero. */
export function firstPlaceUma(rule: DetailRule, playerCount: PlayerCount): number {
  return -umaFields(playerCount).reduce((sum, f) => sum + rule[f], 0);
}

/** What is wrong with a field, for the editor to say in the organiser's language. */
export type RuleIssue =
  | { field: DetailRuleField; kind: 'range'; min: number; max: number }
  | { field: DetailRuleField; kind: 'step'; step: number }
  | { field: DetailRuleField; kind: 'belowInit' }
  | { field: DetailRuleField; kind: 'umaFirstRange'; first: number; min: number; max: number }
  | { field: DetailRuleField; kind: 'umaOrder' }
  | { field: DetailRuleField; kind: 'oneOf'; values: readonly number[] }
  | { field: DetailRuleField; kind: 'needs'; prerequisites: DetailRuleField[] }
  | { field: DetailRuleField; kind: 'exclusive'; other: DetailRuleField }
  | { field: DetailRuleField; kind: 'invalid' };

/** Uma limits: each −100…100, 1st (minus the sum of the others) too, and no place above the one before it. */
export function umaIssues(rule: DetailRule, playerCount: PlayerCount): RuleIssue[] {
  const out: RuleIssue[] = [];
  const min = LIMITS.RULE_UMA_MIN;
  const max = LIMITS.RULE_UMA_MAX;
  for (const f of umaFields(playerCount)) {
    if (rule[f] < min || rule[f] > max) out.push({ field: f, kind: 'range', min, max });
  }
  const first = firstPlaceUma(rule, playerCount);
  if (first < min || first > max) out.push({ field: 'shunweima_2', kind: 'umaFirstRange', first, min, max });
  let above = first;
  for (const f of umaFields(playerCount)) {
    if (rule[f] > above) out.push({ field: f, kind: 'umaOrder' });
    above = rule[f];
  }
  return out;
}

/**
 * Every limit of spec §5 the rule breaks, one issue per field and kind, for the editor to show next to the
 * field. The server refuses exactly these rules (validateDetailRule, 2517); a test holds the two together.
 */
export function ruleIssues(draft: RuleDraft): RuleIssue[] {
  const { rule, roundType } = draft;
  const playerCount = playerCountOf(roundType);
  const parsed = detailRuleSchema.safeParse(rule);
  if (!parsed.success) {
    return [...new Set(parsed.error.issues.map((i) => String(i.path[0]) as DetailRuleField))].map(
      (field) => ({ field, kind: 'invalid' as const }),
    );
  }
  const out: RuleIssue[] = [];
  for (const field of RULE_NUMBER_FIELDS) {
    if (field.startsWith('shunweima_')) continue;
    const limits = numberLimits(field, rule, playerCount);
    const v = rule[field];
    if (field === 'fandian' && v < rule.init_point) out.push({ field, kind: 'belowInit' });
    else if (v < limits.min || v > limits.max)
      out.push({ field, kind: 'range', min: limits.min, max: limits.max });
    else if (field in ruleStepsFor(playerCount) && v % limits.step !== 0)
      out.push({ field, kind: 'step', step: limits.step });
  }
  if (rule.jingsuanyuandian < rule.init_point) out.push({ field: 'jingsuanyuandian', kind: 'belowInit' });
  for (const f of ['shunweima_2', 'shunweima_3', 'shunweima_4'] as const) {
    if (
      !umaFields(playerCount).includes(f) &&
      (rule[f] < LIMITS.RULE_UMA_MIN || rule[f] > LIMITS.RULE_UMA_MAX)
    )
      out.push({ field: f, kind: 'range', min: LIMITS.RULE_UMA_MIN, max: LIMITS.RULE_UMA_MAX });
  }
  out.push(...umaIssues(rule, playerCount));
  const oneOf = (field: DetailRuleField, values: readonly number[]) => {
    if (!values.includes(rule[field] as number)) out.push({ field, kind: 'oneOf', values });
  };
  oneOf('dora_count', redDoraChoices(playerCount));
  oneOf('fanfu', LIMITS.FANFU_VALUES);
  oneOf('enable_renhe', [0, 1, 2]);
  oneOf('enable_baopai_extend_settings', [0, 1, 2]);
  for (const [a, b] of EXCLUSIVE_SWITCHES)
    if (rule[a] && rule[b]) out.push({ field: b, kind: 'exclusive', other: a });
  for (const field of Object.keys(SWITCH_PREREQUISITES) as DetailRuleField[]) {
    const missing = missingPrerequisites(rule, field);
    if (rule[field] && missing.length) out.push({ field, kind: 'needs', prerequisites: missing });
  }
  // Anything else the server checks (thinking time, 0/1 fields, levels, variant flags) without an input
  // of its own here.
  const known = new Set(out.map((i) => i.field));
  for (const v of validateDetailRule(rule, playerCount)) {
    if (!known.has(v.field)) {
      out.push({ field: v.field, kind: 'invalid' });
      known.add(v.field);
    }
  }
  return out;
}

/** Red fives allowed: 0, 3, 4 for four players; 0, 2, 3 for three. */
export function redDoraChoices(playerCount: PlayerCount): readonly number[] {
  return playerCount === 3 ? LIMITS.RED_DORA_3P : LIMITS.RED_DORA_4P;
}

// ---------------------------------------------------------------------------------------------------------
// Defaults and presets

/** The default rule of the draft's mode and player count. */
export function defaultRuleOf(draft: RuleDraft): DetailRule {
  return defaultRuleForVariant(gameVariantOf(draft.rule), playerCountOf(draft.roundType));
}

/** Rule-card fields where `rule` differs from `reference`, in the order of detail_rule. */
export function differingFields(rule: DetailRule, reference: DetailRule): DetailRuleField[] {
  return RULE_CARD_FIELDS.filter((f) => rule[f] !== reference[f]);
}

/** True when the rule cards differ from the mode's defaults (the more-settings section then opens itself). */
export function differsFromDefaults(draft: RuleDraft): boolean {
  return differingFields(draft.rule, defaultRuleOf(draft)).length > 0;
}

/**
 * The presets the loader offers for a draft: all seven in four-player standard and dora3 (they are
 * four-player rules), only the defaults otherwise.
 */
export function presetsFor(draft: RuleDraft): RulePresetName[] {
  const variant = gameVariantOf(draft.rule);
  return hasRuleCards(variant) && playerCountOf(draft.roundType) === 4 ? [...RULE_PRESET_NAMES] : ['default'];
}

/** A preset as it applies to the draft's mode and player count ("default" is the mode's own defaults). */
export function presetRule(name: RulePresetName, draft: RuleDraft): DetailRule {
  if (name === 'default') return defaultRuleOf(draft);
  return { ...RULE_PRESETS[name], ...variantFlagsOf(gameVariantOf(draft.rule)) };
}

/**
 * Loads a preset: its rule cards replace the draft's; thinking time, limits, broadcast and emoji (contest
 * fields) and the mode stay.
 */
export function applyPreset(draft: RuleDraft, name: RulePresetName): DetailRule {
  const preset = presetRule(name, draft);
  const next = { ...draft.rule };
  for (const f of RULE_CARD_FIELDS) (next as Record<string, unknown>)[f] = preset[f];
  return next;
}

/** Fields in which `rule` differs from a preset (applied to the draft's mode and player count). */
export function presetDiff(draft: RuleDraft, preset: RulePresetName): DetailRuleField[] {
  return differingFields(draft.rule, presetRule(preset, draft));
}

/**
 * The offered preset with the fewest differing fields (the first in the loader's order on a tie), and those
 * fields; an empty list means the rule is that preset.
 */
export function nearestPreset(draft: RuleDraft): { name: RulePresetName; fields: DetailRuleField[] } {
  let best: { name: RulePresetName; fields: DetailRuleField[] } | null = null;
  for (const name of presetsFor(draft)) {
    const fields = presetDiff(draft, name);
    if (!best || fields.length < best.fields.length) best = { name, fields };
  }
  return best as { name: RulePresetName; fields: DetailRuleField[] };
}

// ---------------------------------------------------------------------------------------------------------
// Copy and import

/** Version tag of the rule text; a text with another version is not decoded. */
export const RULE_TEXT_VERSION = 1;

/** Fields the rule text carries: the rule cards, the variant flags and the thinking time. */
const TEXT_FIELDS: readonly DetailRuleField[] = [
  ...RULE_CARD_FIELDS,
  ...VARIANT_FIELDS,
  'time_fixed',
  'time_add',
];

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  try {
    return atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  } catch {
    return null;
  }
}

/**
 * The rule as a short text to copy: base64url of `{v, m, d}` — version, round type, and only the fields that
 * differ from that round type's standard defaults (switches as 0/1).
 */
export function encodeRuleText(rule: DetailRule, roundType: RoundType): string {
  const base = playerCountOf(roundType) === 3 ? DEFAULT_RULE_3P : DEFAULT_RULE_4P;
  const d: Record<string, number> = {};
  for (const f of TEXT_FIELDS) {
    if (rule[f] !== base[f]) d[f] = Number(rule[f]);
  }
  return toBase64Url(JSON.stringify({ v: RULE_TEXT_VERSION, m: roundType, d }));
}

/**
 * The round type and rule fields of a copied text, or null when it cannot be decoded (not base64url, not
 * JSON, another version, an unknown round type or field, a value of the wrong kind). The rule may still break
 * limits: the editor shows those as for any other input.
 */
export function decodeRuleText(text: string): { roundType: RoundType; rule: DetailRule } | null {
  const json = fromBase64Url(text.trim());
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { v, m, d } = value as { v?: unknown; m?: unknown; d?: unknown };
  if (v !== RULE_TEXT_VERSION || !ROUND_TYPES.includes(m as RoundType)) return null;
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return null;
  const roundType = m as RoundType;
  const rule: Record<string, unknown> = {
    ...(playerCountOf(roundType) === 3 ? DEFAULT_RULE_3P : DEFAULT_RULE_4P),
  };
  for (const [key, raw] of Object.entries(d)) {
    if (!TEXT_FIELDS.includes(key as DetailRuleField)) return null;
    if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) return null;
    rule[key] = raw;
  }
  const parsed = detailRuleSchema.safeParse(rule);
  return parsed.success ? { roundType, rule: parsed.data } : null;
}

/**
 * An imported rule in the draft: the text's round type and rule fields; the draft's contest fields (limits,
 * broadcast, emoji) stay.
 */
export function importRule(draft: RuleDraft, imported: RuleDraft): RuleDraft {
  const rule = { ...draft.rule };
  for (const f of TEXT_FIELDS) (rule as Record<string, unknown>)[f] = imported.rule[f];
  return { roundType: imported.roundType, rule };
}
