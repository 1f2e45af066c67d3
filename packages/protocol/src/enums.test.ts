import { describe, expect, it } from 'vitest';
import { defaultContestTimes, defaultSeasonEnd, LIMITS } from './constants';
import { GameState, isEnumValue, ManagerRole, SeasonState, SignupType } from './enums';
import { GameVariant, gameVariantOf, variantFlagsOf } from './game-variant';
import { CONSOLE_LANGS, LANGS, textFor } from './lang';
import { isLevelRequirement, LEVEL_IDS_3P, LEVEL_IDS_4P, parseLevelId } from './level';
import { decodeRankRule, encodeRankRule, isRankRuleCode, RANK_RULE_CODES, RankRule } from './rank-rule';
import { isThinkingPreset, playerCountOf, RoundType, THINKING_PRESETS } from './round-type';

describe('round types', () => {
  it('round types above 10 are three-player', () => {
    expect(playerCountOf(RoundType.EAST_4P)).toBe(4);
    expect(playerCountOf(RoundType.SOUTH_4P)).toBe(4);
    expect(playerCountOf(RoundType.EAST_3P)).toBe(3);
    expect(playerCountOf(RoundType.SOUTH_3P)).toBe(3);
  });

  it('thinking presets are 3+5, 5+10, 5+20, 10+20, 20+0, 60+0', () => {
    expect(THINKING_PRESETS.map((p) => `${p.time_fixed}+${p.time_add}`)).toEqual([
      '3+5',
      '5+10',
      '5+20',
      '10+20',
      '20+0',
      '60+0',
    ]);
    expect(isThinkingPreset({ time_fixed: 5, time_add: 20 })).toBe(true);
    expect(isThinkingPreset({ time_fixed: 5, time_add: 5 })).toBe(false);
  });
});

describe('enumerations', () => {
  it('carry the spec numbers', () => {
    expect(SeasonState).toEqual({ PENDING: 1, RUNNING: 2, FINISHED: 3, ENDED: 4 });
    expect(ManagerRole).toEqual({ ADMIN: 1, CHAT: 2, PLAYER: 3, CREATOR: 4 });
    expect(GameState.CANCELLED).toBe(5);
    expect(SignupType).toEqual({ CLOSE: 1, AUTO: 2, CHECK: 3 });
    expect(isEnumValue(SeasonState, 4)).toBe(true);
    expect(isEnumValue(SeasonState, 5)).toBe(false);
  });

  it('languages: six text languages, five console languages with chs first', () => {
    expect(LANGS).toEqual(['default', 'chs', 'chs_t', 'en', 'jp', 'kr']);
    expect(CONSOLE_LANGS[0]).toBe('chs');
    const text = [
      { lang: 'default' as const, content: 'Cup' },
      { lang: 'jp' as const, content: '杯' },
      { lang: 'en' as const, content: '' },
    ];
    expect(textFor(text, 'jp')).toBe('杯');
    expect(textFor(text, 'en')).toBe('Cup');
    expect(textFor([], 'en')).toBe('');
  });
});

