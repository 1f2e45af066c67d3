import { z } from 'zod';
import { LIMITS } from '../constants';
import { ErrorCode } from '../errors/codes';
import { INT4_MAX, LooseId, ShownText, WireText, wireText } from './common';

// Teams of a team season (rank type 1): the teams, their members, the team ranking, and the xlsx files the
// console exchanges. Name, detail and score-change rules live in validation/team.ts and answer 2586/2587/2589
// from the service, so the console and the server check them the same way.

const SeasonRef = { unique_id: LooseId, season_id: LooseId };
const TeamRef = { unique_id: LooseId, team_id: LooseId };

/**
 * Team text as sent; its rules (characters, weighted length) are checked by the service. Unreadable text (control
 * characters, bidi overrides) is refused here with the code of a character the rules do not allow (2587).
 */
const TeamText = wireText(ErrorCode.TEAM_PARAM_ERROR).max(1000);

/** Member remark: the player's season remark (≤ 100, 2554 from the service). */
const MemberRemark = WireText.max(1000);

/** A page of a list the service caps itself (2581 teams, 2582 members) rather than answering 2517. */
const paging = (defaultLimit: number) => ({
  offset: LooseId.pipe(z.number().max(1_000_000)).default(0),
  limit: LooseId.pipe(z.number().min(1)).default(defaultLimit),
});

export const TeamWire = z.object({
  team_id: z.number().int(),
  name: ShownText,
  detail: ShownText,
  member_count: z.number().int(),
  /** Games the members played in the season (each member's games, added up). */
  total_game_count: z.number().int(),
  /** Settled points ×1000 of the members' games in the season. */
  total_point: z.number().int(),
  /** The organiser's score change ×1000 (−1000000000 … 1000000000). */
  modify_score: z.number().int(),
  modify_detail: ShownText,
  /** The team's ranking score: `total_point + modify_score`. */
  total_score: z.number().int(),
  /** 1 …; teams with the same score share a rank. */
  rank: z.number().int(),
});
export type Team = z.infer<typeof TeamWire>;

export const TeamMemberWire = z.object({
  account_id: z.number().int(),
  nickname: ShownText,
  /** The player's season remark. */
  remark: ShownText,
  /** The account's owner id on this server (the account id itself). */
  user_id: z.number().int(),
});
export type TeamMember = z.infer<typeof TeamMemberWire>;

// POST /api/contest/create_contest_team_batch — up to 20 teams; all are created or none (2576 cap, 2579 name
// taken, 2586/2587 name or detail rules). Answers in request order.
export const CreateContestTeamBatchReq = z.object({
  ...SeasonRef,
  team_list: z
    .array(z.object({ name: TeamText, detail: TeamText.default('') }))
    .min(1)
    .max(LIMITS.TEAM_CREATE_BATCH),
});
export const CreateContestTeamBatchRes = z.object({
  res: z.array(z.object({ team_id: z.number().int(), team_name: ShownText })),
});

// GET|POST /api/contest/fetch_contest_team_list — the season's teams by rank, limit at most 300 (2581).
export const FetchContestTeamListReq = z.object({
  ...SeasonRef,
  search: WireText.trim().max(64).optional(),
  /**
   * What `search` matches: 0 a team name, a member's nickname or internal account id (default), 1 team names,
   * 2 nicknames.
   */
  search_type: LooseId.pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])).default(0),
  /** Only the team of this account (an internal id): what the console sends for a public id a person typed. */
  account_id: LooseId.optional(),
  ...paging(LIMITS.TEAM_LIST_LIMIT),
});
export const FetchContestTeamListRes = z.object({
  list: z.array(TeamWire),
  /** Teams matching the search. */
  total: z.number().int(),
  /** Every team of the season (the console's "n / 300"). */
  team_count: z.number().int(),
});

// GET|POST /api/contest/fetch_multi_contest_team_list — the same list with each team's members.
export const FetchMultiContestTeamListReq = FetchContestTeamListReq;
export const FetchMultiContestTeamListRes = z.object({
  list: z.array(TeamWire.extend({ member_list: z.array(TeamMemberWire) })),
  total: z.number().int(),
  team_count: z.number().int(),
});

// POST /api/contest/update_contest_team — name and detail, or the score change (`modify_score` ×1000, the
// team's whole change, within ±1000000 shown: 2589) with its note.
export const UpdateContestTeamReq = z.object({
  unique_id: LooseId,
  season_id: LooseId.optional(),
  team_id: LooseId,
  name: TeamText.optional(),
  detail: TeamText.optional(),
  modify_score: z
    .union([
      z.number().int(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, 'integer expected')
        .transform(Number),
    ])
    .pipe(z.number().int().min(-INT4_MAX).max(INT4_MAX))
    .optional(),
  modify_detail: TeamText.optional(),
});
export const UpdateContestTeamRes = TeamWire;

// POST /api/contest/delete_contest_team — only an empty team (2584).
export const DeleteContestTeamReq = z.object({ ...TeamRef, season_id: LooseId.optional() });
export const DeleteContestTeamRes = z.object({});

// POST /api/contest/clean_contest_team_member — removes every member (they stay on the roster).
export const CleanContestTeamMemberReq = DeleteContestTeamReq;
export const CleanContestTeamMemberRes = z.object({
  success: z.array(z.number().int()),
  fail: z.array(z.number().int()),
});

