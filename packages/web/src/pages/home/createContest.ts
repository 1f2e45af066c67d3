import {
  type ConsoleLang,
  type CreateContestReq,
  defaultRuleForVariant,
  ErrorCode,
  type GameVariant,
  LIMITS,
  playerCountOf,
  type RoundType,
  roundTypesForVariant,
  THINKING_PRESETS,
  type ThinkingTime,
  validateTimeRange,
} from '@taikai/protocol';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { contestNameOf } from '../../components/nameFields';
import { DATE_TIME_FORMAT } from '../../components/time';

/** What the create-tournament dialog holds. */
export interface CreateContestFields {
  multi: boolean;
  name: string;
  names: Record<ConsoleLang, string>;
  range: [Dayjs, Dayjs];
  variant: GameVariant;
  roundType: RoundType;
  /** `fixed+add` of a thinking preset. */
  thinking: string;
  pledge: boolean;
}

/** Three-player round types exist only in standard riichi; xuezhandaodi is East only (the rule editor's list). */
export function roundTypesFor(variant: GameVariant): RoundType[] {
  return roundTypesForVariant(variant);
}

export const thinkingKey = (p: ThinkingTime) => `${p.time_fixed}+${p.time_add}`;

function thinkingOf(key: string): ThinkingTime {
  return THINKING_PRESETS.find((p) => thinkingKey(p) === key) ?? THINKING_PRESETS[2];
}

export function buildCreateRequest(fields: CreateContestFields): z.input<typeof CreateContestReq> {
  const detail_rule = {
    ...defaultRuleForVariant(fields.variant, playerCountOf(fields.roundType)),
    ...thinkingOf(fields.thinking),
  };
  return {
    name: contestNameOf(fields),
    game_rule_setting: { mode: fields.roundType, detail_rule },
    open_show: 1,
    start_time: minuteOf(fields.range[0]),
    end_time: minuteOf(fields.range[1]),
  };
}

export type TimeProblem = 'start_before_now' | 'end_before_start' | 'span_too_long' | null;

/** Start not before the server's now; end after start and at most 365 days later (protocol rule). */
export function timeProblem(start: number, end: number, now: number): TimeProblem {
  const issues = validateTimeRange({ start_time: start, end_time: end }, now);
  if (issues.some((i) => i.field === 'start_time')) return 'start_before_now';
  if (issues.some((i) => i.code === ErrorCode.SEASON_TOO_LONG)) return 'span_too_long';
  return issues.length > 0 ? 'end_before_start' : null;
}

/** The picker shows a moment to the minute: that minute is what is checked and sent. */
export const minuteOf = (d: Dayjs) => d.startOf('minute').unix();

/** What the range picker holds: each end as the organiser entered it, either possibly missing. */
export type EnteredRange = readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

/** A message of the `create` namespace and its values. */
export interface RangeMessage {
  key: 'create.timeRequired' | 'create.startBeforeNow' | 'create.endBeforeStart' | 'create.spanTooLong';
  values?: Record<string, string | number>;
}

/**
 * Why the entered range cannot be sent, as the message shown under the field, naming what was entered;
 * null when it can be sent as shown. The range is never reordered or replaced: a wrong one is explained.
 */
export function rangeMessage(range: EnteredRange, now: number): RangeMessage | null {
  const [start, end] = range ?? [];
  if (!start || !end) return { key: 'create.timeRequired' };
  const shown = { start: start.format(DATE_TIME_FORMAT), end: end.format(DATE_TIME_FORMAT) };
  switch (timeProblem(minuteOf(start), minuteOf(end), now)) {
    case 'start_before_now':
      return { key: 'create.startBeforeNow', values: shown };
    case 'end_before_start':
      return { key: 'create.endBeforeStart', values: shown };
    case 'span_too_long':
      return { key: 'create.spanTooLong', values: { ...shown, days: LIMITS.SPAN_MAX_DAYS } };
    default:
      return null;
  }
}
