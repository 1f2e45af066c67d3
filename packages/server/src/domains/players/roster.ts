import {
  type AddContestSeasonPlayerReq,
  type BatchResultWire,
  type CheckContestSeasonPlayerReq,
  type ContestSeasonPlayerListReq,
  type ContestSeasonPlayerListRes,
  ErrorCode,
  type ImportContestSeasonPlayerReq,
  type MarkContestSeasonPlayerReq,
  type RemoveContestSeasonPlayerReq,
  type SearchAccountsRes,
  SeasonState,
  type UpdateContestSeasonPlayerNicknameReq,
  validateRemark,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { cancelPlansSeating } from '../../games/queries';
import { ContestError } from '../../http/errors';
import { namesOf } from '../accounts/service';
import { refuseFirst } from '../contests/names';
import { levelsAmong } from '../levels/service';
import { accountDataAmong } from '../ranking/service';
import { seasonKey } from '../seasons/presenter';
import { seasonOf } from '../seasons/queries';
import { managedSeason } from '../seasons/service';
import { leaveTeams, teamNamesAmong } from '../teams/service';
import { presentListedAccounts, presentSeasonPlayer } from './presenter';
import * as q from './queries';
import { enterOnRoster } from './service';

// A season's players as the organisers manage them: sign-up review, the roster, import from another season.

type BatchResult = z.infer<typeof BatchResultWire>;
type Failure = BatchResult['failed'][number];
type SeasonIds = { uniqueId: number; seasonId: number };

const { PENDING, ACCEPTED, REJECTED } = q.PlayerState;

/** Each id once, in the order first given. */
export const distinct = (ids: readonly number[]) => [...new Set(ids)];

/** An account listed twice is decided by its first entry. */
function firstPerAccount<T extends { account_id: number }>(list: readonly T[]): T[] {
  const byAccount = new Map<number, T>();
  for (const entry of list) if (!byAccount.has(entry.account_id)) byAccount.set(entry.account_id, entry);
  return [...byAccount.values()];
}

/**
 * Why a review of an entry that is no longer pending fails: 2510 when it was handled (accepted or rejected, by
 * another admin or another call), 2509 when there is no sign-up at all (never made, withdrawn or removed).
 */
const notWaiting = (row: q.SeasonPlayerRow | undefined) =>
  row ? ErrorCode.PLAYER_HANDLED_BY_OTHER_ADMIN : ErrorCode.PLAYER_NOT_WAITING;

/**
 * `contest_season_player_list`: a page of the season's pending sign-ups (state 1, newest first) or its roster
 * (state 2, in entry order), with the total; `search` is a part of a nickname or an internal account id, and
 * `account_id` keeps one account only. `team_name` is the player's team now (team seasons).
 */
export async function playerList(
  ctx: AuthedCtx,
  req: z.infer<typeof ContestSeasonPlayerListReq>,
): Promise<z.infer<typeof ContestSeasonPlayerListRes>> {
  const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
  const { season } = await managedSeason(ctx.db, ctx, ids, 'viewSeason');
  const { rows, total } = await q.playerPage(ctx.db, ids, {
    state: req.state,
    search: req.search ?? '',
    accountId: req.account_id,
    offset: req.offset,
    limit: req.limit,
  });
  const accountIds = rows.map((r) => r.accountId);
  const games = await accountDataAmong(ctx.db, ids, season, accountIds);
  const teams = await teamNamesAmong(ctx.db, season, accountIds);
  const levels = await levelsAmong(ctx.db, accountIds);
  return {
    list: rows.map((row) =>
      presentSeasonPlayer(row, games.get(row.accountId), teams.get(row.accountId), levels.get(row.accountId)),
    ),
    total,
  };
}

/**
 * `check_contest_season_player`: passes or rejects pending sign-ups. Each entry is claimed with one
 * `UPDATE … WHERE state = 1`, so of two admins reviewing the same sign-up exactly one succeeds. Per-entry
 * failures: 2509 no sign-up · 2510 already handled · 2566 roster full (a pass; the sign-up stays pending).
 * A rejected player keeps a state-3 entry (they see "rejected"); with `blacklist` they also go on the season
 * blacklist. Refusals of the whole call: those of `managedSeason` (2542 once ended).
 */
export async function checkPlayers(
  ctx: AuthedCtx,
  req: z.infer<typeof CheckContestSeasonPlayerReq>,
): Promise<BatchResult> {
  return ctx.db.transaction(async (tx) => {
    const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
    const { row: contest } = await managedSeason(tx, ctx, ids, 'reviewSignups', {
      lock: true,
      writable: true,
    });
    const decisions = firstPerAccount(req.checked_list);
    const current = await q.playersAmong(
      tx,
      ids,
      decisions.map((d) => d.account_id),
    );
    let accepted = await q.acceptedCount(tx, ids);
    const success: number[] = [];
    const failed: Failure[] = [];
    const passed: number[] = [];
    const rejected: number[] = [];
    const toBlacklist: number[] = [];
    for (const d of decisions) {
      const id = d.account_id;
      const row = current.get(id);
      if (row?.state !== PENDING) {
        failed.push({ account_id: id, error: notWaiting(row) });
        continue;
      }
      if (d.pass && accepted >= contest.maxPlayerCount) {
        failed.push({ account_id: id, error: ErrorCode.PARTICIPANTS_FULL });
        continue;
      }
      const claimed = await q.claimPending(tx, ids, id, d.pass ? ACCEPTED : REJECTED, ctx.now);
      if (!claimed) {
        failed.push({ account_id: id, error: ErrorCode.PLAYER_HANDLED_BY_OTHER_ADMIN });
        continue;
      }
      success.push(id);
      if (d.pass) {
        accepted += 1;
        passed.push(id);
      } else {
        rejected.push(id);
        if (d.blacklist) toBlacklist.push(id);
      }
    }
    const blacklisted = await q.insertBlacklisted(tx, ids, toBlacklist, ctx.now);
    if (success.length > 0) {
      await audit(tx, ctx, {
        action: 'season_player.check',
        targetType: 'season',
        targetId: seasonKey(ids),
        before: { pending: success },
        after: { passed, rejected, blacklisted },
      });
    }
    return { success, failed };
  });
}

/**
 * Puts accounts on a season's roster (locked by the caller): a pending sign-up is accepted (keeping its
 * sign-up time), anything else gets a new entry with the season nickname and remark `wanted` gives. Per-account failures in
 * order: 1002 no such account · 2588 already on the roster · 2530 blacklisted · 2566 roster full.
 */
async function enrol(
  tx: Executor,
  ctx: AuthedCtx,
  ids: SeasonIds,
  cap: number,
  wanted: { accountId: number; nickname: string | null; remark: string }[],
): Promise<BatchResult> {
  const accountIds = wanted.map((w) => w.accountId);
  const known = await namesOf(tx, accountIds);
  const current = await q.playersAmong(tx, ids, accountIds);
  const blacklisted = await q.blacklistedAmong(tx, ids, accountIds);
  let accepted = await q.acceptedCount(tx, ids);
  const success: number[] = [];
  const failed: Failure[] = [];
  const rows: (typeof wanted)[number][] = [];
  for (const w of wanted) {
    const id = w.accountId;
    const row = current.get(id);
    let error: number | null = null;
    if (!known.has(id)) error = ErrorCode.ACCOUNT_NOT_FOUND;
    else if (row?.state === ACCEPTED) error = ErrorCode.ALREADY_ON_ROSTER;
    else if (blacklisted.has(id)) error = ErrorCode.BLACKLISTED;
    else if (accepted >= cap) error = ErrorCode.PARTICIPANTS_FULL;
    if (error !== null) {
      failed.push({ account_id: id, error });
      continue;
    }
    accepted += 1;
    success.push(id);
    rows.push(w);
  }
  await enterOnRoster(tx, ctx.now, ids, rows, current);
  return { success, failed };
}

/**
 * `add_contest_season_player`: organisers put accounts on the roster (a pending sign-up becomes accepted).
 * Per-account failures: 1002 · 2588 · 2530 · 2566 (see `enrol`). The season row is locked, so parallel adds
 * never pass the cap.
 */
export async function addPlayers(
  ctx: AuthedCtx,
  req: z.infer<typeof AddContestSeasonPlayerReq>,
): Promise<BatchResult> {
  return ctx.db.transaction(async (tx) => {
    const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
    const { row: contest } = await managedSeason(tx, ctx, ids, 'manageRoster', {
      lock: true,
      writable: true,
    });
    const wanted = distinct(req.account_list).map((accountId) => ({ accountId, nickname: null, remark: '' }));
    const result = await enrol(tx, ctx, ids, contest.maxPlayerCount, wanted);
    if (result.success.length > 0) {
      await audit(tx, ctx, {
        action: 'season_player.add',
        targetType: 'season',
        targetId: seasonKey(ids),
        before: null,
        after: { added: result.success },
      });
    }
    return result;
  });
}

/**
 * `remove_contest_season_player`: takes players off the roster, and out of their teams of the season in the same
 * transaction; answers those that were on it. Their waiting plans of the season are cancelled with it (reason
 * `player_removed`, listed with the failed tables), and they are no longer ready. The season row is locked
 * first, as the game host locks it before it checks a table's seats: a removed player is never seated.
 */
export async function removePlayers(
  ctx: AuthedCtx,
  req: z.infer<typeof RemoveContestSeasonPlayerReq>,
): Promise<{ success: number[] }> {
  const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
  const { removed, cancelled } = await ctx.db.transaction(async (tx) => {
    await managedSeason(tx, ctx, ids, 'manageRoster', { lock: true, writable: true });
    const removed = await q.deletePlayersInState(tx, ids, distinct(req.account_id_list), ACCEPTED);
    const leftTeams = await leaveTeams(tx, ids, removed);
    const cancelled = await cancelPlansSeating(tx, removed, 'player_removed', ctx.now, ids);
    if (removed.length > 0) {
      const before = leftTeams.length > 0 ? { roster: removed, teams: leftTeams } : { roster: removed };
      await audit(tx, ctx, {
        action: 'season_player.remove',
        targetType: 'season',
        targetId: seasonKey(ids),
        before,
        after: cancelled.length > 0 ? { cancelledPlans: cancelled.map((p) => p.uuid) } : null,
      });
    }
    return { removed, cancelled };
  });
  if (removed.length > 0) {
    const plans = cancelled.map((p) => ({ uuid: p.uuid, reason: 'player_removed' as const }));
    ctx.games.withdraw(ids, removed, plans);
  }
  return { success: removed };
}

/**
 * Changes a pending or accepted player's season entry. Refusals: those of `managedSeason` (2542 once ended),
 * then 2511 when the account has no such entry in the season.
 */
async function changeEntry(
  ctx: AuthedCtx,
  req: { unique_id: number; season_id: number; account_id: number },
  change: { nickname: string } | { remark: string },
  action: string,
): Promise<Record<string, never>> {
  return ctx.db.transaction(async (tx) => {
    const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
    await managedSeason(tx, ctx, ids, 'manageRoster', { lock: true, writable: true });
    if ('remark' in change) refuseFirst(validateRemark('season_player', change.remark));
    const row = await q.playerOf(tx, ids, req.account_id);
    if (!row || (row.state !== PENDING && row.state !== ACCEPTED)) {
      throw new ContestError(ErrorCode.NOT_ON_ROSTER);
    }
    await q.updateEntry(tx, ids, req.account_id, { ...change, updateTime: ctx.now });
    const before = 'remark' in change ? { remark: row.remark } : { nickname: row.nickname };
    await audit(tx, ctx, {
      action,
      targetType: 'season',
      targetId: seasonKey(ids),
      before: { accountId: row.accountId, ...before },
      after: { accountId: row.accountId, ...change },
    });
    return {};
  });
}

/** `mark_contest_season_player`: the player's remark (2554 above 100 characters; 2511 not in the season). */
export function markPlayer(ctx: AuthedCtx, req: z.infer<typeof MarkContestSeasonPlayerReq>) {
  return changeEntry(ctx, req, { remark: req.remark }, 'season_player.mark');
}

/** `update_contest_season_player_nickname`: the nickname shown in this season, forbidden words masked. */
export function renamePlayer(ctx: AuthedCtx, req: z.infer<typeof UpdateContestSeasonPlayerNicknameReq>) {
  return changeEntry(ctx, req, { nickname: ctx.words.mask(req.nickname) }, 'season_player.rename');
}

/**
 * `import_contest_season_player`: copies the roster of another season of the tournament (with each player's
 * season nickname and remark) into a season that is not ended. Refusals: those of `managedSeason` for the
 * target, 2536 when either season is unknown, 2542 when the target is ended. Per-account failures: 2588 already
 * on the target roster · 2530 on its blacklist · 2566 full.
 */
export async function importPlayers(
  ctx: AuthedCtx,
  req: z.infer<typeof ImportContestSeasonPlayerReq>,
): Promise<BatchResult> {
  return ctx.db.transaction(async (tx) => {
    const ids = { uniqueId: req.unique_id, seasonId: req.to_season_id };
    const { row: contest, state } = await managedSeason(tx, ctx, ids, 'manageRoster', { lock: true });
    const from = { uniqueId: req.unique_id, seasonId: req.from_season_id };
    if (!(await seasonOf(tx, from.uniqueId, from.seasonId))) {
      throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
    }
    if (state === SeasonState.ENDED) throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
    const source = await q.rosterOf(tx, from);
    const wanted = source.map((r) => ({ accountId: r.accountId, nickname: r.nickname, remark: r.remark }));
    const result = await enrol(tx, ctx, ids, contest.maxPlayerCount, wanted);
    if (result.success.length > 0) {
      await audit(tx, ctx, {
        action: 'season_player.import',
        targetType: 'season',
        targetId: seasonKey(ids),
        before: null,
        after: { fromSeasonId: from.seasonId, added: result.success },
      });
    }
    return result;
  });
}

/** `search_accounts`: nicknames of internal account ids, in request order; unknown ids are left out. */
export async function searchAccounts(
  ctx: AuthedCtx,
  accountIds: number[],
): Promise<z.infer<typeof SearchAccountsRes>> {
  const ids = distinct(accountIds);
  return presentListedAccounts(ids, await namesOf(ctx.db, ids));
}
