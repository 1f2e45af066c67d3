/**
 * Sichuan mahjong (chuanma, 川麻; Mahjong Soul's Bloodshed room): the rules core, pure functions and small
 * classes the table will use — tiles and the seeded wall, hand analysis with the void-suit rule, fan scoring,
 * the money of one hand, the exchange and void choice, and robot discards.
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
export { gameOver, handsInGame, nextDealer } from './round';
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
export { chooseVoidSuit } from './void-suit';
export { ChuanmaWall, chuanmaWall, DEAL_SIZE } from './wall';
