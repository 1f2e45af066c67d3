import { z } from 'zod';
import { isReadableText, isWellFormedText, UNREADABLE_TEXT_MESSAGE } from './calls/common';

import { isStampId } from './stamps';

export * from './stamps';

// Season chat and emoji stamps (the player link carries them; README "Live channels" of the server).

export const CHAT_LIMITS = {
  /** Longest message, in characters (code points), after trimming. */
  TEXT_MAX: 200,
  /** At most this many messages (text or stamp) per player and season … */
  FLOOD_COUNT: 5,
  /** … within this many seconds; beyond it the message is refused (2512, reason `flood`). */
  FLOOD_WINDOW_S: 10,
  /** Messages a player is sent on entering a lobby: the latest, oldest first. */
  HISTORY: 50,
  /** At a table: at most this many stamps per seat within `FLOOD_WINDOW_S`. */
  TABLE_STAMPS: 3,
} as const;

/**
 * Chat text: trimmed, line ends made LF, 1…200 characters, well-formed and readable by the rule every text of a
 * call follows (`isReadableText`: no control character but TAB and line ends, no bidi override).
 */
export const ChatText = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, 'empty message')
      .refine(isWellFormedText, 'text with a NUL character or an unpaired surrogate')
      .refine(isReadableText, UNREADABLE_TEXT_MESSAGE)
      .refine((s) => [...s].length <= CHAT_LIMITS.TEXT_MAX, `at most ${CHAT_LIMITS.TEXT_MAX} characters`),
  );

export const StampIdWire = z
  .number()
  .int()
  .refine((n) => isStampId(n), 'not a stamp');

/**
 * Why a player may not chat in a season now (2512 carries it as `reason`): `whitelist` the season's chat is
 * limited to its whitelist and they are not on it; `blacklist` they are on its chat blacklist; `flood` more than
 * `FLOOD_COUNT` messages within `FLOOD_WINDOW_S`; `stamps_off` a stamp while the tournament's emoji switch is off.
 */
export type ChatRefusal = 'whitelist' | 'blacklist' | 'flood' | 'stamps_off';

/** A message of a season's chat. Exactly one of `text` and `stamp` is set. */
export type ChatMessage = {
  id: number;
  account_id: number;
  nickname: string;
  /** Sent by an organiser of the tournament (its creator or an admin) at that time. */
  organiser: boolean;
  time: number;
  text: string | null;
  stamp: number | null;
};

/** What a player may do in a season's chat, as told on entering and when the organisers change the limits. */
export type ChatState = {
  /** Stamps may be sent (the tournament's emoji switch is on). */
  stamps: boolean;
  /** This player may send now, else `reason` says why not. */
  can_send: boolean;
  reason: ChatRefusal | null;
  /** This player may delete messages (an organiser). */
  moderator: boolean;
};
