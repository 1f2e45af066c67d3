import { DEFAULT_RULE_3P, DEFAULT_RULE_4P, DEFAULT_RULE_DORA3, RULE_PRESETS } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { toTableRule } from '../src/rules/adapter';
import { refuseUnsupported, UnsupportedRuleError } from '../src/rules/unsupported';

function refusal(rule: Record<string, number>, roundType = 2): UnsupportedRuleError {
  try {
    refuseUnsupported(rule, roundType);
  } catch (error) {
    if (error instanceof UnsupportedRuleError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('rules we cannot honour are refused up front, by name', () => {
  it('an unknown round type is refused naming the mode; three-player round types (11, 12) play', () => {
    expect(refusal({}, 3).fields).toEqual([expect.objectContaining({ field: 'mode', value: 3 })]);
    for (const roundType of [11, 12]) expect(() => refuseUnsupported({}, roundType)).not.toThrow();
  });

  it('three players: dora3 mode, renhou, four-kan liability and red fives other than 0 or 2 are refused by name', () => {
    const error = refusal(
      { dora3_mode: 1, enable_renhe: 1, enable_baopai_extend_settings: 1, dora_count: 3 },
      12,
    );
    expect(error.fields.map((f) => f.field).sort()).toEqual([
      'dora3_mode',
      'dora_count',
      'enable_baopai_extend_settings',
      'enable_renhe',
    ]);
    expect(() => refuseUnsupported({ dora_count: 0 }, 11)).not.toThrow();
    expect(() => refuseUnsupported({ dora_count: 2 }, 2)).toThrow(UnsupportedRuleError);
  });

  it('the wanxiang mode, and the exchange without chuanma or xuezhandaodi, are refused naming their switch', () => {
    for (const field of ['wanxiangxiuluo_mode', 'huansanzhang']) {
      const error = refusal({ [field]: 1 });
      expect(error.fields.map((f) => f.field)).toEqual([field]);
      expect(error.message).toContain(field);
    }
  });

  it('xuezhandaodi plays East on its own table (src/xuezhan/); South is refused, and the riichi rule adapter refuses it', () => {
    expect(() => refuseUnsupported({ xuezhandaodi: 1, huansanzhang: 1 }, 1)).not.toThrow();
    expect(refusal({ xuezhandaodi: 1 }).fields.map((f) => f.field)).toEqual(['mode']);
    expect(() => toTableRule({ xuezhandaodi: 1 }, 1)).toThrow(UnsupportedRuleError);
  });

  it('chuanma plays on its own table (src/chuanma/); the riichi rule adapter refuses it', () => {
    expect(() => refuseUnsupported({ chuanma: 1, huansanzhang: 1 }, 1)).not.toThrow();
    expect(() => toTableRule({ chuanma: 1 }, 2)).toThrow(UnsupportedRuleError);
  });

  it('local yaku (guyi_mode) play for four players, dora3 too (renhou becomes a yakuman); three players refuse them', () => {
    for (const rule of [{ guyi_mode: 1 }, { guyi_mode: 1, dora3_mode: 1 }]) {
      expect(toTableRule(rule, 2)).toMatchObject({ guyi: true, renhou: 2 });
    }
    expect(toTableRule({}, 2)).toMatchObject({ guyi: false, renhou: 0 });
    expect(refusal({ guyi_mode: 1 }, 12).fields).toEqual([
      { field: 'guyi_mode', value: 1, reason: 'local yaku (guyi) are four-player only' },
    ]);
  });

  it('an unknown liability setting is refused', () => {
    expect(refusal({ enable_baopai_extend_settings: 3 }).fields[0].field).toBe(
      'enable_baopai_extend_settings',
    );
  });

  it('every unsupported field is named at once', () => {
    const error = refusal({ wanxiangxiuluo_mode: 1, fanfu: 3, enable_renhe: 5 }, 2);
    expect(error.fields.map((f) => f.field).sort()).toEqual(['enable_renhe', 'fanfu', 'wanxiangxiuluo_mode']);
  });

  it('the rule adapter refuses the same way, so no table starts on them', () => {
    expect(() => toTableRule({ xuezhandaodi: 1 }, 2)).toThrow(UnsupportedRuleError);
  });

  it('the standard four-player rules, dora3 mode, four-kan liability and the pro presets pass', () => {
    expect(() => refuseUnsupported({ enable_baopai_extend_settings: 1 }, 2)).not.toThrow();
    expect(() => refuseUnsupported({}, 1)).not.toThrow();
    expect(() => refuseUnsupported({ dora3_mode: 1 }, 2)).not.toThrow();
    const pro = {
      can_jifei: 0,
      have_helezhongju: 0,
      have_liujumanguan: 0,
      have_qieshangmanguan: 1,
      have_sigangsanle: 0,
      have_sifenglianda: 0,
      have_sijializhi: 0,
      have_jiuzhongjiupai: 0,
      have_toutiao: 1,
      have_tingpaizhongju: 0,
      have_nanruxiru: 0,
      disable_double_yakuman: 1,
      disable_leijiyiman: 1,
      disable_double_wind_four_fu: 1,
      disable_angang_guoshi: 1,
      enable_nontsumo_liqi: 1,
      ming_dora_immediately_open: 1,
      enable_baopai_extend_settings: 2,
    };
    expect(() => refuseUnsupported(pro, 2)).not.toThrow();
  });
});

describe('the protocol’s rule sets all play', () => {
  it('DEFAULT_RULE_4P, DEFAULT_RULE_DORA3 and every preset are accepted for East and South', () => {
    for (const rule of [DEFAULT_RULE_4P, DEFAULT_RULE_DORA3, ...Object.values(RULE_PRESETS)]) {
      for (const roundType of [1, 2]) expect(() => toTableRule(rule, roundType)).not.toThrow();
    }
  });

  it('DEFAULT_RULE_3P plays for East and South three-player (11, 12)', () => {
    for (const roundType of [11, 12]) expect(() => toTableRule(DEFAULT_RULE_3P, roundType)).not.toThrow();
  });
});

describe('the rule adapter maps detail_rule onto the rules engine', () => {
  it('defaults (RULES.md four-player standard)', () => {
    const rule = toTableRule({}, 2);
    expect(rule).toMatchObject({
      winds: 2,
      initPoint: 25000,
      fandian: 30000,
      jingsuanyuandian: 25000,
      liqibangValue: 1000,
      changbangValue: 300,
      notenPayment: [1000, 1500, 3000],
      uma: [15, 5, -5, -15],
      minHan: 1,
      extension: true,
      renhou: 0,
    });
    expect(rule.core).toMatchObject({
      配給原点: 25000,
      赤牌: { m: 1, p: 1, s: 1 },
      クイタンあり: true,
      トビ終了あり: true,
      一発あり: true,
      裏ドラあり: true,
      カンドラあり: true,
      カン裏あり: true,
      カンドラ後乗せ: true,
      流し満貫あり: true,
      切り上げ満貫あり: false,
      数え役満あり: true,
      ダブル役満あり: true,
      役満パオあり: true,
      最大同時和了数: 3,
    });
  });

  it('switches flip the matching engine rule', () => {
    const core = toTableRule(
      {
        dora_count: 0,
        shiduan: 0,
        can_jifei: 0,
        have_yifa: 0,
        have_li_dora: 0,
        have_gang_biao_dora: 0,
        ming_dora_immediately_open: 1,
        have_liujumanguan: 0,
        have_qieshangmanguan: 1,
        disable_leijiyiman: 1,
        disable_double_yakuman: 1,
        disable_composite_yakuman: 1,
        enable_baopai_extend_settings: 2,
        have_toutiao: 1,
        enable_nontsumo_liqi: 1,
        disable_double_wind_four_fu: 1,
        enable_shiti: 1,
      },
      1,
    ).core;
    expect(core).toMatchObject({
      場数: 1,
      赤牌: { m: 0, p: 0, s: 0 },
      クイタンあり: false,
      トビ終了あり: false,
      一発あり: false,
      裏ドラあり: false,
      カンドラあり: false,
      カン裏あり: false,
      カンドラ後乗せ: false,
      流し満貫あり: false,
      切り上げ満貫あり: true,
      数え役満あり: false,
      ダブル役満あり: false,
      役満の複合あり: false,
      役満パオあり: false,
      最大同時和了数: 1,
      ツモ番なしリーチあり: true,
      連風牌は2符: true,
      喰い替え許可レベル: 2,
    });
    expect(toTableRule({ dora_count: 4 }, 1).core.赤牌).toEqual({ m: 1, p: 2, s: 1 });
    expect(toTableRule({ have_sanjiahele: 1 }, 1).core.最大同時和了数).toBe(2);
  });

  it('no indicator dora also turns off kan dora and ura dora', () => {
    const rule = toTableRule({ have_biao_dora: 0 }, 2);
    expect(rule.indicatorDora).toBe(false);
    expect(rule.core).toMatchObject({ 裏ドラあり: false, カンドラあり: false, カン裏あり: false });
  });
});
