import { describe, expect, it } from 'vitest';
import { forGuyi } from '../../src/guyi/seat-win';
import { GUYI_YAKU } from '../../src/guyi/yaku';
import { robotClassFor } from '../../src/robots';
import { RuleGuard } from '../../src/robots/rule-guard';
import { toTableRule } from '../../src/rules/adapter';
import { playChecked } from './checked-game';

/** What a run of guyi_mode robot games saw, for the test to check it saw enough. */
export interface GuyiRefereeReport {
  games: number;
  hands: number;
  decisions: number;
  wins: number;
  /** Wins with at least one of the mode's own yaku. */
  localWins: number;
  illegal: string[];
  unbalanced: string[];
}

/** The mode's own yaku, as the record names them. */
const LOCAL = new Set(GUYI_YAKU);

/**
 * Plays `count` seeded four-player East games with guyi_mode on (games `from` … `from + count − 1`), the seats
 * built as tables build them (each robot level's class made guyi-aware, guarded by the rule): two seats of level 0
 * and two of level 1, fanfu 1 and 2 in turn. Every answer is judged by the table (`CheckedGame`) before it is applied, every
 * hand's scores plus sticks must add up to the table's total.
 */
export function refereeGuyi(from: number, count: number): GuyiRefereeReport {
  const report: GuyiRefereeReport = {
    games: 0,
    hands: 0,
    decisions: 0,
    wins: 0,
    localWins: 0,
    illegal: [],
    unbalanced: [],
  };
  for (let n = from; n < from + count; n++) {
    const fanfu = n % 2 === 0 ? 1 : 2;
    const rule = { guyi_mode: 1, fanfu };
    // As tables seat robots: the seat checks the minimum han itself, the guard only the nine-terminals draw.
    const guard = { minHan: 1, nineTerminals: toTableRule(rule, 1).abortive.nineTerminals };
    const seats = [0, 1, 2, 3].map((s) => {
      const robot = new (forGuyi(robotClassFor((n + s) % 2), fanfu))();
      return RuleGuard.needed(guard) ? new RuleGuard(robot, guard) : robot;
    });
    const hands: { deltas: number[]; sticks: number; wins: { yaku: string[] }[] }[] = [];
    let sticksBefore = 0;
    const game = playChecked(rule, 1, seats, n.toString(16).padStart(64, 'c'), {
      handStart: (p) => {
        sticksBefore = p.liqibang;
      },
      handEnd: (p, result) =>
        hands.push({
          deltas: result.deltas,
          sticks: sticksBefore - p.liqibang,
          wins: result.kind === 'win' ? result.wins : [],
        }),
    });
    report.games++;
    report.hands += hands.length;
    report.decisions += game.checked;
    report.illegal.push(...game.illegal.map((e) => `game ${n}: ${e}`));
    for (const [h, hand] of hands.entries()) {
      // A hand's payments balance but for the riichi sticks: those taken from the table, less those left on it.
      const sum = hand.deltas.reduce((a, b) => a + b, 0);
      if (sum !== hand.sticks * 1000)
        report.unbalanced.push(`game ${n} hand ${h}: ${hand.deltas.join(' ')}, sticks ${hand.sticks}`);
      report.wins += hand.wins.length;
      report.localWins += hand.wins.filter((w) => w.yaku.some((y) => LOCAL.has(y))).length;
    }
    const scores = game.progress().scores;
    if (scores.reduce((a, b) => a + b, 0) + game.leftoverSticks * 1000 !== 100000)
      report.unbalanced.push(`game ${n}: final ${scores.join(' ')} + ${game.leftoverSticks} sticks`);
  }
  return report;
}

/** The checks every referee file makes of its report. */
function expectFairGuyiGames(report: GuyiRefereeReport): void {
  expect(report.illegal).toEqual([]);
  expect(report.unbalanced).toEqual([]);
  expect(report.wins).toBeGreaterThan(report.games);
  expect(report.localWins).toBeGreaterThan(0);
}

/** One referee file: `count` games from game `from`, reported and checked. */
export function refereeGuyiFile(from: number, count: number): void {
  describe(`guyi_mode referee, games ${from}–${from + count - 1}`, () => {
    it(`${count} seeded East games: every answer legal, every hand balanced, local yaku won`, () => {
      const report = refereeGuyi(from, count);
      const { illegal, unbalanced, ...seen } = report;
      console.log(`guyi referee ${from}–${from + count - 1}: ${JSON.stringify(seen)}`);
      expectFairGuyiGames(report);
    }, 600_000);
  });
}
