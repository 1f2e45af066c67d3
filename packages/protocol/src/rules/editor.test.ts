import { describe, expect, it } from 'vitest';
import { GameVariant, gameVariantOf } from '../game-variant';
import { RoundType } from '../round-type';
import { DEFAULT_RULE_3P, DEFAULT_RULE_4P, DEFAULT_RULE_DORA3, defaultRuleForVariant } from './defaults';
import type { DetailRule } from './detail-rule';
import {
  applyPreset,
  chooseRoundType,
  chooseVariant,
  decodeRuleText,
  differsFromDefaults,
  encodeRuleText,
  firstPlaceUma,
  importRule,
  isSwitchDisabled,
  nearestPreset,
  numberLimits,
  presetDiff,
  presetsFor,
  type RuleDraft,
  roundDownToStep,
  roundTypesForVariant,
  ruleIssues,
  setNumber,
  setSwitch,
  umaIssues,
} from './editor';
import { RULE_PRESETS } from './presets';
import { validateDetailRule } from './validate';

const south4 = (rule: Partial<DetailRule> = {}): RuleDraft => ({
  roundType: RoundType.SOUTH_4P,
  rule: { ...DEFAULT_RULE_4P, ...rule },
});
const south3 = (rule: Partial<DetailRule> = {}): RuleDraft => ({
  roundType: RoundType.SOUTH_3P,
  rule: { ...DEFAULT_RULE_3P, ...rule },
});
const issuesOf = (draft: RuleDraft) => ruleIssues(draft).map((i) => `${i.field}:${i.kind}`);

describe('choosing a mode and a round type', () => {
  it('choosing a mode loads its default rule and keeps the broadcast setting', () => {
    const draft = south4({ disable_broadcast: 1, init_point: 40000, fandian: 40000, have_toutiao: true });
    const next = chooseVariant(draft, GameVariant.DORA3);
    expect(next.rule).toEqual({ ...DEFAULT_RULE_DORA3, disable_broadcast: 1 });
    expect(gameVariantOf(next.rule)).toBe(GameVariant.DORA3);
  });

  it('a mode sets round type South 4p, and East 4p for chuanma (four games) and xuezhandaodi', () => {
    const three = south3();
    expect(chooseVariant(three, GameVariant.LIQI).roundType).toBe(RoundType.SOUTH_4P);
    expect(chooseVariant(three, GameVariant.XUEZHANDAODI).roundType).toBe(RoundType.EAST_4P);
    expect(chooseVariant(three, GameVariant.WANXIANG).roundType).toBe(RoundType.SOUTH_4P);
    const chuanma = chooseVariant(three, GameVariant.CHUANMA);
    expect(chuanma.roundType).toBe(RoundType.EAST_4P);
    expect(chuanma.rule.chuanma).toBe(1);
  });

  it('in standard mode a three-player round type loads the three-player defaults, and back', () => {
    const draft = south4({ disable_broadcast: 1, init_point: 30000 });
    const three = chooseRoundType(draft, RoundType.EAST_3P);
    expect(three).toEqual({
      roundType: RoundType.EAST_3P,
      rule: { ...DEFAULT_RULE_3P, disable_broadcast: 1 },
    });
    const four = chooseRoundType(three, RoundType.EAST_4P);
    expect(four.rule).toEqual({ ...DEFAULT_RULE_4P, disable_broadcast: 1 });
  });

  it('East and South of the same table keep the rule', () => {
    const draft = south4({ init_point: 30000, fandian: 30000 });
    expect(chooseRoundType(draft, RoundType.EAST_4P)).toEqual({
      roundType: RoundType.EAST_4P,
      rule: draft.rule,
    });
  });

  it('three-player round types exist only in standard mode; xuezhandaodi is East 4p only', () => {
    expect(roundTypesForVariant(GameVariant.LIQI)).toEqual([1, 2, 11, 12]);
    for (const v of [GameVariant.DORA3, GameVariant.CHUANMA, GameVariant.WANXIANG]) {
      expect(roundTypesForVariant(v)).toEqual([1, 2]);
    }
    expect(roundTypesForVariant(GameVariant.XUEZHANDAODI)).toEqual([RoundType.EAST_4P]);
  });
});

