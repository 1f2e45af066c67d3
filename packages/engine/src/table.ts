import { ErrorCode, LIMITS } from '@taikai/protocol';
import { CALL_WINDOW_MS, CallWindow } from './call-window';
import { exchangeDirection } from './chuanma/exchange';
import { ChuanmaGame } from './chuanma/game';
import { asSeatMessage, type ChuanmaMessage, type ChuanmaSeat } from './chuanma/messages';
import { ChuanmaPlayerSeat } from './chuanma/player-seat';
import { chuanmaGameLog } from './chuanma/record';
import { chuanmaRobotFor } from './chuanma/robot';
import { type ChuanmaRule, isChuanmaRule, toChuanmaRule } from './chuanma/rule';
import { chuanmaWall } from './chuanma/wall';
import { systemClock, type TableClock } from './clock';
import type { ControlResult, TableState } from './errors';
import { type EventSink, yakumanEvent } from './events';
import { forGuyi } from './guyi/seat-win';
import { type GameLog, isAttempt, type Redeal } from './log/game-log';
import { toTenhou } from './log/tenhou';
import { robotClassFor } from './robots';
import { RuleGuard } from './robots/rule-guard';
import type { Reply, SeatPlayer } from './robots/types';
import { toTableRule } from './rules/adapter';
import type { RuleFields } from './rules/fields';
import type { TableRule } from './rules/table-rule';
import { refuseUnsupported } from './rules/unsupported';
import { SanmaGame } from './sanma/game';
import { SanmaPlayerSeat, SanmaView, sanmaRobotClassFor } from './sanma/robots';
import { type Ask, PlayerSeat } from './seats/player-seat';
import type { SeatSpec } from './seats/seat-spec';
import { settle } from './settlement';
import {
  type HandLog,
  type HandResult,
  type Progress,
  type ResumePoint,
  TableGame,
  type WinSummary,
} from './table-game';
import { commitmentOf, dealWall, newSeed, wallCommitment } from './walls';
import { XuezhanGame } from './xuezhan/game';
import { isXuezhanRule } from './xuezhan/rule';
import { ExchangingRobot, XuezhanPlayerSeat } from './xuezhan/seats';
import { toXuezhanRule, type XuezhanRule } from './xuezhan/table-rule';

/** Most steps run between two readings of the clock in the step loop. */
const MAX_STRIDE = 16;
/** A run of steps shorter than this lets the step loop read the clock half as often. */
const FAST_STRIDE_MS = 1;

/** A pause lasts at most this long, then the table resumes by itself (spec: pause up to 1 hour). */
export const PAUSE_LIMIT_MS = LIMITS.PAUSE_MAX_S * 1000;

export interface TableOptions {
  tableId: string;
  rule: RuleFields;
  roundType: number;
  seats: SeatSpec[];
  /** 64 hex digits; a fresh secret seed when absent. */
  seed?: string;
  /** Starting points by seat (create_game_plan `init_points`); `init_point` for all when absent. */
  initPoints?: number[];
  onEvent: EventSink;
  /** How long a pause lasts before the table resumes by itself (1 hour). */
  pauseLimitMs?: number;
  /**
   * Adds the Tenhou-JSON export (`toTenhou(log)`) to the `finished` event, built where the table runs (in the
   * pool: in the worker). Off by default: the export is always available later from the event's `log`.
   */
  tenhou?: boolean;
  /**
   * Resumes a game that stopped (host crash) at the start of hand `hand`: `progress` as that hand's `hand_start`
   * reported it, `log` the `handLog`s of the hands before it, in order. Needs the game's `seed` (and its
   * `initPoints`, if any, as at the first start); the finished record holds every hand. The hand is dealt again
   * on a fresh wall, its deal `attempt` (see `ResumeFrom`).
   */
  resumeFrom?: ResumeFrom;
  /** Longest run of steps before yielding to the event loop. */
  sliceMs?: number;
  /**
   * The call window (ms): at a table where two or more people are connected, every discard (and every kan or
   * North set aside) is followed by the same wait, offer or not (see `CallWindow`). 1000 by default; 0 turns it off.
   */
  callWindowMs?: number;
  /** The clock of the call window, the decision deadlines and pauses; the system's by default. */
  clock?: TableClock;
  /**
   * Robot seats report their messages too, as `seat_message` events without `ask` (for spectators, who see
   * every seat). Off by default.
   */
  reportRobots?: boolean;
}

