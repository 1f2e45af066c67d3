import {
  type ConsoleLang,
  type CreateContestReq,
  defaultRuleForVariant,
  ErrorCode,
  GameVariant,
  playerCountOf,
  RoundType,
  THINKING_PRESETS,
  type ThinkingTime,
  validateTimeRange,
} from '@taikai/protocol';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { contestNameOf } from '../../components/nameFields';

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

/** Three-player round types exist only in standard riichi. */
export function roundTypesFor(variant: GameVariant): RoundType[] {
  const fourPlayer: RoundType[] = [RoundType.EAST_4P, RoundType.SOUTH_4P];
  return variant === GameVariant.LIQI ? [...fourPlayer, RoundType.EAST_3P, RoundType.SOUTH_3P] : fourPlayer;
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
    start_time: fields.range[0].unix(),
    end_time: fields.range[1].unix(),
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
