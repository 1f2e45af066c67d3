import { describe, expect, it } from 'vitest';
import { GameVariant } from '../game-variant';
import { isPlayableVariant, PLAYABLE_VARIANTS, unsupportedRuleFields } from './playable';

describe('what the game server plays: one list for the engine, the server and the console', () => {
  it('standard riichi, triple dora, bloodshed (xuezhandaodi) and Sichuan (chuanma) play; wanxiang does not yet', () => {
    expect(PLAYABLE_VARIANTS).toEqual([
      GameVariant.LIQI,
      GameVariant.DORA3,
      GameVariant.XUEZHANDAODI,
      GameVariant.CHUANMA,
    ]);
    expect(isPlayableVariant(GameVariant.WANXIANG)).toBe(false);
  });

  it('names each refused field with its reason', () => {
    expect(unsupportedRuleFields({ wanxiangxiuluo_mode: 1, fanfu: 3 }, 2)).toEqual([
      {
        field: 'wanxiangxiuluo_mode',
        value: 1,
        reason:
          'wanxiang xiuluo mode is not supported: how its wildcard plays with tenpai, furiten, riichi and the exchange is not public',
      },
      { field: 'fanfu', value: 3, reason: 'minimum han must be 1, 2 or 4' },
    ]);
    expect(unsupportedRuleFields({}, 12)).toEqual([]);
  });

  it('local yaku (guyi_mode) play with four players (dora3 too); three players and chuanma refuse them', () => {
    for (const roundType of [1, 2]) {
      expect(unsupportedRuleFields({ guyi_mode: 1 }, roundType)).toEqual([]);
      expect(unsupportedRuleFields({ guyi_mode: 1, dora3_mode: 1 }, roundType)).toEqual([]);
    }
    for (const roundType of [11, 12]) {
      expect(unsupportedRuleFields({ guyi_mode: 1 }, roundType)).toEqual([
        { field: 'guyi_mode', value: 1, reason: 'local yaku (guyi) are four-player only' },
      ]);
    }
    expect(unsupportedRuleFields({ chuanma: 1, guyi_mode: 1 }, 1)).toEqual([
      { field: 'guyi_mode', value: 1, reason: 'local yaku (guyi) are not played with chuanma' },
    ]);
  });

  it('chuanma plays 4 or 8 games with the exchange and can_jifei; the riichi fields are passed over', () => {
    for (const roundType of [1, 2]) {
      expect(
        unsupportedRuleFields({ chuanma: 1, huansanzhang: 1, can_jifei: 1, fanfu: 3 }, roundType),
      ).toEqual([]);
    }
    expect(unsupportedRuleFields({ chuanma: 1 }, 11)).toEqual([
      { field: 'mode', value: 11, reason: 'a chuanma game is round type 1 (4 games) or 2 (8 games)' },
    ]);
  });

  it('chuanma with another mode beside it is refused, each mode named', () => {
    expect(
      unsupportedRuleFields({ chuanma: 1, xuezhandaodi: 1, wanxiangxiuluo_mode: 1, guyi_mode: 1 }, 1).map(
        (f) => f.field,
      ),
    ).toEqual(['xuezhandaodi', 'wanxiangxiuluo_mode', 'guyi_mode']);
    expect(unsupportedRuleFields({ chuanma: 1, init_point: 0 }, 1).map((f) => f.field)).toEqual([
      'init_point',
    ]);
  });

  it('xuezhandaodi plays four-player East with the exchange; the fields the mode decides are passed over', () => {
    const rule = {
      xuezhandaodi: 1,
      huansanzhang: 1,
      can_jifei: 0,
      have_helelianzhuang: 1,
      have_nanruxiru: 1,
      enable_baopai_extend_settings: 2,
    };
    expect(unsupportedRuleFields(rule, 1)).toEqual([]);
    for (const roundType of [2, 11, 12]) {
      expect(unsupportedRuleFields({ xuezhandaodi: 1 }, roundType)).toEqual([
        { field: 'mode', value: roundType, reason: 'a xuezhandaodi game is four-player East (round type 1)' },
      ]);
    }
  });

  it('xuezhandaodi refuses dora3, local yaku, head bump, the triple-ron draw, four-kan liability and other modes', () => {
    expect(
      unsupportedRuleFields(
        {
          xuezhandaodi: 1,
          dora3_mode: 1,
          guyi_mode: 1,
          have_toutiao: 1,
          have_sanjiahele: 1,
          enable_baopai_extend_settings: 1,
          wanxiangxiuluo_mode: 1,
          fanfu: 3,
        },
        1,
      ).map((f) => f.field),
    ).toEqual([
      'dora3_mode',
      'guyi_mode',
      'have_toutiao',
      'have_sanjiahele',
      'enable_baopai_extend_settings',
      'wanxiangxiuluo_mode',
      'fanfu',
    ]);
    expect(unsupportedRuleFields({ xuezhandaodi: 1, chuanma: 1 }, 1).map((f) => f.field)).toEqual([
      'xuezhandaodi',
    ]);
  });
});
