import { SeasonType } from '@taikai/protocol';
import type { Executor } from '../../db/client';
import * as q from './queries';

// What other domains ask of the teams: the team names their lists show, and leaving a team when leaving the
// roster. The team calls themselves are in teams.ts, members.ts and files.ts.

/**
 * The team each of some accounts plays for now, by account, read with one join; empty (no query) for a personal
 * season, whose lists show no team even when teams were made while it ranked teams.
 */
export async function teamNamesAmong(
  db: Executor,
  season: { uniqueId: number; seasonId: number; rankType: number },
  accountIds: readonly number[],
): Promise<Map<number, string>> {
  if (season.rankType !== SeasonType.TEAM) return new Map();
  return q.teamNamesAmong(db, season, accountIds);
}

/**
 * Takes players out of their teams of a season, in the caller's transaction (removing them from the roster);
 * answers who left which team.
 */
export function leaveTeams(
  tx: Executor,
  key: { uniqueId: number; seasonId: number },
  accountIds: readonly number[],
): Promise<{ accountId: number; teamId: number }[]> {
  return q.deleteMembershipsOf(tx, key, accountIds);
}
