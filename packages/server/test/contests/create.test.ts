import { DEFAULT_RULE_3P, DEFAULT_RULE_4P, formatNextAllowed } from '@taikai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../support/world';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const DAY = 86_400;

async function listOf(token: string) {
  return (await world.get('fetch_contest_list', {}, { token })).body.data as { unique_id: number }[];
}

describe('create_contest', () => {
  it('creates the tournament and its first season, and takes 60 currency', async () => {
    const org = await world.organiser({ currency: 120 });
    const body = world.contestBody();
    const res = await world.post('create_contest', body, { token: org.token });
    expect(res.status).toBe(200);
    const { unique_id, contest_id, season_id } = res.body.data;
    expect(String(contest_id)).toMatch(/^[1-9]\d{5}$/);
    expect(contest_id).not.toBe(unique_id);
    expect(season_id).toBe(1);
    expect(await world.currencyOf(org)).toBe(60);

    const detail = (await world.get('fetch_contest_detail', { unique_id }, { token: org.token })).body.data;
    expect(detail).toMatchObject({
      unique_id,
      contest_id,
      contest_name: [{ lang: 'default', content: 'Spring Cup' }],
      creator_id: org.account.id,
      start_time: body.start_time,
      finish_time: body.end_time,
      open: 1,
      game_mode: { mode: 2, detail_rule: DEFAULT_RULE_4P, game_setting: { emoji_switch: 0 } },
      admin_list: [],
      manager_role: 4,
    });
    expect(detail.season_list).toEqual([
      expect.objectContaining({
        season_id: 1,
        state: 1,
        start_time: body.start_time,
        end_time: body.start_time + 7 * DAY,
      }),
    ]);
  });

  it('names sent in all five languages turn multi-language on; fewer leave it off', async () => {
    const org = await world.organiser({ currency: 120 });
    const names = ['chs', 'chs_t', 'jp', 'en', 'kr'].map((lang) => ({ lang, content: `Cup ${lang}` }));
    const { unique_id } = await world.contest(org, { name: names });
    const detail = (await world.get('fetch_contest_detail', { unique_id }, { token: org.token })).body.data;
    expect(detail.i18n_switch).toBe(1);
    expect(detail.contest_name).toEqual(names);

    const other = await world.organiser({ currency: 60 });
    const partial = await world.contest(other, { name: names.slice(0, 4) });
    const partialDetail = (
      await world.get('fetch_contest_detail', { unique_id: partial.unique_id }, { token: other.token })
    ).body.data;
    expect(partialDetail.i18n_switch).toBe(0);
    expect(partialDetail.contest_name).toEqual(names.slice(0, 4));
  });

  it('a three-player round type gets the three-player rule, with the fields sent kept', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org, {
      game_rule_setting: { mode: 12, detail_rule: { time_fixed: 10, time_add: 20 } },
    });
    const detail = (await world.get('fetch_contest_detail', { unique_id }, { token: org.token })).body.data;
    expect(detail.game_mode.mode).toBe(12);
    expect(detail.game_mode.detail_rule).toEqual({ ...DEFAULT_RULE_3P, time_fixed: 10, time_add: 20 });
  });

  it('the first season ends with a tournament shorter than 7 days', async () => {
    const org = await world.organiser({ currency: 60 });
    const now = world.clock.now();
    const { unique_id } = await world.contest(org, { start_time: now + DAY, end_time: now + 3 * DAY });
    const detail = (await world.get('fetch_contest_detail', { unique_id }, { token: org.token })).body.data;
    expect(detail.season_list[0].end_time).toBe(now + 3 * DAY);
  });

  it('takes ids and times as numeric strings', async () => {
    const org = await world.organiser({ currency: 60 });
    const now = world.clock.now();
    const res = await world.post(
      'create_contest',
      world.contestBody({ start_time: String(now + DAY), end_time: String(now + 2 * DAY) }),
      { token: org.token },
    );
    expect(res.status).toBe(200);
  });

  it('with 59 currency it is refused with 501, and nothing is taken or created', async () => {
    const org = await world.organiser({ currency: 59 });
    const res = await world.post('create_contest', world.contestBody(), { token: org.token });
    expect(res.body.error.code).toBe(501);
    expect(await world.currencyOf(org)).toBe(59);
    expect(await listOf(org.token)).toEqual([]);
  });

  it('a second tournament within 7 days is refused with 2515 and costs nothing', async () => {
    const org = await world.organiser({ currency: 180 });
    await world.contest(org);
    const createdAt = world.clock.now();
    world.clock.advance(6 * DAY);
    const res = await world.post('create_contest', world.contestBody(), { token: org.token });
    expect(res.body.error.code).toBe(2515);
    expect(res.body.error.next_time).toBeGreaterThanOrEqual(createdAt + 7 * DAY - 1);
    expect(res.body.error.next_time).toBeLessThanOrEqual(createdAt + 7 * DAY);
    expect(res.body.error.message).toContain(formatNextAllowed(res.body.error.next_time));
    expect(await world.currencyOf(org)).toBe(120);
    expect(await listOf(org.token)).toHaveLength(1);
    world.clock.advance(DAY);
    expect((await world.post('create_contest', world.contestBody(), { token: org.token })).status).toBe(200);
  });

  it('two creations sent at once: one succeeds, the other is refused with 2515, 60 taken once', async () => {
    const org = await world.organiser({ currency: 180 });
    const [a, b] = await Promise.all([
      world.post('create_contest', world.contestBody(), { token: org.token }),
      world.post('create_contest', world.contestBody(), { token: org.token }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a, b].find((r) => r.status !== 200)!.body.error.code).toBe(2515);
    expect(await world.currencyOf(org)).toBe(120);
  });

  it('a deleted tournament still counts towards the 7 days', async () => {
    const org = await world.organiser({ currency: 120 });
    const { unique_id } = await world.contest(org);
    await world.post('delete_contest', { unique_id }, { token: org.token });
    const res = await world.post('create_contest', world.contestBody(), { token: org.token });
    expect(res.body.error.code).toBe(2515);
  });

  it('an account without creation right is refused with 2516 and keeps its currency', async () => {
    const org = await world.organiser({ currency: 120, canCreate: false });
    const res = await world.post('create_contest', world.contestBody(), { token: org.token });
    expect(res.body.error.code).toBe(2516);
    expect(await world.currencyOf(org)).toBe(120);
  });

  it('needs a token', async () => {
    const res = await world.post('create_contest', world.contestBody());
    expect(res.status).toBe(401);
  });
});

