import { expect } from 'vitest';
import { exchangeDirection, isValidExchange } from '../../src/chuanma/exchange';
import { ChuanmaGame } from '../../src/chuanma/game';
import { canWin, type Hand } from '../../src/chuanma/hand';
import type { ChuanmaMessage, ChuanmaReplyFn, ChuanmaSeat } from '../../src/chuanma/messages';
import { chuanmaGameLog } from '../../src/chuanma/record';
import { ChuanmaRobot } from '../../src/chuanma/robot';
import { toChuanmaRule } from '../../src/chuanma/rule';
import { SUITS, suitOf } from '../../src/chuanma/tiles';
import { ChuanmaSeatView } from '../../src/chuanma/view';
import { chuanmaWall } from '../../src/chuanma/wall';
import type { GameLog } from '../../src/log/game-log';
import { replayGame } from '../../src/log/replay';
import type { Reply } from '../../src/robots/types';
import { settle } from '../../src/settlement';
import { installFastShanten } from '../../src/shanten/install';
import type { HandResult } from '../../src/table-game';
import { verifyGame } from '../../src/verify';
import { commitmentOf } from '../../src/walls';

/**
 * The chuanma referee: robot games played on `ChuanmaGame` with every seat watched by a judge that follows the
 * seat's messages on a view of its own and checks, message by message, that the table offered exactly what the
 * rules allow (a win iff the hand wins, discards of the void suit first, pungs and kongs only of held tiles
 * outside the void suit) and that the robot answered within what was offered.
 */
