import { GAME_VARIANTS, type GameVariant, variantFlagsOf } from '../game-variant';
import { CHUANMA_GAME_COUNTS, playerCountOf, RoundType } from '../round-type';
import { defaultRoundTypeFor } from './defaults';

// What the game server can play. The engine refuses a table whose rule names any of these fields before it
// starts; the server refuses tournaments and plans under such a rule, and the console offers only the modes
// that play. One list, read by all three. A chuanma (Sichuan) rule is judged by its own short list
// (`unsupportedChuanmaRule`): the mode has no more settings than its switches, so the riichi fields are passed over.
// A xuezhandaodi rule is a riichi rule with the mode's own refusals before it (`unsupportedXuezhanRule`).

/** A rule field or mode the game server cannot play faithfully, named so the caller can show it. */
export interface UnsupportedField {
  field: string;
  value: unknown;
  reason: string;
}

/** A `detail_rule`, or any part of it; switches may arrive as 0/1 or booleans. */
export type RuleSwitches = Record<string, unknown>;

/** Variant modes (bloody end, Sichuan, wanxiang, three-tile swap …): switches that change the game itself. */
const MODE_SWITCHES: Record<string, string> = {
  xuezhandaodi: 'bloody-end (xuezhan daodi) mode',
  chuanma: 'Sichuan (chuanma) mode',
  wanxiangxiuluo_mode: 'wanxiang xiuluo mode',
  huansanzhang: 'three-tile swap (huansanzhang)',
  muyu_mode: 'muyu mode',
  jiuchao_mode: 'jiuchao mode',
  reveal_discard: 'open-discard mode',
  field_spell_mode: 'field spell mode',
  zhanxing: 'zhanxing mode',
  tianming_mode: 'tianming mode',
  yongchang_mode: 'yongchang mode',
  hunzhiyiji_mode: 'hunzhiyiji mode',
};

/**
 * Why a mode is not played, where more can be said: wanxiang's wildcard is described in public only in part
 * (engine README, "Modes not played").
 */
const NOT_PLAYED_BECAUSE: Record<string, string> = {
  wanxiangxiuluo_mode: 'how its wildcard plays with tenpai, furiten, riichi and the exchange is not public',
};

/** A switch read as a boolean (0/1, true/false, absent = off). */
function isOn(rule: RuleSwitches, field: string): boolean {
  const v = rule[field];
  return v === true || (typeof v === 'number' && v !== 0);
}

/** A numeric field, with the value to use when it is absent. */
function numberOf(rule: RuleSwitches, field: string, fallback: number): number {
  const v = rule[field];
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return fallback;
}

/**
 * What a three-player (sanma) table cannot honour: dora3, renhou, four-kan liability, local yaku (guyi: the
 * three-player wins are scored on their own path, without them). The four-player abortive draws that cannot
 * arise with three seats (suufon renda, suucha riichi, sanchahou) are accepted and simply never happen.
 */
function unsupportedForThreePlayers(rule: RuleSwitches): UnsupportedField[] {
  const refused: UnsupportedField[] = [];
  if (isOn(rule, 'dora3_mode')) {
    refused.push({ field: 'dora3_mode', value: rule.dora3_mode, reason: 'dora3 mode is four-player only' });
  }
  if (isOn(rule, 'guyi_mode')) {
    refused.push({
      field: 'guyi_mode',
      value: rule.guyi_mode,
      reason: 'local yaku (guyi) are four-player only',
    });
  }
  if (numberOf(rule, 'enable_renhe', 0) !== 0) {
    refused.push({
      field: 'enable_renhe',
      value: rule.enable_renhe,
      reason: 'renhou is not supported for three players',
    });
  }
  if (numberOf(rule, 'enable_baopai_extend_settings', 0) === 1) {
    refused.push({
      field: 'enable_baopai_extend_settings',
      value: 1,
      reason: 'liability for four kans is not supported for three players',
    });
  }
  return refused;
}