/** Where a stopped game picks up: the start of hand `hand` (see `TableOptions.resumeFrom`). */
export interface ResumeFrom {
  hand: number;
  /**
   * The deal attempt to deal hand `hand` on: one more than the `attempt` of the hand's last `hand_start`, since
   * a seat may have seen that deal. Each attempt is another wall of the same seed; 0 deals the hand's first wall.
   */
  attempt: number;
  progress: Progress;
  log: unknown[];
  /** The deal attempt each hand before `hand` was played on (their `hand_end.attempt`), in order; absent: all 0. */
  attempts?: number[];
}

/**
 * One table: the step loop over the rules engine's game — or, with `chuanma` on, over a `ChuanmaGame` (its own
 * seats, robots and record; `src/chuanma/`). Steps run in short slices between which the event
 * loop is free (controls, other tables); a step that waits on a player seat simply stops the loop until the
 * answer (or the seat's deadline) comes. Pause takes effect before the next step.
 */
export class Table {
  readonly id: string;
  /** The riichi rule (null at a chuanma table). */
  readonly rule: TableRule | null;
  /** The chuanma rule (null at a riichi table). */
  readonly chuanmaRule: ChuanmaRule | null;
  /** The xuezhandaodi rule (null at other tables); `rule` is then its hands' riichi rule. */
  readonly xuezhanRule: XuezhanRule | null;
  readonly commitment: string;
  private readonly seed: string;
  private readonly game: TableGame | ChuanmaGame;
  private seats: (SeatPlayer | ChuanmaSeat)[] = [];
  private readonly names: string[];
  private readonly emit: EventSink;
  private readonly roundType: number;
  private readonly pauseLimitMs: number;
  private readonly sliceMs: number;
  private readonly withTenhou: boolean;
  private readonly clock: TableClock;
  private readonly callWindow: CallWindow;
  private readonly resumeFrom: ResumePoint | undefined;
  private readonly reportRobots: boolean;
  private stateValue: TableState = 'running';
  private started = false;
  private scheduled = false;
  private pumping = false;
  /** Cancels the pause's expiry. */
  private pauseTimer: (() => void) | null = null;
  private doneResolve!: () => void;
  /** Settles when the table has finished or been terminated. */
  readonly done: Promise<void>;

