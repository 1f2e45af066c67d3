import {
  type CheckContestRuleRes,
  type ContestSettingPatchWire,
  completeDetailRule,
  type DetailRule,
  describeUnsupported,
  ErrorCode,
  type GameRuleSettingWire,
  isLevelRequirement,
  LevelLimitType,
  playerCountOf,
  type RuleViolation,
  type UnsupportedField,
  unsupportedRuleFields,
  validateDetailRule,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { ContestSettingRow } from '../../db/schema';
import { ContestError, messageOf } from '../../http/errors';
import type { ContestRow } from './queries';
import { same } from './review';

type RuleSetting = Omit<z.infer<typeof GameRuleSettingWire>, 'game_setting'>;

/** A rule as the editor sent it, made whole, with what the rule limits and the game server say of it. */
export type CheckedRule = {
  roundType: number;
  rule: DetailRule;
  violations: RuleViolation[];
  unsupported: UnsupportedField[];
};

/**
 * The rule an update would store: `detail_rule` (full or a patch) completed with the round type's defaults, as on
 * creation; without one, the tournament's current rule, checked for the (possibly new) round type.
 */
export function checkRule(row: ContestRow, setting: RuleSetting): CheckedRule {
  const roundType = setting.mode;
  const rule = setting.detail_rule
    ? completeDetailRule(setting.detail_rule, roundType)
    : ({ ...row.detailRule } as DetailRule);
  const violations = validateDetailRule(rule, playerCountOf(roundType));
  const unsupported = unsupportedRuleFields(rule, roundType);
  return { roundType, rule, violations, unsupported };
}

/** `check_contest_rule`'s answer. */
export function presentCheck(checked: CheckedRule): z.infer<typeof CheckContestRuleRes> {
  return {
    violations: checked.violations.map((v) => ({ field: v.field, code: v.code })),
    unsupported: checked.unsupported,
  };
}

/**
 * Refuses a rule an update may not store: the first broken rule limit (2517, the field in the message), then a
 * rule the game server cannot play (2517 with `unsupported` beside the code, naming each field). A rule left as
 * it was is not refused for being unsupported: nothing new would be stored.
 */
export function refuseRule(row: ContestRow, checked: CheckedRule): void {
  const first = checked.violations[0];
  if (first) {
    throw new ContestError(ErrorCode.PARAM_ERROR, { message: `detail_rule.${first.field}: ${first.reason}` });
  }
  const unchanged = checked.roundType === row.roundType && same(checked.rule, row.detailRule);
  if (checked.unsupported.length && !unchanged) {
    throw new ContestError(ErrorCode.PARAM_ERROR, {
      message: `detail_rule: the game server cannot play this rule yet: ${describeUnsupported(checked.unsupported)}`,
      data: { unsupported: checked.unsupported },
    });
  }
}

/**
 * Refuses what would need a table under a rule the game server cannot play (a new tournament, a plan, auto-match
 * turned on) with `code`, the engine's reasons in the message and `unsupported` beside the code. The list of
 * what the server offers is the protocol's `unsupportedRuleFields` (chuanma and xuezhandaodi each judged by their
 * own list; the wanxiang mode does not play yet).
 */
export function refuseUnplayable(
  rule: DetailRule | Record<string, unknown>,
  roundType: number,
  code: number,
): void {
  const unsupported = unsupportedRuleFields(rule, roundType);
  if (unsupported.length === 0) return;
  throw new ContestError(code, {
    message: `${messageOf(code)} (the game server cannot play this rule yet: ${describeUnsupported(unsupported)})`,
    data: { unsupported },
  });
}

const LEVEL_TYPES = [LevelLimitType.FOUR_PLAYER, LevelLimitType.THREE_PLAYER] as const;

/**
 * `contest_setting` with the fields sent replacing the stored ones. Refused with 2517: a level limit given twice
 * for one type, or a value that is neither 0 nor a level code of its type (10101…10601 four-player,
 * 20101…20601 three-player).
 */
export function mergedContestSetting(
  current: ContestSettingRow,
  patch: z.infer<typeof ContestSettingPatchWire>,
): ContestSettingRow {
  const next = { ...current };
  if (patch.level_limit !== undefined) {
    const seen = new Set<number>();
    for (const limit of patch.level_limit) {
      if (seen.has(limit.type)) {
        throw new ContestError(ErrorCode.PARAM_ERROR, {
          message: `contest_setting.level_limit: type ${limit.type} given twice`,
        });
      }
      seen.add(limit.type);
      if (!LEVEL_TYPES.includes(limit.type) || !isLevelRequirement(limit.value, limit.type)) {
        throw new ContestError(ErrorCode.PARAM_ERROR, {
          message: `contest_setting.level_limit: ${limit.value} is not a level code of type ${limit.type}`,
        });
      }
    }
    next.level_limit = patch.level_limit.map((l) => ({ type: l.type, value: l.value }));
  }
  if (patch.game_limit !== undefined) next.game_limit = patch.game_limit;
  if (patch.system_broadcast !== undefined) next.system_broadcast = patch.system_broadcast;
  return next;
}

/**
 * The tournament's game limit after an update: games a player may play in a season (0 = no limit), enforced on
 * plans with 2519. The wire carries it twice, as `detail_rule.max_game_count` and as `contest_setting.game_limit`;
 * both name this one setting. A client may send either or both: a value sent alone is the limit; two values sent
 * that differ are settled by the one that changes the stored limit (a client that edits one field sends the other
 * back as it read it), and refused with 2517 when both change it differently. Sent neither: the stored limit,
 * also when `detail_rule` is a patch that does not name it.
 */
export function gameLimitAfter(
  row: ContestRow,
  contestSetting: z.infer<typeof ContestSettingPatchWire> | undefined,
  ruleSetting: RuleSetting | undefined,
): number {
  const stored = Number(row.detailRule.max_game_count ?? 0);
  const fromSetting = contestSetting?.game_limit;
  const fromRule = ruleSetting?.detail_rule?.max_game_count;
  if (fromSetting === undefined) return fromRule ?? stored;
  if (fromRule === undefined || fromRule === fromSetting) return fromSetting;
  if (fromRule === stored) return fromSetting;
  if (fromSetting === stored) return fromRule;
  throw new ContestError(ErrorCode.PARAM_ERROR, {
    message: `contest_setting.game_limit (${fromSetting}) and detail_rule.max_game_count (${fromRule}) are one setting: send one value`,
  });
}
