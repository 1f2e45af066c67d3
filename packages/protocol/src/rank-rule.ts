// Season ranking rule (`rank_rule`) codes.
//   0                      no rule: every game counts
//   total of the last N    N=3 → 1, N=5 → 2, any other N → 100+N (102…110)
//   best N consecutive     N=2…5 → 10+N (12…15), N=6…10 → 200+N (206…210)

/** The kind of ranking rule (the console's first selector). */
export const RankRule = { NONE: 0, RECENT_TOTAL: 1, BEST_CONSECUTIVE: 2 } as const;
export type RankRule = (typeof RankRule)[keyof typeof RankRule];

export const RANK_RULE_COUNT_MIN = 2;
export const RANK_RULE_COUNT_MAX = 10;
/** Count chosen when switching from "none" to a counting rule. */
export const RANK_RULE_DEFAULT_COUNT = 3;

export type RankRuleSetting =
  | { kind: typeof RankRule.NONE }
  | { kind: typeof RankRule.RECENT_TOTAL | typeof RankRule.BEST_CONSECUTIVE; count: number };

function validCount(count: number): boolean {
  return Number.isInteger(count) && count >= RANK_RULE_COUNT_MIN && count <= RANK_RULE_COUNT_MAX;
}

/** The wire code of a rule; throws RangeError for a count outside 2…10. */
export function encodeRankRule(setting: RankRuleSetting): number {
  if (setting.kind === RankRule.NONE) return 0;
  const { count } = setting;
  if (!validCount(count)) throw new RangeError(`rank rule count out of range: ${count}`);
  if (setting.kind === RankRule.RECENT_TOTAL) {
    if (count === 3) return 1;
    if (count === 5) return 2;
    return 100 + count;
  }
  return count <= 5 ? 10 + count : 200 + count;
}

/** The rule a wire code stands for, or null when the code is not one. Accepts 103/105 as their short forms. */
export function decodeRankRule(code: number): RankRuleSetting | null {
  if (code === 0) return { kind: RankRule.NONE };
  if (code === 1) return { kind: RankRule.RECENT_TOTAL, count: 3 };
  if (code === 2) return { kind: RankRule.RECENT_TOTAL, count: 5 };
  if (code >= 100 + RANK_RULE_COUNT_MIN && code <= 100 + RANK_RULE_COUNT_MAX) {
    return { kind: RankRule.RECENT_TOTAL, count: code - 100 };
  }
  if (code >= 12 && code <= 15) return { kind: RankRule.BEST_CONSECUTIVE, count: code - 10 };
  if (code >= 206 && code <= 210) return { kind: RankRule.BEST_CONSECUTIVE, count: code - 200 };
  return null;
}

export function isRankRuleCode(code: unknown): code is number {
  return typeof code === 'number' && decodeRankRule(code) !== null;
}

/** Every code `encodeRankRule` produces, in the console's order. */
export const RANK_RULE_CODES: readonly number[] = (() => {
  const codes = [0];
  for (const kind of [RankRule.RECENT_TOTAL, RankRule.BEST_CONSECUTIVE] as const) {
    for (let count = RANK_RULE_COUNT_MIN; count <= RANK_RULE_COUNT_MAX; count++) {
      codes.push(encodeRankRule({ kind, count }));
    }
  }
  return codes;
})();
