import type { PlayerLinkOut } from '@taikai/protocol';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  type GameFeed,
  type LinkStatus,
  type LobbyState,
  type PlayerLinkClient,
  playerLink,
} from './playerLink';

/** What a page reads of the link; re-rendered on every change. */
export interface LinkView {
  link: PlayerLinkClient;
  status: LinkStatus;
  account: PlayerLinkClient['account'];
  lobby: LobbyState | null;
}

/**
 * The page's player link, opened while the component is mounted (it stays open for the next page: leaving a
 * lobby page does not drop the table). Re-renders on any change of status, account, lobby or game feed.
 */
export function usePlayerLink(): LinkView {
  const link = playerLink();
  useSyncExternalStore(
    (notify) => link.onChange(notify),
    () => link.changeCount,
  );
  useEffect(() => link.connect(), [link]);
  return { link, status: link.status, account: link.account, lobby: link.lobby };
}

/** Calls `listener` with every message the server sends while mounted (the latest listener is used). */
export function useLinkMessages(listener: (message: PlayerLinkOut) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => playerLink().subscribe((message) => latest.current(message)), []);
}

/** The feed of one game (undefined until the link hears of it); re-rendered as messages arrive. */
export function useGameFeed(gameUuid: string): GameFeed | undefined {
  const link = playerLink();
  useSyncExternalStore(
    (notify) => link.onChange(notify),
    () => link.changeCount,
  );
  useEffect(() => link.connect(), [link]);
  return link.game(gameUuid);
}
