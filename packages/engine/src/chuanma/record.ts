import type { Paipu } from '@kobalab/majiang-core';
import { attemptsOf, type GameLog } from '../log/game-log';
import type { Reply } from '../robots/types';
import type { Settlement } from '../settlement';
import { commitmentOf, wallCommitment } from '../walls';
import { exchangeDirection } from './exchange';
import { ChuanmaGame } from './game';
import type { ChuanmaMessage, ChuanmaReplyFn, ChuanmaSeat } from './messages';
import type { ChuanmaRule } from './rule';
import { sortTiles } from './tiles';
import { ChuanmaWall, chuanmaWall } from './wall';

/**
 * The record of a chuanma game: a `GameLog` (`format: 'taikai/1'`, `mode: 'chuanma'`) whose `paipu.log` holds one
 * array of entries per hand, seats absolute (0–3):
 *
 * | entry | when |
 * |---|---|
 * | `{ qipai: { hand, dealer, scores, shoupai: string[4][13] } }` | the deal (from the end of the wall, dealer first) |
 * | `{ huan: { direction, out: string[4][3] } }` | 换三张 (with `huansanzhang`): each seat's three tiles |
 * | `{ dingque: Suit[4] }` | the void suits |
 * | `{ zimo: { seat, p } }` / `{ gangzimo: { seat, p } }` | a draw / a kong's replacement draw |
 * | `{ dapai: { seat, p } }` | a discard |
 * | `{ peng: { seat, p, from } }` | a pung |
 * | `{ gang: { seat, p, type: 'minggang' \| 'angang' \| 'bugang', from? } }` | a kong |
 * | `{ hule: { seat, from, p, shoupai, melds, fans, fan, points } }` | a win (`from` null: self-draw) |
 * | `{ pingju: { shoupai, melds } }` | the wall is exhausted: the hands still in (null for winners) |
 * | `{ jiesuan: { hands, wins, payments, deltas, scores, bust, nextDealer } }` | the hand's end |
 *
 * `paipu.defen` holds the final scores, `point` the settled points (thousandths / 1000), `rank` the places;
 * `chuanma` the switches and the starting scores.
 */
