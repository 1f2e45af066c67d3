import type {
  FetchContestPublicInfoRes,
  ListedAccountWire,
  MySignupWire,
  PublicSeasonWire,
  SeasonPlayerWire,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { ContestRow } from '../contests/queries';
import { seasonState } from '../seasons/presenter';
import type { SeasonRow } from '../seasons/queries';
import type { ListedPlayerRow, SeasonPlayerRow } from './queries';

type PublicInfo = z.infer<typeof FetchContestPublicInfoRes>;

/** The caller's sign-up: 0 none, 1 pending, 2 accepted, 3 rejected; whether the season blacklists them. */
export function presentMySignup(
  row: SeasonPlayerRow | undefined,
  blacklisted: boolean,
): z.infer<typeof MySignupWire> {
  return {
    state: (row?.state ?? 0) as z.infer<typeof MySignupWire>['state'],
    create_time: row?.createTime ?? 0,
    blacklisted: blacklisted ? 1 : 0,
  };
}

export function presentPublicSeason(
  row: SeasonRow,
  counts: { accepted: number; max: number },
  now: number,
): z.infer<typeof PublicSeasonWire> {
  return {
    season_id: row.seasonId,
    state: seasonState(row, now),
    start_time: row.startTime,
    end_time: row.endTime,
    signup_type: row.signupType,
    signup_start_time: row.signupStartTime,
    signup_end_time: row.signupEndTime,
    rank_type: row.rankType,
    player_count: counts.accepted,
    max_player_count: counts.max,
  };
}

export function presentPublicInfo(
  contest: ContestRow,
  season: z.infer<typeof PublicSeasonWire> | null,
  signup: z.infer<typeof MySignupWire>,
  isManager: boolean,
): PublicInfo {
  return {
    unique_id: contest.uniqueId,
    contest_id: contest.contestId,
    contest_name: contest.name as PublicInfo['contest_name'],
    public_notice: contest.publicNotice as PublicInfo['public_notice'],
    mode: contest.roundType,
    start_time: contest.startTime,
    finish_time: contest.finishTime,
    season,
    signup,
    is_manager: isManager,
  };
}

type AccountData = z.infer<typeof SeasonPlayerWire>['account_data'];

/** A player without counted games in the season. */
const noGames = (): AccountData => ({ total_game_count: 0, recent_games: [], highest_series_points: 0 });

/**
 * A sign-up or roster row; its nickname is the season's, else the account's. `games` is what the season's
 * records say of the player (the ranking domain's `accountDataAmong`); `teamName` their team, if any; `levels`
 * their levels now (the levels domain's `levelsAmong`).
 */
export function presentSeasonPlayer(
  row: ListedPlayerRow,
  games?: AccountData,
  teamName = '',
  levels?: Record<1 | 2, { level: number }>,
): z.infer<typeof SeasonPlayerWire> {
  return {
    account_id: row.accountId,
    nickname: row.nickname ?? row.accountNickname,
    remark: row.remark,
    state: row.state,
    create_time: row.createTime,
    team_name: teamName,
    account_data: games ?? noGames(),
    ...(levels ? { level_4p: levels[1].level, level_3p: levels[2].level } : {}),
  };
}

/** Accounts in the given order, with their nicknames; those without one (unknown) are left out. */
export function presentListedAccounts(
  ids: readonly number[],
  names: ReadonlyMap<number, string>,
): z.infer<typeof ListedAccountWire>[] {
  return ids.flatMap((id) => {
    const nickname = names.get(id);
    return nickname === undefined ? [] : [{ account_id: id, nickname }];
  });
}
