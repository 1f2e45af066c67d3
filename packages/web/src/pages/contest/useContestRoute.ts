import { useOutletContext, useParams } from 'react-router';
import type { ContestDetail } from '../../api/calls';
import { useContestList } from '../../api/queries';

/**
 * The address names a tournament by its public contest_id or its unique_id. The list of the account's
 * tournaments maps a contest_id to its unique_id; an id not in the list is tried as a unique_id.
 */
export function useRouteUniqueId(): { uniqueId: number | null; resolving: boolean; routeId: string } {
  const { contestId = '' } = useParams();
  const list = useContestList();
  const id = /^\d+$/.test(contestId) ? Number(contestId) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return { uniqueId: null, resolving: false, routeId: contestId };
  if (list.isPending) return { uniqueId: null, resolving: true, routeId: contestId };
  const match = list.data?.find((c) => c.contest_id === id) ?? list.data?.find((c) => c.unique_id === id);
  return { uniqueId: match?.unique_id ?? id, resolving: false, routeId: contestId };
}

export interface ContestOutlet {
  contest: ContestDetail;
  /** The id used in this tournament's addresses. */
  routeId: string;
}

export function useContestOutlet(): ContestOutlet {
  return useOutletContext<ContestOutlet>();
}
