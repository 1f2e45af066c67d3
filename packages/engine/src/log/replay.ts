import type { Paipu } from '@kobalab/majiang-core';
import { exchangeDirection } from '../chuanma/exchange';
import { replayChuanmaGame } from '../chuanma/record';
import { toChuanmaRule } from '../chuanma/rule';
import type { GameMessage, Reply, ReplyFn, SeatPlayer } from '../robots/types';
import { toTableRule } from '../rules/adapter';
import type { RuleFields } from '../rules/fields';
import { SanmaGame } from '../sanma/game';
import { settle } from '../settlement';
import { TableGame } from '../table-game';
import { dealWall } from '../walls';
import { XuezhanGame } from '../xuezhan/game';
import { toXuezhanRule } from '../xuezhan/table-rule';
import { attemptsOf, type GameLog } from './game-log';

// biome-ignore lint/suspicious/noExplicitAny: entries of the rules engine's record are untyped JSON
type Entry = Record<string, any>;

/**
 * A seat that plays back what its player did in a recorded game: at each decision it looks at the next entry
 * of the record (after the entries the replaying game has logged so far) and answers with that action.
 */
class PlaybackSeat implements SeatPlayer {
  private id = 0;
  constructor(
    private readonly record: Paipu,
    private readonly game: () => TableGame,
  ) {}

  action(msg: GameMessage, reply?: ReplyFn): void {
    if (msg.kaiju) this.id = msg.kaiju.id;
    reply?.(this.decide(msg));
  }

  private decide(msg: GameMessage): Reply {
    const game = this.game();
    const played = game.log.log;
    const hand = played.length - 1;
    // Xuezhandaodi: the exchange asked before the deal of the next hand is the one its deal records.
    if (msg.huan)
      return { huan: this.record.log[played.length]?.[0]?.qipai?.huan?.given?.[this.seatIn(game)] };
    if (hand < 0 || msg.kaiju || msg.qipai || msg.hule || msg.pingju || msg.jieju) return {};
    const upcoming = (this.record.log[hand] ?? [])
      .slice(played[hand].length)
      .filter((e: Entry) => !e.kaigang);
    const me = this.seatIn(game);
    const next: Entry | undefined = upcoming[0];
    if (!next) return {};
    if (next.dapai) return next.dapai.l === me ? { dapai: next.dapai.p } : {};
    if (next.kita) return next.kita.l === me ? { kita: '-' } : {};
    if (next.gang) return next.gang.l === me ? { gang: next.gang.m } : {};
    if (next.fulou) return next.fulou.l === me ? { fulou: next.fulou.m } : {};
    if (next.hule) {
      // One or more wins in a row (several rons on one discard).
      const winners = upcoming.filter((_, i) => upcoming.slice(0, i + 1).every((e: Entry) => e.hule));
      return winners.some((e: Entry) => e.hule.l === me) ? { hule: '-' } : {};
    }
    if (next.pingju?.name === '九種九牌') return msg.zimo?.l === me ? { daopai: '-' } : {};
    if (next.pingju?.name === '三家和') return next.pingju.shoupai[me] ? { hule: '-' } : {};
    return {};
  }

  /** This seat relative to the dealer of the hand in play. */
  private seatIn(game: TableGame): number {
    const seats = this.record.player.length;
    return (this.id - game.model.jushu + seats) % seats;
  }
}

/**
 * Replays a recorded game: the walls are re-dealt from the revealed seed (a hand dealt again after a restart on
 * the attempt the record names) and every seat plays back its recorded actions under the same rule. Returns the
 * replayed record, which equals the original when the record is complete and consistent with the rules.
 */
export function replayGame(log: GameLog, seed: string, rule: RuleFields, initPoints?: number[]): Paipu {
  if (log.mode === 'chuanma') return replayChuanma(log, seed, rule);
  const xuezhan = log.mode === 'xuezhan' ? toXuezhanRule(rule, log.roundType) : null;
  const table = xuezhan?.table ?? toTableRule(rule, log.roundType);
  const noop = () => {};
  let game: TableGame | null = null;
  const seats = log.paipu.player.map(() => new PlaybackSeat(log.paipu, () => game as TableGame));
  const attempts = attemptsOf(log);
  const wallOf = (n: number) => dealWall(seed, n, table.core.赤牌, table.players, attempts[n] ?? 0);
  const hooks = { handStart: noop, handEnd: noop, yakuman: noop };
  const { title, player } = log.paipu;
  if (xuezhan)
    game = new XuezhanGame(seats, table, wallOf, hooks, title, player, initPoints, {
      huansanzhang: xuezhan.huansanzhang,
      // The direction of the attempt the hand was played on, as its wall.
      directionOf: (n) => exchangeDirection(seed, n, attempts[n] ?? 0),
    });
  else
    game = new (table.players === 3 ? SanmaGame : TableGame)(
      seats,
      table,
      wallOf,
      hooks,
      title,
      player,
      initPoints,
    );
  game.begin();
  while (!game.finished) {
    if (!game.ready) throw new Error('a seat did not answer during the replay');
    game.step();
  }
  return game.log;
}

/**
 * A chuanma record replayed (`replayChuanmaGame`; the starting scores are the record's): the hand records, the
 * final scores (the last hand's) and the settlement's points and places.
 */
function replayChuanma(log: GameLog, seed: string, rule: RuleFields): Paipu {
  const chuanma = toChuanmaRule(rule, log.roundType);
  const hands = replayChuanmaGame(log, seed, chuanma);
  const last = hands[hands.length - 1]?.find((e) => e.jiesuan)?.jiesuan as { scores: number[] } | undefined;
  const defen = last ? last.scores.slice() : (log.chuanma?.initialScores ?? []).slice();
  const { players } = settle(defen, 0, chuanma);
  const bySeat = (seat: number) => players.find((p) => p.seat === seat)!;
  return {
    title: log.paipu.title,
    player: log.paipu.player.slice(),
    qijia: 0,
    log: hands,
    defen,
    point: defen.map((_, seat) => (bySeat(seat).total_point / 1000).toFixed(1)),
    rank: defen.map((_, seat) => bySeat(seat).place),
  };
}
