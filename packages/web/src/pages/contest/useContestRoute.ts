import { useQuery } from '@tanstack/react-query';
import { useOutletContext, useParams } from 'react-router';
import { type ContestDetail, fetchContestPublicInfo } from '../../api/calls';
import { keys, useContestList } from '../../api/queries';

/**
 * The address names a tournament by its public contest_id or its unique_id. The list of the account's
 * tournaments maps a contest_id to its unique_id; an id not in the list (a tournament one observes) is looked up
 * as a public contest_id, and failing that tried as a unique_id.
 */
export function useRouteUniqueId(): { uniqueId: number | null; resolving: boolean; routeId: string } {
  const { contestId = '' } = useParams();
  const list = useContestList();
  const id = /^\d+$/.test(contestId) ? Number(contestId) : Number.NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  const match = valid
    ? (list.data?.find((c) => c.contest_id === id) ?? list.data?.find((c) => c.unique_id === id))
    : undefined;
  const lookup = useQuery({
    queryKey: keys.publicContest(id),
    queryFn: () => fetchContestPublicInfo(id, { silent: true }),
    enabled: valid && list.isSuccess && !match,
    retry: false,
  });
  if (!valid) return { uniqueId: null, resolving: false, routeId: contestId };
  if (list.isPending) return { uniqueId: null, resolving: true, routeId: contestId };
  if (match) return { uniqueId: match.unique_id, resolving: false, routeId: contestId };
  if (lookup.isPending && lookup.fetchStatus !== 'idle')
    return { uniqueId: null, resolving: true, routeId: contestId };
  return { uniqueId: lookup.data?.unique_id ?? id, resolving: false, routeId: contestId };
}

export interface ContestOutlet {
  contest: ContestDetail;
  /** The id used in this tournament's addresses. */
  routeId: string;
}

export function useContestOutlet(): ContestOutlet {
  return useOutletContext<ContestOutlet>();
}
