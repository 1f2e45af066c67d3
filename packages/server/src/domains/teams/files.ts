import {
  decodeAccountId,
  ErrorCode,
  type ExportContestTeamXlsxReq,
  type ExportContestTeamXlsxRes,
  encodeAccountId,
  type ImportContestTeamXlsxReq,
  type ImportContestTeamXlsxRes,
  type ImportedTeamRowWire,
  LIMITS,
  type TeamImportTemplateReq,
  type TeamImportTemplateRes,
  validateRemark,
  validateTeamDetail,
  validateTeamName,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError, messageOf } from '../../http/errors';
import { namesOf } from '../accounts/service';
import * as roster from '../players/queries';
import { enterOnRoster, setRemarks } from '../players/service';
import { seasonKey } from '../seasons/presenter';
import { teamSeason } from './access';
import * as q from './queries';
import { Column, headerFor, readSheet, UnreadableFile, writeSheet } from './xlsx';

// The team spreadsheets: the export, the import template and the import. One layout for all three (xlsx.ts):
// team name, team description, nickname, account id (the public id players see), remark.

type ImportedRow = z.infer<typeof ImportedTeamRowWire>;
type XlsxFile = z.infer<typeof ExportContestTeamXlsxRes>;

/** At most this many data rows, and this many bytes of file, in an import. */
const IMPORT_ROWS_MAX = 3000;
const IMPORT_BYTES_MAX = 2 * 1024 * 1024;

const asFile = (fileName: string, content: Buffer): XlsxFile => ({
  file_name: fileName,
  content_base64: content.toString('base64'),
});

/**
 * `export_contest_team_xlsx`: every team of the season as a spreadsheet, in ranking order: one row per member
 * (by account id within a team), one row without a member for an empty team. The header row is in `lang`
 * (chs, cht, jp, en, kr; English otherwise); every cell is text, formula-like text defused with a leading `'`.
 * Named `teams-<contest_id>-<season_id>.xlsx`.
 */
export async function exportXlsx(
  ctx: AuthedCtx,
  req: z.infer<typeof ExportContestTeamXlsxReq>,
): Promise<XlsxFile> {
  const key = { uniqueId: req.unique_id, seasonId: req.season_id };
  const { row: contest } = await teamSeason(ctx.db, ctx, key, 'viewSeason');
  const { rows: teams } = await q.rankedTeams(ctx.db, key, {});
  const byTeam = new Map<number, q.MemberRow[]>(teams.map((t) => [t.id, []]));
  for (const m of await q.seasonMembers(ctx.db, key)) byTeam.get(m.teamId)?.push(m);
  const rows = teams.flatMap((team) => {
    const members = byTeam.get(team.id) ?? [];
    if (members.length === 0) return [[team.name, team.detail, '', '', '']];
    return members.map((m) => [
      team.name,
      team.detail,
      m.nickname,
      String(encodeAccountId(m.accountId)),
      m.remark,
    ]);
  });
  const file = await writeSheet(headerFor(req.lang), rows);
  return asFile(`teams-${contest.contestId}-${key.seasonId}.xlsx`, file);
}

/**
 * `team_import_template`: the import layout with its header row in `lang` and one example row, whose account id
 * (10000000) is the shape of a public id but no account's, so a template imported unchanged adds no one.
 */
export async function importTemplate(
  _ctx: AuthedCtx,
  req: z.infer<typeof TeamImportTemplateReq>,
): Promise<z.infer<typeof TeamImportTemplateRes>> {
  const file = await writeSheet(headerFor(req.lang), [['TeamA', '', 'Player', '10000000', '']]);
  return asFile('team-import-template.xlsx', file);
}

/** 2578 with what is wrong with the file. */
function importFailed(why: string, data?: Record<string, unknown>): ContestError {
  return new ContestError(ErrorCode.TEAM_IMPORT_FAILED, {
    message: `${messageOf(ErrorCode.TEAM_IMPORT_FAILED)} (${why})`,
    data,
  });
}

/** A data row as read, and whether it names a team only (nickname, account id and remark cells empty). */
type ReadRow = { row: ImportedRow; teamOnly: boolean };