export function chuanmaGameLog(game: {
  tableId: string;
  rule: ChuanmaRule;
  commitment: string;
  names: string[];
  initialScores: number[];
  handLogs: Record<string, unknown>[][];
  scores: number[];
  settlement: Settlement;
}): GameLog {
  const point = [0, 1, 2, 3].map((seat) => {
    const p = game.settlement.players.find((x) => x.seat === seat)!;
    return (p.total_point / 1000).toFixed(1);
  });
  const rank = [0, 1, 2, 3].map((seat) => game.settlement.players.find((x) => x.seat === seat)!.place);
  const paipu: Paipu = {
    title: game.tableId,
    player: game.names.slice(),
    qijia: 0,
    log: game.handLogs.map((h) => structuredClone(h)),
    defen: game.scores.slice(),
    point,
    rank,
  };
  return {
    format: 'taikai/1',
    mode: 'chuanma',
    tableId: game.tableId,
    roundType: game.rule.roundType,
    commitment: game.commitment,
    red: { m: 0, p: 0, s: 0 },
    leftoverStickPoints: 0,
    changbangValue: 0,
    paipu,
    chuanma: {
      huansanzhang: game.rule.huansanzhang,
      canJifei: game.rule.canJifei,
      hands: game.rule.hands,
      initialScores: game.initialScores.slice(),
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: entries of a record are plain JSON
type Entry = Record<string, any>;

/**
 * Checks a chuanma record against its revealed seed: the commitment, each hand's wall (`chuanmaWall` on the
 * attempt the record names; the abandoned walls of re-dealt hands against their commitments), the deal, every
 * draw and replacement draw in wall order, and the exchange's direction. Problems are named hand by hand.
 */
export function verifyChuanmaGame(seed: string, log: GameLog): string[] {
  const problems: string[] = [];
  if (commitmentOf(seed) !== log.commitment) problems.push('the seed does not match the commitment');
  const attempts = attemptsOf(log);
  for (const r of Array.isArray(log.redeals) ? log.redeals : []) {
    if (!Array.isArray(r?.abandoned) || r.abandoned.length !== r.attempt) {
      problems.push(
        `hand ${r?.hand}: the record does not name every wall abandoned before attempt ${r?.attempt}`,
      );
      continue;
    }
    r.abandoned.forEach((commitment, a) => {
      if (commitment !== wallCommitment(chuanmaWall(seed, r.hand, a)))
        problems.push(`hand ${r.hand}: the abandoned wall of attempt ${a} does not match its commitment`);
    });
  }
  log.paipu.log.forEach((hand: Entry[], n) => {
    const qipai = hand[0]?.qipai;
    if (!qipai) {
      problems.push(`hand ${n}: no deal`);
      return;
    }
    const wall = new ChuanmaWall(chuanmaWall(seed, n, attempts[n]));
    const dealt = wall.deal(qipai.dealer).map(sortTiles);
    for (let seat = 0; seat < 4; seat++) {
      const got = sortTiles(qipai.shoupai?.[seat] ?? []).join('');
      if (got !== dealt[seat].join(''))
        problems.push(`hand ${n}: seat ${seat} was dealt ${got}, the wall deals ${dealt[seat].join('')}`);
    }
    for (const entry of hand.slice(1)) {
      if (entry.huan && entry.huan.direction !== exchangeDirection(seed, n, attempts[n]))
        problems.push(
          `hand ${n}: the exchange went ${entry.huan.direction}, the seed says ${exchangeDirection(seed, n, attempts[n])}`,
        );
      const drawn = entry.zimo ?? entry.gangzimo;
      if (!drawn) continue;
      const expected = wall.remaining > 0 ? wall.draw() : undefined;
      if (drawn.p !== expected)
        problems.push(`hand ${n}: draw ${drawn.p} is not from the wall (${expected})`);
    }
  });
  return problems;
}

/**
 * A seat playing back what its player did in a recorded game: each decision is answered with the recorded action
 * that comes next after what the replaying game has logged.
 */
class PlaybackSeat implements ChuanmaSeat {
  private seat = -1;
  constructor(
    private readonly record: Entry[][],
    private readonly game: () => ChuanmaGame,
  ) {}

  action(msg: ChuanmaMessage, reply?: ChuanmaReplyFn): void {
    if (msg.kaiju) this.seat = msg.kaiju.id;
    reply?.(msg.options ? this.decide(msg) : {});
  }

  private decide(msg: ChuanmaMessage): Reply {
    const played = this.game().handLogs;
    const n = played.length - 1;
    const upcoming = (this.record[n] ?? []).slice(played[n].length);
    const me = this.seat;
    if (msg.options?.huan) return { huan: upcoming[0]?.huan?.out?.[me] };
    if (msg.options?.dingque) return { dingque: upcoming[0]?.dingque?.[me] };
    const next = upcoming[0];
    if (!next) return {};
    if (next.hule) {
      const winners = upcoming.filter((_, i) => upcoming.slice(0, i + 1).every((e) => e.hule));
      return winners.some((e) => e.hule.seat === me) ? { hule: '-' } : {};
    }
    if (next.dapai) return next.dapai.seat === me ? { dapai: next.dapai.p } : {};
    if (next.peng) return next.peng.seat === me ? { peng: next.peng.p } : {};
    if (next.gang) return next.gang.seat === me ? { gang: next.gang.p } : {};
    return {};
  }
}

/**
 * Replays a chuanma record from the revealed seed: walls and exchange directions re-dealt, every seat repeating
 * its recorded actions. Returns the replayed hand records, equal to the record's for a complete, consistent one.
 */
export function replayChuanmaGame(log: GameLog, seed: string, rule: ChuanmaRule): Entry[][] {
  const attempts = attemptsOf(log);
  let game: ChuanmaGame | null = null;
  const record = log.paipu.log as Entry[][];
  const seats = [0, 1, 2, 3].map(() => new PlaybackSeat(record, () => game as ChuanmaGame));
  const noop = () => {};
  game = new ChuanmaGame(
    seats,
    rule,
    {
      wallOf: (n) => chuanmaWall(seed, n, attempts[n] ?? 0),
      directionOf: (n) => exchangeDirection(seed, n, attempts[n] ?? 0),
    },
    { handStart: noop, handEnd: noop },
    log.paipu.title,
    log.paipu.player,
    log.chuanma?.initialScores,
  );
  game.begin();
  while (!game.finished) {
    if (!game.ready) throw new Error('a seat did not answer during the replay');
    game.step();
  }
  return game.handLogs;
}
