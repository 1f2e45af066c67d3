import Majiang from '@kobalab/majiang-core';
import { DEFAULT_RULE_3P, DEFAULT_RULE_4P, playerCountOf, RoundType } from '@taikai/protocol';
import { isOn, numberOf, type RuleFields } from './fields';
import type { TableRule } from './table-rule';
import { refuseUnsupportedRiichi } from './unsupported';

/** A switch whose default (RULES.md four-player standard) is on unless the rule says otherwise. */
function switchOf(rule: RuleFields, field: string, fallback: boolean): boolean {
  return rule[field] === undefined ? fallback : isOn(rule, field);
}

/**
 * Red fives per suit for `dora_count` (akadora): 3 → one each, 4 → two in pinzu; three players: 2 → one in pinzu
 * and one in souzu (the 5m is not in their wall).
 */
function redFives(count: number): { m: number; p: number; s: number } {
  if (count === 0) return { m: 0, p: 0, s: 0 };
  if (count === 2) return { m: 0, p: 1, s: 1 };
  if (count === 4) return { m: 1, p: 2, s: 1 };
  return { m: 1, p: 1, s: 1 };
}

/**
 * Reads a `detail_rule` for a round type into the table's rule, refusing up front what cannot be honoured.
 * Absent fields take the standard defaults of the round type's player count (`DEFAULT_RULE_4P` / `_3P`).
 */