describe('switch dependencies', () => {
  const dora = (r: DetailRule) => [
    r.have_biao_dora,
    r.have_gang_biao_dora,
    r.have_li_dora,
    r.have_gang_li_dora,
    r.ming_dora_immediately_open,
  ];

  it('indicator dora off turns off kan indicator, ura, kan ura and immediate open', () => {
    const rule = setSwitch({ ...DEFAULT_RULE_4P, ming_dora_immediately_open: true }, 'have_biao_dora', false);
    expect(dora(rule)).toEqual([false, false, false, false, false]);
  });

  it('indicator dora on turns kan indicator, ura and kan ura on (immediate open stays off)', () => {
    const off = setSwitch(DEFAULT_RULE_4P, 'have_biao_dora', false);
    expect(dora(setSwitch(off, 'have_biao_dora', true))).toEqual([true, true, true, true, false]);
  });

  it('dependent dora switches are disabled unless their prerequisites are on', () => {
    const off = setSwitch(DEFAULT_RULE_4P, 'have_biao_dora', false);
    for (const f of ['have_gang_biao_dora', 'have_li_dora'] as const) {
      expect(isSwitchDisabled(off, f)).toBe(true);
      expect(setSwitch(off, f, true)).toBe(off);
    }
    expect(isSwitchDisabled(DEFAULT_RULE_4P, 'have_gang_li_dora')).toBe(false);
    const noUra = setSwitch(DEFAULT_RULE_4P, 'have_li_dora', false);
    expect(noUra.have_gang_li_dora).toBe(false);
    expect(isSwitchDisabled(noUra, 'have_gang_li_dora')).toBe(true);
    const noKanDora = setSwitch(
      { ...DEFAULT_RULE_4P, ming_dora_immediately_open: true },
      'have_gang_biao_dora',
      false,
    );
    expect([noKanDora.have_gang_li_dora, noKanDora.ming_dora_immediately_open]).toEqual([false, false]);
    expect(isSwitchDisabled(noKanDora, 'ming_dora_immediately_open')).toBe(true);
    expect(isSwitchDisabled(DEFAULT_RULE_4P, 'ming_dora_immediately_open')).toBe(false);
  });

  it('toutiao and sanjiahele are mutually exclusive', () => {
    const toutiao = setSwitch({ ...DEFAULT_RULE_4P, have_sanjiahele: true }, 'have_toutiao', true);
    expect([toutiao.have_toutiao, toutiao.have_sanjiahele]).toEqual([true, false]);
    const sanjia = setSwitch(toutiao, 'have_sanjiahele', true);
    expect([sanjia.have_toutiao, sanjia.have_sanjiahele]).toEqual([false, true]);
  });

  it('helelianzhuang sets helezhongju equal; tingpailianzhuang sets tingpaizhongju', () => {
    const off = setSwitch(DEFAULT_RULE_4P, 'have_helelianzhuang', false);
    expect([off.have_helelianzhuang, off.have_helezhongju]).toEqual([false, false]);
    expect(isSwitchDisabled(off, 'have_helezhongju')).toBe(true);
    const on = setSwitch({ ...off, have_helezhongju: false }, 'have_helelianzhuang', true);
    expect(on.have_helezhongju).toBe(true);
    const tenpai = setSwitch(DEFAULT_RULE_4P, 'have_tingpailianzhuang', false);
    expect([tenpai.have_tingpailianzhuang, tenpai.have_tingpaizhongju]).toEqual([false, false]);
    expect(isSwitchDisabled(tenpai, 'have_tingpaizhongju')).toBe(true);
    expect(setSwitch(tenpai, 'have_tingpailianzhuang', true).have_tingpaizhongju).toBe(true);
    // With renchan on, agari-yame can still be turned off on its own.
    expect(setSwitch(DEFAULT_RULE_4P, 'have_helezhongju', false).have_helelianzhuang).toBe(true);
  });

  it('whatever the switches do, the result passes the server check', () => {
    let rule: DetailRule = { ...DEFAULT_RULE_4P };
    const moves: [keyof DetailRule, boolean][] = [
      ['ming_dora_immediately_open', true],
      ['have_li_dora', false],
      ['have_biao_dora', false],
      ['have_gang_biao_dora', true],
      ['have_biao_dora', true],
      ['have_toutiao', true],
      ['have_sanjiahele', true],
      ['have_helelianzhuang', false],
      ['have_helezhongju', true],
    ];
    for (const [f, on] of moves) {
      rule = setSwitch(rule, f, on);
      expect(validateDetailRule(rule, 4)).toEqual([]);
    }
  });
});

