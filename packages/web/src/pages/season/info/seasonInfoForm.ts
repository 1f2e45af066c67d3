import {
  decodeRankRule,
  encodeRankRule,
  RANK_RULE_COUNT_MAX,
  RANK_RULE_COUNT_MIN,
  RANK_RULE_DEFAULT_COUNT,
  RankRule,
  type SeasonSetting,
  SeasonState,
  SeasonType,
  SignupType,
} from '@taikai/protocol';
import dayjs, { type Dayjs } from 'dayjs';
import type { SeasonListItem } from '../pageProps';

export type Range = [Dayjs, Dayjs];

/** What the season info form holds. */
export interface SeasonInfoFields {
  range: Range;
  signupType: 1 | 2 | 3;
  rankType: 0 | 1;
  showTeamRank: boolean;
  signupRange: Range;
  autoMatch: boolean;
  matchRange: Range;
  rankKind: RankRule;
  rankCount: number;
  remark: string;
}

function rangeOf(start: number, end: number, fallback: { start: number; end: number }): Range {
  // A window never set (0) starts as the season's own times.
  return start > 0 && end > 0
    ? [dayjs.unix(start), dayjs.unix(end)]
    : [dayjs.unix(fallback.start), dayjs.unix(fallback.end)];
}

const SIGNUP_TYPES = [SignupType.CLOSE, SignupType.AUTO, SignupType.CHECK] as const;

export function fieldsOf(season: SeasonListItem): SeasonInfoFields {
  const seasonTimes = { start: season.start_time, end: season.end_time };
  const rule = decodeRankRule(season.rank_rule) ?? { kind: RankRule.NONE };
  return {
    range: [dayjs.unix(season.start_time), dayjs.unix(season.end_time)],
    signupType: SIGNUP_TYPES.find((s) => s === season.signup_type) ?? SignupType.CLOSE,
    rankType: season.rank_type === SeasonType.TEAM ? SeasonType.TEAM : SeasonType.PERSONAL,
    showTeamRank: season.show_team_rank === 1,
    signupRange: rangeOf(season.signup_start_time, season.signup_end_time, seasonTimes),
    autoMatch: season.auto_match === 1,
    matchRange: rangeOf(season.match_start_time, season.match_end_time, seasonTimes),
    rankKind: rule.kind,
    rankCount: rule.kind === RankRule.NONE ? RANK_RULE_DEFAULT_COUNT : rule.count,
    remark: season.remark,
  };
}

/** The rank rule code the fields stand for: team seasons rank by total (no rule). */
export function rankRuleOf(
  fields: Pick<SeasonInfoFields, 'rankType' | 'rankKind'> & { rankCount?: number },
): number {
  if (fields.rankType === SeasonType.TEAM || fields.rankKind === RankRule.NONE) return 0;
  // A count not chosen yet (the field appears with the rule) is the default one; never throw while rendering.
  const count = fields.rankCount ?? RANK_RULE_DEFAULT_COUNT;
  const valid = Number.isInteger(count) && count >= RANK_RULE_COUNT_MIN && count <= RANK_RULE_COUNT_MAX;
  return encodeRankRule({ kind: fields.rankKind, count: valid ? count : RANK_RULE_DEFAULT_COUNT });
}

/**
 * The changed fields only, as update_contest_season takes them. The start is sent only while the season is
 * pending; sign-up times only with the check sign-up type, match times only with auto-match on.
 */
export function settingOf(season: SeasonListItem, fields: SeasonInfoFields | undefined): SeasonSetting {
  const setting: SeasonSetting = {};
  if (!fields?.range) return setting;
  const put = <K extends keyof SeasonSetting>(key: K, value: SeasonSetting[K], current: number | string) => {
    if (value !== current) setting[key] = value;
  };
  if (season.state === SeasonState.PENDING) put('start_time', fields.range[0].unix(), season.start_time);
  put('end_time', fields.range[1].unix(), season.end_time);
  put('signup_type', fields.signupType, season.signup_type);
  if (fields.signupType === SignupType.CHECK && fields.signupRange) {
    put('signup_start_time', fields.signupRange[0].unix(), season.signup_start_time);
    put('signup_end_time', fields.signupRange[1].unix(), season.signup_end_time);
  }
  put('auto_match', fields.autoMatch ? 1 : 0, season.auto_match);
  if (fields.autoMatch && fields.matchRange) {
    put('match_start_time', fields.matchRange[0].unix(), season.match_start_time);
    put('match_end_time', fields.matchRange[1].unix(), season.match_end_time);
  }
  put('rank_type', fields.rankType, season.rank_type);
  if (fields.rankType === SeasonType.TEAM)
    put('show_team_rank', fields.showTeamRank ? 1 : 0, season.show_team_rank);
  put('rank_rule', rankRuleOf(fields), season.rank_rule);
  put('remark', (fields.remark ?? '').trim(), season.remark);
  return setting;
}

export function hasChanges(season: SeasonListItem, fields: SeasonInfoFields | undefined): boolean {
  return Object.keys(settingOf(season, fields)).length > 0;
}

/** The form's two windows inside the season: sign-up times and auto-match times. */
export type WindowField = 'signupRange' | 'matchRange';
export const WINDOW_FIELDS: readonly WindowField[] = ['signupRange', 'matchRange'];

/**
 * The windows to move when the season's start moves from `from` to `to`: each is shifted by as much as the
 * start moved, keeping its length — unless the organiser set that window by hand since the season was loaded
 * (`setByHand`): a window set by hand stays where it was put, and the form explains it if it now lies outside
 * the season. A window never set follows too (it shows the season's own times).
 */
export function movedWindows(
  fields: Partial<Pick<SeasonInfoFields, WindowField>>,
  from: Dayjs,
  to: Dayjs,
  setByHand: ReadonlySet<WindowField>,
): Partial<Pick<SeasonInfoFields, WindowField>> {
  const by = to.unix() - from.unix();
  const moved: Partial<Pick<SeasonInfoFields, WindowField>> = {};
  if (by === 0) return moved;
  for (const key of WINDOW_FIELDS) {
    const window = fields[key];
    if (setByHand.has(key) || !window?.[0] || !window[1]) continue;
    moved[key] = [window[0].add(by, 'second'), window[1].add(by, 'second')];
  }
  return moved;
}

/** Switching the sign-up type away from check deletes the unreviewed sign-ups (after a confirmation). */
export function dropsPendingSignups(season: SeasonListItem, setting: SeasonSetting): boolean {
  return (
    season.signup_type === SignupType.CHECK &&
    setting.signup_type !== undefined &&
    setting.signup_type !== SignupType.CHECK
  );
}
