import { describe, expect, it } from 'vitest';
import { robotClassFor } from '../src/robots';
import { RuleGuard } from '../src/robots/rule-guard';
import { toTableRule } from '../src/rules/adapter';
import { settle } from '../src/settlement';
import { installFastShanten } from '../src/shanten/install';
import { playChecked } from './support/checked-game';

installFastShanten();

const seedOf = (n: number) => n.toString(16).padStart(64, '0');
const seatsOf = (levels: number[]) => levels.map((level) => new (robotClassFor(level))());

function expectSoundGame(levels: number[], n: number) {
  const game = playChecked({}, 1, seatsOf(levels), seedOf(n));
  expect(game.illegal).toEqual([]);
  if (levels.some((l) => l > 0)) expect(game.checked).toBeGreaterThan(0);
  const scores = game.progress().scores;
  // Points are only moved, never made: the scores and the sticks left on the table add up to the start.
  expect(scores.reduce((a, b) => a + b, 0) + game.leftoverSticks * 1000).toBe(100000);
  const settlement = settle(scores, game.leftoverSticks * 1000, toTableRule({}, 1));
  expect(settlement.players.reduce((a, p) => a + p.total_point, 0)).toBe(0);
  return game;
}

describe('robot legality: every robot answer is one the rules accept, games finish, points add up', () => {
  it('ai_level 0 (auto-discard) over 20 seeded East games', () => {
    for (let n = 1; n <= 20; n++) expectSoundGame([0, 0, 0, 0], n);
  });

  it('ai_level 1 (simple) over 8 seeded East games', () => {
    for (let n = 31; n <= 38; n++) {
      const game = expectSoundGame([1, 1, 1, 1], n);
      expect(game.log.log.length).toBeGreaterThan(0);
    }
  });

  it('ai_level 2 (common, majiang-ai) over a seeded East game', () => {
    for (let n = 1; n <= 1; n++) {
      const game = expectSoundGame([2, 2, 2, 2], n);
      // The common robot wins hands.
      expect(game.log.log.some((hand) => hand.some((entry) => entry.hule))).toBe(true);
    }
  });

  it('a mixed table (levels 0, 1 and 2) over a seeded East game', () => {
    for (let n = 21; n <= 21; n++) expectSoundGame([2, 0, 1, 1], n);
  });
});

describe('robots under a minimum han (fanfu)', () => {
  const seed = (n: number) => n.toString(16).padStart(64, 'a');
  const robots = () => [2, 1, 2, 1].map((level) => new (robotClassFor(level))());

  it('unguarded, the robots (which do not know fanfu) declare wins the rules refuse', () => {
    const game = playChecked({ fanfu: 2 }, 2, robots(), seed(2));
    expect(game.illegal.some((x) => x.includes('ron') || x.includes('tsumo'))).toBe(true);
  });

  it('guarded (as tables seat them), every declared win has the minimum han', () => {
    for (const n of [1, 2]) {
      const game = playChecked(
        { fanfu: 2 },
        2,
        robots().map((r) => new RuleGuard(r, { minHan: 2, nineTerminals: true })),
        seed(n),
      );
      expect(game.illegal).toEqual([]);
      expect(game.log.log.some((hand) => hand.some((entry) => entry.hule))).toBe(true);
    }
  });
});
