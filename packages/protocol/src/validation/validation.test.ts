import { describe, expect, it } from 'vitest';
import { encodeAccountId } from '../ids';
import {
  confirmsDeletion,
  confirmsTermination,
  parseIdList,
  parsePlanBatch,
  parsePlanLine,
  validateCalcRankSetting,
  validateInitPoints,
  validatePlanSeats,
} from './games';
import { validateTeamDetail, validateTeamName, validateTeamScoreChange } from './team';
import {
  charLength,
  isEmail,
  validateContestName,
  validateNotice,
  validateRemark,
  weightedLength,
} from './text';
import { validateTimeRange, validateWindow } from './time';

const codes = (issues: { code: number }[]) => issues.map((i) => i.code);

describe('text lengths', () => {
  it('weighted length counts code points above 255 twice', () => {
    expect(weightedLength('abc')).toBe(3);
    expect(weightedLength('é')).toBe(1);
    expect(weightedLength('雀魂')).toBe(4);
    expect(weightedLength('한국어')).toBe(6);
    expect(weightedLength('𠮷')).toBe(2);
    expect(charLength('𠮷a')).toBe(2);
  });
});

describe('tournament name', () => {
  const entry = (lang: 'default' | 'chs' | 'chs_t' | 'en' | 'jp' | 'kr', content: string) => ({
    lang,
    content,
  });

  it('is required', () => {
    expect(codes(validateContestName([]))).toEqual([2517]);
    expect(codes(validateContestName([entry('chs', '  ')]))).toEqual([2517]);
    expect(validateContestName([entry('chs', '雀魂杯')])).toEqual([]);
  });

  it('allows 25 characters in Chinese and 50 in the other languages (2547)', () => {
    expect(validateContestName([entry('chs', '字'.repeat(25))])).toEqual([]);
    expect(validateContestName([entry('chs_t', '字'.repeat(26))])).toEqual([
      { field: 'name', code: 2547, lang: 'chs_t' },
    ]);
    expect(validateContestName([entry('en', 'a'.repeat(50))])).toEqual([]);
    expect(codes(validateContestName([entry('en', 'a'.repeat(51))]))).toEqual([2547]);
    expect(codes(validateContestName([entry('jp', 'あ'.repeat(51))]))).toEqual([2547]);
    expect(codes(validateContestName([entry('default', 'a'.repeat(26))]))).toEqual([2547]);
  });

  it('with multi-language on, all five console languages are required', () => {
    const all = [
      entry('chs', '杯'),
      entry('chs_t', '盃'),
      entry('jp', '杯'),
      entry('en', 'Cup'),
      entry('kr', '컵'),
    ];
    expect(validateContestName(all, { multiLanguage: true })).toEqual([]);
    const missing = validateContestName(all.slice(0, 4), { multiLanguage: true });
    expect(missing).toEqual([{ field: 'name', code: 2517, lang: 'kr' }]);
  });
});

