// Round types (`game_mode.mode`) and thinking-time presets.

export const RoundType = { EAST_4P: 1, SOUTH_4P: 2, EAST_3P: 11, SOUTH_3P: 12 } as const;
export type RoundType = (typeof RoundType)[keyof typeof RoundType];
export const ROUND_TYPES: readonly RoundType[] = [
  RoundType.EAST_4P,
  RoundType.SOUTH_4P,
  RoundType.EAST_3P,
  RoundType.SOUTH_3P,
];

export type PlayerCount = 3 | 4;

/** Seats at the table: round types above 10 are three-player. */
export function playerCountOf(roundType: number): PlayerCount {
  return roundType > 10 ? 3 : 4;
}

/** Sichuan (chuanma) games count hands instead of winds: these round types mean 4 or 8 games. */
export const CHUANMA_GAME_COUNTS: Readonly<Record<number, number>> = {
  [RoundType.EAST_4P]: 4,
  [RoundType.SOUTH_4P]: 8,
};

export interface ThinkingTime {
  time_fixed: number;
  time_add: number;
}

/** Allowed thinking time pairs in seconds (per-turn fixed + bank added), in the editor's order. */
export const THINKING_PRESETS: readonly ThinkingTime[] = [
  { time_fixed: 3, time_add: 5 },
  { time_fixed: 5, time_add: 10 },
  { time_fixed: 5, time_add: 20 },
  { time_fixed: 10, time_add: 20 },
  { time_fixed: 20, time_add: 0 },
  { time_fixed: 60, time_add: 0 },
];

export function isThinkingPreset(time: ThinkingTime): boolean {
  return THINKING_PRESETS.some((p) => p.time_fixed === time.time_fixed && p.time_add === time.time_add);
}
