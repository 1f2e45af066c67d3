import { createHash } from 'node:crypto';
import { RuleGuard } from '../../src/robots/rule-guard';
import type { GameMessage, Reply, ReplyFn, SeatPlayer } from '../../src/robots/types';
import { toTableRule } from '../../src/rules/adapter';
import type { RuleFields } from '../../src/rules/fields';
import { SanmaGame } from '../../src/sanma/game';
import { SanmaView, sanmaRobotClassFor } from '../../src/sanma/robots';
import { dealWall } from '../../src/walls';

/** What the referee saw over a batch of games. */
export interface RefereeReport {
  games: number;
  hands: number;
  /** Robot answers to a message that offered a decision (own draw, another's discard, kan or North). */
  decisions: number;
  /** Answers that were not one of the moves the rules allowed at that moment. */
  illegal: string[];
  /** Hands after which the scores and the sticks on the table did not add up to the starting total. */
  unbalanced: string[];
  kita: number;
  wins: number;
  draws: number;
  /** Final points by robot level, summed, for the strength comparison. */
  pointsByLevel: Record<number, { seats: number; points: number; first: number }>;
}

/** Checks each answer of one robot seat against the moves the game allows at that moment. */
class RefereeSeat implements SeatPlayer {
  constructor(
    private readonly robot: SeatPlayer,
    private readonly id: number,
    private readonly game: () => SanmaGame,
    private readonly report: RefereeReport,
    private readonly where: () => string,
  ) {}

  action(msg: GameMessage, reply?: ReplyFn): void {
    if (!reply) {
      this.robot.action(msg);
      return;
    }
    this.robot.action(msg, (answer?: Reply) => {
      const problem = this.judge(msg, answer ?? {});
      if (problem) this.report.illegal.push(`${this.where()} seat ${this.id}: ${problem}`);
      reply(answer);
    });
  }

  dispose(): void {
    this.robot.dispose?.();
  }

  private judge(msg: GameMessage, answer: Reply): string | null {
    const game = this.game();
    const m = game.model;
    const me = m.player_id.indexOf(this.id);
    const keys = Object.keys(answer).filter((k) => answer[k as keyof Reply] != null);
    const draw = msg.zimo ?? msg.gangzimo;
    const claim = msg.dapai ?? msg.gang ?? msg.kita;
    const decision =
      (draw && draw.l === me) || (claim && claim.l !== me) || (msg.fulou && msg.fulou.l === me);
    if (decision) this.report.decisions++;
    if (!keys.length) return null;
    if (keys.length > 1) return `several answers at once ${JSON.stringify(answer)}`;
    const say = JSON.stringify(answer);
    if (draw && draw.l === me) {
      if (answer.hule) return game.allow_hule() ? null : `tsumo not allowed ${say}`;
      if (answer.daopai) return game.allow_pingju() ? null : `kyuushu kyuuhai not allowed ${say}`;
      if (answer.kita) return game.allowKita() ? null : `kita not allowed ${say}`;
      if (answer.gang) return game.get_gang_mianzi().includes(answer.gang) ? null : `kan not allowed ${say}`;
      if (answer.dapai) {
        const p = answer.dapai.replace(/\*$/, '');
        if (!game.get_dapai().includes(p)) return `discard not allowed ${say}`;
        if (answer.dapai.endsWith('*') && !game.allow_lizhi(p)) return `riichi not allowed ${say}`;
        return null;
      }
      return `unexpected answer to a draw ${say}`;
    }
    if (claim && claim.l !== me) {
      if (answer.hule) return game.allow_hule(me) ? null : `ron not allowed ${say}`;
      if (answer.fulou && msg.dapai) {
        const allowed = [...(game.get_peng_mianzi(me) ?? []), ...(game.get_gang_mianzi(me) ?? [])];
        return allowed.includes(answer.fulou) ? null : `call not allowed ${say}`;
      }
      return `unexpected answer to a claimable tile ${say}`;
    }
    if (msg.fulou && msg.fulou.l === me && answer.dapai) {
      return game.get_dapai().includes(answer.dapai) ? null : `discard after a call not allowed ${say}`;
    }
    return `answer where nothing was to decide ${say}`;
  }
}

