import { z } from 'zod';
import { LooseId, ShownText } from './common';
import { GameUuid } from './games';

// GET /api/contest/spectate_game?unique_id=&uuid= — a running game of the tournament watched from the side: a
// server-sent event stream of every seat's messages, each held back by the tournament's spectator delay.
export const SpectateGameReq = z.object({ unique_id: LooseId, uuid: GameUuid });

/** A seat of the watched game: robots have account 0 and their recorded name (`Robot 1`, …). */
export const SpectateSeatWire = z.object({
  seat: z.number().int(),
  account_id: z.number().int(),
  nickname: ShownText,
});

/**
 * The events of a spectator stream, each one SSE `data:` line:
 * - `hello` first: the delay (seconds), the seats, the game and its rule (as a player's table reads it);
 * - `seat`: a message of one seat exactly as that seat's player link carries it (no decision asks), `at` when it
 *   happened at the table (ms since the epoch); sent once `at + delay` has passed. On connecting, the released
 *   messages of the game's opening and of the hand in progress come first, in order, then live ones;
 * - `ended`: the game ended (after the delay); the stream then closes;
 * - `closed`: the spectator may watch no more (`code`: 2505 logged out, 2557, 2529, 2501…); the stream closes.
 */
export const SpectateEventWire = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    delay: z.number().int(),
    seats: z.array(SpectateSeatWire),
    uuid: GameUuid,
    round_type: z.number().int(),
    rule: z.record(z.string(), z.unknown()),
  }),
  z.object({
    type: z.literal('seat'),
    seat: z.number().int(),
    msg: z.record(z.string(), z.unknown()),
    at: z.number().int(),
  }),
  z.object({ type: z.literal('ended'), at: z.number().int() }),
  z.object({ type: z.literal('closed'), code: z.number().int() }),
]);
export type SpectateEvent = z.infer<typeof SpectateEventWire>;
