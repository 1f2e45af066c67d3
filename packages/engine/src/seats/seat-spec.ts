/** Who sits in a seat: a robot of an `ai_level`, or a player whose messages go to their client. */
export type SeatSpec =
  | { kind: 'robot'; level: number; name?: string }
  | { kind: 'player'; name?: string; accountId?: number };