/** The file of an import: base64 (strict: whole 4-character groups), at most 2 MB, an xlsx with 1…3000 data rows. */
async function readImportFile(base64: string): Promise<ReadRow[]> {
  if (base64.length % 4 !== 0) throw importFailed('not base64');
  const file = Buffer.from(base64, 'base64');
  if (file.length === 0) throw importFailed('empty file');
  if (file.length > IMPORT_BYTES_MAX) throw importFailed('the file is over 2 MB');
  let rows: Awaited<ReturnType<typeof readSheet>>;
  try {
    rows = await readSheet(file);
  } catch (err) {
    if (err instanceof UnreadableFile) throw importFailed(err.message);
    throw err;
  }
  if (rows.length === 0) throw importFailed('no data rows');
  if (rows.length > IMPORT_ROWS_MAX) throw importFailed(`more than ${IMPORT_ROWS_MAX} data rows`);
  return rows.map(({ row, cells }) => ({
    row: {
      row,
      team_name: cells[Column.TEAM],
      team_detail: cells[Column.DETAIL],
      nickname: cells[Column.NICKNAME],
      account_id: /^\d{1,10}$/.test(cells[Column.ACCOUNT]) ? Number(cells[Column.ACCOUNT]) : 0,
      remark: cells[Column.REMARK],
      errors: [],
    },
    teamOnly: cells[Column.NICKNAME] === '' && cells[Column.ACCOUNT] === '' && cells[Column.REMARK] === '',
  }));
}

/** An import checked against the season: each row's errors, and what writing it would do. */
type CheckedImport = {
  rows: ImportedRow[];
  /** Names of the teams the file names that do not exist yet, in the order it first names them. */
  newTeams: string[];
  /** Each named team's description: the first non-empty one of its rows. */
  details: Map<string, string>;
  /** The season's teams the file names, by name. */
  existing: Map<string, q.TeamRow>;
  /** Internal account id of each row (0 when none). */
  accountOf: number[];
  /** Each account's season entry. */
  entries: Map<number, roster.SeasonPlayerRow>;
};

/**
 * The rows' errors, in the order of the checks: 2587 team name missing or not allowed, 2586 too long · 1002
 * account id 0, missing, not a public id or of no account · 2530 blacklisted · 2580 in a team of the season
 * other than the row's · 2545 the account on two rows (each of them) · 2554 remark over 100 · 2576 a new team past the
 * 300 teams of the season (existing teams counted; the file's new teams in the order it first names them) ·
 * 2566 the roster would be full (accounts not on it yet, in row order, among rows without another error). A
 * row that names a team only (as the export writes an empty team) has no account checks: it makes the team.
 */
async function checkImport(
  db: Executor,
  key: q.SeasonKey,
  rosterCap: number,
  read: ReadRow[],
): Promise<CheckedImport> {
  const rows = read.map((r) => ({ ...r.row, errors: [] as number[] }));
  const teamOnly = read.map((r) => r.teamOnly);
  const accountOf = rows.map((r) => (r.account_id === 0 ? 0 : decodeAccountId(r.account_id)));
  const ids = [...new Set(accountOf.filter((id) => id !== 0))];
  const known = await namesOf(db, ids);
  const blacklisted = await roster.blacklistedAmong(db, key, ids);
  const entries = await roster.playersAmong(db, key, ids);
  const teamOfAccount = await q.membershipsAmong(db, key, ids);
  const existing = await q.teamsNamed(
    db,
    key,
    rows.map((r) => r.team_name),
  );
  const rowsOfAccount = new Map<number, number>();
  for (const id of accountOf) if (id !== 0) rowsOfAccount.set(id, (rowsOfAccount.get(id) ?? 0) + 1);

  const newTeams: string[] = [];
  const details = new Map<string, string>();
  for (const [i, row] of rows.entries()) {
    const errors = row.errors;
    if (row.team_name === '') errors.push(ErrorCode.TEAM_PARAM_ERROR);
    else errors.push(...validateTeamName(row.team_name).map((issue) => issue.code));
    for (const issue of validateTeamDetail(row.team_detail))
      if (!errors.includes(issue.code)) errors.push(issue.code);
    const id = accountOf[i];
    if (teamOnly[i]) {
      // No member on this row.
    } else if (id === 0 || !known.has(id)) errors.push(ErrorCode.ACCOUNT_NOT_FOUND);
    else {
      if (blacklisted.has(id)) errors.push(ErrorCode.BLACKLISTED);
      const current = teamOfAccount.get(id);
      if (current !== undefined && current !== existing.get(row.team_name)?.id)
        errors.push(ErrorCode.MEMBER_EXISTS);
      if ((rowsOfAccount.get(id) ?? 0) > 1) errors.push(ErrorCode.DUPLICATE_PLAYERS);
    }
    errors.push(...validateRemark('season_player', row.remark).map((issue) => issue.code));
    const nameOk =
      !errors.includes(ErrorCode.TEAM_PARAM_ERROR) && !errors.includes(ErrorCode.TEAM_NAME_TOO_LONG);
    if (nameOk && !existing.has(row.team_name) && !newTeams.includes(row.team_name))
      newTeams.push(row.team_name);
    if (nameOk && row.team_detail !== '' && !details.has(row.team_name))
      details.set(row.team_name, row.team_detail);
  }

  const room = Math.max(0, LIMITS.TEAMS_MAX - (await q.teamCount(db, key)));
  const overCap = new Set(newTeams.slice(room));
  for (const row of rows) if (overCap.has(row.team_name)) row.errors.push(ErrorCode.TEAMS_MAX);

  let accepted = await roster.acceptedCount(db, key);
  for (const [i, row] of rows.entries()) {
    if (row.errors.length > 0 || teamOnly[i]) continue;
    if (entries.get(accountOf[i])?.state === roster.PlayerState.ACCEPTED) continue;
    if (accepted >= rosterCap) row.errors.push(ErrorCode.PARTICIPANTS_FULL);
    else accepted += 1;
  }
  return { rows, newTeams, details, existing, accountOf, entries };
}

