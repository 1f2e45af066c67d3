import { DEFAULT_RULE_3P, DEFAULT_RULE_4P } from '@taikai/protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gameRecords, recordPlayers } from '../../src/db/schema';
import { type Organiser, startWorld, type World } from '../support/world';

// update_contest_base beyond the basic form (times, switches, the advanced form, the manager notice) and the
// rule editor's dry run, check_contest_rule (spec §4, §5, §7).

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const DAY = 86_400;

const detailOf = async (who: Organiser, unique_id: number) =>
  (await world.get('fetch_contest_detail', { unique_id }, { token: who.token })).body.data;

const update = (who: Organiser, unique_id: number, setting: Record<string, unknown>) =>
  world.post('update_contest_base', { unique_id, setting }, { token: who.token });

async function fresh() {
  const org = await world.organiser({ currency: 60 });
  const ids = await world.contest(org);
  const { start_time, finish_time } = await detailOf(org, ids.unique_id);
  return { org, ...ids, start: start_time as number, end: finish_time as number };
}

async function auditCount(unique_id: number): Promise<number> {
  const rows = await world.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'contest'), eq(auditLog.targetId, String(unique_id))));
  return rows.length;
}

describe('update_contest_base: start and end', () => {
  it('a pending tournament moves its start and end, with one audit entry', async () => {
    const { org, unique_id } = await fresh();
    const now = world.clock.now();
    const before = await auditCount(unique_id);
    const res = await update(org, unique_id, { start_time: now + 2 * DAY, end_time: now + 20 * DAY });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ start_time: now + 2 * DAY, finish_time: now + 20 * DAY, state: 1 });
    expect(await auditCount(unique_id)).toBe(before + 1);
  });

  it('a start in the past or an end not after the start is refused with 2562, a span over 365 days with 2549', async () => {
    const { org, unique_id, start, end } = await fresh();
    const now = world.clock.now();
    expect((await update(org, unique_id, { start_time: now - 60 })).body.error.code).toBe(2562);
    expect((await update(org, unique_id, { end_time: start })).body.error.code).toBe(2562);
    expect((await update(org, unique_id, { end_time: start + 400 * DAY })).body.error.code).toBe(2549);
    const detail = await detailOf(org, unique_id);
    expect(detail).toMatchObject({ start_time: start, finish_time: end });
  });

  it('a started tournament cannot change its start (2563) but may move its end', async () => {
    const { org, unique_id, start } = await fresh();
    world.clock.advance(2 * DAY);
    expect((await update(org, unique_id, { start_time: start + 60 })).body.error.code).toBe(2563);
    // The start sent as it stands is not a change.
    const moved = await update(org, unique_id, { start_time: start, end_time: start + 30 * DAY });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ start_time: start, finish_time: start + 30 * DAY, state: 2 });
  });

  it('an ended tournament cannot change its end (2564)', async () => {
    const { org, unique_id, end } = await fresh();
    world.clock.advance(9 * DAY);
    const res = await update(org, unique_id, { end_time: end + DAY });
    expect(res.body.error.code).toBe(2564);
    expect((await detailOf(org, unique_id)).finish_time).toBe(end);
  });
});

describe('update_contest_base: switches', () => {
  it('turns the observer switch on and off', async () => {
    const { org, unique_id } = await fresh();
    expect((await update(org, unique_id, { observer_switch: 1 })).body.data.observer_switch).toBe(1);
    expect((await update(org, unique_id, { observer_switch: 0 })).body.data.observer_switch).toBe(0);
  });

  it('a change that changes nothing writes no audit entry', async () => {
    const { org, unique_id } = await fresh();
    const before = await auditCount(unique_id);
    expect((await update(org, unique_id, { open_show: 1, observer_switch: 0 })).status).toBe(200);
    expect(await auditCount(unique_id)).toBe(before);
  });
});