describe('numbers: steps on blur, points', () => {
  it('a step is applied by rounding down within the limits', () => {
    expect(roundDownToStep(25050, { min: 0, max: 200000, step: 100 })).toBe(25000);
    expect(roundDownToStep(250000, { min: 0, max: 200000, step: 100 })).toBe(200000);
    expect(roundDownToStep(-50, { min: 0, max: 200000, step: 100 })).toBe(0);
  });

  it('honba steps 300 four-player and 200 three-player', () => {
    expect(setNumber(south4(), 'changbang_value', 500).changbang_value).toBe(300);
    expect(setNumber(south3(), 'changbang_value', 500).changbang_value).toBe(400);
    expect(numberLimits('changbang_value', DEFAULT_RULE_4P, 4)).toEqual({ min: 0, max: 10000, step: 300 });
  });

  it('noten steps: 100; 100 (four-player) or 200 (three-player); 300', () => {
    expect(setNumber(south4(), 'noting_fafu_1', 1050).noting_fafu_1).toBe(1000);
    expect(setNumber(south4(), 'noting_fafu_2', 1550).noting_fafu_2).toBe(1500);
    expect(setNumber(south3(), 'noting_fafu_2', 1500).noting_fafu_2).toBe(1400);
    expect(setNumber(south4(), 'noting_fafu_3', 3100).noting_fafu_3).toBe(3000);
    expect(setNumber(south4(), 'noting_fafu_3', 20000).noting_fafu_3).toBe(9900);
  });

  it('the default step is 100 (points, riichi stick); uma takes any integer from -100 to 100', () => {
    expect(setNumber(south4(), 'init_point', 25099).init_point).toBe(25000);
    expect(setNumber(south4(), 'liqibang_value', 1234).liqibang_value).toBe(1200);
    expect(setNumber(south4(), 'tianbian_value', 99).tianbian_value).toBe(0);
    expect(setNumber(south4(), 'shunweima_2', 7).shunweima_2).toBe(7);
    expect(setNumber(south4(), 'shunweima_4', -150).shunweima_4).toBe(-100);
  });

  it('raising init_point above fandian raises fandian; lowering it leaves fandian', () => {
    expect(setNumber(south4(), 'init_point', 35000)).toMatchObject({ init_point: 35000, fandian: 35000 });
    expect(setNumber(south4(), 'init_point', 20000)).toMatchObject({ init_point: 20000, fandian: 30000 });
  });

  it('fandian cannot go below init_point', () => {
    expect(setNumber(south4(), 'fandian', 20000).fandian).toBe(25000);
  });

  it('in non-standard modes fandian follows init_point', () => {
    const dora3: RuleDraft = { roundType: 2, rule: { ...DEFAULT_RULE_DORA3 } };
    expect(setNumber(dora3, 'init_point', 20000)).toMatchObject({ init_point: 20000, fandian: 20000 });
    const chuanma: RuleDraft = { roundType: 1, rule: defaultRuleForVariant(GameVariant.CHUANMA) };
    expect(setNumber(chuanma, 'init_point', 40000)).toMatchObject({ init_point: 40000, fandian: 40000 });
  });
});

