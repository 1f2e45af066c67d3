import {
  CONSOLE_LANGS,
  type ConsoleLang,
  type CreateContestReq,
  defaultRuleFor,
  GameVariant,
  LIMITS,
  RoundType,
  THINKING_PRESETS,
  type ThinkingTime,
  variantFlagsOf,
} from '@taikai/protocol';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';

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

/** Changing the mode resets the round type: Sichuan to 4 games (east), every other mode to south 4p. */
export function defaultRoundTypeFor(variant: GameVariant): RoundType {
  return variant === GameVariant.CHUANMA ? RoundType.EAST_4P : RoundType.SOUTH_4P;
}

export const thinkingKey = (p: ThinkingTime) => `${p.time_fixed}+${p.time_add}`;

function thinkingOf(key: string): ThinkingTime {
  return THINKING_PRESETS.find((p) => thinkingKey(p) === key) ?? THINKING_PRESETS[2];
}

export function buildCreateRequest(fields: CreateContestFields): z.input<typeof CreateContestReq> {
  const name = fields.multi
    ? CONSOLE_LANGS.map((lang) => ({ lang, content: fields.names[lang].trim() }))
    : [{ lang: 'default' as const, content: fields.name.trim() }];
  const detail_rule = {
    ...defaultRuleFor(fields.roundType),
    ...variantFlagsOf(fields.variant),
    ...thinkingOf(fields.thinking),
  };
  return {
    name,
    game_rule_setting: { mode: fields.roundType, detail_rule },
    open_show: 1,
    start_time: fields.range[0].unix(),
    end_time: fields.range[1].unix(),
  };
}

export type NameProblem = 'required' | 'too_long' | null;
export type TimeProblem = 'start_before_now' | 'end_before_start' | 'span_too_long' | null;

/** Length where characters beyond Latin-1 count twice: 25 Chinese characters fill the 50 of other text. */
export function weightedLength(text: string): number {
  let n = 0;
  for (const ch of text) n += (ch.codePointAt(0) ?? 0) > 255 ? 2 : 1;
  return n;
}

/**
 * Name limits as the server applies them: Chinese names (chs, chs_t) at most 25 characters; the untagged
 * name and the other languages at most 50, where wide characters count twice.
 */
export function nameProblem(value: string, lang: ConsoleLang | 'default'): NameProblem {
  const text = value.trim();
  if (text === '') return 'required';
  const tooLong =
    lang === 'chs' || lang === 'chs_t'
      ? [...text].length > LIMITS.NAME_MAX_CJK
      : weightedLength(text) > LIMITS.NAME_MAX_OTHER;
  return tooLong ? 'too_long' : null;
}

/** Start not before the server's now; end after start and at most 365 days later. */
export function timeProblem(start: number, end: number, now: number): TimeProblem {
  if (start < now) return 'start_before_now';
  if (end <= start) return 'end_before_start';
  if (end - start > LIMITS.SPAN_MAX_S) return 'span_too_long';
  return null;
}
