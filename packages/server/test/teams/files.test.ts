import { deflateRawSync } from 'node:zlib';
import { decodeAccountId, encodeAccountId, ImportContestTeamXlsxRes } from '@taikai/protocol';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '../../src/db/schema';
import { startWorld, type World } from '../support/world';
import {
  accounts,
  addMembers,
  caller,
  codeOf,
  createTeams,
  dataOf,
  rosterOf,
  seasonIds,
  snapshot,
  type TeamSeason,
  teamSeason,
  teamsOf,
  workbook,
} from './support';

// The team spreadsheets: the export (read back with exceljs), the import template, and the import: dry run with
// each row's errors, writing all or nothing, the export imported again, files that are not team imports.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

/** The cells of a workbook's first sheet, each as [type, value]. */
async function cellsOf(base64: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ExcelJS.Buffer);
  const rows: { type: number; value: unknown }[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    const cells: { type: number; value: unknown }[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      cells.push({ type: cell.type, value: cell.value });
    });
    rows.push(cells);
  });
  return rows;
}

const valuesOf = (rows: { value: unknown }[][]) => rows.map((r) => r.map((c) => c.value));

const importFile = (s: TeamSeason, content_base64: string, dry_run?: number) =>
  caller(world, s).post('import_contest_team_xlsx', {
    content_base64,
    ...(dry_run === undefined ? {} : { dry_run }),
  });

const remarkOf = async (s: TeamSeason, accountId: number) => {
  const list = dataOf(
    await world.get(
      'contest_season_player_list',
      { ...seasonIds(s), account_id: accountId },
      { token: s.owner.token },
    ),
  );
  return list.list[0]?.remark;
};

describe('export_contest_team_xlsx', () => {
  it('one row per member in ranking order (an empty team has one), every cell text, formulas defused, header in the language', async () => {
    const s = await teamSeason(world);
    const [tigers, empty, evil] = await createTeams(world, s, ['Tigers', 'Empty', '=Evil']);
    const call = caller(world, s);
    dataOf(await call.team('update_contest_team', { team_id: tigers, detail: 'Osaka' }));
    dataOf(await call.team('update_contest_team', { team_id: evil, modify_score: 10_000 }));
    const [a, b, c] = await accounts(world, 3);
    await addMembers(world, s, tigers, [b.account.id, a.account.id]);
    await addMembers(world, s, evil, [c.account.id]);
    const remark = '=HYPERLINK("http://x.test","click")';
    dataOf(await call.post('mark_contest_season_player', { account_id: a.account.id, remark }));
    dataOf(await call.post('mark_contest_season_player', { account_id: b.account.id, remark: '+1' }));

    const file = dataOf(await call.post('export_contest_team_xlsx', { lang: 'jp' }));
    expect(file.file_name).toBe(`teams-${s.contest_id}-${s.season_id}.xlsx`);
    const rows = await cellsOf(file.content_base64);
    for (const row of rows) for (const cell of row) expect(cell.type).toBe(ExcelJS.ValueType.String);
    const pub = (p: { account: { id: number } }) => String(encodeAccountId(p.account.id));
    const tigersRows = [a, b]
      .sort((x, y) => x.account.id - y.account.id)
      .map((p) => ['Tigers', 'Osaka', p.account.nickname, pub(p), p === a ? `'${remark}` : "'+1"]);
    expect(valuesOf(rows)).toEqual([
      ['チーム名', 'チーム紹介', 'ニックネーム', 'アカウントID', '備考'],
      ["'=Evil", '', c.account.nickname, pub(c), ''],
      ...tigersRows,
      ['Empty', '', '', '', ''],
    ]);
    expect(empty).toBeGreaterThan(tigers);

    const english = await cellsOf(dataOf(await call.post('export_contest_team_xlsx', {})).content_base64);
    expect(valuesOf(english)[0]).toEqual([
      'Team name',
      'Team description',
      'Nickname',
      'Account ID',
      'Remark',
    ]);
    const traditional = await cellsOf(
      dataOf(await call.post('export_contest_team_xlsx', { lang: 'cht' })).content_base64,
    );
    expect(valuesOf(traditional)[0][0]).toBe('隊伍名稱');
  });

  it('the exported file imported into another team season makes the same teams, members and remarks', async () => {
    const from = await teamSeason(world);
    const [tigers, empty, evil] = await createTeams(world, from, ['Tigers', 'Empty', '=Evil']);
    dataOf(await caller(world, from).post('update_contest_team', { team_id: tigers, detail: 'Stripes' }));
    dataOf(await caller(world, from).post('update_contest_team', { team_id: empty, detail: '=Nobody' }));
    const ps = await accounts(world, 3);
    await addMembers(world, from, tigers, [ps[0].account.id, ps[1].account.id]);
    await addMembers(world, from, evil, [ps[2].account.id]);
    const remark = '-2 @home';
    dataOf(
      await caller(world, from).post('mark_contest_season_player', { account_id: ps[2].account.id, remark }),
    );
    const file = dataOf(await caller(world, from).post('export_contest_team_xlsx', {})).content_base64;

    const to = await teamSeason(world);
    const before = await snapshot(world, to);
    const dry = dataOf(await importFile(to, file));
    expect(ImportContestTeamXlsxRes.safeParse(dry).success).toBe(true);
    expect(dry).toMatchObject({ new_teams: 3, valid_rows: 4, written: 0 });
    expect(dry.rows.map((r: { errors: number[] }) => r.errors)).toEqual([[], [], [], []]);
    expect(dry.rows.find((r: { team_name: string }) => r.team_name === '=Evil')).toEqual({
      row: 5,
      team_name: '=Evil',
      team_detail: '',
      nickname: ps[2].account.nickname,
      account_id: encodeAccountId(ps[2].account.id),
      remark,
      errors: [],
    });
    expect(await snapshot(world, to)).toEqual(before);

    expect(dataOf(await importFile(to, file, 0))).toMatchObject({ new_teams: 3, valid_rows: 4, written: 1 });
    expect(await teamsOf(world, to)).toEqual(await teamsOf(world, from));
    expect(await rosterOf(world, to)).toEqual(await rosterOf(world, from));
    expect(await remarkOf(to, ps[2].account.id)).toBe(remark);

    // Imported again: rows naming existing teams add to them, members already there stay; nothing is new.
    const again = dataOf(await importFile(to, file, 0));
    expect(again).toMatchObject({ new_teams: 0, valid_rows: 4, written: 1 });
    expect(await teamsOf(world, to)).toEqual(await teamsOf(world, from));
  });
});

