// The player link client: the portal's one WebSocket (see playerLink.ts).
export {
  backoffMs,
  closePlayerLink,
  type FeedEntry,
  type GameFeed,
  type LinkListener,
  type LinkStatus,
  type LobbyState,
  linkUrl,
  PlayerLinkClient,
  playerLink,
} from './playerLink';
export { type LinkView, useGameFeed, useLinkMessages, usePlayerLink } from './usePlayerLink';
