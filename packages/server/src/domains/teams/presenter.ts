import type { ExportedMemberWire, Team, TeamMember } from '@taikai/protocol';
import type { z } from 'zod';
import type { ExportedMemberRow, MemberRow, RankedTeamRow } from './queries';

/** A team with its figures and rank (points and scores in thousandths). */
export function presentTeam(row: RankedTeamRow): Team {
  return {
    team_id: row.id,
    name: row.name,
    detail: row.detail,
    member_count: row.memberCount,
    total_game_count: row.totalGameCount,
    total_point: row.totalPoint,
    modify_score: row.modifyScore,
    modify_detail: row.modifyDetail,
    total_score: row.totalScore,
    rank: row.rank,
  };
}

/** A member: the account id (internal, as every list sends it; `user_id` is the same), season nickname and remark. */
export function presentMember(row: MemberRow): TeamMember {
  return { account_id: row.accountId, nickname: row.nickname, remark: row.remark, user_id: row.accountId };
}

export function presentExportedMember(row: ExportedMemberRow): z.infer<typeof ExportedMemberWire> {
  return {
    team_id: row.teamId,
    team_name: row.teamName,
    account_id: row.accountId,
    nickname: row.nickname,
    remark: row.remark,
  };
}