export function toTableRule(given: RuleFields, roundType: number): TableRule {
  refuseUnsupportedRiichi(given, roundType);
  const players = playerCountOf(roundType);
  const rule: RuleFields = { ...(players === 3 ? DEFAULT_RULE_3P : DEFAULT_RULE_4P), ...given };
  const on = (field: string, fallback: boolean) => switchOf(rule, field, fallback);

  const initPoint = numberOf(rule, 'init_point', 25000);
  const uma2 = numberOf(rule, 'shunweima_2', 5);
  const uma3 = numberOf(rule, 'shunweima_3', -5);
  // Three players: uma for 2nd and 3rd only (shunweima_4 does not apply).
  const uma4 = players === 3 ? 0 : numberOf(rule, 'shunweima_4', -15);
  const indicatorDora = on('have_biao_dora', true);
  const kanDora = indicatorDora && on('have_gang_biao_dora', true);
  const uraDora = indicatorDora && on('have_li_dora', true);
  const kanUraDora = uraDora && kanDora && on('have_gang_li_dora', true);
  const abortive = {
    nineTerminals: on('have_jiuzhongjiupai', true),
    fourWinds: on('have_sifenglianda', true),
    fourRiichi: on('have_sijializhi', true),
    fourKans: on('have_sigangsanle', true),
    tripleRon: on('have_sanjiahele', false),
  };
  const headBump = on('have_toutiao', false);
  const pao = numberOf(rule, 'enable_baopai_extend_settings', 0);
  const winds = roundType === RoundType.EAST_4P || roundType === RoundType.EAST_3P ? 1 : 2;

  const core = Majiang.rule({
    配給原点: initPoint,
    順位点: [-(uma2 + uma3 + uma4), uma2, uma3, uma4].map((u) => u.toFixed(1)),
    // disable_double_wind_four_fu: a double-wind pair scores 2 fu, not 4
    連風牌は2符: isOn(rule, 'disable_double_wind_four_fu'),
    赤牌: redFives(numberOf(rule, 'dora_count', 3)),
    // shiduan: open tanyao (kuitan)
    クイタンあり: on('shiduan', true),
    // enable_shiti: swap-calling (kuikae) allowed
    喰い替え許可レベル: isOn(rule, 'enable_shiti') ? 2 : 0,
    場数: winds,
    // Abortive draws are narrowed one by one by the table game (see TableGame).
    途中流局あり: Object.values(abortive).some((x) => x),
    // have_liujumanguan: nagashi mangan
    流し満貫あり: on('have_liujumanguan', true),
    ノーテン宣言あり: false,
    ノーテン罰あり: true,
    // have_toutiao: head bump (atamahane); have_sanjiahele: triple ron is an abortive draw
    最大同時和了数: headBump ? 1 : abortive.tripleRon ? 2 : 3,
    // Renchan, all-last stop and the South/West extension are decided by our own end-of-hand rules.
    連荘方式: 2,
    // can_jifei: the game ends when a player goes below zero (tobi)
    トビ終了あり: on('can_jifei', true),
    オーラス止めあり: false,
    延長戦方式: 0,
    一発あり: on('have_yifa', true),
    裏ドラあり: uraDora,
    カンドラあり: kanDora,
    カン裏あり: kanUraDora,
    // ming_dora_immediately_open: kan dora of an open kan is revealed at once, not after the discard
    カンドラ後乗せ: !on('ming_dora_immediately_open', false),
    // enable_nontsumo_liqi: riichi allowed with no draw left
    ツモ番なしリーチあり: isOn(rule, 'enable_nontsumo_liqi'),
    リーチ後暗槓許可レベル: 2,
    役満の複合あり: !isOn(rule, 'disable_composite_yakuman') && !isOn(rule, 'disable_multi_yukaman'),
    ダブル役満あり: !isOn(rule, 'disable_double_yakuman'),
    // disable_leijiyiman: no counted (kazoe) yakuman
    数え役満あり: !isOn(rule, 'disable_leijiyiman'),
    // enable_baopai_extend_settings: liability (pao) 0 big dragons / big winds, 1 also four kans (ours), 2 none
    役満パオあり: pao !== 2,
    // have_qieshangmanguan: kiriage mangan
    切り上げ満貫あり: isOn(rule, 'have_qieshangmanguan'),
  });

  const guyi = isOn(rule, 'guyi_mode');
  // guyi_mode counts renhou as a yakuman whatever enable_renhe says
  const renhe = guyi ? 2 : numberOf(rule, 'enable_renhe', 0);
  const uma = [-(uma2 + uma3 + uma4), uma2, uma3, uma4];
  return {
    roundType,
    players,
    winds,
    core,
    initPoint,
    fandian: numberOf(rule, 'fandian', 30000),
    extension: on('have_nanruxiru', true),
    jingsuanyuandian: numberOf(rule, 'jingsuanyuandian', 25000),
    tianbian: numberOf(rule, 'tianbian_value', 0),
    liqibangValue: numberOf(rule, 'liqibang_value', 1000),
    changbangValue: numberOf(rule, 'changbang_value', 300),
    notenPayment: [
      numberOf(rule, 'noting_fafu_1', 1000),
      numberOf(rule, 'noting_fafu_2', 1500),
      numberOf(rule, 'noting_fafu_3', 3000),
    ],
    uma: players === 3 ? uma.slice(0, 3) : uma,
    // have_zimosun: tsumo loss, the missing North player's share of a tsumo is not paid (three players)
    tsumoLoss: players === 3 && on('have_zimosun', true),
    minHan: numberOf(rule, 'fanfu', 1),
    dealerRepeatsOnWin: on('have_helelianzhuang', true),
    dealerRepeatsOnTenpai: on('have_tingpailianzhuang', true),
    allLastStopOnWin: on('have_helezhongju', true),
    allLastStopOnTenpai: on('have_tingpaizhongju', true),
    indicatorDora,
    dora3: indicatorDora && isOn(rule, 'dora3_mode'),
    renhou: renhe === 1 || renhe === 2 ? renhe : 0,
    guyi,
    abortive,
    fourKanLiability: pao === 1,
    kokushiRobsClosedKan: !isOn(rule, 'disable_angang_guoshi'),
    timeFixed: numberOf(rule, 'time_fixed', 5),
    timeAdd: numberOf(rule, 'time_add', 20),
  };
}
