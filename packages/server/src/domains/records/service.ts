import { type GameLog, toTenhou } from '@taikai/engine';
import {
  type ChuanmaRecordLog,
  ErrorCode,
  type FetchContestGameRecordFileReq,
  type FetchContestGameRecordFileRes,
  type FetchContestGameRecordsReq,
  type FetchContestGameRecordsRes,
  type FetchContestSeasonPlayerGameRecordReq,
  type FetchContestSeasonPlayerGameRecordRes,
  type FetchMarkedContestGameReq,
  type FetchMarkedContestGameRes,
  type FetchMyGameRecordFileReq,
  type FetchMyGameRecordFileRes,
  type FetchMyGameRecordsReq,
  type FetchMyGameRecordsRes,
  LIMITS,
  RecordFileFormat,
  type SetContestGameRecordTagReq,
  type UpdateContestGameRecordReq,
  validateRemark,
  type XuezhanRecordLog,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import { type Executor, inSnapshot } from '../../db/client';
import { ContestError, messageOf } from '../../http/errors';
import { refuseFirst } from '../contests/names';
import { liveContest } from '../contests/queries';
import { playersAmong } from '../players/queries';
import { recountPlayers, seatedIn } from '../ranking/queries';
import { seasonKey } from '../seasons/presenter';
import type { SeasonRow } from '../seasons/queries';
import { managedSeason } from '../seasons/service';
import { teamNamesAmong } from '../teams/service';
import { decodeCursor, encodeCursor } from './cursor';
import { presentMark, presentMyRecord, presentRecord, recordHead, seatedAccounts } from './presenter';
import * as q from './queries';
import { verifyRecord } from './verification';

// Game records of a season: read by the organisers and observers (`viewSeason`), removed, restored and tagged
// by the organisers (`manageGames`). Records are written by the game host when a game finishes.

type SeasonReq = { unique_id: number; season_id: number };
const keyOf = (req: SeasonReq): q.SeasonKey => ({ uniqueId: req.unique_id, seasonId: req.season_id });

/** Only the latest 1000 records of a list can be read (spec §9, 2556): offset + limit beyond that answers 2556. */
function refuseBeyondLatest(page: q.Paging): void {
  if (page.offset + page.limit > LIMITS.RECORDS_LATEST_MAX)
    throw new ContestError(ErrorCode.LOGS_LATEST_ONLY);
}

/** A record of the season, or 2517 (no such record in this season: unknown, or of another season). */
function refuseMissing<T>(row: T | undefined): T {
  if (row === undefined)
    throw new ContestError(ErrorCode.PARAM_ERROR, { message: `${messageOf(ErrorCode.PARAM_ERROR)} (uuid)` });
  return row;
}

/** The records of a page as the wire shows them, with their players' season remarks and teams read once. */
async function presentPage(db: Executor, season: SeasonRow, rows: q.ListedRecord[]) {
  const seated = seatedAccounts(rows);
  const entries = await playersAmong(db, season, seated);
  const remarks = new Map([...entries].map(([id, row]) => [id, row.remark]));
  const teams = await teamNamesAmong(db, season, seated);
  return rows.map((row) => presentRecord(row, remarks, teams));
}

/**
 * `fetch_contest_game_records`: a page of the season's records, newest first, removed ones included (flagged).
 * `start_time`/`end_time` bound the records' end time. The answer's `token` fixes the list as it stood at this
 * read: passed back, later pages list only the records at or before the newest then listed, so records that end
 * meanwhile do not shift the pages (`total` counts the same fixed list). A token this server did not make: 2517.
 */
export async function recordList(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchContestGameRecordsReq>,
): Promise<z.infer<typeof FetchContestGameRecordsRes>> {
  const key = keyOf(req);
  const { season } = await managedSeason(ctx.db, ctx, key, 'viewSeason');
  refuseBeyondLatest(req);
  const filter: q.RecordFilter = { ...key, from: req.start_time, to: req.end_time };
  const token = req.token ? decodeCursor(req.token) : undefined;
  if (token === null)
    throw new ContestError(ErrorCode.PARAM_ERROR, {
      message: `${messageOf(ErrorCode.PARAM_ERROR)} (token)`,
    });
  // One snapshot: the page and `total` count the same records however many games end meanwhile.
  return inSnapshot(ctx.db, async (db) => {
    // Nothing listed yet: the list is fixed at the newest record (or this second when there is none).
    const upTo = token ?? (await q.newestRecord(db, filter)) ?? { endTime: ctx.now, uuid: '' };
    const fixed = { ...filter, upTo };
    const [rows, total] = [await q.recordPage(db, fixed, req), await q.recordCount(db, fixed)];
    return { record_list: await presentPage(db, season, rows), total, token: encodeCursor(upTo) };
  });
}

/** `fetch_contest_season_player_game_record`: the records an account played in the season, newest first. */
export async function playerRecords(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchContestSeasonPlayerGameRecordReq>,
): Promise<z.infer<typeof FetchContestSeasonPlayerGameRecordRes>> {
  const key = keyOf(req);
  const { season } = await managedSeason(ctx.db, ctx, key, 'viewSeason');
  refuseBeyondLatest(req);
  // Account 0 is every robot seat, not a player.
  if (req.account_id === 0)
    throw new ContestError(ErrorCode.PARAM_ERROR, {
      message: `${messageOf(ErrorCode.PARAM_ERROR)} (account_id)`,
    });
  const rows = await q.playerRecordPage(ctx.db, key, req.account_id, req);
  const total = await q.playerRecordCount(ctx.db, key, req.account_id);
  return { record_list: await presentPage(ctx.db, season, rows), total };
}

/** `fetch_marked_contest_game`: the season's yakuman (yiman 7: counted), newest game first. */
export async function markedGames(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchMarkedContestGameReq>,
): Promise<z.infer<typeof FetchMarkedContestGameRes>> {
  const key = keyOf(req);
  await managedSeason(ctx.db, ctx, key, 'viewSeason');
  refuseBeyondLatest(req);
  const rows = await q.markPage(ctx.db, key, req);
  return { records: rows.map(presentMark), total: await q.markCount(ctx.db, key) };
}

/**
 * The log a record file carries, typed by `format`: Tenhou JSON for a riichi game; for a chuanma or xuezhandaodi
 * game (Tenhou has no such format: a xuezhandaodi hand goes on after its wins) the engine's own record itself, and
 * `tenhou` empty. A log that does not verify at all (no hand re-dealt) is not converted.
 */
function recordFileLog(
  log: unknown,
  verification: { hands: number },
): {
  format: RecordFileFormat;
  tenhou: Record<string, unknown>;
  chuanma?: ChuanmaRecordLog;
  xuezhan?: XuezhanRecordLog;
} {
  const game = log as GameLog;
  const readable = verification.hands > 0;
  if (game?.mode === 'chuanma') {
    return readable
      ? { format: RecordFileFormat.CHUANMA, tenhou: {}, chuanma: game as unknown as ChuanmaRecordLog }
      : { format: RecordFileFormat.CHUANMA, tenhou: {} };
  }
  if (game?.mode === 'xuezhan') {
    return readable
      ? { format: RecordFileFormat.XUEZHAN, tenhou: {}, xuezhan: game as unknown as XuezhanRecordLog }
      : { format: RecordFileFormat.XUEZHAN, tenhou: {} };
  }
  const tenhou = readable ? toTenhou(game) : {};
  return { format: RecordFileFormat.TENHOU, tenhou: tenhou as unknown as Record<string, unknown> };
}

/**
 * `fetch_contest_game_record_file`: the game in Tenhou's JSON log format (a chuanma or xuezhandaodi game: the
 * engine's own record, `format` says which), its revealed seed and the commitment published at its start, and
 * the check that the seed deals every wall of the log.
 */
export async function recordFile(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchContestGameRecordFileReq>,
): Promise<z.infer<typeof FetchContestGameRecordFileRes>> {
  const key = keyOf(req);
  await managedSeason(ctx.db, ctx, key, 'viewSeason');
  const row = refuseMissing(await q.recordOf(ctx.db, key, req.uuid));
  const verification = verifyRecord(row);
  return {
    uuid: row.uuid,
    seed: row.seed,
    commitment: row.commitment,
    verification,
    ...recordFileLog(row.log, verification),
  };
}

/**
 * One change to a record of a season, in a transaction with its audit entry; the season's live stream hears
 * of it. Refusals in order: those of `managedSeason` (2501/2506, 2536, 2542 once the season is ended), what
 * `check` refuses, 2517 for a record the season does not have. A change to what the record already holds
 * writes nothing.
 */
async function changeRecord(
  ctx: AuthedCtx,
  req: SeasonReq & { uuid: string },
  action: string,
  change: { removed: number } | { tag: string },
  check: () => void = () => {},
): Promise<Record<string, never>> {
  const key = keyOf(req);
  const changed = await ctx.db.transaction(async (tx) => {
    await managedSeason(tx, ctx, key, 'manageGames', { lock: true, writable: true });
    check();
    const row = refuseMissing(await q.lockedRecordHead(tx, key, req.uuid));
    const field = 'removed' in change ? 'removed' : 'tag';
    if (row[field] === (change as Record<string, unknown>)[field]) return false;
    await q.updateRecord(tx, row.uuid, change);
    // A removal or a restore recounts the record's players in this transaction (their rankings).
    if ('removed' in change) await recountPlayers(tx, key, await seatedIn(tx, row.uuid));
    await audit(tx, ctx, {
      action,
      targetType: 'season',
      targetId: seasonKey(key),
      before: { uuid: row.uuid, [field]: row[field] },
      after: { uuid: row.uuid, ...change },
    });
    return true;
  });
  if (changed) ctx.games.live.season(key.uniqueId, key.seasonId, { kind: 'records' });
  return {};
}

/** `update_contest_game_record`: remove 1 removes a record (left out of statistics and exports), 0 restores it. */
export function updateRecord(ctx: AuthedCtx, req: z.infer<typeof UpdateContestGameRecordReq>) {
  const action = req.remove ? 'game_record.remove' : 'game_record.restore';
  return changeRecord(ctx, req, action, { removed: req.remove });
}

/** `set_contest_game_record_tag`: the record's tag (2554 above 25 characters). */
export function setRecordTag(ctx: AuthedCtx, req: z.infer<typeof SetContestGameRecordTagReq>) {
  return changeRecord(ctx, req, 'game_record.tag', { tag: req.tag }, () =>
    refuseFirst(validateRemark('record_tag', req.tag)),
  );
}

// The player's side (the portal): their own records, and the replay data of a record of a season they played in.

/**
 * `fetch_my_game_records`: the records the caller played (in one season when `unique_id` and `season_id` are
 * both given), newest first, removed ones included and flagged; records of deleted tournaments are left out.
 */
export async function myRecords(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchMyGameRecordsReq>,
): Promise<z.infer<typeof FetchMyGameRecordsRes>> {
  refuseBeyondLatest(req);
  const season =
    req.unique_id !== undefined && req.season_id !== undefined
      ? { uniqueId: req.unique_id, seasonId: req.season_id }
      : undefined;
  const rows = await q.accountRecordPage(ctx.db, ctx.actor.id, season, req);
  const total = await q.accountRecordCount(ctx.db, ctx.actor.id, season);
  return { record_list: rows.map(presentMyRecord), total };
}

/**
 * `fetch_my_game_record_file`: a record's replay data — the record, its Tenhou JSON log (or the engine's chuanma or
 * xuezhandaodi record), the revealed seed, the commitment published at its start and the verification of every
 * wall — for a player with a seat in any record of its season, or for the tournament's creator, admins and
 * observers. The game has ended, so nothing of it is concealed any more. Refusals: 2517 no such record · 2501 its
 * tournament is deleted · 2506 the caller neither played in its season nor organises or observes the tournament.
 */
export async function myRecordFile(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchMyGameRecordFileReq>,
): Promise<z.infer<typeof FetchMyGameRecordFileRes>> {
  const row = refuseMissing(await q.recordByUuid(ctx.db, req.uuid));
  const key = { uniqueId: row.uniqueId, seasonId: row.seasonId };
  const contest = await liveContest(ctx.db, key.uniqueId);
  if (!contest) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
  if (!(await q.playedInSeason(ctx.db, key, ctx.actor.id))) {
    try {
      await managedSeason(ctx.db, ctx, key, 'viewSeason');
    } catch (error) {
      // Not theirs to read: the tournament exists (it is named on the record), the season is not theirs.
      if (error instanceof ContestError && error.code === ErrorCode.CONTEST_NOT_FOUND)
        throw new ContestError(ErrorCode.NO_PERMISSION);
      throw error;
    }
  }
  const verification = verifyRecord(row);
  const seat = row.seats.findIndex((s) => s.account_id === ctx.actor.id);
  return {
    record: {
      ...recordHead(row, { ...key, contestId: contest.contestId, contestName: contest.name }),
      seat,
    },
    seed: row.seed,
    commitment: row.commitment,
    verification,
    ...recordFileLog(row.log, verification),
  };
}