describe('team_import_template', () => {
  it('is the import layout in the language asked, with an example row that adds no one', async () => {
    const s = await teamSeason(world);
    const res = await world.get('team_import_template', { lang: 'kr' }, { token: s.owner.token });
    const file = dataOf(res);
    expect(file.file_name).toBe('team-import-template.xlsx');
    const rows = valuesOf(await cellsOf(file.content_base64));
    expect(rows[0]).toEqual(['팀 이름', '팀 소개', '닉네임', '계정 ID', '비고']);
    expect(rows).toHaveLength(2);
    expect(decodeAccountId(Number(rows[1][3]))).toBe(0);
    const dry = dataOf(await importFile(s, file.content_base64));
    expect(dry.rows[0].errors).toEqual([1002]);
  });
});

describe('import_contest_team_xlsx', () => {
  it('a dry run answers each row with its errors; writing with any error is 2578 and writes nothing', async () => {
    const s = await teamSeason(world);
    const names = Array.from({ length: 298 }, (_, i) => `T${i}`);
    for (let i = 0; i < names.length; i += 20) await createTeams(world, s, names.slice(i, i + 20));
    const [other] = await createTeams(world, s, ['Other']);
    const [good, banned, taken, twice, numeric, a4, a13, a15] = await accounts(world, 8);
    await addMembers(world, s, other, [taken.account.id]);
    dataOf(
      await caller(world, s).post('set_contest_season_player_limit', {
        type: 2,
        add_list: [banned.account.id],
        remove_list: [],
      }),
    );
    const pub = (p: { account: { id: number } }) => String(encodeAccountId(p.account.id));
    const content = await workbook([
      ['', '', 'n', pub(good), ''],
      ['ABCDEFGHIJKLMNO', '', 'n', pub(good), ''],
      ['has space', '', 'n', pub(a4), ''],
      ['New', 'FirstDescription', 'n', '0', ''],
      ['New', '', 'n', 'abc', ''],
      ['New', '', 'n', String(encodeAccountId(999_999)), ''],
      ['New', '', 'n', pub(banned), ''],
      ['New', '', 'n', pub(taken), ''],
      ['Other', '', 'n', pub(taken), 'stays'],
      ['New', '', 'n', pub(twice), ''],
      ['New', '', 'n', pub(twice), ''],
      ['New', '', 'n', pub(a13), 'x'.repeat(101)],
      ['New', '', 'n', encodeAccountId(numeric.account.id), 'numbers are read as digits'],
      ['Newer', '', 'n', pub(a15), ''],
      ['Newer', '', '', '', ''],
    ]);
    const before = await snapshot(world, s);
    const dry = dataOf(await importFile(s, content, 1));
    expect(dry.rows.map((r: { row: number; errors: number[] }) => [r.row, r.errors])).toEqual([
      [2, [2587, 2545]],
      [3, [2586, 2545]],
      [4, [2587]],
      [5, [1002]],
      [6, [1002]],
      [7, [1002]],
      [8, [2530]],
      [9, [2580, 2545]],
      [10, [2545]],
      [11, [2545]],
      [12, [2545]],
      [13, [2554]],
      [14, []],
      [15, [2576]],
      [16, [2576]],
    ]);
    expect(dry.rows[4]).toMatchObject({ account_id: 0, team_name: 'New' });
    expect(dry).toMatchObject({ new_teams: 2, valid_rows: 1, written: 0 });

    const refused = await importFile(s, content, 0);
    expect(codeOf(refused)).toBe(2578);
    expect(refused.body.error.rows).toHaveLength(14);
    expect(await snapshot(world, s)).toEqual(before);

    // The rows without errors, alone, are written: a new team, its member entered on the roster.
    const fine = await workbook([
      ['New', '', 'n', encodeAccountId(numeric.account.id), 'numbers are read as digits'],
      ['Other', '', 'n', pub(taken), 'stays'],
    ]);
    expect(dataOf(await importFile(s, fine, 0))).toMatchObject({ new_teams: 1, valid_rows: 2, written: 1 });
    const teams = await teamsOf(world, s);
    expect(teams.New).toEqual([numeric.account.id]);
    expect(teams.Other).toEqual([taken.account.id]);
    expect((await rosterOf(world, s))[numeric.account.id]).toBe(2);
    expect(await remarkOf(s, taken.account.id)).toBe('stays');
    expect(await remarkOf(s, numeric.account.id)).toBe('numbers are read as digits');
  });

  it('the roster cap: accounts not on the roster past it are 2566', async () => {
    const s = await teamSeason(world);
    const ps = await accounts(world, 3);
    await world.database.db
      .update(contests)
      .set({ maxPlayerCount: 2 })
      .where(eq(contests.uniqueId, s.unique_id));
    const rows = ps.map((p) => ['Team', '', '', String(encodeAccountId(p.account.id)), '']);
    const dry = dataOf(await importFile(s, await workbook(rows)));
    expect(dry.rows.map((r: { errors: number[] }) => r.errors)).toEqual([[], [], [2566]]);
  });

  it('a file that is not base64, not an xlsx, over 3000 rows or unpacking too large is refused with 2578', async () => {
    const s = await teamSeason(world);
    const before = await snapshot(world, s);
    expect(codeOf(await importFile(s, 'abc'))).toBe(2578);
    expect(codeOf(await importFile(s, Buffer.from('team,nickname\nA,b\n').toString('base64')))).toBe(2578);
    expect(codeOf(await importFile(s, ''))).toBe(2578);
    // Characters outside base64 are refused by the schema.
    const notBase64 = await importFile(s, 'not base64!');
    expect(codeOf(notBase64)).toBe(2517);
    expect(notBase64.status).toBe(400);
    expect(codeOf(await importFile(s, await workbook([])))).toBe(2578);
    const many = Array.from({ length: 3001 }, (_, i) => [`T${i % 10}`, '', '', String(10_000_001 + i), '']);
    const tooMany = await importFile(s, await workbook(many));
    expect(codeOf(tooMany)).toBe(2578);
    expect(tooMany.body.error.message).toContain('3000');
    const bomb = await importFile(s, zipBomb().toString('base64'));
    expect(codeOf(bomb)).toBe(2578);
    expect(bomb.body.error.message).toContain('too large');
    expect(await snapshot(world, s)).toEqual(before);
  });
});

/** A zip whose one entry, a sheet, is 64 MB of spaces deflated into a few tens of kilobytes. */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const packed = deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(1000, 22); // a declared size that lies
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + name.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, packed, central, name, end]);
}
