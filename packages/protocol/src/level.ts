// Rank level ids used by `level_limit` and `required_level_p4/p3`:
// <type><major><0><stars>: type 1 four-player / 2 three-player; major 1 Novice … 6 Celestial; stars 1–3
// (Celestial has a single step, so the ids run 10101 … 10601 and 20101 … 20601). 0 means no requirement.

import { LevelLimitType } from './enums';

export const LevelMajor = { NOVICE: 1, ADEPT: 2, EXPERT: 3, MASTER: 4, SAINT: 5, CELESTIAL: 6 } as const;
export type LevelMajor = (typeof LevelMajor)[keyof typeof LevelMajor];

export const LEVEL_NONE = 0;

export interface LevelParts {
  type: LevelLimitType;
  major: LevelMajor;
  stars: 1 | 2 | 3;
}

/** Steps within a major level: three stars, one for Celestial. */
export function starsOf(major: LevelMajor): number {
  return major === LevelMajor.CELESTIAL ? 1 : 3;
}

export function levelId(parts: LevelParts): number {
  return parts.type * 10000 + parts.major * 100 + parts.stars;
}

/** The parts of a level id, or null for 0 and for numbers that are not level ids. */
export function parseLevelId(id: number): LevelParts | null {
  if (!Number.isInteger(id)) return null;
  const type = Math.floor(id / 10000);
  const major = Math.floor((id % 10000) / 100);
  const stars = id % 100;
  if (type !== LevelLimitType.FOUR_PLAYER && type !== LevelLimitType.THREE_PLAYER) return null;
  if (major < LevelMajor.NOVICE || major > LevelMajor.CELESTIAL) return null;
  if (stars < 1 || stars > starsOf(major as LevelMajor)) return null;
  return { type: type as LevelLimitType, major: major as LevelMajor, stars: stars as 1 | 2 | 3 };
}

function idsOf(type: LevelLimitType): number[] {
  const ids: number[] = [];
  for (let major = LevelMajor.NOVICE; major <= LevelMajor.CELESTIAL; major++) {
    for (let stars = 1; stars <= starsOf(major as LevelMajor); stars++) {
      ids.push(levelId({ type, major: major as LevelMajor, stars: stars as 1 | 2 | 3 }));
    }
  }
  return ids;
}

/** 10101 … 10601 and 20101 … 20601, ascending. */
export const LEVEL_IDS_4P: readonly number[] = idsOf(LevelLimitType.FOUR_PLAYER);
export const LEVEL_IDS_3P: readonly number[] = idsOf(LevelLimitType.THREE_PLAYER);

/** True for 0 (no requirement) or a level id of the given type. */
export function isLevelRequirement(id: unknown, type: LevelLimitType): boolean {
  if (id === LEVEL_NONE) return true;
  return typeof id === 'number' && parseLevelId(id)?.type === type;
}
