/**
 * @taikai/engine — the game server core. Start tables on a worker pool, watch their events, control them,
 * and verify finished games against their revealed seed.
 */
export { type PoolOptions, type StartOptions, type TablePool, createTablePool } from './pool';
export { Table, type TableOptions, PAUSE_LIMIT_MS } from './table';
export type { TableEvent, EventSink } from './events';
export { ControlCode, type ControlResult, type TableState } from './errors';
export type { SeatSpec } from './seats/seat-spec';
export { PlayerSeat, type Ask, type SeatLink } from './seats/player-seat';
export type { GameMessage, Reply, SeatPlayer, RobotClass } from './robots/types';
export { robotClassFor } from './robots';
export type { RuleFields } from './rules/fields';
export { toTableRule } from './rules/adapter';
export type { TableRule } from './rules/table-rule';
export { refuseUnsupported, UnsupportedRuleError, type UnsupportedField } from './rules/unsupported';
export { settle, type Settlement, type SettledPlayer } from './settlement';
export { commitmentOf, dealWall, newSeed, redealWalls } from './walls';
export { verifyGame, type Verification } from './verify';
export type { GameLog } from './log/game-log';
export { type TenhouLog, tileCode, toTenhou } from './log/tenhou';
export type { HandResult, Progress, WinSummary } from './table-game';
export { fastShantenInstalled, installFastShanten, installStockShanten } from './shanten/install';
