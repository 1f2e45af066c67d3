import { ErrorCode, LIMITS } from '@taikai/protocol';
import { CALL_WINDOW_MS, CallWindow } from './call-window';
import { systemClock, type TableClock } from './clock';
import type { ControlResult, TableState } from './errors';
import { type EventSink, yakumanEvent } from './events';
import { type GameLog, isAttempt, type Redeal } from './log/game-log';
import { toTenhou } from './log/tenhou';
import { robotClassFor } from './robots';
import { RuleGuard } from './robots/rule-guard';
import type { Reply, SeatPlayer } from './robots/types';
import { toTableRule } from './rules/adapter';
import type { RuleFields } from './rules/fields';
import type { TableRule } from './rules/table-rule';
import { SanmaGame } from './sanma/game';
import { SanmaPlayerSeat, SanmaView, sanmaRobotClassFor } from './sanma/robots';
import { PlayerSeat } from './seats/player-seat';
import type { SeatSpec } from './seats/seat-spec';
import { settle } from './settlement';
import { type Progress, type ResumePoint, TableGame } from './table-game';
import { commitmentOf, dealWall, newSeed, wallCommitment } from './walls';

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
 * One table: the step loop over the rules engine's game. Steps run in short slices between which the event
 * loop is free (controls, other tables); a step that waits on a player seat simply stops the loop until the
 * answer (or the seat's deadline) comes. Pause takes effect before the next step.
 */
export class Table {
  readonly id: string;
  readonly rule: TableRule;
  readonly commitment: string;
  private readonly seed: string;
  private readonly game: TableGame;
  private readonly seats: SeatPlayer[];
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
    this.rule = toTableRule(options.rule, options.roundType);
    const players = this.rule.players;
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
    this.seats = options.seats.map((spec, seat) => this.seatFor(spec, seat));
    const names = options.seats.map(
      (s, i) => s.name ?? (s.kind === 'robot' ? `robot ${s.level}` : `seat ${i}`),
    );
    const Game = players === 3 ? SanmaGame : TableGame;
    this.game = new Game(
      this.seats,
      this.rule,
      (hand, attempt) => dealWall(this.seed, hand, this.rule.core.赤牌, players, attempt),
      {
        handStart: (p, hand, attempt) =>
          this.emit({ type: 'hand_start', tableId: this.id, hand, attempt, ...p }),
        handEnd: (p, result, hand, handLog, attempt) =>
          this.emit({ type: 'hand_end', tableId: this.id, hand, attempt, ...p, result, handLog }),
        yakuman: (win, p) => this.emit(yakumanEvent(this.id, win, p)),
      },
      this.id,
      names,
      options.initPoints,
    );
    this.game.onAnswer = () => {
      if (!this.pumping) this.schedule();
    };
    this.game.onClaimable = () => {
      if (this.peopleConnected() >= 2) this.callWindow.open();
    };
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
    for (const seat of this.seats) if (seat instanceof PlayerSeat) seat.holdClock();
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
    const s = this.seats[seat];
    return s instanceof PlayerSeat ? s.answer(askId, reply) : false;
  }

  setConnected(seat: number, connected: boolean): void {
    const s = this.seats[seat];
    if (s instanceof PlayerSeat) s.setConnected(connected);
  }

  private seatFor(spec: SeatSpec, seat: number): SeatPlayer {
    const sanma = this.rule.players === 3;
    if (spec.kind === 'robot') {
      const robot = new (sanma ? sanmaRobotClassFor(spec.level) : robotClassFor(spec.level))();
      const rules = { minHan: this.rule.minHan, nineTerminals: this.rule.abortive.nineTerminals };
      const player = RuleGuard.needed(rules)
        ? new RuleGuard(robot, rules, sanma ? new SanmaView() : undefined)
        : robot;
      return this.reportRobots ? this.reported(seat, player) : player;
    }
    return new (sanma ? SanmaPlayerSeat : PlayerSeat)(
      { deliver: (msg, ask) => this.emit({ type: 'seat_message', tableId: this.id, seat, msg, ask }) },
      { limitSeconds: this.rule.timeFixed + this.rule.timeAdd, clock: this.clock },
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
    return this.seats.filter((seat) => seat instanceof PlayerSeat && seat.connected).length;
  }

  private resumeNow(expired: boolean): void {
    if (this.stateValue !== 'paused') return;
    this.clearPause();
    this.stateValue = 'running';
    this.emit({ type: 'resumed', tableId: this.id, expired });
    for (const seat of this.seats) if (seat instanceof PlayerSeat) seat.releaseClock();
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
    const players = this.rule.players;
    const leftoverStickPoints = this.game.leftoverSticks * this.rule.liqibangValue;
    const progress = {
      ...(this.game.lastHand ?? this.progress()),
      scores: this.progress().scores,
      liqibang: 0,
    };
    const log: GameLog = {
      format: 'taikai/1',
      tableId: this.id,
      roundType: this.roundType,
      commitment: this.commitment,
      red: this.rule.core.赤牌,
      ...(players === 3 ? { players } : {}),
      leftoverStickPoints,
      changbangValue: this.rule.changbangValue,
      paipu: this.game.log,
    };
    const redeals = this.redeals();
    if (redeals.length > 0) log.redeals = redeals;
    this.emit({
      type: 'finished',
      tableId: this.id,
      reason: this.game.endReason,
      settlement: settle(progress.scores, leftoverStickPoints, this.rule),
      progress,
      log,
      ...(this.withTenhou ? { tenhou: toTenhou(log) } : {}),
      seed: this.seed,
      commitment: this.commitment,
    });
    this.close();
  }

  /** The hands played on a deal after the first, each with the commitments of the walls abandoned before it. */
  private redeals(): Redeal[] {
    const red = this.rule.core.赤牌;
    return this.game.attempts.flatMap((attempt, hand) =>
      attempt > 0
        ? [
            {
              hand,
              attempt,
              abandoned: Array.from({ length: attempt }, (_, a) =>
                wallCommitment(dealWall(this.seed, hand, red, this.rule.players, a)),
              ),
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
