import type { ContestSeasonChatLimitRes, ListedAccountWire, SeasonListItemWire } from '@taikai/protocol';
import { SeasonState } from '@taikai/protocol';
import type { z } from 'zod';
import type { SeasonRow } from './queries';

/** A season's audit target id, `<unique_id>/<season_id>` (the tournament's history reads its seasons by it). */
export const seasonKey = (ids: { uniqueId: number; seasonId: number }) => `${ids.uniqueId}/${ids.seasonId}`;

/** 1 pending before its start, 2 running, 3 finished after its end, 4 once closed by an organiser. */
export function seasonState(row: SeasonRow, now: number): SeasonState {
  if (row.closeTime !== null) return SeasonState.ENDED;
  if (now < row.startTime) return SeasonState.PENDING;
  if (now < row.endTime) return SeasonState.RUNNING;
  return SeasonState.FINISHED;
}

export function presentSeason(row: SeasonRow, now: number): z.infer<typeof SeasonListItemWire> {
  return {
    season_id: row.seasonId,
    state: seasonState(row, now),
    start_time: row.startTime,
    end_time: row.endTime,
    create_time: row.createTime,
    signup_type: row.signupType,
    signup_start_time: row.signupStartTime,
    signup_end_time: row.signupEndTime,
    auto_match: row.autoMatch,
    match_start_time: row.matchStartTime,
    match_end_time: row.matchEndTime,
    rank_rule: row.rankRule,
    rank_type: row.rankType,
    show_team_rank: row.showTeamRank,
    remark: row.remark,
  };
}

/** `{account_id, nickname}` entries of a season's list, in list order; a vanished account shows ''. */
export function presentListed(
  accountIds: readonly number[],
  names: ReadonlyMap<number, string>,
): z.infer<typeof ListedAccountWire>[] {
  return accountIds.map((id) => ({ account_id: id, nickname: names.get(id) ?? '' }));
}

/** A season's chat limit: its type and the players listed under that type (none for no limit). */
export function presentChatLimit(
  type: number,
  accountIds: readonly number[],
  names: ReadonlyMap<number, string>,
): z.infer<typeof ContestSeasonChatLimitRes> {
  return { type, list: presentListed(accountIds, names) };
}
