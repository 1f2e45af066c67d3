import {
  CreateContestReq,
  DEFAULT_RULE_3P,
  defaultRoundTypeFor,
  GameVariant,
  LIMITS,
  RoundType,
} from '@taikai/protocol';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildCreateRequest, type CreateContestFields, roundTypesFor, timeProblem } from './createContest';

const now = 1_800_000_000;
const fields = (over: Partial<CreateContestFields> = {}): CreateContestFields => ({
  multi: false,
  name: '  Spring Cup ',
  names: { chs: '春季杯', chs_t: '春季盃', jp: '春杯', en: 'Spring Cup', kr: '봄 컵' },
  range: [dayjs.unix(now + 86_400), dayjs.unix(now + 8 * 86_400)],
  variant: GameVariant.LIQI,
  roundType: RoundType.SOUTH_4P,
  thinking: '5+20',
  pledge: true,
  ...over,
});

describe('create-tournament dialog rules', () => {
  it('offers three-player round types only in standard mode', () => {
    expect(roundTypesFor(GameVariant.LIQI)).toEqual([1, 2, 11, 12]);
    for (const v of [GameVariant.DORA3, GameVariant.CHUANMA, GameVariant.XUEZHANDAODI, GameVariant.WANXIANG])
      expect(roundTypesFor(v)).toEqual([1, 2]);
  });

  it('resets the round type on mode change: chuanma to east 4p (4 games), every other mode to south 4p', () => {
    expect(defaultRoundTypeFor(GameVariant.CHUANMA)).toBe(RoundType.EAST_4P);
    expect(defaultRoundTypeFor(GameVariant.LIQI)).toBe(RoundType.SOUTH_4P);
    expect(defaultRoundTypeFor(GameVariant.DORA3)).toBe(RoundType.SOUTH_4P);
  });

  it('start not before server time, end after start and within 365 days', () => {
    expect(timeProblem(now - 1, now + 100, now)).toBe('start_before_now');
    expect(timeProblem(now + 10, now + 10, now)).toBe('end_before_start');
    expect(timeProblem(now, now + LIMITS.SPAN_MAX_S, now)).toBeNull();
    expect(timeProblem(now, now + LIMITS.SPAN_MAX_S + 1, now)).toBe('span_too_long');
  });

  it('builds a request the protocol accepts, with the round type defaults, mode flags and thinking time', () => {
    const req = buildCreateRequest(fields({ roundType: RoundType.SOUTH_3P, thinking: '10+20' }));
    const parsed = CreateContestReq.parse(req);
    expect(parsed.name).toEqual([{ lang: 'default', content: 'Spring Cup' }]);
    expect(parsed.game_rule_setting.mode).toBe(12);
    expect(parsed.game_rule_setting.detail_rule).toMatchObject({
      init_point: DEFAULT_RULE_3P.init_point,
      time_fixed: 10,
      time_add: 20,
      chuanma: 0,
    });
    expect(parsed.end_time - parsed.start_time).toBe(7 * 86_400);
  });

  it('sends all five names when names are given per language, and the chuanma flag for Sichuan', () => {
    const req = buildCreateRequest(
      fields({ multi: true, variant: GameVariant.CHUANMA, roundType: RoundType.EAST_4P }),
    );
    expect(req.name.map((e) => e.lang)).toEqual(['chs', 'chs_t', 'jp', 'en', 'kr']);
    expect(req.game_rule_setting.detail_rule).toMatchObject({ chuanma: 1, dora3_mode: 0 });
  });
});
