import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchAccountInfo,
  fetchAnnouncement,
  fetchApiKeyList,
  fetchContestDetail,
  fetchContestHistory,
  fetchContestList,
  fetchObserverList,
  fetchServerTime,
  fetchSiteConfig,
} from './calls';

/** Query keys, so mutations can invalidate exactly what they changed. */
export const keys = {
  account: ['account'] as const,
  apiKeys: ['apiKeys'] as const,
  serverTime: ['serverTime'] as const,
  contests: ['contests'] as const,
  contest: (uniqueId: number) => ['contest', uniqueId] as const,
  announcement: (lang: string) => ['announcement', lang] as const,
  siteConfig: ['siteConfig'] as const,
  seasons: (uniqueId: number) => ['seasons', uniqueId] as const,
  /** Everything of one season's players (sign-ups, roster, blacklist, chat list): prefix for invalidation. */
  seasonPlayers: (uniqueId: number, seasonId: number) => ['seasonPlayers', uniqueId, seasonId] as const,
  /**
   * A team season's teams (list, members): under the season's players, so a roster change (a player removed, a
   * remark) reads them again, and a team change refreshes the roster's team names with them.
   */
  teams: (uniqueId: number, seasonId: number) => ['seasonPlayers', uniqueId, seasonId, 'teams'] as const,
  publicContest: (contestId: number) => ['publicContest', contestId] as const,
  observers: (uniqueId: number) => ['observers', uniqueId] as const,
  /** A tournament's history: prefix for invalidation, then kind and page. */
  history: (uniqueId: number) => ['history', uniqueId] as const,
  /** A season's games: prefix for invalidation, then `ready`, `plans`, `running`, `records` or `marked`. */
  games: (uniqueId: number, seasonId: number) => ['games', uniqueId, seasonId] as const,
};

/**
 * The game lists of a season kept in the query cache, each under `[...keys.games(u, s), kind]`; the rankings and
 * player statistics read from the records (api/ranking-calls.ts) are kept the same way.
 */
export type GameListKind =
  | 'ready'
  | 'plans'
  | 'running'
  | 'failed'
  | 'records'
  | 'marked'
  | 'rank'
  | 'calcRank'
  | 'playerData';

export const gameListKey = (uniqueId: number, seasonId: number, kind: GameListKind) =>
  [...keys.games(uniqueId, seasonId), kind] as const;

export function useAccountInfo() {
  return useQuery({ queryKey: keys.account, queryFn: fetchAccountInfo });
}

/** Total of the account's currency counts, as the header shows it. */
export function currencyTotal(currency: readonly { count: number }[] | undefined): number {
  return (currency ?? []).reduce((sum, c) => sum + c.count, 0);
}

/** Server clock: the offset (server − local, seconds) measured when the time was fetched. */
export function useServerClock() {
  return useQuery({
    queryKey: keys.serverTime,
    queryFn: async () => {
      const before = Date.now();
      const { time } = await fetchServerTime();
      const local = (before + Date.now()) / 2000;
      return { offset: time - local };
    },
    staleTime: 60_000,
  });
}

export function useContestList() {
  return useQuery({ queryKey: keys.contests, queryFn: fetchContestList });
}

export function useContestDetail(uniqueId: number) {
  return useQuery({
    queryKey: keys.contest(uniqueId),
    queryFn: () => fetchContestDetail(uniqueId, { silent: true }),
    retry: false,
    enabled: Number.isSafeInteger(uniqueId) && uniqueId > 0,
  });
}

export function useAnnouncement() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: keys.announcement(i18n.language),
    queryFn: () => fetchAnnouncement(i18n.language),
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: keys.apiKeys, queryFn: fetchApiKeyList });
}

/** What this deployment offers (season chat); rarely changes. */
export function useSiteConfig() {
  return useQuery({ queryKey: keys.siteConfig, queryFn: fetchSiteConfig, staleTime: 10 * 60_000 });
}

/** The observer roster (creator and admins), while the tournament's observer switch is on. */
export function useObserverList(uniqueId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.observers(uniqueId),
    queryFn: () => fetchObserverList(uniqueId),
    enabled,
  });
}

/** One page of the tournament's history, newest first; `kind` '' for every kind. */
export function useContestHistory(uniqueId: number, kind: string, offset: number, limit: number) {
  return useQuery({
    queryKey: [...keys.history(uniqueId), kind, offset, limit] as const,
    queryFn: () => fetchContestHistory({ unique_id: uniqueId, kind, offset, limit }, { silent: true }),
    placeholderData: (previous) => previous,
  });
}