describe('update_contest_base: contest_setting', () => {
  it('stores level limits of both player counts, the game limit and the broadcast switch', async () => {
    const { org, unique_id } = await fresh();
    const res = await update(org, unique_id, {
      contest_setting: {
        level_limit: [
          { type: 1, value: 10301 },
          { type: 2, value: 20601 },
        ],
        game_limit: 12,
        system_broadcast: 1,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.contest_setting).toEqual({
      level_limit: [
        { type: 1, value: 10301 },
        { type: 2, value: 20601 },
      ],
      game_limit: 12,
      system_broadcast: 1,
    });
    // Fields not sent stay.
    const partial = await update(org, unique_id, { contest_setting: { game_limit: 0 } });
    expect(partial.body.data.contest_setting).toMatchObject({ game_limit: 0, system_broadcast: 1 });
  });

  it('a level code of the other player count, an unknown code or a type given twice is refused with 2517', async () => {
    const { org, unique_id } = await fresh();
    for (const level_limit of [
      [{ type: 1, value: 20101 }],
      [{ type: 2, value: 10701 }],
      [{ type: 1, value: 10104 }],
      [
        { type: 1, value: 0 },
        { type: 1, value: 10101 },
      ],
    ]) {
      const res = await update(org, unique_id, { contest_setting: { level_limit } });
      expect(res.body.error.code, JSON.stringify(level_limit)).toBe(2517);
      expect(res.body.error.message).toContain('level_limit');
    }
    const negative = await update(org, unique_id, { contest_setting: { game_limit: -1 } });
    expect(negative.body.error.code).toBe(2517);
    expect((await detailOf(org, unique_id)).contest_setting.level_limit).toEqual([]);
  });
});

describe('the game limit is one setting: contest_setting.game_limit and detail_rule.max_game_count', () => {
  const limits = (d: { contest_setting: { game_limit: number }; rule: { max_game_count: number } }) => [
    d.contest_setting.game_limit,
    d.rule.max_game_count,
  ];

  it('game_limit sent alone is the enforced max_game_count, and both read back the same', async () => {
    const { org, unique_id } = await fresh();
    const res = await update(org, unique_id, { contest_setting: { game_limit: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(limits(res.body.data)).toEqual([3, 3]);
    expect(res.body.data.game_mode.detail_rule.max_game_count).toBe(3);
    expect(limits(await detailOf(org, unique_id))).toEqual([3, 3]);
  });

  it('max_game_count sent alone shows as game_limit; a rule patch that does not name it keeps it', async () => {
    const { org, unique_id } = await fresh();
    await update(org, unique_id, { game_rule_setting: { mode: 2, detail_rule: { max_game_count: 6 } } });
    expect(limits(await detailOf(org, unique_id))).toEqual([6, 6]);
    await update(org, unique_id, { game_rule_setting: { mode: 2, detail_rule: { init_point: 30000 } } });
    expect(limits(await detailOf(org, unique_id))).toEqual([6, 6]);
  });

  it('both sent: the one that changes the stored limit wins; two different changes are refused with 2517', async () => {
    const { org, unique_id } = await fresh();
    const detail = await detailOf(org, unique_id);
    // A client that edits game_limit and sends the rule back as it read it.
    const edited = await update(org, unique_id, {
      contest_setting: { game_limit: 4 },
      game_rule_setting: { mode: detail.mode, detail_rule: detail.rule },
    });
    expect(limits(edited.body.data)).toEqual([4, 4]);
    // A client that edits max_game_count and sends game_limit back as it read it.
    const other = await update(org, unique_id, {
      contest_setting: { game_limit: 4 },
      game_rule_setting: { mode: detail.mode, detail_rule: { ...detail.rule, max_game_count: 7 } },
    });
    expect(limits(other.body.data)).toEqual([7, 7]);
    const both = await update(org, unique_id, {
      contest_setting: { game_limit: 2 },
      game_rule_setting: { mode: detail.mode, detail_rule: { ...detail.rule, max_game_count: 9 } },
    });
    expect(both.body.error?.code).toBe(2517);
    expect(both.body.error.message).toContain('game_limit');
    expect(limits(await detailOf(org, unique_id))).toEqual([7, 7]);
  });

  it('the game limit set as game_limit is enforced: a plan past it is refused with 2519', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id, season_id } = await world.contest(org);
    const player = await world.organiser();
    const id = player.account.id;
    await world.post(
      'add_contest_season_player',
      { unique_id, season_id, account_list: [id] },
      { token: org.token },
    );
    expect((await update(org, unique_id, { contest_setting: { game_limit: 1 } })).status).toBe(200);
    world.clock.advance(DAY + 60);
    // One game played: what the host writes when a game ends.
    const uuid = crypto.randomUUID();
    const now = world.clock.now();
    await world.database.db.insert(gameRecords).values({
      uuid,
      uniqueId: unique_id,
      seasonId: season_id,
      startTime: now - 600,
      endTime: now,
      tag: '',
      removed: 0,
      roundType: 2,
      detailRule: {},
      seats: [id, 0, 0, 0].map((account_id) => ({ account_id, nickname: '', init_points: 25000 })),
      result: [0, 1, 2, 3].map((seat) => ({ seat, part_point_1: 25000, total_point: 0 })),
      log: {},
      seed: 'x',
      commitment: 'y',
    });
    await world.database.db.insert(recordPlayers).values(
      [id, 0, 0, 0].map((accountId, seat) => ({
        recordUuid: uuid,
        uniqueId: unique_id,
        seasonId: season_id,
        accountId,
        seat,
        place: seat + 1,
        partPoint: 25000,
        totalPoint: 0,
        endTime: now,
      })),
    );
    const res = await world.post(
      'create_game_plan',
      { unique_id, season_id, account_list: [id, 0, 0, 0] },
      { token: org.token },
    );
    expect(res.body.error?.code, JSON.stringify(res.body)).toBe(2519);
  });
});

describe('update_contest_base: game_rule_setting', () => {
  it('a patch is completed with the round type defaults, as on creation, and the emoji switch is stored', async () => {
    const { org, unique_id } = await fresh();
    const res = await update(org, unique_id, {
      game_rule_setting: {
        mode: 1,
        detail_rule: { init_point: 30000, fandian: 30000, jingsuanyuandian: 30000 },
        game_setting: { emoji_switch: 1 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.mode).toBe(1);
    expect(res.body.data.rule).toEqual({
      ...DEFAULT_RULE_4P,
      init_point: 30000,
      fandian: 30000,
      jingsuanyuandian: 30000,
    });
    expect(res.body.data.game_mode).toMatchObject({ mode: 1, game_setting: { emoji_switch: 1 } });
  });

  it('the rule sent back as it stands changes nothing and writes no audit entry', async () => {
    const { org, unique_id } = await fresh();
    const detail = await detailOf(org, unique_id);
    const before = await auditCount(unique_id);
    const res = await update(org, unique_id, {
      game_rule_setting: { mode: detail.mode, detail_rule: detail.rule, game_setting: { emoji_switch: 0 } },
    });
    expect(res.status).toBe(200);
    expect(await auditCount(unique_id)).toBe(before);
  });

  it('an unplayable rule already stored does not block other changes sent with it', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org, { game_rule_setting: { mode: 12 } });
    const detail = await detailOf(org, unique_id);
    const res = await update(org, unique_id, {
      game_rule_setting: { mode: 12, detail_rule: detail.rule, game_setting: { emoji_switch: 1 } },
      contest_setting: { game_limit: 4 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mode: 12, contest_setting: { game_limit: 4 } });
    expect(res.body.data.game_mode.game_setting.emoji_switch).toBe(1);
  });

  it('a rule breaking a limit is refused with 2517 naming the first field, and nothing changes', async () => {
    const { org, unique_id } = await fresh();
    const before = await detailOf(org, unique_id);
    const cases: [Record<string, unknown>, string][] = [
      [{ fandian: 20000 }, 'fandian'],
      [{ changbang_value: 250 }, 'changbang_value'],
      [{ shunweima_2: 10, shunweima_3: -10, shunweima_4: 20 }, 'shunweima'],
      [{ dora_count: 2 }, 'dora_count'],
      [{ fanfu: 3 }, 'fanfu'],
      [{ have_toutiao: true, have_sanjiahele: true }, 'have_sanjiahele'],
      [{ have_biao_dora: false }, 'have_gang_biao_dora'],
    ];
    for (const [detail_rule, field] of cases) {
      const res = await update(org, unique_id, {
        game_rule_setting: { mode: 2, detail_rule },
        contest_setting: { game_limit: 5 },
      });
      expect(res.body.error.code, JSON.stringify(detail_rule)).toBe(2517);
      expect(res.body.error.message).toContain(`detail_rule.${field}`);
    }
    const after = await detailOf(org, unique_id);
    expect(after.rule).toEqual(before.rule);
    expect(after.contest_setting).toEqual(before.contest_setting);
  });

  it('every limit and dependency of spec §4–§5 is refused through the API with 2517 naming its field', async () => {
    const { org, unique_id } = await fresh();
    const before = await detailOf(org, unique_id);
    // Four-player South: start 25000, steps honba 300, noten 100/100/300.
    const cases: [Record<string, unknown>, string][] = [
      [{ init_point: 200_001, fandian: 200_001, jingsuanyuandian: 200_001 }, 'init_point'],
      [{ fandian: 200_001 }, 'fandian'],
      [{ fandian: 24_900 }, 'fandian'],
      [{ jingsuanyuandian: 200_001 }, 'jingsuanyuandian'],
      [{ jingsuanyuandian: 24_000 }, 'jingsuanyuandian'],
      [{ tianbian_value: 200_001 }, 'tianbian_value'],
      [{ liqibang_value: 10_001 }, 'liqibang_value'],
      [{ changbang_value: 10_200 }, 'changbang_value'],
      [{ changbang_value: 200 }, 'changbang_value'],
      [{ noting_fafu_1: 150 }, 'noting_fafu_1'],
      [{ noting_fafu_2: 10_100 }, 'noting_fafu_2'],
      [{ noting_fafu_3: 400 }, 'noting_fafu_3'],
      [{ shunweima_2: 101 }, 'shunweima_2'],
      [{ shunweima_2: 5, shunweima_3: 10, shunweima_4: -30 }, 'shunweima_3'],
      [{ shunweima_2: -60, shunweima_3: -60, shunweima_4: -60 }, 'shunweima_2'],
      [{ time_fixed: 7, time_add: 7 }, 'time_fixed'],
      [{ dora_count: 5 }, 'dora_count'],
      [{ fanfu: 8 }, 'fanfu'],
      [{ enable_renhe: 3 }, 'enable_renhe'],
      [{ enable_baopai_extend_settings: 3 }, 'enable_baopai_extend_settings'],
      [{ max_game_count: -1 }, 'max_game_count'],
      [{ required_level_p4: 20_101 }, 'required_level_p4'],
      [{ required_level_p3: 10_101 }, 'required_level_p3'],
      [{ have_toutiao: true, have_sanjiahele: true }, 'have_sanjiahele'],
      [
        {
          have_biao_dora: false,
          have_gang_biao_dora: false,
          have_li_dora: true,
          have_gang_li_dora: false,
          ming_dora_immediately_open: false,
        },
        'have_li_dora',
      ],
      [
        { have_gang_biao_dora: false, have_gang_li_dora: true, ming_dora_immediately_open: false },
        'have_gang_li_dora',
      ],
      [
        { have_gang_biao_dora: false, have_gang_li_dora: false, ming_dora_immediately_open: true },
        'ming_dora_immediately_open',
      ],
      [{ have_helelianzhuang: false, have_helezhongju: true }, 'have_helezhongju'],
      [{ have_tingpailianzhuang: false, have_tingpaizhongju: true }, 'have_tingpaizhongju'],
    ];
    for (const [detail_rule, field] of cases) {
      const res = await update(org, unique_id, { game_rule_setting: { mode: 2, detail_rule } });
      const what = `${JSON.stringify(detail_rule)}: ${JSON.stringify(res.body)}`;
      expect(res.body.error?.code, what).toBe(2517);
      expect(res.body.error.message, what).toContain(field);
    }
    const after = await detailOf(org, unique_id);
    expect(after.rule).toEqual(before.rule);
  });

  it('a rule the game server cannot play is refused with 2517 and `unsupported` naming each field', async () => {
    const { org, unique_id } = await fresh();
    const res = await update(org, unique_id, {
      game_rule_setting: { mode: 2, detail_rule: { wanxiangxiuluo_mode: 1 } },
    });
    expect(res.body.error.code).toBe(2517);
    expect(res.body.error.unsupported).toEqual([
      { field: 'wanxiangxiuluo_mode', value: 1, reason: expect.any(String) },
    ]);
    // Local yaku (guyi_mode) play with four players; three-player tables refuse them.
    const guyi = await update(org, unique_id, {
      game_rule_setting: { mode: 2, detail_rule: { guyi_mode: 1 } },
    });
    expect(guyi.status, JSON.stringify(guyi.body)).toBe(200);
    const guyi3 = await update(org, unique_id, {
      game_rule_setting: { mode: 12, detail_rule: { ...DEFAULT_RULE_3P, guyi_mode: 1 } },
    });
    expect(guyi3.body.error.unsupported).toEqual([
      { field: 'guyi_mode', value: 1, reason: 'local yaku (guyi) are four-player only' },
    ]);
    // Three-player tables are played; a field the engine cannot honour for three players is refused by name.
    const threePlayer = await update(org, unique_id, {
      game_rule_setting: { mode: 12, detail_rule: { ...DEFAULT_RULE_3P, enable_renhe: 1 } },
    });
    expect(threePlayer.body.error.code).toBe(2517);
    expect(threePlayer.body.error.unsupported[0]).toMatchObject({ field: 'enable_renhe', value: 1 });
    expect((await detailOf(org, unique_id)).mode).toBe(2);
    const accepted = await update(org, unique_id, {
      game_rule_setting: { mode: 12, detail_rule: DEFAULT_RULE_3P },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await detailOf(org, unique_id)).mode).toBe(12);
  });

  it('a three-player rule is validated for three players (honba in steps of 200)', async () => {
    const { org, unique_id } = await fresh();
    const res = await update(org, unique_id, {
      game_rule_setting: { mode: 12, detail_rule: { ...DEFAULT_RULE_3P, changbang_value: 300 } },
    });
    expect(res.body.error.code).toBe(2517);
    expect(res.body.error.message).toContain('detail_rule.changbang_value');
  });

  it('an admin may change the rule; a stranger is refused with 2501', async () => {
    const { org, unique_id } = await fresh();
    const admin = await world.organiser();
    const stranger = await world.organiser();
    await world.makeAdmin(unique_id, admin);
    const rule = {
      game_rule_setting: {
        mode: 2,
        detail_rule: { init_point: 30000, fandian: 30000, jingsuanyuandian: 30000 },
      },
    };
    expect((await update(stranger, unique_id, rule)).body.error.code).toBe(2501);
    expect((await update(admin, unique_id, rule)).body.data.rule.init_point).toBe(30000);
    expect((await detailOf(org, unique_id)).rule.init_point).toBe(30000);
  });
});

describe('update_contest_base: manager notice', () => {
  it('stores the manager notice, one text per language', async () => {
    const { org, unique_id } = await fresh();
    const notice = [
      { lang: 'en', content: 'Check in at 19:00' },
      { lang: 'jp', content: '19時に集合' },
    ];
    const res = await update(org, unique_id, { manager_notice: notice });
    expect(res.body.data.manager_notice).toEqual(notice);
  });

  it('a manager notice over 2000 characters is refused with 2548', async () => {
    const { org, unique_id } = await fresh();
    const res = await update(org, unique_id, { manager_notice: [{ lang: 'en', content: 'x'.repeat(2001) }] });
    expect(res.body.error.code).toBe(2548);
    expect(res.body.error.message).toContain('manager_notice');
    expect(
      (await update(org, unique_id, { manager_notice: [{ lang: 'en', content: 'x'.repeat(2000) }] })).status,
    ).toBe(200);
  });
});

describe('check_contest_rule', () => {
  it('answers no violations and nothing unsupported for a playable rule, and saves nothing', async () => {
    const { org, unique_id } = await fresh();
    const before = await auditCount(unique_id);
    const res = await world.post(
      'check_contest_rule',
      {
        unique_id,
        game_rule_setting: {
          mode: 1,
          detail_rule: { init_point: 30000, fandian: 30000, jingsuanyuandian: 30000 },
        },
      },
      { token: org.token },
    );
    expect(res.body).toEqual({ data: { violations: [], unsupported: [] } });
    expect((await detailOf(org, unique_id)).mode).toBe(2);
    expect(await auditCount(unique_id)).toBe(before);
  });

  it('lists every broken limit with its code, and every field the game server cannot play', async () => {
    const { org, unique_id } = await fresh();
    const res = await world.post(
      'check_contest_rule',
      {
        unique_id,
        game_rule_setting: { mode: 2, detail_rule: { fanfu: 3, fandian: 1000, wanxiangxiuluo_mode: 1 } },
      },
      { token: org.token },
    );
    expect(res.status).toBe(200);
    const fields = res.body.data.violations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(expect.arrayContaining(['fanfu', 'fandian']));
    expect(res.body.data.violations.every((v: { code: number }) => v.code === 2517)).toBe(true);
    expect(res.body.data.unsupported.map((u: { field: string }) => u.field)).toEqual(
      expect.arrayContaining(['wanxiangxiuluo_mode', 'fanfu']),
    );
  });

  it('a stranger is refused with 2501', async () => {
    const { unique_id } = await fresh();
    const stranger = await world.organiser();
    const res = await world.post(
      'check_contest_rule',
      { unique_id, game_rule_setting: { mode: 2 } },
      { token: stranger.token },
    );
    expect(res.body.error.code).toBe(2501);
  });
});
