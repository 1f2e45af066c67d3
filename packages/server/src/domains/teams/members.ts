import {
  type AddTeamMemberReq,
  type AddTeamMemberRes,
  type CleanContestTeamMemberReq,
  type CleanContestTeamMemberRes,
  type DeleteTeamMemberReq,
  type DeleteTeamMemberRes,
  ErrorCode,
  type ExportContestTeamMemberListReq,
  type ExportContestTeamMemberListRes,
  type FetchContestTeamMemberListReq,
  type FetchContestTeamMemberListRes,
  LIMITS,
  validateRemark,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import { ContestError, messageOf } from '../../http/errors';
import { namesOf } from '../accounts/service';
import { refuseFirst } from '../contests/names';
import * as roster from '../players/queries';
import { enterOnRoster, setRemarks } from '../players/service';
import { seasonKey } from '../seasons/presenter';
import { managedTeam, teamSeason } from './access';
import { presentExportedMember, presentMember } from './presenter';
import * as q from './queries';

// The members of a team season's teams. A player plays for at most one team of a season, and only while on its
// roster: adding a player who is not on it enters them (team seasons are organised by teams), and taking them
// off the roster takes them out of their team.

type Failure = z.infer<typeof AddTeamMemberRes>['errors'][number];

/** 2582 for a member page of more than 500. */
function refuseLongPage(limit: number): void {
  if (limit > LIMITS.TEAM_MEMBER_EXPORT_PAGE) throw new ContestError(ErrorCode.MEMBER_FETCH_MAX);
}

/** An account listed twice is decided by its first entry. */
function firstPerAccount<T extends { account_id: number }>(list: readonly T[]): T[] {
  const byAccount = new Map<number, T>();
  for (const entry of list) if (!byAccount.has(entry.account_id)) byAccount.set(entry.account_id, entry);
  return [...byAccount.values()];
}

/**
 * `add_team_member`: puts up to 100 accounts in a team. Refusals of the whole call: those of `managedTeam`
 * (2577, 2542, 2583) · 2554 a remark over 100 characters. Per-account failures, in this order: 1002 no such
 * account · 2580 already in a team of the season (this one or another) · 2530 on the season blacklist · 2566
 * the roster is full (for a player not on it yet). The others join the team; a player not on the roster yet is
 * entered on it (state 2; a pending sign-up is accepted), and a non-empty `remark` becomes the player's season
 * remark. `nickname` is not used (the season nickname is changed on the roster). The season row is locked.
 */
export async function addMembers(
  ctx: AuthedCtx,
  req: z.infer<typeof AddTeamMemberReq>,
): Promise<z.infer<typeof AddTeamMemberRes>> {
  return ctx.db.transaction(async (tx) => {
    const {
      row: contest,
      team,
      key,
    } = await managedTeam(tx, ctx, req, 'manageRoster', { lock: true, writable: true });
    const wanted = firstPerAccount(req.member_list).map((m) => ({
      id: m.account_id,
      remark: m.remark ?? '',
    }));
    for (const w of wanted) refuseFirst(validateRemark('season_player', w.remark));
    const ids = wanted.map((w) => w.id);
    const known = await namesOf(tx, ids);
    const entries = await roster.playersAmong(tx, key, ids);
    const blacklisted = await roster.blacklistedAmong(tx, key, ids);
    const teams = await q.membershipsAmong(tx, key, ids);
    let accepted = await roster.acceptedCount(tx, key);
    const success: number[] = [];
    const errors: Failure[] = [];
    const newcomers: typeof wanted = [];
    for (const w of wanted) {
      const onRoster = entries.get(w.id)?.state === roster.PlayerState.ACCEPTED;
      let error: number | null = null;
      if (!known.has(w.id)) error = ErrorCode.ACCOUNT_NOT_FOUND;
      else if (teams.has(w.id)) error = ErrorCode.MEMBER_EXISTS;
      else if (blacklisted.has(w.id)) error = ErrorCode.BLACKLISTED;
      else if (!onRoster && accepted >= contest.maxPlayerCount) error = ErrorCode.PARTICIPANTS_FULL;
      if (error !== null) {
        errors.push({ account_id: w.id, error });
        continue;
      }
      if (!onRoster) {
        accepted += 1;
        newcomers.push(w);
      }
      success.push(w.id);
    }
    await enterOnRoster(
      tx,
      ctx.now,
      key,
      newcomers.map((w) => ({ accountId: w.id, nickname: null, remark: w.remark })),
      entries,
    );
    const entered = new Set(newcomers.map((w) => w.id));
    await setRemarks(
      tx,
      key,
      wanted
        .filter((w) => w.remark !== '' && success.includes(w.id) && !entered.has(w.id))
        .map((w) => ({ accountId: w.id, remark: w.remark })),
      ctx.now,
    );
    await q.insertMembers(
      tx,
      key,
      success.map((accountId) => ({ accountId, teamId: team.id })),
      ctx.now,
    );
    if (success.length > 0) {
      await audit(tx, ctx, {
        action: 'team_member.add',
        targetType: 'season',
        targetId: seasonKey(key),
        before: null,
        after: { teamId: team.id, added: success, enteredOnRoster: [...entered] },
      });
    }
    return { success, errors };
  });
}

/**
 * `delete_team_member`: takes players out of a team; they stay on the roster. Every listed account must be a
 * member of that team, else 2585 (naming the first that is not) and nothing changes. Refusals before it: those
 * of `managedTeam`.
 */
export async function deleteMembers(
  ctx: AuthedCtx,
  req: z.infer<typeof DeleteTeamMemberReq>,
): Promise<z.infer<typeof DeleteTeamMemberRes>> {
  return ctx.db.transaction(async (tx) => {
    const { team, key } = await managedTeam(tx, ctx, req, 'manageRoster', { lock: true, writable: true });
    const ids = [...new Set(req.account_id_list)];
    const teams = await q.membershipsAmong(tx, key, ids);
    const stranger = ids.find((id) => teams.get(id) !== team.id);
    if (stranger !== undefined)
      throw new ContestError(ErrorCode.NOT_TEAM_MEMBER, {
        message: `${messageOf(ErrorCode.NOT_TEAM_MEMBER)} (${stranger})`,
        data: { account_id: stranger },
      });
    await q.deleteMembers(tx, team.id, ids);
    await audit(tx, ctx, {
      action: 'team_member.remove',
      targetType: 'season',
      targetId: seasonKey(key),
      before: { teamId: team.id, members: ids },
      after: null,
    });
    return { success: ids };
  });
}

/**
 * `clean_contest_team_member`: takes every member out of a team (they stay on the roster). Refusals: those of
 * `managedTeam`. Answers the accounts taken out (`fail` is always empty: nothing can fail once let through).
 */
export async function cleanMembers(
  ctx: AuthedCtx,
  req: z.infer<typeof CleanContestTeamMemberReq>,
): Promise<z.infer<typeof CleanContestTeamMemberRes>> {
  return ctx.db.transaction(async (tx) => {
    const { team, key } = await managedTeam(tx, ctx, req, 'manageRoster', { lock: true, writable: true });
    const removed = await q.deleteMembers(tx, team.id);
    if (removed.length > 0) {
      await audit(tx, ctx, {
        action: 'team_member.clean',
        targetType: 'season',
        targetId: seasonKey(key),
        before: { teamId: team.id, members: removed },
        after: null,
      });
    }
    return { success: removed, fail: [] };
  });
}

/**
 * `fetch_contest_team_member_list`: a page of a team's members in the order they joined (at most 500: 2582),
 * with their season nickname and remark. Refusals: those of `managedTeam` (2577 also when `season_id` is not the
 * team's season).
 */
export async function memberList(
  ctx: AuthedCtx,
  req: z.infer<typeof FetchContestTeamMemberListReq>,
): Promise<z.infer<typeof FetchContestTeamMemberListRes>> {
  const { team } = await managedTeam(ctx.db, ctx, req, 'viewSeason');
  refuseLongPage(req.limit);
  const { rows, total } = await q.memberPage(ctx.db, team.id, req);
  return { list: rows.map(presentMember), total };
}

/**
 * `export_contest_team_member_list`: a page of every member of every team of the season (at most 500: 2582),
 * ordered by team id then account id; `total` counts them all.
 */
export async function exportMemberList(
  ctx: AuthedCtx,
  req: z.infer<typeof ExportContestTeamMemberListReq>,
): Promise<z.infer<typeof ExportContestTeamMemberListRes>> {
  const key = { uniqueId: req.unique_id, seasonId: req.season_id };
  await teamSeason(ctx.db, ctx, key, 'viewSeason');
  refuseLongPage(req.limit);
  const { rows, total } = await q.exportedMemberPage(ctx.db, key, req);
  return { list: rows.map(presentExportedMember), total };
}
