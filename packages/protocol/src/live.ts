import { z } from 'zod';
import { LooseId } from './calls/common';
import { FailReasonWire, GameProgressWire, GameUuid } from './calls/games';
import { type ChatMessage, type ChatRefusal, type ChatState, ChatText, StampIdWire } from './chat';
import type { DetailRule } from './rules/detail-rule';

// Live channels. The console's match pages read a server-sent event stream of a season's changes; players hold a
// WebSocket (the player link) to be ready, be seated and play. Both are documented in the server README.

/**
 * One event of `GET /api/contest/season_events?unique_id&season_id` (text/event-stream, event name `change`).
 * `ready`, `plans`, `running` and `records` say that list changed (read it again); `progress` carries a running
 * game's new standing so the page can update it without a read; `teams` says the season's teams changed (names,
 * members, score changes: the lists showing team names and the team ranking read again), `removed` naming the
 * teams deleted by the change (`all` when every team was), whose member lists are not to be read again.
 */
export const SeasonChangeWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('plans') }),
  z.object({ kind: z.literal('running') }),
  z.object({ kind: z.literal('records') }),
  /**
   * A table failed to start or stopped on an engine error, or a plan was cancelled because a seat may no longer
   * play: the failed-table list changed, and its players are free again.
   */
  z.object({ kind: z.literal('failed'), uuid: z.string(), reason: FailReasonWire }),
  z.object({
    kind: z.literal('teams'),
    removed: z.union([z.array(z.number().int()), z.literal('all')]),
  }),
  z.object({
    kind: z.literal('progress'),
    game_uuid: z.string(),
    paused: z.number().int(),
    ...GameProgressWire.shape,
  }),
]);
export type SeasonChange = z.infer<typeof SeasonChangeWire>;

/** Player link (`GET /api/player/link`, WebSocket): what the player's client sends. The first must be `auth`. */
export const PlayerLinkInWire = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  /** Enter a season's lobby (one at a time); leaving it or closing the link ends being ready. */
  z.object({ op: z.literal('enter'), unique_id: LooseId, season_id: LooseId }),
  z.object({ op: z.literal('ready'), ready: z.boolean() }),
  /** The answer to a decision: `ask_id` of the `game_message` that asked, and the rules engine's reply. */
  z.object({
    op: z.literal('answer'),
    game_uuid: z.string().max(64),
    ask_id: z.number().int().nonnegative(),
    reply: z.record(z.string(), z.unknown()),
  }),
  z.object({ op: z.literal('ping') }),
  /**
   * A message to the lobby's chat: `text` or a `stamp` id, exactly one (else 2517). Refusals: 2528 chat off on
   * this server, 2536 not in a lobby, 2512 with a `reason` (ChatRefusal).
   */
  z.object({
    op: z.literal('chat_send'),
    text: ChatText.optional(),
    stamp: StampIdWire.optional(),
  }),
  /** An organiser deletes a message of the lobby's chat (2506 for anyone else, 2517 for no such message). */
  z.object({ op: z.literal('chat_delete'), id: LooseId }),
  /** An emoji stamp at a table the player sits at, shown to that table's seats (2512 `stamps_off` / `flood`). */
  z.object({ op: z.literal('stamp'), game_uuid: GameUuid, stamp: StampIdWire }),
]);
export type PlayerLinkIn = z.infer<typeof PlayerLinkInWire>;

/**
 * The rule of a game as its players' tables read it (sent with `game_start`): the season's `detail_rule` complete
 * (absent fields at the round type's defaults), with the tournament's `emoji_switch`. The table takes from it
 * the thinking time of a decision (`time_fixed + time_add` seconds) and what the rules engine's own rule does not
 * say (minimum han, kyuushu kyuuhai, the riichi stick's value, kokushi robbing a closed kan).
 */
export type TableRuleView = DetailRule;

/** Player link: what the server sends. */
export type PlayerLinkOut =
  | { op: 'authed'; account_id: number; nickname: string }
  | { op: 'entered'; unique_id: number; season_id: number; ready: boolean }
  /**
   * Whether the player is ready. With a season: the server ended being ready there because the player may no
   * longer play in it (taken off the roster, blacklisted or banned).
   */
  | { op: 'ready'; ready: boolean; unique_id?: number; season_id?: number }
  /**
   * After `entered`, when the server offers season chat: the latest messages (oldest first) and what this
   * player may do. Again as `chat_state` when the organisers change the chat limits.
   */
  | ({ op: 'chat_history'; unique_id: number; season_id: number; messages: ChatMessage[] } & ChatState)
  | ({ op: 'chat_state'; unique_id: number; season_id: number } & ChatState)
  /** A new message of the lobby's chat, to everyone in the lobby (its sender included). */
  | { op: 'chat'; unique_id: number; season_id: number; message: ChatMessage }
  /** An organiser deleted a message: clients remove it. */
  | { op: 'chat_deleted'; unique_id: number; season_id: number; id: number }
  /** A seat of a table sent an emoji stamp (to every seat of the table, the sender's included). */
  | { op: 'stamp'; game_uuid: string; seat: number; stamp: number }
  /**
   * A game with this player has started; `seat` is theirs (0 = first dealer). The season, round type and the
   * rule fields a player's table needs (`rule`) were added later: older servers leave them out.
   */
  | {
      op: 'game_start';
      game_uuid: string;
      seat: number;
      players: { account_id: number; nickname?: string }[];
      unique_id?: number;
      season_id?: number;
      round_type?: number;
      rule?: TableRuleView;
    }
  /**
   * A message of the table for this seat, as the rules engine words it (`kaiju`, `qipai`, `zimo`, `dapai`, …);
   * `ask` is set when a decision is due (`id`, `deadline` in ms since the epoch).
   */
  | {
      op: 'game_message';
      game_uuid: string;
      seat: number;
      msg: Record<string, unknown>;
      ask: { id: number; deadline: number } | null;
    }
  /** On entering (or re-entering) a running game: the hand so far, to rebuild the table, then live messages. */
  | {
      op: 'table_state';
      game_uuid: string;
      seat: number;
      paused: boolean;
      messages: { msg: Record<string, unknown>; ask: { id: number; deadline: number } | null }[];
    }
  | { op: 'game_paused'; game_uuid: string; paused: boolean }
  | { op: 'game_end'; game_uuid: string; terminated: boolean }
  | { op: 'pong' }
  /** A refusal; 2512 (chat) names its `reason`. */
  | { op: 'error'; code: number; message: string; reason?: ChatRefusal };