describe('notices, remarks and e-mail', () => {
  it('notices: public 500, private 3000, manager 2000 (2548)', () => {
    expect(validateNotice('public', 'x'.repeat(500))).toEqual([]);
    expect(validateNotice('public', [{ lang: 'en', content: 'x'.repeat(501) }])).toEqual([
      { field: 'public_notice', code: 2548, lang: 'en' },
    ]);
    expect(validateNotice('private', 'x'.repeat(3000))).toEqual([]);
    expect(codes(validateNotice('private', 'x'.repeat(3001)))).toEqual([2548]);
    expect(codes(validateNotice('manager', 'x'.repeat(2001)))).toEqual([2548]);
  });

  it('remarks: season 25, season player 100, plan/game/tag 25 (2554)', () => {
    expect(validateRemark('season', 'x'.repeat(25))).toEqual([]);
    expect(codes(validateRemark('season', 'x'.repeat(26)))).toEqual([2554]);
    expect(validateRemark('season_player', 'x'.repeat(100))).toEqual([]);
    expect(codes(validateRemark('season_player', 'x'.repeat(101)))).toEqual([2554]);
    expect(validateRemark('record_tag', 'x'.repeat(26))).toEqual([{ field: 'tag', code: 2554 }]);
    expect(codes(validateRemark('game_plan', 'x'.repeat(26)))).toEqual([2554]);
  });

  it('e-mail format', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    for (const bad of ['', 'a@b', '@example.com', 'a b@example.com', 'a@@example.com', 'a@example.']) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
});

describe('team name and description', () => {
  it('name: weighted length at most 14 (7 Korean or 14 Latin), 2586 beyond', () => {
    expect(validateTeamName('a'.repeat(14))).toEqual([]);
    expect(validateTeamName('한'.repeat(7))).toEqual([]);
    expect(codes(validateTeamName('한'.repeat(8)))).toEqual([2586]);
    expect(codes(validateTeamName('a'.repeat(15)))).toEqual([2586]);
  });

  it('name: required, letters, digits, CJK, Korean and the listed symbols only (2587)', () => {
    expect(validateTeamName('雀士Team_01')).toEqual([]);
    expect(validateTeamName('~@!#%&()_+=|{')).toEqual([]);
    expect(validateTeamName('}:;<>かな')).toEqual([]);
    expect(codes(validateTeamName(''))).toEqual([2587]);
    expect(codes(validateTeamName('my team'))).toEqual([2587]);
    expect(codes(validateTeamName('team$'))).toEqual([2587]);
    expect(codes(validateTeamName('team😀'))).toEqual([2587]);
  });

  it('description: optional, weighted length at most 50', () => {
    expect(validateTeamDetail('')).toEqual([]);
    expect(validateTeamDetail('字'.repeat(25))).toEqual([]);
    expect(codes(validateTeamDetail('字'.repeat(26)))).toEqual([2587]);
    expect(codes(validateTeamDetail('a b'))).toEqual([2587]);
  });

  it('score change: ±1000000 with one decimal, sent in thousandths', () => {
    expect(validateTeamScoreChange(-12.5)).toEqual({ issues: [], modify_score: -12500 });
    expect(validateTeamScoreChange(1_000_000)).toEqual({ issues: [], modify_score: 1_000_000_000 });
    expect(codes(validateTeamScoreChange(1_000_000.1).issues)).toEqual([2589]);
    expect(codes(validateTeamScoreChange(1.25).issues)).toEqual([2587]);
    expect(codes(validateTeamScoreChange(1, 'x'.repeat(51)).issues)).toEqual([2587]);
  });
});

describe('time ranges', () => {
  const now = 1_800_000_000;
  const day = 86_400;

  it('start not before now, end after start (2562)', () => {
    expect(validateTimeRange({ start_time: now, end_time: now + day }, now)).toEqual([]);
    expect(validateTimeRange({ start_time: now - 1, end_time: now + day }, now)).toEqual([
      { field: 'start_time', code: 2562 },
    ]);
    expect(validateTimeRange({ start_time: now + day, end_time: now + day }, now)).toEqual([
      { field: 'end_time', code: 2562 },
    ]);
    expect(
      validateTimeRange({ start_time: now - day, end_time: now + day }, now, { checkStart: false }),
    ).toEqual([]);
  });

  it('span at most 365 days (2549)', () => {
    expect(validateTimeRange({ start_time: now, end_time: now + 365 * day }, now)).toEqual([]);
    expect(validateTimeRange({ start_time: now, end_time: now + 365 * day + 1 }, now)).toEqual([
      { field: 'end_time', code: 2549 },
    ]);
  });

  it('sign-up and match windows lie within the season, end not before start', () => {
    const season = { start_time: now, end_time: now + 10 * day };
    expect(validateWindow({ start: now, end: now + day }, season, 'signup')).toEqual([]);
    expect(validateWindow({ start: now - 1, end: now + day }, season, 'signup')).toEqual([
      { field: 'signup_start_time', code: 2562 },
    ]);
    expect(validateWindow({ start: now + 2 * day, end: now + day }, season, 'match')).toEqual([
      { field: 'match_end_time', code: 2562 },
    ]);
    expect(codes(validateWindow({ start: now, end: now + 11 * day }, season, 'match'))).toEqual([2562]);
  });
});

describe('player id input and planned games', () => {
  const a = encodeAccountId(101);
  const b = encodeAccountId(102);
  const c = encodeAccountId(103);

  it('id list: one per line, blank lines ignored, bad lines reported', () => {
    expect(parseIdList(`${a}\n\n  ${b}  \nabc\n123\n`)).toEqual({ ids: [a, b], invalid: ['abc', '123'] });
  });

  it('plan line: exactly playerCount ids, comma or space separated, 0 = robot', () => {
    expect(parsePlanLine(`${a}, ${b} 0,${c}`, 4)).toEqual({
      ok: true,
      ids: [a, b, 0, c],
      account_list: [101, 102, 0, 103],
    });
    expect(parsePlanLine(`${a} ${b} 0`, 3)).toMatchObject({ ok: true, account_list: [101, 102, 0] });
    expect(parsePlanLine(`${a} ${b} x ${c}`, 4)).toMatchObject({ ok: false, error: 'invalid_id' });
    expect(parsePlanLine(`${a} ${b} 55 ${c}`, 4)).toMatchObject({ ok: false, error: 'invalid_id' });
    expect(parsePlanLine(`${a} ${b} ${c}`, 4)).toMatchObject({ ok: false, error: 'wrong_length' });
    expect(parsePlanLine('0 0 0 0', 4)).toMatchObject({ ok: false, error: 'all_robots' });
    expect(parsePlanLine(`${a} ${a} 0 0`, 4)).toMatchObject({ ok: false, error: 'duplicate_in_line' });
  });

  it('plan batch: a player in an earlier line is a duplicate in the list', () => {
    const rows = parsePlanBatch(`${a} ${b} 0 0\n\n${c} ${a} 0 0\n${c} 0 0 0`, 4);
    expect(rows.map((r) => (r.result.ok ? 'ok' : r.result.error))).toEqual(['ok', 'duplicate_in_list', 'ok']);
  });

  it('seats: count 2575, all robots 2517, duplicates 2545', () => {
    expect(validatePlanSeats([101, 102, 0, 0], 4)).toEqual([]);
    expect(codes(validatePlanSeats([101, 102, 0], 4))).toEqual([2575]);
    expect(codes(validatePlanSeats([0, 0, 0], 3))).toEqual([2517]);
    expect(codes(validatePlanSeats([101, 101, 0, 0], 4))).toEqual([2545]);
  });

  it('start points sum to init_point times seats', () => {
    expect(validateInitPoints([], 25000, 4)).toEqual([]);
    expect(validateInitPoints([30000, 20000, 25000, 25000], 25000, 4)).toEqual([]);
    expect(codes(validateInitPoints([30000, 20000, 25000, 26000], 25000, 4))).toEqual([2517]);
    expect(codes(validateInitPoints([35000, 35000], 35000, 3))).toEqual([2517]);
  });

  it('calculated ranking: points sum to zero within ±100, divisor ≥ 1, minimum games ≥ 0', () => {
    expect(validateCalcRankSetting({ points: [30, 10, -10, -30], divisor: 1, min_games: 0 })).toEqual([]);
    expect(validateCalcRankSetting({ points: [30, 10, -10, -20], divisor: 1 }).map((i) => i.field)).toEqual([
      'points',
    ]);
    expect(validateCalcRankSetting({ points: [150, -50, -50, -50], divisor: 1 }).map((i) => i.field)).toEqual(
      ['points'],
    );
    expect(
      validateCalcRankSetting({ points: [0, 0, 0, 0], divisor: 0, min_games: -1 }).map((i) => i.field),
    ).toEqual(['divisor', 'min_games']);
  });

  it('confirmations: the exact tournament id to delete, CLOSE in any case to terminate', () => {
    expect(confirmsDeletion('123456', 123456)).toBe(true);
    expect(confirmsDeletion('12345', 123456)).toBe(false);
    expect(confirmsTermination('close')).toBe(true);
    expect(confirmsTermination('CLOSED')).toBe(false);
  });
});