// POST /api/contest/clean_contest_team — removes every team of the season and their memberships.
export const CleanContestTeamReq = z.object({ ...SeasonRef });
export const CleanContestTeamRes = z.object({ deleted: z.number().int() });

/** One failure of `add_team_member`: 1002 no such account · 2580 already in a team · 2530 blacklisted · 2566 roster full. */
export const TeamMemberErrorWire = z.object({ account_id: z.number().int(), error: z.number().int() });

// POST /api/contest/add_team_member — up to 100 accounts; a player not yet on the season's roster is entered.
export const AddTeamMemberReq = z.object({
  ...TeamRef,
  season_id: LooseId.optional(),
  member_list: z
    .array(
      z.object({
        account_id: LooseId,
        nickname: WireText.max(1000).optional(),
        remark: MemberRemark.optional(),
      }),
    )
    .min(1)
    .max(LIMITS.TEAM_MEMBER_ADD_BATCH),
});
export const AddTeamMemberRes = z.object({
  success: z.array(z.number().int()),
  errors: z.array(TeamMemberErrorWire),
});

// POST /api/contest/delete_team_member — all listed accounts must be members of the team (2585); they stay on
// the roster.
export const DeleteTeamMemberReq = z.object({
  ...TeamRef,
  season_id: LooseId.optional(),
  account_id_list: z.array(LooseId).min(1).max(LIMITS.TEAM_MEMBER_ADD_BATCH),
});
export const DeleteTeamMemberRes = z.object({ success: z.array(z.number().int()) });

// POST (or GET) /api/contest/fetch_contest_team_member_list — limit at most 500 (2582).
export const FetchContestTeamMemberListReq = z.object({
  ...SeasonRef,
  team_id: LooseId,
  ...paging(LIMITS.TEAM_MEMBER_EXPORT_PAGE),
});
export const FetchContestTeamMemberListRes = z.object({
  list: z.array(TeamMemberWire),
  total: z.number().int(),
});

export const ExportedMemberWire = z.object({
  team_id: z.number().int(),
  team_name: ShownText,
  account_id: z.number().int(),
  nickname: ShownText,
  remark: ShownText,
});

// POST (or GET) /api/contest/export_contest_team_member_list — every member of every team, in pages of 500
// (2582 above), ordered by team then account.
export const ExportContestTeamMemberListReq = z.object({
  ...SeasonRef,
  ...paging(LIMITS.TEAM_MEMBER_EXPORT_PAGE),
});
export const ExportContestTeamMemberListRes = z.object({
  list: z.array(ExportedMemberWire),
  total: z.number().int(),
});

// POST (or GET) /api/contest/fetch_contest_team_rank — the team ranking, limit at most 300 (2581).
export const FetchContestTeamRankReq = z.object({ ...SeasonRef, ...paging(LIMITS.TEAM_RANK_LIMIT) });
export const FetchContestTeamRankRes = z.object({
  list: z.array(TeamWire),
  total: z.number().int(),
});

/** xlsx files travel base64-encoded; at most 2 MB of file. */
const XlsxBase64 = z
  .string()
  .max(2_800_000)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 expected');

export const XlsxFileWire = z.object({ file_name: ShownText, content_base64: ShownText });

// POST /api/contest/export_contest_team_xlsx — the team list as a spreadsheet (team, detail, nickname, id,
// remark; one row per member, or one row for an empty team). Every cell is text; formulas are defused.
export const ExportContestTeamXlsxReq = z.object({ ...SeasonRef, lang: WireText.max(8).optional() });
export const ExportContestTeamXlsxRes = XlsxFileWire;

// GET /api/contest/team_import_template — the import template (header row and one example row).
export const TeamImportTemplateReq = z.object({ lang: WireText.max(8).optional() });
export const TeamImportTemplateRes = XlsxFileWire;

/** One data row of an import file, as read, with what is wrong with it (none: it can be written). */
export const ImportedTeamRowWire = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  team_name: ShownText,
  /** The team's description: a new team takes the first one its rows give; an existing team keeps its own. */
  team_detail: ShownText,
  nickname: ShownText,
  /** The account id as written in the file: the public id players see (0 when missing or not a number). */
  account_id: z.number().int(),
  remark: ShownText,
  /**
   * Error codes of the row: 2587 team name missing or not allowed (or a description breaking the rules), 2586 name too long, 1002 account id 0 or
   * unknown, 2530 blacklisted, 2580 in another team already, 2545 the account appears twice, 2554 remark too
   * long, 2576 over 300 teams, 2566 the roster would be full. A row with only a team name (nickname, account id
   * and remark empty, as the export writes an empty team) makes the team and has no account errors.
   */
  errors: z.array(z.number().int()),
});

// POST /api/contest/import_contest_team_xlsx — reads an xlsx import file. With `dry_run` 1 (default) it only
// answers the rows and their errors. With 0 it writes every team and member in one transaction, and only when
// no row has an error (else 2578 and nothing is written).
export const ImportContestTeamXlsxReq = z.object({
  ...SeasonRef,
  content_base64: XlsxBase64,
  dry_run: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .transform((v) => (v === true || v === 1 ? 1 : 0))
    .default(1),
});
export const ImportContestTeamXlsxRes = z.object({
  rows: z.array(ImportedTeamRowWire),
  /** Teams the file names that do not exist yet, and rows without an error. */
  new_teams: z.number().int(),
  valid_rows: z.number().int(),
  /** 1 when the teams and members were written. */
  written: z.number().int(),
});