describe('create_contest validation (nothing taken on refusal)', () => {
  const cases: [string, () => Record<string, unknown>, number][] = [
    ['an empty name is a parameter error', () => ({ name: [{ lang: 'default', content: '   ' }] }), 2517],
    ['no name at all is a parameter error', () => ({ name: [] }), 2517],
    [
      '26 Chinese characters are too long',
      () => ({ name: [{ lang: 'chs', content: '中'.repeat(26) }] }),
      2547,
    ],
    ['51 Latin characters are too long', () => ({ name: [{ lang: 'en', content: 'a'.repeat(51) }] }), 2547],
    [
      '26 wide characters in the default name are too long',
      () => ({ name: [{ lang: 'default', content: '雀'.repeat(26) }] }),
      2547,
    ],
    ['an unknown language is a parameter error', () => ({ name: [{ lang: 'xx', content: 'Cup' }] }), 2517],
    ['a start before the server time', () => ({ start_time: world.clock.now() - 60 }), 2562],
    ['an end at the start', () => ({ end_time: world.contestBody().start_time as number }), 2562],
    ['an end before the start', () => ({ end_time: (world.contestBody().start_time as number) - 1 }), 2562],
    [
      'a span over 365 days',
      () => ({ end_time: (world.contestBody().start_time as number) + 365 * DAY + 1 }),
      2549,
    ],
    ['an unknown round type', () => ({ game_rule_setting: { mode: 3 } }), 2517],
    [
      'a rule outside its limits',
      () => ({ game_rule_setting: { mode: 2, detail_rule: { init_point: 300000 } } }),
      2517,
    ],
    ['a non-numeric time', () => ({ start_time: 'tomorrow' }), 2517],
  ];
  for (const [title, overrides, code] of cases) {
    it(`${title}: ${code}`, async () => {
      const org = await world.organiser({ currency: 60 });
      const res = await world.post('create_contest', world.contestBody(overrides()), { token: org.token });
      expect(res.body.error.code).toBe(code);
      expect(await world.currencyOf(org)).toBe(60);
      expect(await listOf(org.token)).toEqual([]);
    });
  }

  it('25 Chinese characters and 50 Latin ones are accepted', async () => {
    const org = await world.organiser({ currency: 60 });
    const res = await world.post(
      'create_contest',
      world.contestBody({
        name: [
          { lang: 'chs', content: '中'.repeat(25) },
          { lang: 'en', content: 'a'.repeat(50) },
        ],
      }),
      { token: org.token },
    );
    expect(res.status).toBe(200);
  });

  it('a span of exactly 365 days is accepted', async () => {
    const org = await world.organiser({ currency: 60 });
    const start = world.clock.now() + DAY;
    const res = await world.post(
      'create_contest',
      world.contestBody({ start_time: start, end_time: start + 365 * DAY }),
      { token: org.token },
    );
    expect(res.status).toBe(200);
  });
});