  constructor(options: TableOptions) {
    this.id = options.tableId;
    const chuanma = isChuanmaRule(options.rule);
    if (chuanma) refuseUnsupported(options.rule, options.roundType);
    this.chuanmaRule = chuanma ? toChuanmaRule(options.rule, options.roundType) : null;
    this.xuezhanRule =
      !chuanma && isXuezhanRule(options.rule) ? toXuezhanRule(options.rule, options.roundType) : null;
    this.rule = chuanma ? null : (this.xuezhanRule?.table ?? toTableRule(options.rule, options.roundType));
    const players = this.rule?.players ?? 4;
    if (options.seats.length !== players) throw new Error(`a ${players}-player table needs ${players} seats`);
    this.roundType = options.roundType;
    if (options.resumeFrom && !options.seed)
      throw new Error('resumeFrom needs the seed the game was started with');
    this.resumeFrom = options.resumeFrom && resumePoint(options.resumeFrom, players);
    this.seed = options.seed ?? newSeed();
    this.commitment = commitmentOf(this.seed);
    this.emit = options.onEvent;
    this.pauseLimitMs = options.pauseLimitMs ?? PAUSE_LIMIT_MS;
    this.sliceMs = options.sliceMs ?? 10;
    this.withTenhou = options.tenhou ?? false;
    this.clock = options.clock ?? systemClock;
    this.reportRobots = options.reportRobots ?? false;
    const windowMs = options.callWindowMs ?? CALL_WINDOW_MS;
    this.callWindow = new CallWindow(windowMs, this.clock, () => this.schedule());
    this.done = new Promise((resolve) => {
      this.doneResolve = resolve;
    });
    const names = options.seats.map(
      (s, i) => s.name ?? (s.kind === 'robot' ? `robot ${s.level}` : `seat ${i}`),
    );
    this.names = names;
    this.game = this.chuanmaRule
      ? this.chuanmaGame(this.chuanmaRule, options, names)
      : this.riichiGame(this.rule as TableRule, options, names);
    this.game.onAnswer = () => {
      if (!this.pumping) this.schedule();
    };
    this.game.onClaimable = () => {
      if (this.peopleConnected() >= 2) this.callWindow.open();
    };
  }

  private chuanmaGame(rule: ChuanmaRule, options: TableOptions, names: string[]): ChuanmaGame {
    const seats = options.seats.map((spec, seat) => this.chuanmaSeatFor(rule, spec, seat));
    this.seats = seats;
    return new ChuanmaGame(
      seats,
      rule,
      {
        wallOf: (hand, attempt) => chuanmaWall(this.seed, hand, attempt),
        directionOf: (hand, attempt) => exchangeDirection(this.seed, hand, attempt),
      },
      {
        handStart: (p, hand, attempt) =>
          this.emit({ type: 'hand_start', tableId: this.id, hand, attempt, ...p }),
        handEnd: (p, result, hand, handLog, attempt) =>
          this.emit({ type: 'hand_end', tableId: this.id, hand, attempt, ...p, result, handLog }),
      },
      this.id,
      names,
      options.initPoints,
    );
  }

  private riichiGame(rule: TableRule, options: TableOptions, names: string[]): TableGame {
    const players = rule.players;
    const seats = options.seats.map((spec, seat) => this.seatFor(rule, spec, seat));
    this.seats = seats;
    const wallOf = (hand: number, attempt: number) =>
      dealWall(this.seed, hand, rule.core.赤牌, players, attempt);
    const hooks = {
      handStart: (p: Progress, hand: number, attempt: number) =>
        this.emit({ type: 'hand_start', tableId: this.id, hand, attempt, ...p }),
      handEnd: (p: Progress, result: HandResult, hand: number, handLog: HandLog, attempt: number) =>
        this.emit({ type: 'hand_end', tableId: this.id, hand, attempt, ...p, result, handLog }),
      yakuman: (win: WinSummary, p: Progress) => this.emit(yakumanEvent(this.id, win, p)),
    };
    if (this.xuezhanRule)
      return new XuezhanGame(seats, rule, wallOf, hooks, this.id, names, options.initPoints, {
        huansanzhang: this.xuezhanRule.huansanzhang,
        directionOf: (hand, attempt) => exchangeDirection(this.seed, hand, attempt),
      });
    const Game = players === 3 ? SanmaGame : TableGame;
    return new Game(seats, rule, wallOf, hooks, this.id, names, options.initPoints);
  }

  get state(): TableState {
    return this.stateValue;
  }

  progress() {
    return this.game.progress();
  }

