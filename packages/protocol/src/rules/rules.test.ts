import { describe, expect, it } from 'vitest';
import { GameVariant, gameVariantOf } from '../game-variant';
import { RoundType } from '../round-type';
import {
  completeDetailRule,
  DEFAULT_RULE_3P,
  DEFAULT_RULE_4P,
  DEFAULT_RULE_DORA3,
  defaultRoundTypeFor,
  defaultRuleFor,
  defaultRuleForVariant,
} from './defaults';
import { DETAIL_RULE_FIELDS, type DetailRule, detailRuleSchema } from './detail-rule';
import { presetOf, RULE_PRESET_NAMES, RULE_PRESETS } from './presets';
import { validateDetailRule } from './validate';

const fieldsOf = (rule: DetailRule, keys: (keyof DetailRule)[]) =>
  Object.fromEntries(keys.map((k) => [k, rule[k]]));

describe('default rules', () => {
  it('four-player standard: 25000 start, 30000 target, 25000 settlement base, uma 5/-5/-15, 5+20', () => {
    const r = DEFAULT_RULE_4P;
    expect([r.init_point, r.fandian, r.jingsuanyuandian, r.tianbian_value]).toEqual([25000, 30000, 25000, 0]);
    expect([r.liqibang_value, r.changbang_value]).toEqual([1000, 300]);
    expect([r.noting_fafu_1, r.noting_fafu_2, r.noting_fafu_3]).toEqual([1000, 1500, 3000]);
    expect([r.shunweima_2, r.shunweima_3, r.shunweima_4]).toEqual([5, -5, -15]);
    expect([r.fanfu, r.time_fixed, r.time_add, r.dora_count, r.shiduan]).toEqual([1, 5, 20, 3, 1]);
    expect(r.can_jifei && r.have_liujumanguan && !r.have_qieshangmanguan).toBe(true);
    expect(
      fieldsOf(r, ['have_biao_dora', 'have_gang_biao_dora', 'have_li_dora', 'have_gang_li_dora']),
    ).toEqual({
      have_biao_dora: true,
      have_gang_biao_dora: true,
      have_li_dora: true,
      have_gang_li_dora: true,
    });
    expect(r.ming_dora_immediately_open).toBe(false);
    expect([r.have_sigangsanle, r.have_sifenglianda, r.have_sijializhi, r.have_jiuzhongjiupai]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([r.have_sanjiahele, r.have_toutiao]).toEqual([false, false]);
    expect([
      r.have_helelianzhuang,
      r.have_tingpailianzhuang,
      r.have_helezhongju,
      r.have_tingpaizhongju,
    ]).toEqual([true, true, true, true]);
    expect([r.have_yifa, r.have_nanruxiru, r.bianjietishi]).toEqual([true, true, true]);
    expect([r.have_zimosun, r.disable_leijiyiman, r.disable_double_yakuman, r.dora3_mode]).toEqual([
      false,
      false,
      0,
      0,
    ]);
  });

  it('three-player standard: 35000/40000/35000, honba 200, noten 1000/2000/0, uma 0/-15, tsumo loss, 2 red', () => {
    const r = DEFAULT_RULE_3P;
    expect([r.init_point, r.fandian, r.jingsuanyuandian, r.changbang_value]).toEqual([
      35000, 40000, 35000, 200,
    ]);
    expect([r.noting_fafu_1, r.noting_fafu_2, r.noting_fafu_3]).toEqual([1000, 2000, 0]);
    expect([r.shunweima_2, r.shunweima_3, r.shunweima_4]).toEqual([0, -15, 0]);
    expect([r.have_zimosun, r.dora_count]).toEqual([true, 2]);
    expect(r.liqibang_value).toBe(1000);
  });

  it('dora3 is the four-player default with dora3_mode 1', () => {
    expect(DEFAULT_RULE_DORA3).toEqual({ ...DEFAULT_RULE_4P, dora3_mode: 1 });
  });

  it('defaultRuleFor picks by round type and returns a copy', () => {
    expect(defaultRuleFor(RoundType.SOUTH_4P)).toEqual(DEFAULT_RULE_4P);
    expect(defaultRuleFor(RoundType.EAST_3P)).toEqual(DEFAULT_RULE_3P);
    const copy = defaultRuleFor(RoundType.EAST_4P);
    copy.init_point = 1;
    expect(DEFAULT_RULE_4P.init_point).toBe(25000);
  });

  it('completeDetailRule fills missing fields from the round type defaults', () => {
    const rule = completeDetailRule({ init_point: 30000, fandian: 30000 }, RoundType.SOUTH_3P);
    expect(rule).toEqual({ ...DEFAULT_RULE_3P, init_point: 30000, fandian: 30000 });
  });

  it('choosing a variant loads the standard rule with its flag; chuanma and xuezhandaodi play East 4p', () => {
    expect(defaultRuleForVariant(GameVariant.DORA3)).toEqual(DEFAULT_RULE_DORA3);
    expect(defaultRuleForVariant(GameVariant.LIQI, 3)).toEqual(DEFAULT_RULE_3P);
    for (const v of Object.values(GameVariant)) {
      expect(gameVariantOf(defaultRuleForVariant(v))).toBe(v);
      expect(validateDetailRule(defaultRuleForVariant(v), 4)).toEqual([]);
    }
    expect(defaultRoundTypeFor(GameVariant.CHUANMA)).toBe(RoundType.EAST_4P);
    expect(defaultRoundTypeFor(GameVariant.XUEZHANDAODI)).toBe(RoundType.EAST_4P);
  });

  it('every default covers every detail_rule field', () => {
    for (const rule of [DEFAULT_RULE_4P, DEFAULT_RULE_3P, DEFAULT_RULE_DORA3]) {
      expect(Object.keys(rule).sort()).toEqual([...DETAIL_RULE_FIELDS].sort());
    }
  });
});

describe('detailRuleSchema', () => {
  it('parses a full rule, reads 0/1 as switches and drops unknown keys', () => {
    const wire = { ...DEFAULT_RULE_4P, can_jifei: 0, have_yifa: 1, begin_open_mode: 0 };
    const parsed = detailRuleSchema.parse(wire);
    expect(parsed.can_jifei).toBe(false);
    expect(parsed.have_yifa).toBe(true);
    expect('begin_open_mode' in parsed).toBe(false);
  });

  it('refuses a missing field and a non-integer point value', () => {
    const { fandian: _omit, ...partial } = DEFAULT_RULE_4P;
    expect(detailRuleSchema.safeParse(partial).success).toBe(false);
    expect(detailRuleSchema.safeParse({ ...DEFAULT_RULE_4P, init_point: 25000.5 }).success).toBe(false);
    expect(detailRuleSchema.safeParse({ ...DEFAULT_RULE_4P, can_jifei: 'yes' }).success).toBe(false);
  });
});

describe('presets', () => {
  const pro = RULE_PRESET_NAMES.filter((n) => n !== 'default');
  const table: Record<string, [number, number, number, number, number, number, number]> = {
    // init, fandian, jingsuan, uma2, uma3, uma4, pao
    rmu: [30000, 30000, 30000, 5, -5, -15, 2],
    MLeague: [25000, 25000, 30000, 10, -10, -30, 1],
    MahjongTop: [25000, 25000, 30000, 10, -10, -30, 1],
    Top: [30000, 30000, 30000, 10, -10, -30, 2],
    League: [25000, 25000, 30000, 10, -10, -30, 2],
    MahjongUnion: [30000, 30000, 30000, 4, -4, -12, 0],
  };

  it('are the seven of the rule editor', () => {
    expect(RULE_PRESET_NAMES).toEqual([
      'default',
      'rmu',
      'MLeague',
      'MahjongTop',
      'Top',
      'League',
      'MahjongUnion',
    ]);
    expect(RULE_PRESETS.default).toEqual(DEFAULT_RULE_4P);
  });

  it.each(pro)('%s: points, uma and pao as in the table', (name) => {
    const r = RULE_PRESETS[name];
    expect([
      r.init_point,
      r.fandian,
      r.jingsuanyuandian,
      r.shunweima_2,
      r.shunweima_3,
      r.shunweima_4,
      r.enable_baopai_extend_settings,
    ]).toEqual(table[name]);
  });

  it.each(pro)('%s: professional switches', (name) => {
    const r = RULE_PRESETS[name];
    expect(r).toMatchObject({
      can_jifei: false,
      have_helezhongju: false,
      have_liujumanguan: false,
      have_qieshangmanguan: true,
      have_sigangsanle: false,
      have_sifenglianda: false,
      have_sijializhi: false,
      have_jiuzhongjiupai: false,
      have_toutiao: true,
      have_tingpaizhongju: false,
      have_nanruxiru: false,
      disable_double_yakuman: 1,
      disable_leijiyiman: true,
      disable_double_wind_four_fu: 1,
      disable_angang_guoshi: 1,
      enable_nontsumo_liqi: 1,
    });
    expect(r.ming_dora_immediately_open).toBe(name !== 'MahjongUnion');
    const composite = name === 'rmu' || name === 'Top' || name === 'MahjongUnion' ? 1 : 0;
    expect(r.disable_composite_yakuman).toBe(composite);
  });

  it('MahjongUnion: no honba, no noten payments, no ura or kan dora, no ippatsu, kuikae on', () => {
    expect(RULE_PRESETS.MahjongUnion).toMatchObject({
      changbang_value: 0,
      noting_fafu_1: 0,
      noting_fafu_2: 0,
      noting_fafu_3: 0,
      have_li_dora: false,
      have_gang_biao_dora: false,
      have_gang_li_dora: false,
      have_yifa: false,
      enable_shiti: 1,
      have_biao_dora: true,
    });
    expect(RULE_PRESETS.rmu.changbang_value).toBe(300);
    expect(RULE_PRESETS.rmu.have_yifa).toBe(true);
  });

  it('presetOf finds the preset and ignores contest fields such as time', () => {
    expect(presetOf({ ...RULE_PRESETS.Top, time_fixed: 60, time_add: 0 })).toBe('Top');
    expect(presetOf(DEFAULT_RULE_4P)).toBe('default');
    expect(presetOf({ ...DEFAULT_RULE_4P, init_point: 26000 })).toBeNull();
  });
});

describe('validateDetailRule', () => {
  const fieldsRefused = (
    patch: Partial<DetailRule>,
    base: DetailRule = DEFAULT_RULE_4P,
    players: 3 | 4 = 4,
  ) => validateDetailRule({ ...base, ...patch }, players).map((v) => v.field);

  it('accepts the defaults and every preset', () => {
    expect(validateDetailRule(DEFAULT_RULE_4P, 4)).toEqual([]);
    expect(validateDetailRule(DEFAULT_RULE_3P, 3)).toEqual([]);
    expect(validateDetailRule(DEFAULT_RULE_DORA3, 4)).toEqual([]);
    for (const name of RULE_PRESET_NAMES) expect(validateDetailRule(RULE_PRESETS[name], 4), name).toEqual([]);
  });

  it('every violation carries 2517 and the field', () => {
    const violations = validateDetailRule({ ...DEFAULT_RULE_4P, init_point: 200100, fandian: 200100 }, 4);
    expect(violations.length).toBeGreaterThan(0);
    for (const v of violations) expect(v.code).toBe(2517);
    expect(violations.map((v) => v.field)).toContain('init_point');
  });

  it('points: init_point max 200000; fandian and jingsuanyuandian not below init_point, max 200000', () => {
    expect(fieldsRefused({ init_point: 200001, fandian: 200001, jingsuanyuandian: 200001 })).toContain(
      'init_point',
    );
    expect(fieldsRefused({ init_point: 200000, fandian: 200000, jingsuanyuandian: 200000 })).toEqual([]);
    expect(fieldsRefused({ fandian: 24900 })).toEqual(['fandian']);
    expect(fieldsRefused({ fandian: 200100 })).toEqual(['fandian']);
    expect(fieldsRefused({ jingsuanyuandian: 24000 })).toEqual(['jingsuanyuandian']);
    expect(fieldsRefused({ init_point: -100 })).toContain('init_point');
    expect(fieldsRefused({ tianbian_value: 200100 })).toEqual(['tianbian_value']);
    expect(fieldsRefused({ tianbian_value: -1 })).toEqual(['tianbian_value']);
  });

  it('sticks: riichi 0…10000; honba multiples of 300 (4p) or 200 (3p)', () => {
    expect(fieldsRefused({ liqibang_value: 10100 })).toEqual(['liqibang_value']);
    expect(fieldsRefused({ changbang_value: 200 })).toEqual(['changbang_value']);
    expect(fieldsRefused({ changbang_value: 600 })).toEqual([]);
    expect(fieldsRefused({ changbang_value: 300 }, DEFAULT_RULE_3P, 3)).toEqual(['changbang_value']);
    expect(fieldsRefused({ changbang_value: 400 }, DEFAULT_RULE_3P, 3)).toEqual([]);
    expect(fieldsRefused({ changbang_value: 10200 })).toEqual(['changbang_value']);
  });

  it('noten payments: 0…10000 in steps 100, 100 (200 for 3p), 300', () => {
    expect(fieldsRefused({ noting_fafu_1: 1050 })).toEqual(['noting_fafu_1']);
    expect(fieldsRefused({ noting_fafu_2: 1100 })).toEqual([]);
    expect(fieldsRefused({ noting_fafu_2: 1100 }, DEFAULT_RULE_3P, 3)).toEqual(['noting_fafu_2']);
    expect(fieldsRefused({ noting_fafu_3: 3100 })).toEqual(['noting_fafu_3']);
    expect(fieldsRefused({ noting_fafu_3: 10200 })).toEqual(['noting_fafu_3']);
  });

  it('uma: each −100…100, places never rise, 1st (minus the sum) within range', () => {
    expect(fieldsRefused({ shunweima_2: 10, shunweima_3: 0, shunweima_4: -30 })).toEqual([]);
    expect(fieldsRefused({ shunweima_2: 20, shunweima_3: 10, shunweima_4: -30 })).toEqual(['shunweima_2']);
    expect(fieldsRefused({ shunweima_2: -5, shunweima_3: 5, shunweima_4: -15 })).toEqual(['shunweima_3']);
    expect(fieldsRefused({ shunweima_2: 10, shunweima_3: -20, shunweima_4: -10 })).toEqual(['shunweima_4']);
    // 1st would get -10, below 2nd
    expect(fieldsRefused({ shunweima_2: 10, shunweima_3: 0, shunweima_4: 0 })).toEqual(['shunweima_2']);
    expect(fieldsRefused({ shunweima_2: -40, shunweima_3: -50, shunweima_4: -60 })).toEqual(['shunweima_2']);
    expect(fieldsRefused({ shunweima_4: -101 })).toContain('shunweima_4');
    // 3p: only 2nd and 3rd count
    expect(fieldsRefused({ shunweima_2: 5, shunweima_3: -15 }, DEFAULT_RULE_3P, 3)).toEqual([]);
    expect(fieldsRefused({ shunweima_2: -15, shunweima_3: 0 }, DEFAULT_RULE_3P, 3)).toEqual(['shunweima_3']);
  });

  it('red dora 0, 2 (3p), 3, 4 (4p); fanfu 1, 2, 4; renhou and pao 0…2', () => {
    expect(fieldsRefused({ dora_count: 4 })).toEqual([]);
    expect(fieldsRefused({ dora_count: 2 })).toEqual(['dora_count']);
    expect(fieldsRefused({ dora_count: 2 }, DEFAULT_RULE_3P, 3)).toEqual([]);
    expect(fieldsRefused({ dora_count: 4 }, DEFAULT_RULE_3P, 3)).toEqual(['dora_count']);
    expect(fieldsRefused({ fanfu: 3 })).toEqual(['fanfu']);
    expect(fieldsRefused({ fanfu: 4 })).toEqual([]);
    expect(fieldsRefused({ enable_renhe: 3 })).toEqual(['enable_renhe']);
    expect(fieldsRefused({ enable_baopai_extend_settings: -1 })).toEqual(['enable_baopai_extend_settings']);
  });

  it('thinking time must be a preset; switches must be 0/1; levels must match the player count', () => {
    expect(fieldsRefused({ time_fixed: 7 })).toEqual(['time_fixed']);
    expect(fieldsRefused({ time_fixed: 60, time_add: 0 })).toEqual([]);
    expect(fieldsRefused({ disable_double_yakuman: 2 })).toEqual(['disable_double_yakuman']);
    expect(fieldsRefused({ required_level_p4: 20301 })).toEqual(['required_level_p4']);
    expect(fieldsRefused({ required_level_p4: 10301, required_level_p3: 20601 })).toEqual([]);
    expect(fieldsRefused({ max_game_count: -1 })).toEqual(['max_game_count']);
    expect(fieldsRefused({ ai_level: 3 })).toEqual(['ai_level']);
  });

  it('toutiao and sanjiahele exclude each other; dependent switches need their prerequisite', () => {
    expect(fieldsRefused({ have_toutiao: true, have_sanjiahele: true })).toEqual(['have_sanjiahele']);
    expect(fieldsRefused({ have_biao_dora: false })).toEqual(['have_gang_biao_dora', 'have_li_dora']);
    expect(
      fieldsRefused({
        have_biao_dora: false,
        have_gang_biao_dora: false,
        have_li_dora: false,
        have_gang_li_dora: false,
      }),
    ).toEqual([]);
    expect(fieldsRefused({ have_li_dora: false })).toEqual(['have_gang_li_dora']);
    expect(
      fieldsRefused({
        have_gang_biao_dora: false,
        have_gang_li_dora: false,
        ming_dora_immediately_open: true,
      }),
    ).toEqual(['ming_dora_immediately_open']);
    expect(fieldsRefused({ have_helelianzhuang: false })).toEqual(['have_helezhongju']);
    expect(fieldsRefused({ have_tingpailianzhuang: false, have_tingpaizhongju: false })).toEqual([]);
  });

  it('at most one variant flag; wrong types are reported per field', () => {
    expect(fieldsRefused({ dora3_mode: 1, chuanma: 1 })).toEqual(['dora3_mode']);
    const bad = { ...DEFAULT_RULE_4P, init_point: '25000', can_jifei: 1 } as unknown as DetailRule;
    expect(validateDetailRule(bad, 4).map((v) => v.field)).toEqual(['init_point', 'can_jifei']);
  });
});