/** Mode switches a chuanma game plays with: the three-tile exchange (换三张); `can_jifei` (击飞) is a plain switch. */
const CHUANMA_SWITCHES = new Set(['huansanzhang']);

/**
 * What a chuanma (Sichuan bloody battle) table cannot honour: a round type other than 1 (4 games) or 2 (8
 * games, `CHUANMA_GAME_COUNTS`), any other mode beside it (bloody end, wanxiang, local yaku …), starting points
 * that are not positive. `huansanzhang` and `can_jifei` play; the riichi fields (red fives, fanfu, abortive
 * draws …) mean nothing in this mode and are passed over, as the engine passes them over.
 */
function unsupportedChuanmaRule(rule: RuleSwitches, roundType: number): UnsupportedField[] {
  const refused: UnsupportedField[] = [];
  if (CHUANMA_GAME_COUNTS[roundType] === undefined) {
    refused.push({
      field: 'mode',
      value: roundType,
      reason: 'a chuanma game is round type 1 (4 games) or 2 (8 games)',
    });
  }
  for (const [field, reason] of Object.entries(MODE_SWITCHES)) {
    if (field === 'chuanma' || CHUANMA_SWITCHES.has(field) || !isOn(rule, field)) continue;
    refused.push({ field, value: rule[field], reason: `${reason} is not supported with chuanma` });
  }
  if (isOn(rule, 'dora3_mode')) {
    refused.push({
      field: 'dora3_mode',
      value: rule.dora3_mode,
      reason: 'dora3 mode is not played with chuanma',
    });
  }
  if (isOn(rule, 'guyi_mode')) {
    refused.push({
      field: 'guyi_mode',
      value: rule.guyi_mode,
      reason: 'local yaku (guyi) are not played with chuanma',
    });
  }
  if (numberOf(rule, 'init_point', 25000) <= 0) {
    refused.push({ field: 'init_point', value: rule.init_point, reason: 'starting points must be positive' });
  }
  return refused;
}

/** Mode switches a xuezhandaodi game plays with: the mode itself and the three-tile exchange (换三张). */
const XUEZHAN_SWITCHES = ['xuezhandaodi', 'huansanzhang'];

/**
 * What a xuezhandaodi (bloody end, Battle of Asura) table cannot honour: a round type other than 1 (four-player
 * East, 4 hands: the only one the mode plays), dora3 mode or local yaku (guyi) beside it, head bump or the
 * triple-ron draw (every claimant of a discard wins), liability for four kans (the mode has no pao), and whatever
 * the riichi rules refuse of the rest (other modes, out-of-range values). `huansanzhang` plays; the fields the
 * mode decides itself (renchan, honba, all-last stop, the South entry) are passed over. The engine's
 * xuezhandaodi table reads this list too.
 */
function unsupportedXuezhanRule(rule: RuleSwitches, roundType: number): UnsupportedField[] {
  const refused: UnsupportedField[] = [];
  if (roundType !== RoundType.EAST_4P) {
    refused.push({
      field: 'mode',
      value: roundType,
      reason: 'a xuezhandaodi game is four-player East (round type 1)',
    });
  }
  const refuse = (field: string, reason: string) => {
    if (isOn(rule, field)) refused.push({ field, value: rule[field], reason });
  };
  refuse('dora3_mode', 'dora3 mode is not played with xuezhandaodi');
  refuse('guyi_mode', 'local yaku (guyi) are not played with xuezhandaodi');
  refuse('have_toutiao', 'head bump: in xuezhandaodi every claimant of a discard wins');
  refuse('have_sanjiahele', 'triple-ron draw: in xuezhandaodi every claimant of a discard wins');
  if (numberOf(rule, 'enable_baopai_extend_settings', 0) === 1) {
    refused.push({
      field: 'enable_baopai_extend_settings',
      value: 1,
      reason: 'liability for four kans: xuezhandaodi has no pao',
    });
  }
  const riichi: RuleSwitches = { ...rule };
  for (const field of XUEZHAN_SWITCHES) delete riichi[field];
  const rest = unsupportedRuleFields(riichi, RoundType.EAST_4P);
  return [...refused, ...rest.filter((f) => !refused.some((r) => r.field === f.field))];
}

