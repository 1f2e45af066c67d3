import { RankRule, SeasonState, SeasonType, SignupType } from '@taikai/protocol';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { SeasonListItem } from '../pageProps';
import {
  dropsPendingSignups,
  fieldsOf,
  hasChanges,
  movedWindows,
  rankRuleOf,
  settingOf,
  type WindowField,
} from './seasonInfoForm';

const DAY = 86_400;
const START = 1_900_000_000;

const season: SeasonListItem = {
  season_id: 1,
  state: SeasonState.PENDING,
  start_time: START,
  end_time: START + 7 * DAY,
  create_time: START - DAY,
  signup_type: SignupType.CLOSE,
  signup_start_time: START,
  signup_end_time: START + 7 * DAY,
  auto_match: 0,
  match_start_time: 0,
  match_end_time: 0,
  rank_rule: 0,
  rank_type: SeasonType.PERSONAL,
  show_team_rank: 0,
  remark: '',
};

describe('season info form', () => {
  it('the update button stays disabled until something changes', () => {
    expect(hasChanges(season, fieldsOf(season))).toBe(false);
    expect(hasChanges(season, undefined)).toBe(false);
    expect(hasChanges(season, { ...fieldsOf(season), remark: 'Finals' })).toBe(true);
  });

  it('sends only the changed fields', () => {
    const fields = {
      ...fieldsOf(season),
      signupType: SignupType.CHECK,
      signupRange: [dayjs.unix(START), dayjs.unix(START + 2 * DAY)] as [dayjs.Dayjs, dayjs.Dayjs],
      remark: ' Spring ',
    };
    expect(settingOf(season, fields)).toEqual({
      signup_type: SignupType.CHECK,
      signup_end_time: START + 2 * DAY,
      remark: 'Spring',
    });
  });

  it('omits the start unless the season is pending', () => {
    const moved = {
      ...fieldsOf(season),
      range: [dayjs.unix(START + DAY), dayjs.unix(START + 8 * DAY)] as [dayjs.Dayjs, dayjs.Dayjs],
    };
    expect(settingOf(season, moved)).toEqual({ start_time: START + DAY, end_time: START + 8 * DAY });
    expect(settingOf({ ...season, state: SeasonState.RUNNING }, moved)).toEqual({
      end_time: START + 8 * DAY,
    });
  });

  it('a match window never set starts as the season times and is sent when auto-match is turned on', () => {
    const f = fieldsOf(season);
    expect(f.matchRange[0].unix()).toBe(START);
    expect(settingOf(season, { ...f, autoMatch: true })).toEqual({
      auto_match: 1,
      match_start_time: START,
      match_end_time: START + 7 * DAY,
    });
  });

  it('reads and writes rank rule codes; team seasons rank by total (rule none)', () => {
    const recent4 = fieldsOf({ ...season, rank_rule: 104 });
    expect(recent4.rankKind).toBe(RankRule.RECENT_TOTAL);
    expect(recent4.rankCount).toBe(4);
    expect(rankRuleOf({ rankType: 0, rankKind: RankRule.BEST_CONSECUTIVE, rankCount: 7 })).toBe(207);
    expect(rankRuleOf({ rankType: 0, rankKind: RankRule.RECENT_TOTAL, rankCount: 3 })).toBe(1);
    const team = { ...fieldsOf({ ...season, rank_rule: 104 }), rankType: SeasonType.TEAM } as const;
    expect(settingOf({ ...season, rank_rule: 104 }, team)).toEqual({ rank_type: 1, rank_rule: 0 });
    // A counting rule whose count is not there yet counts 3 (the form never throws while rendering).
    expect(rankRuleOf({ rankType: 0, rankKind: RankRule.BEST_CONSECUTIVE })).toBe(13);
    expect(
      settingOf(season, {
        ...fieldsOf(season),
        rankKind: RankRule.RECENT_TOTAL,
        rankCount: undefined as never,
      }),
    ).toEqual({
      rank_rule: 1,
    });
    // A rule of none shows the default count for when a counting rule is chosen.
    expect(fieldsOf(season).rankCount).toBe(3);
  });

  it('asks before switching away from check, which deletes unreviewed sign-ups', () => {
    const checking = { ...season, signup_type: SignupType.CHECK };
    expect(dropsPendingSignups(checking, { signup_type: SignupType.AUTO })).toBe(true);
    expect(dropsPendingSignups(checking, { remark: 'x' })).toBe(false);
    expect(dropsPendingSignups(season, { signup_type: SignupType.CHECK })).toBe(false);
  });

  it('moving the season start moves the sign-up and match windows with it, their length kept', () => {
    const fields = fieldsOf({
      ...season,
      signup_start_time: START - 2 * DAY,
      signup_end_time: START + DAY,
    });
    const later = dayjs.unix(START + 3 * DAY + 600);
    const moved = movedWindows(fields, fields.range[0], later, new Set());
    expect(moved.signupRange?.map((d) => d.unix())).toEqual([START + DAY + 600, START + 4 * DAY + 600]);
    // The match window never set shows the season's times, and follows too.
    expect(moved.matchRange?.map((d) => d.unix())).toEqual([START + 3 * DAY + 600, START + 10 * DAY + 600]);
    // Sent as changed fields, the sign-up window goes with the new start.
    const setting = settingOf(
      { ...season, signup_type: SignupType.CHECK },
      { ...fields, signupType: SignupType.CHECK, range: [later, fields.range[1]], ...moved },
    );
    expect(setting).toMatchObject({
      start_time: START + 3 * DAY + 600,
      signup_start_time: START + DAY + 600,
    });
  });

  it('a window the organiser set by hand stays where it was put when the start moves', () => {
    const fields = fieldsOf(season);
    const byHand = new Set<WindowField>(['signupRange']);
    const moved = movedWindows(fields, fields.range[0], dayjs.unix(START + DAY), byHand);
    expect(moved.signupRange).toBeUndefined();
    expect(moved.matchRange?.[0].unix()).toBe(START + DAY);
    expect(movedWindows(fields, fields.range[0], fields.range[0], new Set())).toEqual({});
  });
});
