import {
  LEVEL_IDS_3P,
  LEVEL_IDS_4P,
  LevelLimitType,
  LevelMajor,
  levelId,
  parseLevelId,
} from '@taikai/protocol';

// The ladder: how a rated game's placement moves a player's level (server README, "Player levels"). Pure rules,
// no I/O. A level is a step of the ladder (a level code, e.g. 10203 = four-player Adept 3) and points within it.

/** Where a player stands on one ladder (four-player or three-player). */
export interface Standing {
  level: number;
  points: number;
}

/** The rules of one major level, for every step (star) of it. */
export interface Rung {
  major: LevelMajor;
  /** Points that promote to the next step; null at the top (Celestial). */
  target: number | null;
  /** Points a player has on entering a step of this level, promoted or demoted into it. */
  entry: number;
  /** Points per placement, 1st first: four-player, three-player. */
  points4: readonly [number, number, number, number];
  points3: readonly [number, number, number];
  /** Whether falling below 0 points drops the player one step (else the points stay at 0). */
  demotes: boolean;
}

export const LADDER: Readonly<Record<LevelMajor, Rung>> = {
  [LevelMajor.NOVICE]: {
    major: LevelMajor.NOVICE,
    target: 20,
    entry: 0,
    points4: [20, 10, 0, 0],
    points3: [20, 10, 0],
    demotes: false,
  },
  [LevelMajor.ADEPT]: {
    major: LevelMajor.ADEPT,
    target: 80,
    entry: 0,
    points4: [40, 20, 0, -10],
    points3: [40, 10, -10],
    demotes: false,
  },
  [LevelMajor.EXPERT]: {
    major: LevelMajor.EXPERT,
    target: 200,
    entry: 100,
    points4: [60, 30, 0, -40],
    points3: [60, 10, -40],
    demotes: true,
  },
  [LevelMajor.MASTER]: {
    major: LevelMajor.MASTER,
    target: 600,
    entry: 300,
    points4: [80, 40, 0, -80],
    points3: [80, 20, -80],
    demotes: true,
  },
  [LevelMajor.SAINT]: {
    major: LevelMajor.SAINT,
    target: 1200,
    entry: 600,
    points4: [100, 50, 0, -120],
    points3: [100, 20, -120],
    demotes: true,
  },
  [LevelMajor.CELESTIAL]: {
    major: LevelMajor.CELESTIAL,
    target: null,
    entry: 1000,
    points4: [120, 60, 0, -180],
    points3: [120, 30, -180],
    demotes: true,
  },
};

/** The ladder of a kind of play: its steps, lowest first. */
export function stepsOf(type: LevelLimitType): readonly number[] {
  return type === LevelLimitType.THREE_PLAYER ? LEVEL_IDS_3P : LEVEL_IDS_4P;
}

/** The kind of play of a game by its player count: 3 → three-player ladder, else four-player. */
export function ladderOf(playerCount: number): LevelLimitType {
  return playerCount === 3 ? LevelLimitType.THREE_PLAYER : LevelLimitType.FOUR_PLAYER;
}

/** Where every account starts: Novice 1 with 0 points. */
export function startOf(type: LevelLimitType): Standing {
  return { level: levelId({ type, major: LevelMajor.NOVICE, stars: 1 }), points: 0 };
}

/** The rules of the step a level code names (throws for a code that is no level). */
export function rungOf(level: number): Rung {
  const parts = parseLevelId(level);
  if (!parts) throw new Error(`not a level code: ${level}`);
  return LADDER[parts.major];
}

/** Points a placement (1 = first) earns at a level, in a game of `playerCount` players. */
export function pointsFor(level: number, place: number, playerCount: 3 | 4): number {
  const rung = rungOf(level);
  const table: readonly number[] = playerCount === 3 ? rung.points3 : rung.points4;
  if (!Number.isInteger(place) || place < 1 || place > table.length) throw new Error(`no place ${place}`);
  return table[place - 1];
}

/** The step above (null at the top) or below (null at the bottom) on the same ladder. */
function neighbour(level: number, by: 1 | -1): number | null {
  const parts = parseLevelId(level);
  if (!parts) return null;
  const steps = stepsOf(parts.type);
  return steps[steps.indexOf(level) + by] ?? null;
}

/**
 * Where a player stands after one rated game: the placement's points are added; at the step's target the player
 * goes up one step (at most one a game) and starts it with that level's entry points; below 0, a level that
 * demotes drops them one step, to the entry points of the level below, and one that does not keeps them at 0.
 */
export function afterGame(before: Standing, place: number, playerCount: 3 | 4): Standing {
  const rung = rungOf(before.level);
  const points = before.points + pointsFor(before.level, place, playerCount);
  if (rung.target !== null && points >= rung.target) {
    const up = neighbour(before.level, 1);
    if (up !== null) return { level: up, points: rungOf(up).entry };
  }
  if (points < 0) {
    const down = rung.demotes ? neighbour(before.level, -1) : null;
    return down === null ? { level: before.level, points: 0 } : { level: down, points: rungOf(down).entry };
  }
  return { level: before.level, points };
}

/** Whether a level meets a minimum level of the same ladder (0 = no minimum). */
export function meets(level: number, minimum: number): boolean {
  if (minimum === 0) return true;
  return level >= minimum;
}