/**
 * Every field or mode of `rule` the game server cannot honour for `roundType`, each named with its reason;
 * empty when the rule plays. Fields it honours (all those the engine's rule adapter maps) pass; nothing is
 * silently ignored. A chuanma rule is judged by `unsupportedChuanmaRule`, a xuezhandaodi rule by
 * `unsupportedXuezhanRule`.
 */
export function unsupportedRuleFields(rule: RuleSwitches, roundType: number): UnsupportedField[] {
  if (isOn(rule, 'chuanma')) return unsupportedChuanmaRule(rule, roundType);
  if (isOn(rule, 'xuezhandaodi')) return unsupportedXuezhanRule(rule, roundType);
  const refused: UnsupportedField[] = [];
  const players = playerCountOf(roundType);
  if (!(Object.values(RoundType) as number[]).includes(roundType)) {
    refused.push({ field: 'mode', value: roundType, reason: 'unknown round type' });
  }
  for (const [field, reason] of Object.entries(MODE_SWITCHES)) {
    if (!isOn(rule, field)) continue;
    const because = NOT_PLAYED_BECAUSE[field];
    refused.push({
      field,
      value: rule[field],
      reason: `${reason} is not supported${because ? `: ${because}` : ''}`,
    });
  }
  const pao = numberOf(rule, 'enable_baopai_extend_settings', 0);
  if (![0, 1, 2].includes(pao)) {
    refused.push({
      field: 'enable_baopai_extend_settings',
      value: pao,
      reason: 'liability (pao) setting must be 0, 1 or 2',
    });
  }
  const renhe = numberOf(rule, 'enable_renhe', 0);
  if (![0, 1, 2].includes(renhe)) {
    refused.push({
      field: 'enable_renhe',
      value: renhe,
      reason: 'renhou must be 0 (off), 1 (mangan) or 2 (yakuman)',
    });
  }
  if (players === 3) refused.push(...unsupportedForThreePlayers(rule));
  const red = numberOf(rule, 'dora_count', players === 3 ? 2 : 3);
  if (players === 4 && ![0, 3, 4].includes(red)) {
    refused.push({ field: 'dora_count', value: red, reason: 'four-player red fives must be 0, 3 or 4' });
  }
  if (players === 3 && ![0, 2].includes(red)) {
    refused.push({
      field: 'dora_count',
      value: red,
      reason: 'three-player red fives must be 0 or 2 (one 5p and one 5s: the 5m is not in the wall)',
    });
  }
  const fanfu = numberOf(rule, 'fanfu', 1);
  if (![1, 2, 4].includes(fanfu)) {
    refused.push({ field: 'fanfu', value: fanfu, reason: 'minimum han must be 1, 2 or 4' });
  }
  if (isOn(rule, 'have_toutiao') && isOn(rule, 'have_sanjiahele')) {
    refused.push({
      field: 'have_toutiao',
      value: rule.have_toutiao,
      reason: 'head bump (toutiao) and triple-ron draw (sanjiahele) exclude each other',
    });
  }
  if (numberOf(rule, 'init_point', 25000) <= 0) {
    refused.push({ field: 'init_point', value: rule.init_point, reason: 'starting points must be positive' });
  }
  return refused;
}

/** One line naming every refused field and its reason, for an error message. */
export function describeUnsupported(fields: readonly UnsupportedField[]): string {
  return fields.map((f) => `${f.field} (${f.reason})`).join('; ');
}

/** Whether the game server plays a variant (mode) at all: its switches alone are not refused. */
export function isPlayableVariant(variant: GameVariant): boolean {
  return unsupportedRuleFields(variantFlagsOf(variant), defaultRoundTypeFor(variant)).length === 0;
}

/** The variants a tournament can be created in, in the console's order. */
export const PLAYABLE_VARIANTS: readonly GameVariant[] = GAME_VARIANTS.filter(isPlayableVariant);
