import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { insertRecord, playGame, seatsOf } from '../records/support';
import { CALL_CASES, type Fixture, fixture, people } from '../support/call-cases';
import { type Reply, startWorld, type World } from '../support/world';

// Text that is well-formed but not readable as text (control characters, bidirectional overrides) is refused by
// every text field of a request with the code the spec gives that field (2517, team texts 2587), and nothing is
// written; text of right-to-left scripts, emoji and CJK is kept as sent.

const UNREADABLE = { 'a control character': 'a\u0001b', 'a bidi override': '\u202Eevil' } as const;

let world: World;
let f: Fixture;
let team: Fixture;
/** A finished game of `f`'s season. */
let record: string;
beforeAll(async () => {
  world = await startWorld();
  const who = await people(world);
  f = await fixture(world, who);
  team = await fixture(world, who, { teams: true });
  const now = world.clock.now();
  record = await insertRecord(world, f, await playGame(world, f.unique_id, 1), {
    seats: seatsOf([
      f.player.account,
      { id: 0, nickname: '' },
      { id: 0, nickname: '' },
      { id: 0, nickname: '' },
    ]),
    startTime: now - 600,
    endTime: now - 60,
  });
});
afterAll(() => world.close());

const auditCount = async () => {
  const [row] = await world.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row.n);
};

const refusedWith = (res: Reply, code: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code, JSON.stringify(res.body)).toBe(code);
};

/** A field of a call and where in the body it is: `make(text)` is the body with the text in that field. */
type Field = {
  what: string;
  call: string;
  code: number;
  fixture?: () => Fixture;
  make: (text: string, f: Fixture) => Record<string, unknown>;
};

const base = (call: string, fx: Fixture) =>
  CALL_CASES[call].request(fx, world).body as Record<string, unknown>;

const FIELDS: Field[] = [
  {
    what: 'a tournament name (rename)',
    call: 'update_contest_base',
    code: 2517,
    make: (text, fx) => ({ unique_id: fx.unique_id, setting: { name: [{ lang: 'en', content: text }] } }),
  },
  {
    what: 'a public notice',
    call: 'update_contest_external_notice',
    code: 2517,
    make: (text, fx) => ({ unique_id: fx.unique_id, notice: [{ lang: 'en', content: `Welcome\n${text}` }] }),
  },
  {
    what: 'a private notice',
    call: 'update_contest_internal_notice',
    code: 2517,
    make: (text, fx) => ({ unique_id: fx.unique_id, notice: [{ lang: 'jp', content: text }] }),
  },
  {
    what: 'a manager notice',
    call: 'update_contest_base',
    code: 2517,
    make: (text, fx) => ({
      unique_id: fx.unique_id,
      setting: { manager_notice: [{ lang: 'en', content: text }] },
    }),
  },
  {
    what: 'a season remark',
    call: 'update_contest_season',
    code: 2517,
    make: (text, fx) => ({ ...base('update_contest_season', fx), setting: { remark: text } }),
  },
  {
    what: "a season player's remark",
    call: 'mark_contest_season_player',
    code: 2517,
    make: (text, fx) => ({ ...base('mark_contest_season_player', fx), remark: text }),
  },
  {
    what: "a season player's nickname",
    call: 'update_contest_season_player_nickname',
    code: 2517,
    make: (text, fx) => ({ ...base('update_contest_season_player_nickname', fx), nickname: text }),
  },
  {
    what: "a game plan's remark",
    call: 'create_game_plan',
    code: 2517,
    make: (text, fx) => ({ ...base('create_game_plan', fx), remark: text }),
  },
  {
    what: "a running game's tag",
    call: 'update_contest_game_remark',
    code: 2517,
    make: (text, fx) => ({ ...base('update_contest_game_remark', fx), remark: text }),
  },
  {
    what: "a record's tag",
    call: 'set_contest_game_record_tag',
    code: 2517,
    make: (text, fx) => ({ ...base('set_contest_game_record_tag', fx), uuid: record, tag: text }),
  },
  {
    what: 'a team name (new team)',
    call: 'create_contest_team_batch',
    code: 2587,
    fixture: () => team,
    make: (text, fx) => ({ ...base('create_contest_team_batch', fx), team_list: [{ name: `T${text}` }] }),
  },
  {
    what: 'a team description',
    call: 'create_contest_team_batch',
    code: 2587,
    fixture: () => team,
    make: (text, fx) => ({
      ...base('create_contest_team_batch', fx),
      team_list: [{ name: 'Tigers', detail: text }],
    }),
  },
  {
    what: 'a team name (rename)',
    call: 'update_contest_team',
    code: 2587,
    fixture: () => team,
    make: (text, fx) => ({ ...base('update_contest_team', fx), name: text }),
  },
  {
    what: "a team member's remark",
    call: 'add_team_member',
    code: 2517,
    fixture: () => team,
    make: (text, fx) => ({
      unique_id: fx.unique_id,
      team_id: fx.team_id,
      member_list: [{ account_id: fx.stranger.account.id, remark: text }],
    }),
  },
];

describe('text with control characters or bidi overrides', () => {
  for (const [kind, text] of Object.entries(UNREADABLE)) {
    it(`a tournament name with ${kind} is refused with 2517; nothing is created or charged`, async () => {
      const org = await world.organiser({ currency: 60 });
      refusedWith(
        await world.post('create_contest', world.contestBody({ name: [{ lang: 'en', content: text }] }), {
          token: org.token,
        }),
        2517,
      );
      expect((await world.get('fetch_contest_list', {}, { token: org.token })).body.data).toEqual([]);
      expect(await world.currencyOf(org)).toBe(60);
    });

    for (const field of FIELDS) {
      it(`${field.what} with ${kind} is refused with ${field.code} and nothing is written`, async () => {
        const fx = field.fixture?.() ?? f;
        const before = await auditCount();
        refusedWith(
          await world.post(field.call, field.make(text, fx), { token: fx.creator.token }),
          field.code,
        );
        expect(await auditCount()).toBe(before);
      });
    }

    it(`registering with a nickname with ${kind} is refused with 2517 and no account is made`, async () => {
      const email = `unreadable.${kind.replace(/\W/g, '')}@example.test`;
      await world.post('/api/send_code', { email, purpose: 'register' });
      const { code } = (await world.lastMail(email))!;
      refusedWith(
        await world.post('/api/register', { email, password: 'secret-pass', nickname: `Ab${text}`, code }),
        2517,
      );
      const login = await world.post('/api/login', { account: email, password: 'secret-pass', type: 0 });
      expect(login.body.error.code).toBe(1002);
    });
  }
});

describe('readable text', () => {
  it('right-to-left text with its marks, emoji with joiners, CJK and line breaks are kept as sent', async () => {
    const org = await world.organiser({ currency: 60 });
    const name = 'כוס\u200f 杯 👨\u200d👩\u200d👧';
    const created = await world.post(
      'create_contest',
      world.contestBody({ name: [{ lang: 'en', content: name }] }),
      {
        token: org.token,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { unique_id } = created.body.data;
    const notice = 'مرحبا\u061c\nline two\tcolumn';
    const saved = await world.post(
      'update_contest_external_notice',
      { unique_id, notice: [{ lang: 'en', content: notice }] },
      { token: org.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const detail = (await world.get('fetch_contest_detail', { unique_id }, { token: org.token })).body.data;
    expect(detail.contest_name).toEqual([{ lang: 'en', content: name }]);
    expect(detail.public_notice).toEqual([{ lang: 'en', content: notice }]);
  });
});