export function seedOf(n: number): string {
  return ((n * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(8);
}

export interface RefereeReport {
  games: number;
  hands: number;
  decisions: number;
  wins: number;
  kongs: number;
  pungs: number;
  exhausted: number;
  busts: number;
  /** Discards won on by two or three players. */
  multiRon: number;
  /** Added kongs robbed (抢杠胡). */
  robbed: number;
  /** Games of 8 hands. */
  long: number;
  illegal: string[];
  unbalanced: string[];
  records: { seed: string; log: GameLog; rule: Record<string, number> }[];
}

/** The game setup of game `n`: robot levels, the exchange and can_jifei switches, 4 or 8 hands. */
export function setupOf(n: number) {
  const levels = [0, 1, 2, 3].map((s) => (n + s * (1 + (n % 3))) % 3);
  const rule = { chuanma: 1, huansanzhang: n % 2, can_jifei: (n >> 1) % 2 };
  const roundType = n % 10 === 9 ? 2 : 1;
  return { levels, rule, roundType };
}

class JudgedSeat implements ChuanmaSeat {
  private readonly judge = new ChuanmaSeatView();
  constructor(
    private readonly robot: ChuanmaRobot,
    private readonly fault: (what: string) => void,
    private readonly counted: () => void,
  ) {}

  action(msg: ChuanmaMessage, reply?: ChuanmaReplyFn): void {
    this.judge.follow(msg);
    this.checkOffer(msg);
    this.robot.action(msg, (r) => {
      if (msg.options) {
        this.counted();
        this.checkAnswer(msg, r ?? {});
      }
      reply?.(r);
    });
  }

  private checkOffer(msg: ChuanmaMessage): void {
    const o = msg.options;
    const view = this.judge;
    const me = view.seat;
    const voidSuit = view.voidSuit;
    const hand: Hand = view.hand;
    const say = (what: string) => this.fault(`seat ${me}: ${what} (${JSON.stringify(msg)})`);
    if (msg.zimo?.seat === me && voidSuit) {
      if (!o) {
        say('no options on its own draw');
        return;
      }
      if (!!o.hule !== canWin(hand, voidSuit)) say('win offered wrongly');
      const voidHeld = hand.concealed.some((t) => suitOf(t) === voidSuit);
      for (const t of o.dapai ?? []) {
        if (!hand.concealed.includes(t)) say(`discard ${t} not held`);
        if (voidHeld && suitOf(t) !== voidSuit) say(`discard ${t} offered while the void suit is held`);
      }
      for (const t of o.gang ?? []) {
        const n = hand.concealed.filter((x) => x === t).length;
        const pung = hand.melds.some((m) => m.type === 'peng' && m.tile === t);
        if (suitOf(t) === voidSuit || !(n === 4 || (pung && n >= 1))) say(`kong ${t} offered wrongly`);
      }
    } else if (msg.dapai && msg.dapai.seat !== me && voidSuit && !view.won[me]) {
      const t = msg.dapai.p;
      const n = hand.concealed.filter((x) => x === t).length;
      const ron = canWin({ concealed: [...hand.concealed, t], melds: hand.melds }, voidSuit);
      if (!!o?.hule !== ron) say('ron offered wrongly');
      if (!!o?.peng !== (n >= 2 && suitOf(t) !== voidSuit)) say('pung offered wrongly');
      if (o?.gang && (n < 3 || suitOf(t) === voidSuit)) say('kong offered wrongly');
    } else if (msg.dapai && (view.won[me] || msg.dapai.seat === me) && o)
      say('options for a seat that may not call');
  }

  private checkAnswer(msg: ChuanmaMessage, r: Reply): void {
    const o = msg.options!;
    const view = this.judge;
    const say = (what: string) => this.fault(`seat ${view.seat}: ${what} answering ${JSON.stringify(msg)}`);
    if (o.huan) {
      if (!r.huan || !isValidExchange(view.concealed, r.huan)) say(`exchange ${r.huan}`);
      return;
    }
    if (o.dingque) {
      if (!SUITS.includes(r.dingque as never)) say(`void ${r.dingque}`);
      return;
    }
    if (r.hule && !o.hule) say('a win not offered');
    if (r.peng && !o.peng) say('a pung not offered');
    if (r.gang && !o.gang?.includes(r.gang)) say(`kong ${r.gang} not offered`);
    if (!r.hule && !r.gang && o.dapai && !o.dapai.includes(r.dapai ?? ''))
      say(`discard ${r.dapai} not offered`);
  }
}

/** Plays games `from` … `from + count − 1` and judges them. `keepRecords`: keep every n-th record. */
export function refereeGames(from: number, count: number, keepEvery = 0): RefereeReport {
  const report: RefereeReport = {
    games: 0,
    hands: 0,
    decisions: 0,
    wins: 0,
    kongs: 0,
    pungs: 0,
    exhausted: 0,
    busts: 0,
    multiRon: 0,
    robbed: 0,
    long: 0,
    illegal: [],
    unbalanced: [],
    records: [],
  };
  for (let n = from; n < from + count; n++) {
    const seed = seedOf(n);
    const { levels, rule, roundType } = setupOf(n);
    const chuanma = toChuanmaRule(rule, roundType);
    const fault = (what: string) => {
      if (report.illegal.length < 20) report.illegal.push(`game ${n}: ${what}`);
    };
    const seats = levels.map(
      (level) => new JudgedSeat(new ChuanmaRobot(level as 0 | 1 | 2), fault, () => report.decisions++),
    );
    let expectedTotal = 0;
    const results: HandResult[] = [];
    const game = new ChuanmaGame(
      seats,
      chuanma,
      {
        wallOf: (hand, attempt) => chuanmaWall(seed, hand, attempt),
        directionOf: (hand, attempt) => exchangeDirection(seed, hand, attempt),
      },
      {
        handStart: (p) => {
          expectedTotal = p.scores.reduce((a, b) => a + b, 0);
        },
        handEnd: (p, result, hand) => {
          results.push(result);
          const sum = result.deltas.reduce((a, b) => a + b, 0);
          const total = p.scores.reduce((a, b) => a + b, 0);
          const paid = [0, 0, 0, 0];
          for (const pay of result.chuanma?.payments ?? []) {
            paid[pay.from] -= pay.amount;
            paid[pay.to] += pay.amount;
          }
          if (sum !== 0 || total !== expectedTotal || paid.join() !== result.deltas.join())
            report.unbalanced.push(`game ${n} hand ${hand}: deltas ${result.deltas} payments ${paid}`);
        },
      },
      `referee-${n}`,
      levels.map((l) => `robot ${l}`),
    );
    game.begin();
    let steps = 0;
    while (!game.finished) {
      if (!game.ready) throw new Error(`game ${n}: a seat did not answer`);
      game.step();
      if (++steps > 100_000) throw new Error(`game ${n}: no end`);
    }
    report.games++;
    report.hands += results.length;
    for (const r of results) {
      if (r.kind === 'win') report.wins += r.wins.length;
      if (r.chuanma?.exhausted) report.exhausted++;
      if (r.chuanma?.bust) report.busts++;
    }
    if (roundType === 2) report.long++;
    let dealer = 0;
    game.handLogs.forEach((h, hand) => {
      const won = new Set<number>();
      // biome-ignore lint/suspicious/noExplicitAny: record entries are plain JSON
      const entries = h as Record<string, any>[];
      if (entries[0].qipai.dealer !== dealer)
        fault(`hand ${hand} dealt by ${entries[0].qipai.dealer}, not ${dealer}`);
      entries.forEach((e, i) => {
        if (e.gang) report.kongs++;
        if (e.peng) report.pungs++;
        const actor = (e.zimo ?? e.gangzimo ?? e.dapai ?? e.peng ?? e.gang)?.seat;
        if (actor !== undefined && won.has(actor))
          fault(`hand ${hand}: seat ${actor} plays on after winning`);
        if (e.hule) {
          won.add(e.hule.seat);
          if (entries[i - 1]?.gang?.type === 'bugang' && e.hule.from !== null) report.robbed++;
          if (entries[i - 1]?.hule && e.hule.from !== null && entries[i - 1].hule.from === e.hule.from)
            report.multiRon++;
        }
      });
      const end = entries[entries.length - 1].jiesuan;
      if (!end) fault(`hand ${hand}: no settlement`);
      const first = entries.find((e) => e.hule)?.hule.seat;
      if (end.nextDealer !== (first ?? dealer)) fault(`hand ${hand}: next dealer ${end.nextDealer}`);
      dealer = end.nextDealer;
      if (end.bust && hand !== game.handLogs.length - 1) fault(`hand ${hand}: a bust did not end the game`);
    });
    if (!results.some((r) => r.chuanma?.bust) && game.handLogs.length !== chuanma.hands)
      fault(`${game.handLogs.length} hands played, not ${chuanma.hands}`);
    const scores = game.progress().scores;
    if (keepEvery > 0 && (n - from) % keepEvery === 0) {
      const log = chuanmaGameLog({
        tableId: `referee-${n}`,
        rule: chuanma,
        commitment: commitmentOf(seed),
        names: levels.map((l) => `robot ${l}`),
        initialScores: game.initialScores,
        handLogs: game.handLogs,
        scores,
        settlement: settle(scores, 0, chuanma),
      });
      report.records.push({ seed, log, rule });
    }
  }
  return report;
}

/**
 * One file's part of the chuanma referee (`part` of 4, 250 games each, 1000 in all, so vitest runs them in
 * parallel): robot levels 0, 1 and 2 mixed, the exchange and can_jifei on and off, one game in ten of 8 hands.
 * Every offer and answer is legal, every hand balances, every record verifies and one in ten replays.
 */
export function refereePart(part: 1 | 2 | 3 | 4): void {
  installFastShanten();
  const started = performance.now();
  const report = refereeGames((part - 1) * 250, 250, 1);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `chuanma referee ${part}/4: ${report.games} games, ${report.hands} hands, ${report.decisions} decisions, ` +
      `${report.wins} wins (${report.multiRon} multi-ron, ${report.robbed} robbed kongs), ${report.pungs} pungs, ` +
      `${report.kongs} kongs, ${report.exhausted} walls exhausted, ${report.busts} busts, ${seconds.toFixed(1)} s`,
  );
  expect(report.illegal).toEqual([]);
  expect(report.unbalanced).toEqual([]);
  expect(report.games).toBe(250);
  expect(report.long).toBe(25);
  expect(report.multiRon).toBeGreaterThan(0);
  expect(report.kongs).toBeGreaterThan(0);
  for (const { seed, log } of report.records) {
    const verification = verifyGame(seed, log);
    expect(verification.problems).toEqual([]);
    expect(verification.hands).toBe(log.paipu.log.length);
  }
  for (const { seed, log, rule } of report.records.filter((_, i) => i % 10 === 0)) {
    const replayed = replayGame(log, seed, rule);
    expect(replayed.log).toEqual(log.paipu.log);
    expect(replayed.defen).toEqual(log.paipu.defen);
    expect(replayed.point).toEqual(log.paipu.point);
  }
}