type ImportAnswer = z.infer<typeof ImportContestTeamXlsxRes>;

const answer = (checked: CheckedImport, written: boolean): ImportAnswer => ({
  rows: checked.rows,
  new_teams: checked.newTeams.length,
  valid_rows: checked.rows.filter((r) => r.errors.length === 0).length,
  written: written ? 1 : 0,
});

/**
 * `import_contest_team_xlsx`: reads an import file (base64 of an xlsx; columns as the export's, data from row 2
 * whatever the header says; a new team takes the first description its rows give, an existing team keeps its own; columns past the remark are not read; 2578 for a file
 * that is not that, over 2 MB or over 3000 data rows). With `dry_run` 1 it answers the rows and their errors
 * (see `checkImport`). With 0 it checks everything again in one transaction, the season row locked, and writes
 * it all (new teams; members, entering players not yet on the roster; non-empty remarks as season remarks) or,
 * when any row has an error, nothing (2578). A row naming an existing team adds to it. Refusals before reading
 * the file: those of `teamSeason` (2542 ended, 2583 personal).
 */
export async function importXlsx(
  ctx: AuthedCtx,
  req: z.infer<typeof ImportContestTeamXlsxReq>,
): Promise<ImportAnswer> {
  const key = { uniqueId: req.unique_id, seasonId: req.season_id };
  const { row: contest } = await teamSeason(ctx.db, ctx, key, 'manageRoster', { writable: true });
  const read = await readImportFile(req.content_base64);
  if (req.dry_run === 1) return answer(await checkImport(ctx.db, key, contest.maxPlayerCount, read), false);

  return ctx.db.transaction(async (tx) => {
    const { row: locked } = await teamSeason(tx, ctx, key, 'manageRoster', { lock: true, writable: true });
    const checked = await checkImport(tx, key, locked.maxPlayerCount, read);
    const invalid = checked.rows.filter((r) => r.errors.length > 0);
    if (invalid.length > 0)
      throw importFailed(`${invalid.length} rows have errors`, {
        rows: invalid.slice(0, 100).map((r) => ({ row: r.row, errors: r.errors })),
      });

    const created = await q.insertTeams(
      tx,
      checked.newTeams.map((name) => ({
        ...key,
        name,
        detail: checked.details.get(name) ?? '',
        createTime: ctx.now,
      })),
    );
    const teamId = new Map<string, number>([
      ...[...checked.existing].map(([name, team]) => [name, team.id] as const),
      ...created.map((team) => [team.name, team.id] as const),
    ]);
    const current = await q.membershipsAmong(tx, key, checked.accountOf);
    // Rows with a member (team-only rows have account 0), each account once (2545 otherwise).
    const memberRows = checked.rows.flatMap((row, i) => {
      const accountId = checked.accountOf[i];
      if (accountId === 0) return [];
      const onRoster = checked.entries.get(accountId)?.state === roster.PlayerState.ACCEPTED;
      return [{ accountId, teamId: teamId.get(row.team_name) ?? 0, remark: row.remark, onRoster }];
    });
    const joining = memberRows
      .filter((m) => !current.has(m.accountId))
      .map(({ accountId, teamId }) => ({ accountId, teamId }));
    const newcomers = memberRows
      .filter((m) => !m.onRoster)
      .map((m) => ({ accountId: m.accountId, nickname: null, remark: m.remark }));
    await enterOnRoster(tx, ctx.now, key, newcomers, checked.entries);
    await setRemarks(
      tx,
      key,
      memberRows
        .filter((m) => m.onRoster && m.remark !== '')
        .map(({ accountId, remark }) => ({ accountId, remark })),
      ctx.now,
    );
    await q.insertMembers(tx, key, joining, ctx.now);
    await audit(tx, ctx, {
      action: 'team.import',
      targetType: 'season',
      targetId: seasonKey(key),
      before: null,
      after: {
        createdTeams: created.map((t) => ({ teamId: t.id, name: t.name })),
        joined: joining,
        enteredOnRoster: newcomers.map((n) => n.accountId),
      },
    });
    return answer(checked, true);
  });
}
