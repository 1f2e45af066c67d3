import type { DetailRule, RoundType } from '@taikai/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { checkContestRule } from '../../../api/calls';

/** Waits this long after the last change before asking the server about a rule. */
export const RULE_CHECK_DEBOUNCE_MS = 400;

/** `value` once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The server's dry run of the rule being edited (check_contest_rule), debounced: which fields the game server
 * cannot play yet. `pending` while a newer rule has not been checked.
 */
export function useRuleCheck(uniqueId: number, roundType: RoundType, rule: DetailRule, enabled: boolean) {
  const key = JSON.stringify({ mode: roundType, rule });
  const settled = useDebounced(key, RULE_CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['ruleCheck', uniqueId, settled],
    queryFn: () => {
      const { mode, rule: detail_rule } = JSON.parse(settled) as { mode: RoundType; rule: DetailRule };
      return checkContestRule(
        { unique_id: uniqueId, game_rule_setting: { mode, detail_rule } },
        { silent: true },
      );
    },
    enabled,
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return {
    unsupported: query.data?.unsupported ?? [],
    pending: enabled && (settled !== key || query.isFetching),
    failed: query.isError,
  };
}