/**
 * Robot levels for game `n` of the referee: one game in five seats a common robot (ai_level 2) beside a simple
 * and an auto-discard one, the others mix simple and auto-discard robots; seats rotate from game to game.
 */
export function sanmaLevels(n: number): number[] {
  const mixes = [
    [1, 1, 1],
    [1, 1, 0],
    [1, 0, 0],
    [1, 1, 1],
  ];
  const levels = n % 5 === 0 ? [2, 1, 0] : mixes[n % 4];
  const turn = Math.floor(n / 5) % 3;
  return [...levels.slice(turn), ...levels.slice(0, turn)];
}

/** A seed named by a label, so every run deals the same games. */
export const refereeSeed = (label: string): string =>
  createHash('sha256').update(`taikai-sanma-referee:${label}`).digest('hex');

/**
 * Plays `count` seeded three-player games of robots (levels by game from `levelsOf`) with every robot answer
 * judged, and the table's balance checked after every hand.
 */
export function refereeGames(
  first: number,
  count: number,
  levelsOf: (game: number) => number[],
  rule: RuleFields = {},
  roundType = 11,
): RefereeReport {
  const report: RefereeReport = {
    games: 0,
    hands: 0,
    decisions: 0,
    illegal: [],
    unbalanced: [],
    kita: 0,
    wins: 0,
    draws: 0,
    pointsByLevel: {},
  };
  for (let n = first; n < first + count; n++) {
    const table = toTableRule(rule, roundType);
    const seed = refereeSeed(String(n));
    const levels = levelsOf(n);
    let game: SanmaGame | null = null;
    const where = () => `game ${n} hand ${(game?.log.log.length ?? 0) - 1}`;
    const seats = levels.map((level, id) => {
      const robot = new (sanmaRobotClassFor(level))();
      const rules = { minHan: table.minHan, nineTerminals: table.abortive.nineTerminals };
      const guarded = RuleGuard.needed(rules) ? new RuleGuard(robot, rules, new SanmaView()) : robot;
      return new RefereeSeat(guarded, id, () => game as SanmaGame, report, where);
    });
    const total = table.initPoint * 3;
    game = new SanmaGame(
      seats,
      table,
      (h) => dealWall(seed, h, table.core.赤牌, 3),
      {
        handStart: () => {},
        handEnd: (p, result) => {
          report.hands++;
          if (result.kind === 'win') report.wins++;
          else report.draws++;
          const sum = p.scores.reduce((a, b) => a + b, 0) + p.liqibang * table.liqibangValue;
          if (sum !== total)
            report.unbalanced.push(`${where()}: ${p.scores.join('/')} + ${p.liqibang} sticks`);
        },
        yakuman: () => {},
      },
      `referee ${n}`,
      levels.map((l) => `robot ${l}`),
    );
    game.begin();
    while (!game.finished) {
      if (!game.ready) throw new Error(`${where()}: a robot did not answer`);
      game.step();
    }
    const scores = game.model.defen;
    const final = scores.reduce((a, b) => a + b, 0) + game.leftoverSticks * table.liqibangValue;
    if (final !== total) report.unbalanced.push(`game ${n} final: ${scores.join('/')}`);
    report.kita += game.log.log.flat().filter((e) => e.kita).length;
    const top = scores.indexOf(Math.max(...scores));
    levels.forEach((level, seat) => {
      report.pointsByLevel[level] ??= { seats: 0, points: 0, first: 0 };
      const entry = report.pointsByLevel[level];
      entry.seats++;
      entry.points += scores[seat];
      if (seat === top) entry.first++;
    });
    report.games++;
  }
  return report;
}
