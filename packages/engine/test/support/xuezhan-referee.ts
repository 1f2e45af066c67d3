import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { exchangeDirection } from '../../src/chuanma/exchange';
import type { GameLog } from '../../src/log/game-log';
import { replayGame } from '../../src/log/replay';
import { robotClassFor } from '../../src/robots';
import type { GameMessage, Reply, ReplyFn, SeatPlayer } from '../../src/robots/types';
import type { RuleFields } from '../../src/rules/fields';
import { installFastShanten } from '../../src/shanten/install';
import { verifyGame } from '../../src/verify';
import { commitmentOf, dealWall } from '../../src/walls';
import { isValidExchange } from '../../src/xuezhan/exchange';
import { XuezhanGame } from '../../src/xuezhan/game';
import { ExchangingRobot, tilesOf } from '../../src/xuezhan/seats';
import { toXuezhanRule } from '../../src/xuezhan/table-rule';

/** What the referee saw over a batch of xuezhandaodi games. */
export interface RefereeReport {
  games: number;
  hands: number;
  decisions: number;
  exchanges: number;
  wins: number;
  tsumo: number;
  /** Discards won on by two or three players. */
  multiRon: number;
  /** Hands that ended with three winners. */
  threeWinners: number;
  /** Hands that ran on after a win to the end of the wall. */
  drawsAfterWins: number;
  abortive: number;
  busts: number;
  illegal: string[];
  unbalanced: string[];
  records: { seed: string; log: GameLog; rule: RuleFields }[];
}

/** A seed named by a game number, so every run deals the same games. */
export const xuezhanSeed = (n: number): string =>
  createHash('sha256').update(`taikai-xuezhan-referee:${n}`).digest('hex');

/**
 * The setup of game `n`: robot levels (two simple robots beside two auto-discard ones, three beside one in one
 * game of four, a common robot in one game of 250; seats rotate from game to game), the exchange on in every
 * other pair of games. Robots at levels 1 and 2 cost most of the time (a level-2 East game ≈ 1.8 s): the mix keeps 250 games
 * near 8 s of CPU.
 */
export function setupOf(n: number): { levels: number[]; rule: RuleFields } {
  const mix = n % 4 === 3 ? [1, 1, 1, 0] : [1, 1, 0, 0];
  if (n % 250 === 7) mix[3] = 2;
  const turn = (n >> 1) % 4;
  return {
    levels: [...mix.slice(turn), ...mix.slice(0, turn)],
    rule: { xuezhandaodi: 1, huansanzhang: (n >> 2) % 2 },
  };
}