  /** Reports `started` and deals the first hand (or, resuming, the hand the game stopped in). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.emit({ type: 'started', tableId: this.id, commitment: this.commitment, roundType: this.roundType });
    this.pumping = true;
    try {
      this.game.begin(this.resumeFrom);
    } catch (error) {
      this.fail(error);
      return;
    } finally {
      this.pumping = false;
    }
    this.schedule();
  }

  pause(): ControlResult {
    if (this.stateValue === 'paused')
      return { ok: false, code: ErrorCode.GAME_ALREADY_PAUSED, state: 'paused' };
    if (this.stateValue !== 'running') return { ok: false, state: this.stateValue };
    this.stateValue = 'paused';
    const until = this.clock.now() + this.pauseLimitMs;
    this.pauseTimer = this.clock.after(this.pauseLimitMs, () => this.resumeNow(true));
    for (const seat of this.seats) humanOf(seat)?.holdClock();
    this.emit({ type: 'paused', tableId: this.id, until, progress: this.progress() });
    return { ok: true, state: 'paused' };
  }

  resume(): ControlResult {
    if (this.stateValue === 'running')
      return { ok: false, code: ErrorCode.GAME_ALREADY_RUNNING, state: 'running' };
    if (this.stateValue !== 'paused') return { ok: false, state: this.stateValue };
    this.resumeNow(false);
    return { ok: true, state: 'running' };
  }

  terminate(): ControlResult {
    if (this.stateValue === 'terminated' || this.stateValue === 'finished')
      return { ok: true, state: this.stateValue };
    this.clearPause();
    this.stateValue = 'terminated';
    this.emit({ type: 'terminated', tableId: this.id, progress: this.progress(), seed: this.seed });
    this.close();
    return { ok: true, state: 'terminated' };
  }

  /** A player's answer to a decision (see `seat_message` events). */
  answer(seat: number, askId: number, reply: Reply): boolean {
    return humanOf(this.seats[seat])?.answer(askId, reply) ?? false;
  }

  setConnected(seat: number, connected: boolean): void {
    humanOf(this.seats[seat])?.setConnected(connected);
  }

  private chuanmaSeatFor(rule: ChuanmaRule, spec: SeatSpec, seat: number): ChuanmaSeat {
    const deliver = (msg: ChuanmaMessage, ask: Ask | null) =>
      this.emit({ type: 'seat_message', tableId: this.id, seat, msg: asSeatMessage(msg), ask });
    if (spec.kind === 'robot') {
      const robot = chuanmaRobotFor(spec.level);
      if (!this.reportRobots) return robot;
      return {
        action: (msg, reply) => {
          deliver(msg, null);
          robot.action(msg, reply);
        },
      };
    }
    return new ChuanmaPlayerSeat(
      { deliver },
      { limitSeconds: rule.timeFixed + rule.timeAdd, clock: this.clock },
    );
  }

  private seatFor(rule: TableRule, spec: SeatSpec, seat: number): SeatPlayer {
    const sanma = rule.players === 3;
    if (spec.kind === 'robot') {
      const Robot = sanma ? sanmaRobotClassFor(spec.level) : robotClassFor(spec.level);
      // guyi_mode: the robot judges its wins itself, the mode's yaku and the minimum han counted
      const robot = new (rule.guyi ? forGuyi(Robot, rule.minHan) : Robot)();
      const rules = { minHan: rule.guyi ? 1 : rule.minHan, nineTerminals: rule.abortive.nineTerminals };
      const guarded = RuleGuard.needed(rules)
        ? new RuleGuard(robot, rules, sanma ? new SanmaView() : undefined)
        : robot;
      const player = this.xuezhanRule ? new ExchangingRobot(guarded) : guarded;
      return this.reportRobots ? this.reported(seat, player) : player;
    }
    const Base = sanma ? SanmaPlayerSeat : this.xuezhanRule ? XuezhanPlayerSeat : PlayerSeat;
    const Seat = rule.guyi ? forGuyi(Base, rule.minHan) : Base;
    return new Seat(
      { deliver: (msg, ask) => this.emit({ type: 'seat_message', tableId: this.id, seat, msg, ask }) },
      { limitSeconds: rule.timeFixed + rule.timeAdd, clock: this.clock },
    );
  }

