/// <reference path="./majiang.d.ts" />
// The rules library's types are declared here in an ambient file: packages that compile the engine's sources get them too.
/**
 * @taikai/engine — the game server core. Start tables on a worker pool, watch their events, control them,
 * and verify finished games against their revealed seed.
 */

export { CALL_WINDOW_MS } from './call-window';
export {
  asSeatMessage,
  type ChuanmaHandDetail,
  type ChuanmaMessage,
  type ChuanmaOptions,
  type ChuanmaRule,
  ChuanmaSeatView,
  chuanmaMessageOf,
  isChuanmaRule,
} from './chuanma';
export { systemClock, type TableClock } from './clock';
export type { ControlResult, TableState } from './errors';
export type { EventSink, TableEvent } from './events';
export { attemptsOf, type GameLog, type Redeal } from './log/game-log';
export { replayGame } from './log/replay';
export { type TenhouLog, tileCode, toTenhou } from './log/tenhou';
export { createTablePool, type PoolOptions, type StartOptions, type TablePool } from './pool';
export { robotClassFor } from './robots';
export type { GameMessage, Reply, RobotClass, SeatPlayer } from './robots/types';
export { toTableRule } from './rules/adapter';
export type { RuleFields } from './rules/fields';
export type { TableRule } from './rules/table-rule';
export { refuseUnsupported, type UnsupportedField, UnsupportedRuleError } from './rules/unsupported';
export { type Ask, PlayerSeat, type SeatLink } from './seats/player-seat';
export type { SeatSpec } from './seats/seat-spec';
export { type SettledPlayer, type Settlement, settle } from './settlement';
export { fastShantenInstalled, installFastShanten, installStockShanten } from './shanten/install';
export { PAUSE_LIMIT_MS, type ResumeFrom, Table, type TableOptions } from './table';
export type { HandLog, HandResult, Progress, WinSummary } from './table-game';
export { type Verification, verifyGame } from './verify';
export { commitmentOf, dealWall, newSeed, redealWalls, wallCommitment } from './walls';
export { isXuezhanRule } from './xuezhan/rule';
