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
import {
  buildCreateRequest,
  type CreateContestFields,
  rangeMessage,
  roundTypesFor,
  timeProblem,
} from './createContest';

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
  it('offers three-player round types only in standard mode, and only East for xuezhandaodi', () => {
    expect(roundTypesFor(GameVariant.LIQI)).toEqual([1, 2, 11, 12]);
    for (const v of [GameVariant.DORA3, GameVariant.CHUANMA, GameVariant.WANXIANG])
      expect(roundTypesFor(v)).toEqual([1, 2]);
    expect(roundTypesFor(GameVariant.XUEZHANDAODI)).toEqual([1]);
  });

  it('resets the round type on mode change: chuanma (4 games) and xuezhandaodi to east 4p, the others to south 4p', () => {
    expect(defaultRoundTypeFor(GameVariant.CHUANMA)).toBe(RoundType.EAST_4P);
    expect(defaultRoundTypeFor(GameVariant.XUEZHANDAODI)).toBe(RoundType.EAST_4P);
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

describe('create dialog: what is shown is what is sent, and a wrong range is explained', () => {
  const at = (text: string) => dayjs(text, 'YYYY-MM-DD HH:mm');
  const today = dayjs.unix(now).format('YYYY-MM-DD');
  const day = (n: number, time = '10:00') =>
    at(`${dayjs.unix(now).add(n, 'day').format('YYYY-MM-DD')} ${time}`);

  it('sends the minutes the picker shows, not seconds hidden behind them', () => {
    const start = dayjs.unix(now + 86_400 + 37);
    const req = buildCreateRequest(fields({ range: [start, start.add(3, 'day')] }));
    const sent = CreateContestReq.parse(req);
    expect(sent.start_time).toBe(start.startOf('minute').unix());
    expect(sent.start_time % 60).toBe(0);
    expect(sent.end_time - sent.start_time).toBe(3 * 86_400);
  });

  it('an end before the start is explained with both dates as entered, not swapped', () => {
    expect(rangeMessage([day(5), day(2)], now)).toEqual({
      key: 'create.endBeforeStart',
      values: { start: day(5).format('YYYY-MM-DD HH:mm'), end: day(2).format('YYYY-MM-DD HH:mm') },
    });
    // The same minute is no range either.
    expect(rangeMessage([day(3, '09:30'), day(3, '09:30')], now)?.key).toBe('create.endBeforeStart');
  });

  it('a missing end, a start in the past and a span over 365 days are each named', () => {
    expect(rangeMessage([day(1), null], now)).toEqual({ key: 'create.timeRequired' });
    expect(rangeMessage(null, now)).toEqual({ key: 'create.timeRequired' });
    expect(rangeMessage([at(`${today} 00:00`).subtract(1, 'day'), day(3)], now)?.key).toBe(
      'create.startBeforeNow',
    );
    expect(rangeMessage([day(1), day(1).add(LIMITS.SPAN_MAX_DAYS + 1, 'day')], now)).toMatchObject({
      key: 'create.spanTooLong',
      values: { days: LIMITS.SPAN_MAX_DAYS },
    });
  });

  it('a range that can be sent has no message', () => {
    expect(rangeMessage([day(1), day(8)], now)).toBeNull();
  });
});