  /** A robot seat whose messages are reported as they reach it (`reportRobots`). */
  private reported(seat: number, player: SeatPlayer): SeatPlayer {
    return {
      action: (msg, reply) => {
        this.emit({ type: 'seat_message', tableId: this.id, seat, msg, ask: null });
        player.action(msg, reply);
      },
      dispose: () => player.dispose?.(),
    };
  }

  /** Player seats whose player is there. */
  private peopleConnected(): number {
    return this.seats.filter((seat) => humanOf(seat)?.connected).length;
  }

  private resumeNow(expired: boolean): void {
    if (this.stateValue !== 'paused') return;
    this.clearPause();
    this.stateValue = 'running';
    this.emit({ type: 'resumed', tableId: this.id, expired });
    for (const seat of this.seats) humanOf(seat)?.releaseClock();
    this.schedule();
  }

  private clearPause(): void {
    this.pauseTimer?.();
    this.pauseTimer = null;
  }

  private schedule(): void {
    if (this.scheduled || this.stateValue !== 'running') return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /**
   * Runs steps until the game waits on a seat or on the call window, the slice is used up, or the table stops.
   * The state is checked before every step (a pause takes effect before the next one); the clock is read after
   * every step while steps are slow, and after every few steps (up to `MAX_STRIDE`) while they take well under a millisecond, since
   * reading it costs as much as a fast step.
   */
  private pump(): void {
    const started = performance.now();
    let checked = started;
    let stride = 1;
    let sinceCheck = 0;
    this.pumping = true;
    try {
      while (this.stateValue === 'running' && !this.game.finished && this.game.ready) {
        if (this.callWindow.holds()) break;
        this.game.step();
        if (++sinceCheck < stride) continue;
        sinceCheck = 0;
        const now = performance.now();
        if (now - started > this.sliceMs) {
          this.pumping = false;
          this.schedule();
          return;
        }
        stride = now - checked < FAST_STRIDE_MS ? Math.min(stride * 2, MAX_STRIDE) : 1;
        checked = now;
      }
    } catch (error) {
      this.fail(error);
      return;
    } finally {
      this.pumping = false;
    }
    if (this.stateValue === 'running' && this.game.finished) this.finish();
  }

  private finish(): void {
    this.stateValue = 'finished';
    if (this.game instanceof ChuanmaGame) {
      this.finishChuanma(this.game, this.chuanmaRule as ChuanmaRule);
      return;
    }
    const game = this.game;
    const rule = this.rule as TableRule;
    const players = rule.players;
    const leftoverStickPoints = game.leftoverSticks * rule.liqibangValue;
    const progress = {
      ...(game.lastHand ?? this.progress()),
      scores: this.progress().scores,
      liqibang: 0,
    };
    const log: GameLog = {
      format: 'taikai/1',
      tableId: this.id,
      roundType: this.roundType,
      commitment: this.commitment,
      red: rule.core.赤牌,
      ...(players === 3 ? { players } : {}),
      ...(this.xuezhanRule
        ? { mode: 'xuezhan', xuezhan: { huansanzhang: this.xuezhanRule.huansanzhang } }
        : {}),
      leftoverStickPoints,
      changbangValue: rule.changbangValue,
      paipu: game.log,
    };
    const redeals = this.redeals(game.attempts, (hand, a) =>
      dealWall(this.seed, hand, rule.core.赤牌, players, a),
    );
    if (redeals.length > 0) log.redeals = redeals;
    this.emit({
      type: 'finished',
      tableId: this.id,
      reason: game.endReason,
      settlement: settle(progress.scores, leftoverStickPoints, rule),
      progress,
      log,
      // A xuezhandaodi record has no Tenhou export (its hands go on after a win).
      ...(this.withTenhou && !this.xuezhanRule ? { tenhou: toTenhou(log) } : {}),
      seed: this.seed,
      commitment: this.commitment,
    });
    this.close();
  }

  /** A chuanma game's end: its record (`chuanmaGameLog`), settled as every game (no sticks, no Tenhou export). */
  private finishChuanma(game: ChuanmaGame, rule: ChuanmaRule): void {
    const scores = this.progress().scores;
    const progress = { ...(game.lastHand ?? this.progress()), scores };
    const settlement = settle(scores, 0, rule);
    const log = chuanmaGameLog({
      tableId: this.id,
      rule,
      commitment: this.commitment,
      names: this.names,
      initialScores: game.initialScores,
      handLogs: game.handLogs,
      scores,
      settlement,
    });
    const redeals = this.redeals(game.attempts, (hand, a) => chuanmaWall(this.seed, hand, a));
    if (redeals.length > 0) log.redeals = redeals;
    this.emit({
      type: 'finished',
      tableId: this.id,
      reason: game.endReason,
      settlement,
      progress,
      log,
      seed: this.seed,
      commitment: this.commitment,
    });
    this.close();
  }

  /** The hands played on a deal after the first, each with the commitments of the walls abandoned before it. */
  private redeals(attempts: number[], wallOf: (hand: number, attempt: number) => string[]): Redeal[] {
    return attempts.flatMap((attempt, hand) =>
      attempt > 0
        ? [
            {
              hand,
              attempt,
              abandoned: Array.from({ length: attempt }, (_, a) => wallCommitment(wallOf(hand, a))),
            },
          ]
        : [],
    );
  }

  private fail(error: unknown): void {
    this.stateValue = 'terminated';
    this.emit({
      type: 'failed',
      tableId: this.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    this.close();
  }

  private close(): void {
    this.clearPause();
    this.callWindow.close();
    for (const seat of this.seats) seat.dispose?.();
    this.doneResolve();
  }
}

/** The player seat in `seat`, at either kind of table; null for a robot. */
function humanOf(seat: SeatPlayer | ChuanmaSeat | undefined): PlayerSeat | ChuanmaPlayerSeat | null {
  return seat instanceof PlayerSeat || seat instanceof ChuanmaPlayerSeat ? seat : null;
}

const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** Checks a `resumeFrom` option's shape; throws saying what is wrong. */
function resumePoint(from: ResumeFrom, players: 3 | 4): ResumePoint {
  const { hand, attempt, progress: p, log, attempts = [] } = from;
  const bad = (what: string) => new Error(`resumeFrom: ${what}`);
  if (!isCount(hand)) throw bad(`hand must be a whole number from 0, not ${hand}`);
  if (!isAttempt(attempt)) throw bad(`attempt must be a whole number from 0, not ${attempt}`);
  if (
    !Array.isArray(attempts) ||
    (attempts.length > 0 && attempts.length !== hand) ||
    !attempts.every(isAttempt)
  )
    throw bad(`attempts must hold the deal attempts of the ${hand} hands before hand ${hand}`);
  if (!Array.isArray(log) || log.length !== hand)
    throw bad(`log must hold the records of the ${hand} hands before hand ${hand}`);
  log.forEach((h, n) => {
    if (!Array.isArray(h) || !h[0]?.qipai)
      throw bad(`log[${n}] is not a hand record (it must open with its deal)`);
  });
  const last = players - 1;
  if (!p || !isCount(p.chang) || !isCount(p.ju) || p.ju > last || !isCount(p.ben) || !isCount(p.liqibang))
    throw bad(`progress needs chang, ju (0-${last}), ben and liqibang as whole numbers from 0`);
  if (!Array.isArray(p.scores) || p.scores.length !== players || !p.scores.every(Number.isFinite))
    throw bad(`progress.scores must hold ${players === 4 ? 'four' : 'three'} scores in seat order`);
  const progress = { chang: p.chang, ju: p.ju, ben: p.ben, liqibang: p.liqibang, scores: p.scores.slice() };
  return { hand, attempt, progress, log: log as ResumePoint['log'], attempts: attempts.slice() };
}
