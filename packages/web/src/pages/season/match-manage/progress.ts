import type { GamePlan, RunningGame } from '../../../api/game-calls';

// How the match pages word a table: winds, the hand in progress, seat nicknames.

/** Locale keys (under `matchManage.winds`) of the winds, East first: a seat's index is its starting wind. */
export const WINDS = ['east', 'south', 'west', 'north'] as const;
export type Wind = (typeof WINDS)[number];

/** The wind of a seat (0 East … 3 North) or of a round (`chang`). */
export function windOf(index: number): Wind {
  return WINDS[((index % 4) + 4) % 4];
}

/** The hand in progress as people say it: the round wind and the hand's number in it (ju 0 → "East 1"). */
export function handOf(progress: Pick<RunningGame, 'chang' | 'ju'>): { wind: Wind; hand: number } {
  return { wind: windOf(progress.chang), hand: progress.ju + 1 };
}

/**
 * Text cut after `max` characters (code points, so no surrogate pair is split), with an ellipsis when cut;
 * `full` tells whether anything was cut.
 */
export function truncate(text: string, max: number): { shown: string; cut: boolean } {
  const chars = [...text];
  if (chars.length <= max) return { shown: text, cut: false };
  return { shown: `${chars.slice(0, max).join('')}…`, cut: true };
}

/** How many seat columns a list of tables needs: the most seats any has (3 or 4), 4 when there is none. */
export function seatColumns(tables: readonly { seats: number }[]): number {
  return tables.reduce((most, t) => Math.max(most, t.seats), 0) || 4;
}

/** A plan's seats in seat order (E, S, W, N), whatever order the list came in. */
export function planSeats(plan: GamePlan): GamePlan['accounts'] {
  return [...plan.accounts].sort((a, b) => a.seat - b.seat);
}

/** How many of a plan's seats are ready (robots always are). */
export function readyCount(plan: GamePlan): number {
  return plan.accounts.filter((a) => a.account_id === 0 || a.ready === 1).length;
}

/** The end of a pause as a time of day when it ends today, else with its date. */
export function pauseEndFormat(pauseUntil: number, now: number): 'HH:mm' | 'MM-DD HH:mm' {
  const end = new Date(pauseUntil * 1000);
  const today = new Date(now * 1000);
  return end.toDateString() === today.toDateString() ? 'HH:mm' : 'MM-DD HH:mm';
}