/** Checks each answer of one robot seat against the moves the game allows at that moment. */
class RefereeSeat implements SeatPlayer {
  constructor(
    private readonly robot: SeatPlayer,
    private readonly id: number,
    private readonly game: () => XuezhanGame,
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

  private judge(msg: GameMessage, answer: Reply): string | null {
    const game = this.game();
    const m = game.model;
    const me = m.player_id.indexOf(this.id);
    const say = JSON.stringify(answer);
    if (msg.huan) {
      this.report.exchanges++;
      return isValidExchange(tilesOf(msg.huan.shoupai), answer.huan ?? []) ? null : `exchange ${say}`;
    }
    const keys = Object.keys(answer).filter((k) => answer[k as keyof Reply] != null);
    const draw = msg.zimo ?? msg.gangzimo;
    const claim = msg.dapai ?? msg.gang;
    const decision =
      (draw && draw.l === me) || (claim && claim.l !== me) || (msg.fulou && msg.fulou.l === me);
    if (decision) this.report.decisions++;
    if (!keys.length) return null;
    if (keys.length > 1) return `several answers at once ${say}`;
    if (draw && draw.l === me) {
      if (answer.hule) return game.allow_hule() ? null : `tsumo not allowed ${say}`;
      if (answer.daopai) return game.allow_pingju() ? null : `kyuushu kyuuhai not allowed ${say}`;
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
        const allowed = [
          ...(game.get_peng_mianzi(me) ?? []),
          ...(game.get_gang_mianzi(me) ?? []),
          ...((msg.dapai.l + 1) % 4 === me ? (game.get_chi_mianzi(me) ?? []) : []),
        ];
        return allowed.includes(answer.fulou) ? null : `call not allowed ${say}`;
      }
      return `unexpected answer to a claimable tile ${say}`;
    }
    if (msg.fulou && msg.fulou.l === me && answer.dapai)
      return game.get_dapai().includes(answer.dapai) ? null : `discard after a call not allowed ${say}`;
    return `answer where nothing was to decide ${say}`;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: record entries are plain JSON
type Entry = Record<string, any>;

/** Checks one hand's record: honba 0, at most three winners, winners never act again, the hand ends as it must. */
function handProblems(entries: Entry[]): string[] {
  const problems: string[] = [];
  if (entries[0].qipai.changbang !== 0) problems.push(`honba ${entries[0].qipai.changbang}`);
  const won = new Set<number>();
  for (const e of entries) {
    const actor = (e.zimo ?? e.gangzimo ?? e.dapai ?? e.fulou ?? e.gang)?.l;
    if (actor !== undefined && won.has(actor)) problems.push(`seat ${actor} plays on after winning`);
    if (e.hule) won.add(e.hule.l);
  }
  const last = entries[entries.length - 1];
  if (won.size > 3) problems.push(`${won.size} winners`);
  if (!last.pingju && won.size < 3 && !last.hule)
    problems.push('the hand ends with neither three wins nor a draw');
  return problems;
}

/** Plays games `first` … `first + count − 1` with every robot answer judged and every hand balanced. */
export function refereeGames(first: number, count: number, keepEvery = 0): RefereeReport {
  const report: RefereeReport = {
    games: 0,
    hands: 0,
    decisions: 0,
    exchanges: 0,
    wins: 0,
    tsumo: 0,
    multiRon: 0,
    threeWinners: 0,
    drawsAfterWins: 0,
    abortive: 0,
    busts: 0,
    illegal: [],
    unbalanced: [],
    records: [],
  };
  for (let n = first; n < first + count; n++) {
    const { levels, rule } = setupOf(n);
    const { table, huansanzhang } = toXuezhanRule(rule, 1);
    const seed = xuezhanSeed(n);
    let game: XuezhanGame | null = null;
    const where = () => `game ${n} hand ${(game?.log.log.length ?? 0) - 1}`;
    const seats = levels.map(
      (level, id) =>
        new RefereeSeat(
          new ExchangingRobot(new (robotClassFor(level))()),
          id,
          () => game as XuezhanGame,
          report,
          where,
        ),
    );
    const stick = table.liqibangValue;
    const total = table.initPoint * 4;
    let sticksAtStart = 0;
    let ju = 0;
    game = new XuezhanGame(
      seats,
      table,
      (h, attempt) => dealWall(seed, h, table.core.赤牌, 4, attempt),
      {
        handStart: (p) => {
          sticksAtStart = p.liqibang;
          if (p.ju !== ju || p.ben !== 0)
            report.illegal.push(`${where()}: dealt as ${p.ju}-${p.ben}, not ${ju}-0`);
        },
        handEnd: (p, result) => {
          report.hands++;
          const sum = p.scores.reduce((a, b) => a + b, 0) + p.liqibang * stick;
          const deltas = result.deltas.reduce((a, b) => a + b, 0) + (p.liqibang - sticksAtStart) * stick;
          if (sum !== total || deltas !== 0)
            report.unbalanced.push(
              `${where()}: ${p.scores.join('/')} + ${p.liqibang} sticks, deltas ${result.deltas}`,
            );
          const abortive = result.kind === 'draw' ? result.abortive : !!result.draw?.abortive;
          if (abortive) report.abortive++;
          else ju++;
          if (result.kind === 'win') {
            report.wins += result.wins.length;
            report.tsumo += result.wins.filter((w) => w.from === null).length;
            if (result.wins.length === 3) report.threeWinners++;
            if (result.draw && !result.draw.abortive) report.drawsAfterWins++;
          }
          if (p.scores.some((s) => s < 0)) report.busts++;
        },
        yakuman: () => {},
      },
      `referee ${n}`,
      levels.map((l) => `robot ${l}`),
      undefined,
      { huansanzhang, directionOf: (h, attempt) => exchangeDirection(seed, h, attempt) },
    );
    game.begin();
    let steps = 0;
    while (!game.finished) {
      if (!game.ready) throw new Error(`${where()}: a robot did not answer`);
      game.step();
      if (++steps > 200_000) throw new Error(`${where()}: no end`);
    }
    const scores = game.model.defen;
    const final = scores.reduce((a, b) => a + b, 0) + game.leftoverSticks * stick;
    if (final !== total) report.unbalanced.push(`game ${n} final: ${scores.join('/')}`);
    game.log.log.forEach((entries, hand) => {
      for (const problem of handProblems(entries)) report.illegal.push(`game ${n} hand ${hand}: ${problem}`);
      entries.forEach((e, i) => {
        if (
          e.hule &&
          entries[i - 1]?.hule &&
          e.hule.baojia !== null &&
          entries[i - 1].hule.baojia === e.hule.baojia
        )
          report.multiRon++;
      });
    });
    if (!scores.some((s) => s < 0) && ju !== 4) report.illegal.push(`game ${n}: ${ju} hands moved on, not 4`);
    if (keepEvery > 0 && (n - first) % keepEvery === 0) {
      const log: GameLog = {
        format: 'taikai/1',
        tableId: `referee-${n}`,
        roundType: 1,
        commitment: commitmentOf(seed),
        red: table.core.赤牌,
        mode: 'xuezhan',
        xuezhan: { huansanzhang },
        leftoverStickPoints: game.leftoverSticks * stick,
        changbangValue: table.changbangValue,
        paipu: game.log,
      };
      report.records.push({ seed, log, rule });
    }
    report.games++;
  }
  return report;
}

/**
 * One file's part of the xuezhandaodi referee (`part` of 4, 250 games each): levels mixed, the exchange on and
 * off. Every answer is legal, every hand balances, every record verifies and one in ten replays.
 */
export function refereePart(part: 1 | 2 | 3 | 4): void {
  installFastShanten();
  const started = performance.now();
  const report = refereeGames((part - 1) * 250, 250, 1);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `xuezhan referee ${part}/4: ${report.games} games, ${report.hands} hands, ${report.decisions} decisions, ` +
      `${report.exchanges} exchanges, ${report.wins} wins (${report.tsumo} tsumo, ${report.multiRon} multi-ron), ` +
      `${report.threeWinners} hands to three winners, ${report.drawsAfterWins} draws after wins, ` +
      `${report.abortive} abortive, ${report.busts} busts, ${seconds.toFixed(1)} s`,
  );
  expect(report.illegal).toEqual([]);
  expect(report.unbalanced).toEqual([]);
  expect(report.games).toBe(250);
  expect(report.threeWinners).toBeGreaterThan(0);
  expect(report.multiRon).toBeGreaterThan(0);
  expect(report.drawsAfterWins).toBeGreaterThan(0);
  for (const { seed, log } of report.records) expect(verifyGame(seed, log).problems).toEqual([]);
  for (const { seed, log, rule } of report.records.filter((_, i) => i % 10 === 0)) {
    const replayed = replayGame(log, seed, rule);
    expect(replayed.log).toEqual(log.paipu.log);
    expect(replayed.defen).toEqual(log.paipu.defen);
  }
}
