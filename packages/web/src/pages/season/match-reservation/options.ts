import type { Dayjs } from 'dayjs';

// The start options of a plan: robot level (remembered in this browser) and start time.

/** Robot level of the robot seats: 0 none (auto-discard), 1 simple, 2 common. */
export const AI_LEVELS = [0, 1, 2] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

export const AI_LEVEL_STORAGE_KEY = 'matchReservation.aiLevel';

/** The last robot level chosen in this browser; 1 (simple) the first time. */
export function rememberedAiLevel(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): AiLevel {
  const saved = Number(storage?.getItem(AI_LEVEL_STORAGE_KEY) ?? Number.NaN);
  return (AI_LEVELS as readonly number[]).includes(saved) ? (saved as AiLevel) : 1;
}

export function rememberAiLevel(
  level: AiLevel,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  storage?.setItem(AI_LEVEL_STORAGE_KEY, String(level));
}

/** The plan's `game_start_time`: the chosen moment in unix seconds, or none (= now) when empty or past. */
export function startTimeOf(value: Dayjs | null | undefined, nowUnix: number): number | undefined {
  if (!value) return undefined;
  const unix = value.unix();
  return unix > nowUnix ? unix : undefined;
}

/** The options shared by the manual start and the batch list. */
export interface PlanOptions {
  /** Back-end shuffle: the server draws the seats (`shuffle_seats`). */
  shuffle: boolean;
  start: Dayjs | null;
  aiLevel: AiLevel;
  remark: string;
}