describe('limits the editor shows, as the server refuses them', () => {
  it('uma: 1st is minus the sum of the others', () => {
    expect(firstPlaceUma(DEFAULT_RULE_4P, 4)).toBe(15);
    expect(firstPlaceUma(RULE_PRESETS.MLeague, 4)).toBe(30);
    expect(firstPlaceUma(DEFAULT_RULE_3P, 3)).toBe(15);
  });

  it('uma: each -100 to 100, 1st too, and no place above the one before', () => {
    expect(umaIssues(DEFAULT_RULE_4P, 4)).toEqual([]);
    expect(umaIssues({ ...DEFAULT_RULE_4P, shunweima_2: 20, shunweima_3: 0, shunweima_4: -10 }, 4)).toEqual([
      { field: 'shunweima_2', kind: 'umaOrder' },
    ]);
    expect(umaIssues({ ...DEFAULT_RULE_4P, shunweima_3: -20, shunweima_4: -10 }, 4)).toEqual([
      { field: 'shunweima_4', kind: 'umaOrder' },
    ]);
    expect(
      umaIssues({ ...DEFAULT_RULE_4P, shunweima_2: -60, shunweima_3: -60, shunweima_4: -60 }, 4),
    ).toEqual([{ field: 'shunweima_2', kind: 'umaFirstRange', first: 180, min: -100, max: 100 }]);
    expect(umaIssues({ ...DEFAULT_RULE_4P, shunweima_4: -101 }, 4)).toContainEqual({
      field: 'shunweima_4',
      kind: 'range',
      min: -100,
      max: 100,
    });
  });

  it('red dora 0/3/4 four-player and 0/2/3 three-player; fanfu 1, 2, 4', () => {
    expect(issuesOf(south4({ dora_count: 2 }))).toEqual(['dora_count:oneOf']);
    expect(issuesOf(south3({ dora_count: 4 }))).toEqual(['dora_count:oneOf']);
    expect(issuesOf(south3({ dora_count: 2 }))).toEqual([]);
    expect(issuesOf(south4({ fanfu: 3 }))).toEqual(['fanfu:oneOf']);
  });

  it('honba multiples of 300 (4p) or 200 (3p); noten steps', () => {
    expect(issuesOf(south4({ changbang_value: 200 }))).toEqual(['changbang_value:step']);
    expect(issuesOf(south3({ changbang_value: 300 }))).toEqual(['changbang_value:step']);
    expect(issuesOf(south3({ noting_fafu_2: 1500 }))).toEqual(['noting_fafu_2:step']);
  });

  it('points: fandian from init_point, jingsuanyuandian not below init_point, max 200000', () => {
    expect(issuesOf(south4({ init_point: 35000 }))).toEqual([
      'fandian:belowInit',
      'jingsuanyuandian:belowInit',
    ]);
    expect(issuesOf(south4({ tianbian_value: 200100 }))).toEqual(['tianbian_value:range']);
    expect(issuesOf(south4({ fandian: 200100 }))).toEqual(['fandian:range']);
    expect(issuesOf(south4({ jingsuanyuandian: 200100 }))).toEqual(['jingsuanyuandian:range']);
    expect(issuesOf(south4({ noting_fafu_3: 10200 }))).toEqual(['noting_fafu_3:range']);
    expect(setNumber(south4(), 'init_point', 250000)).toMatchObject({ init_point: 200000, fandian: 200000 });
    expect(issuesOf(south4({ liqibang_value: 10100 }))).toEqual(['liqibang_value:range']);
  });

  it('dependencies and exclusions are issues when broken', () => {
    expect(issuesOf(south4({ have_toutiao: true, have_sanjiahele: true }))).toEqual([
      'have_sanjiahele:exclusive',
    ]);
    expect(issuesOf(south4({ have_helelianzhuang: false }))).toEqual(['have_helezhongju:needs']);
  });

  it('every rule the console flags is one the server refuses, field for field', () => {
    const broken: RuleDraft[] = [
      south4({ dora_count: 2 }),
      south4({ init_point: 35000 }),
      south4({ shunweima_2: 50, shunweima_3: 0 }),
      south4({ shunweima_2: -60, shunweima_3: -60, shunweima_4: -60 }),
      south3({ noting_fafu_2: 1500, changbang_value: 300 }),
      south4({ have_biao_dora: false }),
      south4({ have_toutiao: true, have_sanjiahele: true }),
      south4({ time_fixed: 7 }),
      south4({ enable_renhe: 3, fanfu: 3 }),
      south4({ dora3_mode: 1, chuanma: 1 }),
      south4(),
      south3(),
      ...Object.values(RULE_PRESETS).map((r) => ({ roundType: RoundType.SOUTH_4P, rule: { ...r } })),
    ];
    for (const draft of broken) {
      const mine = new Set(ruleIssues(draft).map((i) => i.field));
      const server = new Set(
        validateDetailRule(draft.rule, draft.roundType > 10 ? 3 : 4).map((v) => v.field),
      );
      expect([...mine].sort()).toEqual([...server].sort());
    }
  });
});

