import { LEVEL_IDS_3P, LEVEL_IDS_4P, LevelLimitType } from '@taikai/protocol';
import { describe, expect, it } from 'vitest';
import { afterGame, LADDER, ladderOf, meets, pointsFor, rungOf, type Standing, startOf } from './ladder';

/** Plays the same placement `n` times from a standing. */
function play(from: Standing, place: number, n: number, players: 3 | 4 = 4): Standing {
  let s = from;
  for (let i = 0; i < n; i++) s = afterGame(s, place, players);
  return s;
}

describe('the ladder', () => {
  it('a new account starts at Novice 1 with 0 points on both ladders', () => {
    expect(startOf(LevelLimitType.FOUR_PLAYER)).toEqual({ level: 10101, points: 0 });
    expect(startOf(LevelLimitType.THREE_PLAYER)).toEqual({ level: 20101, points: 0 });
  });

  it('a game of three players moves the three-player ladder, any other the four-player one', () => {
    expect(ladderOf(3)).toBe(LevelLimitType.THREE_PLAYER);
    expect(ladderOf(4)).toBe(LevelLimitType.FOUR_PLAYER);
  });

  it('Novice pays +20/+10/0/0 and never takes points', () => {
    expect([1, 2, 3, 4].map((p) => pointsFor(10101, p, 4))).toEqual([20, 10, 0, 0]);
    expect([1, 2, 3].map((p) => pointsFor(20102, p, 3))).toEqual([20, 10, 0]);
    expect(afterGame({ level: 10101, points: 0 }, 4, 4)).toEqual({ level: 10101, points: 0 });
    expect(afterGame({ level: 10101, points: 0 }, 2, 4)).toEqual({ level: 10101, points: 10 });
  });

  it('levels above Novice lose points for last place, more the higher the level', () => {
    const last = [2, 3, 4, 5, 6].map((major) => pointsFor(10001 + major * 100, 4, 4));
    expect(last).toEqual([-10, -40, -80, -120, -180]);
    for (let i = 1; i < last.length; i++) expect(last[i]).toBeLessThan(last[i - 1]);
    expect(pointsFor(20301, 3, 3)).toBe(-40);
  });

  it('reaching the target promotes one step, into that level’s entry points', () => {
    expect(afterGame({ level: 10101, points: 10 }, 2, 4)).toEqual({ level: 10102, points: 0 });
    // Adept 3 → Expert 1 starts at Expert's entry (100).
    expect(afterGame({ level: 10203, points: 70 }, 1, 4)).toEqual({ level: 10301, points: 100 });
    // One step a game at most, however many points.
    expect(afterGame({ level: 10101, points: 19 }, 1, 4)).toEqual({ level: 10102, points: 0 });
  });

  it('falling below 0 drops one step from Expert up, into the lower level’s entry points', () => {
    expect(afterGame({ level: 10301, points: 10 }, 4, 4)).toEqual({ level: 10203, points: 0 });
    expect(afterGame({ level: 10402, points: 50 }, 4, 4)).toEqual({ level: 10401, points: 300 });
    expect(afterGame({ level: 10601, points: 100 }, 4, 4)).toEqual({ level: 10503, points: 600 });
    expect(afterGame({ level: 20301, points: 0 }, 3, 3)).toEqual({ level: 20203, points: 0 });
  });

  it('Novice and Adept never drop: their points stop at 0', () => {
    expect(afterGame({ level: 10201, points: 5 }, 4, 4)).toEqual({ level: 10201, points: 0 });
    expect(afterGame({ level: 10102, points: 0 }, 4, 4)).toEqual({ level: 10102, points: 0 });
  });

  it('Celestial is the top: points add up without a target', () => {
    expect(rungOf(10601).target).toBeNull();
    expect(play({ level: 10601, points: 1000 }, 1, 100)).toEqual({ level: 10601, points: 13_000 });
  });

  it('winning every game climbs every step of both ladders to Celestial and stays there', () => {
    for (const [type, steps, players] of [
      [LevelLimitType.FOUR_PLAYER, LEVEL_IDS_4P, 4],
      [LevelLimitType.THREE_PLAYER, LEVEL_IDS_3P, 3],
    ] as const) {
      const seen = new Set<number>();
      let s = startOf(type);
      for (let i = 0; i < 500; i++) {
        seen.add(s.level);
        s = afterGame(s, 1, players);
      }
      expect([...seen]).toEqual([...steps]);
      expect(s.level).toBe(steps.at(-1));
    }
  });

  it('every level’s placements fall from first to last, and every target and entry is sound', () => {
    for (const rung of Object.values(LADDER)) {
      for (const table of [rung.points4, rung.points3])
        for (let i = 1; i < table.length; i++) expect(table[i]).toBeLessThanOrEqual(table[i - 1]);
      if (rung.target !== null) expect(rung.entry).toBeLessThan(rung.target);
    }
  });

  it('a level meets a minimum of its ladder at or above it; 0 is no minimum', () => {
    expect(meets(10101, 0)).toBe(true);
    expect(meets(10201, 10201)).toBe(true);
    expect(meets(10301, 10201)).toBe(true);
    expect(meets(10103, 10201)).toBe(false);
  });
});