describe('rank rule codes', () => {
  it('total of the last N: 3 → 1, 5 → 2, other N → 100+N', () => {
    expect(encodeRankRule({ kind: RankRule.RECENT_TOTAL, count: 3 })).toBe(1);
    expect(encodeRankRule({ kind: RankRule.RECENT_TOTAL, count: 5 })).toBe(2);
    expect(encodeRankRule({ kind: RankRule.RECENT_TOTAL, count: 2 })).toBe(102);
    expect(encodeRankRule({ kind: RankRule.RECENT_TOTAL, count: 10 })).toBe(110);
  });

  it('best N consecutive: 2…5 → 12…15, 6…10 → 206…210', () => {
    expect(encodeRankRule({ kind: RankRule.BEST_CONSECUTIVE, count: 2 })).toBe(12);
    expect(encodeRankRule({ kind: RankRule.BEST_CONSECUTIVE, count: 5 })).toBe(15);
    expect(encodeRankRule({ kind: RankRule.BEST_CONSECUTIVE, count: 6 })).toBe(206);
    expect(encodeRankRule({ kind: RankRule.BEST_CONSECUTIVE, count: 10 })).toBe(210);
  });

  it('none is 0 and counts outside 2…10 are refused', () => {
    expect(encodeRankRule({ kind: RankRule.NONE })).toBe(0);
    expect(() => encodeRankRule({ kind: RankRule.RECENT_TOTAL, count: 11 })).toThrow(RangeError);
    expect(() => encodeRankRule({ kind: RankRule.BEST_CONSECUTIVE, count: 1 })).toThrow(RangeError);
  });

  it('every code decodes back to its rule; unknown codes decode to null', () => {
    expect(RANK_RULE_CODES).toHaveLength(1 + 9 + 9);
    for (const code of RANK_RULE_CODES) {
      const rule = decodeRankRule(code);
      expect(rule).not.toBeNull();
      expect(encodeRankRule(rule!)).toBe(code);
    }
    expect(decodeRankRule(103)).toEqual({ kind: RankRule.RECENT_TOTAL, count: 3 });
    for (const bad of [3, 11, 16, 101, 111, 205, 211, -1]) expect(isRankRuleCode(bad)).toBe(false);
  });
});

describe('level ids', () => {
  it('run 10101…10601 and 20101…20601', () => {
    expect(LEVEL_IDS_4P[0]).toBe(10101);
    expect(LEVEL_IDS_4P.at(-1)).toBe(10601);
    expect(LEVEL_IDS_3P[0]).toBe(20101);
    expect(LEVEL_IDS_3P.at(-1)).toBe(20601);
    expect(LEVEL_IDS_4P).toContain(10203);
    expect(parseLevelId(20302)).toEqual({ type: 2, major: 3, stars: 2 });
    expect(parseLevelId(10104)).toBeNull();
    expect(parseLevelId(10602)).toBeNull();
  });

  it('0 means no requirement; a 3p level is not a 4p requirement', () => {
    expect(isLevelRequirement(0, 1)).toBe(true);
    expect(isLevelRequirement(10401, 1)).toBe(true);
    expect(isLevelRequirement(20401, 1)).toBe(false);
  });
});

describe('game variants', () => {
  it('are deduced from the rule flags', () => {
    expect(gameVariantOf({})).toBe(GameVariant.LIQI);
    expect(gameVariantOf({ dora3_mode: 1 })).toBe(GameVariant.DORA3);
    expect(gameVariantOf({ chuanma: 1 })).toBe(GameVariant.CHUANMA);
    expect(gameVariantOf({ xuezhandaodi: 1 })).toBe(GameVariant.XUEZHANDAODI);
    expect(gameVariantOf({ wanxiangxiuluo_mode: 1 })).toBe(GameVariant.WANXIANG);
    for (const v of Object.values(GameVariant)) expect(gameVariantOf(variantFlagsOf(v))).toBe(v);
  });
});

describe('limits', () => {
  it('hold the spec constants', () => {
    expect(LIMITS.CREATE_COST).toBe(60);
    expect(LIMITS.CREATE_COOLDOWN_S).toBe(7 * 86400);
    expect(LIMITS.ADMINS_MAX).toBe(20);
    expect(LIMITS.NAME_MAX).toBe(25);
    expect(LIMITS.SPAN_MAX_DAYS).toBe(365);
    expect([LIMITS.PUBLIC_NOTICE_MAX, LIMITS.PRIVATE_NOTICE_MAX, LIMITS.MANAGER_NOTICE_MAX]).toEqual([
      500, 3000, 2000,
    ]);
    expect(LIMITS.READY_WINDOW_S).toBe(1800);
    expect(LIMITS.PAUSE_MAX_S).toBe(3600);
  });

  it('default times: start a day ahead, end 8 days ahead, season a week long', () => {
    expect(defaultContestTimes(1000)).toEqual({ start_time: 1000 + 86400, end_time: 1000 + 8 * 86400 });
    expect(defaultSeasonEnd(5000)).toBe(5000 + 7 * 86400);
  });
});