describe('create_contest: only modes the game server plays are sold', () => {
  const unplayable = [
    ['xuezhandaodi South', { mode: 2, detail_rule: { xuezhandaodi: 1 } }, 'mode'],
    ['wanxiang', { mode: 2, detail_rule: { wanxiangxiuluo_mode: 1 } }, 'wanxiangxiuluo_mode'],
    ['chuanma with local yaku (guyi)', { mode: 1, detail_rule: { chuanma: 1, guyi_mode: 1 } }, 'guyi_mode'],
    ['chuanma of three players', { mode: 11, detail_rule: { chuanma: 1 } }, 'mode'],
  ] as const;
  for (const [mode, game_rule_setting, field] of unplayable) {
    it(`a ${mode} tournament is refused with 2523 naming the engine's reason, and costs nothing`, async () => {
      const org = await world.organiser({ currency: 120 });
      const res = await world.post('create_contest', world.contestBody({ game_rule_setting }), {
        token: org.token,
      });
      expect(res.body.error?.code, JSON.stringify(res.body)).toBe(2523);
      expect(res.status).toBe(403);
      expect(res.body.error.unsupported).toEqual([expect.objectContaining({ field })]);
      expect(res.body.error.message).toMatch(/not supported|not played|round type 1/);
      expect(await world.currencyOf(org)).toBe(120);
      expect(await listOf(org.token)).toEqual([]);
    });
  }

  it('standard, dora3, xuezhandaodi (East) and chuanma (4 or 8 games) tournaments, four- and three-player, are created', async () => {
    for (const game_rule_setting of [
      { mode: 1, detail_rule: {} },
      { mode: 2, detail_rule: { dora3_mode: 1 } },
      { mode: 11, detail_rule: {} },
      { mode: 1, detail_rule: { chuanma: 1, huansanzhang: 1, can_jifei: true } },
      { mode: 2, detail_rule: { chuanma: 1 } },
      { mode: 1, detail_rule: { xuezhandaodi: 1, huansanzhang: 1 } },
    ]) {
      const org = await world.organiser({ currency: 60 });
      const res = await world.post('create_contest', world.contestBody({ game_rule_setting }), {
        token: org.token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});
