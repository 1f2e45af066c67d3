import { DEFAULT_RULE_4P, RULE_PRESETS } from '@taikai/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContestDetail } from '../../../api/calls';
import {
  hasChanges,
  PRESET_STORAGE_KEY,
  rememberedPreset,
  rememberPreset,
  ruleChanged,
  settingOf,
  stateOf,
} from './ruleForm';

const contest = {
  unique_id: 7,
  game_mode: {
    mode: 2,
    detail_rule: { ...DEFAULT_RULE_4P, max_game_count: 12 },
    game_setting: { emoji_switch: 1 },
  },
  contest_setting: { game_limit: 12, system_broadcast: 1, level_limit: [{ type: 2, value: 20201 }] },
} as unknown as ContestDetail;

describe('rule editor form', () => {
  it('reads round type, rule, emoji, game limit and level limits from the tournament', () => {
    expect(stateOf(contest)).toEqual({
      roundType: 2,
      rule: { ...DEFAULT_RULE_4P, max_game_count: 12 },
      emoji: true,
      gameLimit: 12,
      level4p: 0,
      level3p: 20201,
      systemBroadcast: 1,
    });
  });

  it('sends the advanced form: limits (levels only when set) and the whole rule', () => {
    const state = { ...stateOf(contest), level4p: 10301, level3p: 0, emoji: false };
    expect(settingOf(state)).toEqual({
      contest_setting: { level_limit: [{ type: 1, value: 10301 }], game_limit: 12, system_broadcast: 1 },
      game_rule_setting: {
        mode: 2,
        detail_rule: { ...DEFAULT_RULE_4P, max_game_count: 12 },
        game_setting: { emoji_switch: 0 },
      },
    });
  });

  it('the game limit is the enforced max_game_count: read from it, and sent as both of its wire names', () => {
    // An older tournament whose game_limit was saved apart from the limit plans are held to.
    const older = {
      ...contest,
      game_mode: { ...contest.game_mode, detail_rule: { ...DEFAULT_RULE_4P, max_game_count: 0 } },
      contest_setting: { ...contest.contest_setting, game_limit: 5 },
    } as ContestDetail;
    expect(stateOf(older).gameLimit).toBe(0);
    const sent = settingOf({ ...stateOf(older), gameLimit: 4 });
    expect(sent.contest_setting?.game_limit).toBe(4);
    expect(sent.game_rule_setting?.detail_rule?.max_game_count).toBe(4);
  });

  it('update is enabled only when something changed', () => {
    const state = stateOf(contest);
    expect(hasChanges(contest, state)).toBe(false);
    expect(hasChanges(contest, { ...state, gameLimit: 3 })).toBe(true);
    expect(hasChanges(contest, { ...state, level4p: 10101 })).toBe(true);
    expect(ruleChanged(contest, { ...state, gameLimit: 3 })).toBe(false);
    expect(ruleChanged(contest, { ...state, rule: { ...RULE_PRESETS.MLeague } })).toBe(true);
    expect(ruleChanged(contest, { ...state, roundType: 1 })).toBe(true);
  });

  describe('the preset loader remembers its last choice', () => {
    beforeEach(() => {
      const store = new Map<string, string>();
      vi.stubGlobal('localStorage', {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
      });
    });
    afterEach(() => vi.unstubAllGlobals());
    it('starts at the defaults and returns what was chosen last', () => {
      expect(rememberedPreset()).toBe('default');
      rememberPreset('MLeague');
      expect(localStorage.getItem(PRESET_STORAGE_KEY)).toBe('MLeague');
      expect(rememberedPreset()).toBe('MLeague');
      localStorage.setItem(PRESET_STORAGE_KEY, 'nonsense');
      expect(rememberedPreset()).toBe('default');
    });
  });
});
