import { z } from 'zod';
import { LooseId } from './calls/common';
import { GameProgressWire } from './calls/games';

// Live channels. The console's match pages read a server-sent event stream of a season's changes; players hold a
// WebSocket (the player link) to be ready, be seated and play. Both are documented in the server README.

/**
 * One event of `GET /api/contest/season_events?unique_id&season_id` (text/event-stream, event name `change`).
 * `ready`, `plans`, `running` and `records` say that list changed (read it again); `progress` carries a running
 * game's new standing so the page can update it without a read.
 */
export const SeasonChangeWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('plans') }),
  z.object({ kind: z.literal('running') }),
  z.object({ kind: z.literal('records') }),
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
]);
export type PlayerLinkIn = z.infer<typeof PlayerLinkInWire>;

/** Player link: what the server sends. */
export type PlayerLinkOut =
  | { op: 'authed'; account_id: number; nickname: string }
  | { op: 'entered'; unique_id: number; season_id: number; ready: boolean }
  | { op: 'ready'; ready: boolean }
  /** A game with this player has started; `seat` is theirs (0 = first dealer). */
  | {
      op: 'game_start';
      game_uuid: string;
      seat: number;
      players: { account_id: number; nickname?: string }[];
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
  | { op: 'error'; code: number; message: string };