describe('defaults and presets', () => {
  it('differsFromDefaults looks at the rule cards of the mode and player count only', () => {
    expect(differsFromDefaults(south4())).toBe(false);
    expect(differsFromDefaults(south3())).toBe(false);
    expect(differsFromDefaults(south4({ time_fixed: 3, time_add: 5, disable_broadcast: 1 }))).toBe(false);
    expect(differsFromDefaults(south4({ have_yifa: false }))).toBe(true);
    expect(differsFromDefaults({ roundType: 2, rule: { ...DEFAULT_RULE_DORA3 } })).toBe(false);
  });

  it('loading a preset keeps thinking time, contest fields and the mode', () => {
    const draft: RuleDraft = { roundType: 2, rule: { ...DEFAULT_RULE_DORA3, time_fixed: 3, time_add: 5 } };
    const rule = applyPreset(draft, 'MLeague');
    expect(rule).toEqual({ ...RULE_PRESETS.MLeague, dora3_mode: 1, time_fixed: 3, time_add: 5 });
  });

  it('the nearest preset and the fields that differ from it', () => {
    const mleague = applyPreset(south4(), 'MLeague');
    expect(nearestPreset({ roundType: 2, rule: mleague })).toEqual({ name: 'MLeague', fields: [] });
    const changed = { ...mleague, init_point: 30000, fandian: 30000, have_yifa: false };
    expect(nearestPreset({ roundType: 2, rule: changed })).toEqual({
      name: 'MLeague',
      fields: ['init_point', 'fandian', 'have_yifa'],
    });
    expect(presetDiff({ roundType: 2, rule: changed }, 'League')).toEqual([
      'init_point',
      'fandian',
      'enable_baopai_extend_settings',
      'have_yifa',
    ]);
    expect(nearestPreset(south4({ have_yifa: false }))).toEqual({ name: 'default', fields: ['have_yifa'] });
  });

  it('the four-player presets are offered for four-player standard and dora3 only', () => {
    expect(presetsFor(south4())).toHaveLength(7);
    expect(presetsFor({ roundType: 2, rule: { ...DEFAULT_RULE_DORA3 } })).toHaveLength(7);
    expect(presetsFor(south3())).toEqual(['default']);
    expect(presetsFor({ roundType: 1, rule: defaultRuleForVariant(GameVariant.CHUANMA) })).toEqual([
      'default',
    ]);
    expect(nearestPreset(south3({ have_yifa: false }))).toEqual({ name: 'default', fields: ['have_yifa'] });
  });
});

describe('rule text: copy and import', () => {
  it('a copied rule decodes to the same round type and rule', () => {
    const rule = { ...applyPreset(south4(), 'MLeague'), time_fixed: 3, time_add: 5, have_yifa: false };
    const text = encodeRuleText(rule, RoundType.EAST_4P);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeRuleText(text)).toEqual({ roundType: RoundType.EAST_4P, rule });
    expect(decodeRuleText(` ${text}\n`)).toEqual({ roundType: RoundType.EAST_4P, rule });
    const three = { ...DEFAULT_RULE_3P, dora_count: 3 };
    expect(decodeRuleText(encodeRuleText(three, RoundType.SOUTH_3P))).toEqual({ roundType: 12, rule: three });
  });

  it('the text is compact: the defaults encode to a few characters', () => {
    expect(encodeRuleText(DEFAULT_RULE_4P, 2).length).toBeLessThan(40);
  });

  it('contest fields (limits, broadcast, emoji) are not carried', () => {
    const text = encodeRuleText({ ...DEFAULT_RULE_4P, max_game_count: 5, disable_broadcast: 1 }, 2);
    expect(decodeRuleText(text)?.rule).toEqual(DEFAULT_RULE_4P);
  });

  it('a text that cannot be decoded gives null', () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    for (const text of [
      '',
      'hello world',
      'not!base64',
      Buffer.from('not json').toString('base64url'),
      b64([1, 2]),
      b64({ v: 2, m: 2, d: {} }),
      b64({ v: 1, m: 3, d: {} }),
      b64({ v: 1, m: 2, d: { no_such_field: 1 } }),
      b64({ v: 1, m: 2, d: { init_point: 'x' } }),
      b64({ v: 1, m: 2, d: { init_point: 1.5 } }),
      b64({ v: 1, m: 2, d: { max_game_count: 3 } }),
      b64({ v: 1, m: 2, d: { have_yifa: 7 } }),
    ]) {
      expect(decodeRuleText(text), text).toBeNull();
    }
    expect(decodeRuleText(b64({ v: 1, m: 2, d: { have_yifa: 0 } }))?.rule.have_yifa).toBe(false);
  });

  it('importing keeps the tournament fields of the editor', () => {
    const draft = south4({ max_game_count: 4, disable_broadcast: 1, emoji_switch: 1 });
    const imported = decodeRuleText(encodeRuleText(RULE_PRESETS.rmu, RoundType.EAST_4P));
    if (!imported) throw new Error('not decoded');
    const next = importRule(draft, imported);
    expect(next.roundType).toBe(RoundType.EAST_4P);
    expect(next.rule).toEqual({
      ...RULE_PRESETS.rmu,
      max_game_count: 4,
      disable_broadcast: 1,
      emoji_switch: 1,
    });
  });
});
