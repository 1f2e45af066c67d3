/**
 * Sichuan mahjong (chuanma, 川麻; Mahjong Soul's Bloodshed room): the rules core — tiles and the seeded wall,
 * hand analysis with the void-suit rule, fan scoring, the money of one hand, the exchange and void choice, robot
 * discards — and the table on top of it: `ChuanmaGame` (the hand flow), its messages, robots (levels 0–2), the
 * player seat, the seat view, the record with its verification and replay.
 */
export { type ChuanmaRobotLevel, chooseDiscard } from './discard';
export {
  chooseExchange,
  EXCHANGE_CODES,
  type ExchangeDirection,
  exchangeDirection,
  exchangeTiles,
  isValidExchange,
  receiverOf,
} from './exchange';
export {
  BASE_POINTS,
  CAP_FAN,
  FAN_VALUES,
  type FanId,
  maxHandPoints,
  pointsOfFan,
  type ScoredFan,
  scoreWin,
  type WinContext,
  type WinScore,
  ZIMO_BONUS,
} from './fan';
export { type ChuanmaDeals, ChuanmaGame, type ChuanmaHooks } from './game';
export {
  allTiles,
  canWin,
  type Hand,
  isCompleteShape,
  isFlowerPig,
  isReady,
  isSevenPairs,
  type Meld,
  type MeldType,
  shanten,
  waits,
} from './hand';
export {
  asSeatMessage,
  type ChuanmaHandDetail,
  type ChuanmaMessage,
  type ChuanmaOptions,
  type ChuanmaReplyFn,
  type ChuanmaSeat,
  chuanmaMessageOf,
  type PaidMessage,
  type WinMessage,
} from './messages';
export { ChuanmaPlayerSeat, type ChuanmaSeatLink } from './player-seat';
export { chuanmaGameLog, replayChuanmaGame, verifyChuanmaGame } from './record';
export { ChuanmaRobot, chuanmaRobotFor } from './robot';
export { gameOver, handsInGame, nextDealer } from './round';
export { type ChuanmaRule, isChuanmaRule, toChuanmaRule, unsupportedChuanmaFields } from './rule';
export {
  ANGANG_POINTS,
  BUGANG_POINTS,
  FLOWER_PIG_MIN_POINTS,
  type HandEvent,
  HandLedger,
  type HandSettlement,
  type KongKind,
  type LedgerOptions,
  MINGGANG_POINTS,
  type Payment,
  type PaymentReason,
  ronOrder,
  settleHand,
  type WinRecord,
} from './settlement';
export { chuanmaTileSet, parseTiles, SUITS, type Suit } from './tiles';
export { ChuanmaSeatView } from './view';
export { chooseVoidSuit } from './void-suit';
export { ChuanmaWall, chuanmaWall, DEAL_SIZE } from './wall';
