import { LIMITS } from '@taikai/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchTeamList, fetchTeamMembers, type TeamMemberRow, teamKeys } from '../../../api/team-calls';
import { collectPages } from '../../../components/export/exportPages';
import type { teamSearchQuery } from './teamView';

// The team manager's lists, read without a toast (the page shows a failure in place).

/** Every team of the season (at most 300) matching the search, by rank, with the season's team count. */
export function useTeamList(uniqueId: number, seasonId: number, search: ReturnType<typeof teamSearchQuery>) {
  return useQuery({
    queryKey: [...teamKeys.list(uniqueId, seasonId), search] as const,
    queryFn: () =>
      fetchTeamList(
        { unique_id: uniqueId, season_id: seasonId, ...search, offset: 0, limit: LIMITS.TEAM_LIST_LIMIT },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every member of a team, read in pages of 500; only while its panel is open. */
export function useTeamMembers(uniqueId: number, seasonId: number, teamId: number) {
  return useQuery({
    queryKey: teamKeys.members(uniqueId, seasonId, teamId),
    queryFn: async () =>
      (await collectPages<TeamMemberRow>(
        async (offset, limit) => {
          const page = await fetchTeamMembers(
            { unique_id: uniqueId, season_id: seasonId, team_id: teamId, offset, limit },
            { silent: true },
          );
          return { items: page.list, total: page.total };
        },
        { pageSize: LIMITS.TEAM_MEMBER_EXPORT_PAGE, maxItems: LIMITS.PARTICIPANTS_MAX },
      )) ?? [],
  });
}
