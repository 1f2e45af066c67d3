import {
  type DetailRule,
  LEVEL_NONE,
  LevelLimitType,
  ROUND_TYPES,
  type RoundType,
  RULE_PRESET_NAMES,
  type RuleDraft,
  type RulePresetName,
} from '@taikai/protocol';
import type { ContestDetail, ContestRuleSetting } from '../../../api/calls';

/** What the rule editor holds: the round type and rule, and the tournament's limits. */
export interface RuleEditorState extends RuleDraft {
  emoji: boolean;
  /**
   * Games a player may play in a season; 0 = no limit. The enforced limit (plans past it: 2519) is the rule's
   * `max_game_count`; `contest_setting.game_limit` is the same setting under its other wire name.
   */
  gameLimit: number;
  /** Required four- and three-player level (level code), 0 = none. */
  level4p: number;
  level3p: number;
  /** Not edited here; sent back as stored. */
  systemBroadcast: number;
}

const levelOf = (contest: ContestDetail, type: LevelLimitType) =>
  contest.contest_setting.level_limit.find((l) => l.type === type)?.value ?? LEVEL_NONE;

export function stateOf(contest: ContestDetail): RuleEditorState {
  const mode = contest.game_mode.mode as RoundType;
  return {
    roundType: ROUND_TYPES.includes(mode) ? mode : 2,
    rule: { ...contest.game_mode.detail_rule },
    emoji: contest.game_mode.game_setting.emoji_switch === 1,
    gameLimit: Number(
      contest.game_mode.detail_rule.max_game_count ?? contest.contest_setting.game_limit ?? 0,
    ),
    level4p: levelOf(contest, LevelLimitType.FOUR_PLAYER),
    level3p: levelOf(contest, LevelLimitType.THREE_PLAYER),
    systemBroadcast: contest.contest_setting.system_broadcast === 1 ? 1 : 0,
  };
}

/** The advanced form of update_contest_base: limits (levels only when set) and the whole rule. */
export function settingOf(state: RuleEditorState): ContestRuleSetting {
  const level_limit: { type: 1 | 2; value: number }[] = [];
  if (state.level4p) level_limit.push({ type: LevelLimitType.FOUR_PLAYER, value: state.level4p });
  if (state.level3p) level_limit.push({ type: LevelLimitType.THREE_PLAYER, value: state.level3p });
  return {
    contest_setting: {
      level_limit,
      game_limit: state.gameLimit,
      system_broadcast: state.systemBroadcast === 1 ? 1 : 0,
    },
    game_rule_setting: {
      mode: state.roundType,
      detail_rule: { ...state.rule, max_game_count: state.gameLimit },
      game_setting: { emoji_switch: state.emoji ? 1 : 0 },
    },
  };
}

const sameRule = (a: DetailRule, b: DetailRule) =>
  (Object.keys(a) as (keyof DetailRule)[]).every((k) => a[k] === b[k]);

/** True when the round type or the rule differs from the stored one. */
export function ruleChanged(contest: ContestDetail, state: RuleEditorState): boolean {
  const stored = stateOf(contest);
  return stored.roundType !== state.roundType || !sameRule(stored.rule, state.rule);
}

/** True when anything the update sends differs from the tournament as loaded. */
export function hasChanges(contest: ContestDetail, state: RuleEditorState): boolean {
  const stored = stateOf(contest);
  return (
    ruleChanged(contest, state) ||
    stored.emoji !== state.emoji ||
    stored.gameLimit !== state.gameLimit ||
    stored.level4p !== state.level4p ||
    stored.level3p !== state.level3p
  );
}

/** The preset loader's last choice, remembered in this browser. */
export const PRESET_STORAGE_KEY = 'ruleEditor.preset';

export function rememberedPreset(): RulePresetName {
  const saved = globalThis.localStorage?.getItem(PRESET_STORAGE_KEY);
  return (RULE_PRESET_NAMES as readonly string[]).includes(saved ?? '')
    ? (saved as RulePresetName)
    : 'default';
}

export function rememberPreset(name: RulePresetName): void {
  globalThis.localStorage?.setItem(PRESET_STORAGE_KEY, name);
}
