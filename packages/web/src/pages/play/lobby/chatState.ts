import { type ChatMessage, type ChatRefusal, ErrorCode, type PlayerLinkOut } from '@taikai/protocol';

/** Messages kept in a lobby's chat at most (the oldest go first). */
export const CHAT_KEEP = 200;

/** Why the chat panel shows a refusal: the server's reasons, or chat off on this server. */
export type ChatNotice = ChatRefusal | 'off';

/** What a lobby's chat panel shows. */
export interface ChatView {
  /** `chat_history` has arrived for this lobby. */
  loaded: boolean;
  messages: ChatMessage[];
  stamps: boolean;
  canSend: boolean;
  /** Why the player may not write at all now (the season's chat limit), or null. */
  reason: ChatRefusal | null;
  moderator: boolean;
  /** The last refusal of something the player sent (flood, a stamp while off…), or null. */
  notice: ChatNotice | null;
}

export const EMPTY_CHAT: ChatView = {
  loaded: false,
  messages: [],
  stamps: false,
  canSend: false,
  reason: null,
  moderator: false,
  notice: null,
};

type Season = { uniqueId: number; seasonId: number };

const inSeason = (m: { unique_id: number; season_id: number }, s: Season) =>
  m.unique_id === s.uniqueId && m.season_id === s.seasonId;

/**
 * The chat panel's state after one message of the player link. Messages of another lobby are ignored; a
 * message heard twice (a reconnection's history) is kept once; deleted ones are dropped.
 */
export function chatReducer(state: ChatView, message: PlayerLinkOut, season: Season): ChatView {
  switch (message.op) {
    case 'chat_history':
      if (!inSeason(message, season)) return state;
      return {
        loaded: true,
        messages: message.messages.slice(-CHAT_KEEP),
        stamps: message.stamps,
        canSend: message.can_send,
        reason: message.reason,
        moderator: message.moderator,
        notice: null,
      };
    case 'chat_state':
      if (!inSeason(message, season)) return state;
      return {
        ...state,
        stamps: message.stamps,
        canSend: message.can_send,
        reason: message.reason,
        moderator: message.moderator,
        notice: message.can_send ? null : state.notice,
      };
    case 'chat': {
      if (!inSeason(message, season)) return state;
      if (state.messages.some((m) => m.id === message.message.id)) return state;
      return { ...state, messages: [...state.messages, message.message].slice(-CHAT_KEEP) };
    }
    case 'chat_deleted':
      if (!inSeason(message, season)) return state;
      return { ...state, messages: state.messages.filter((m) => m.id !== message.id) };
    case 'error':
      if (message.code === ErrorCode.CHAT_RESTRICTED && message.reason) {
        const standing = message.reason === 'whitelist' || message.reason === 'blacklist';
        return {
          ...state,
          notice: message.reason,
          ...(standing ? { canSend: false, reason: message.reason } : {}),
        };
      }
      if (message.code === ErrorCode.CHAT_UNAVAILABLE) return { ...state, notice: 'off' };
      return state;
    default:
      return state;
  }
}
