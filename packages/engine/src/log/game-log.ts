import type { Paipu } from '@kobalab/majiang-core';
import type { RedFives } from '../walls';

/**
 * The full game record: the rules engine's hand log (`paipu`: every deal, draw, discard, call, win and draw,
 * replayable by its viewers), with what is needed to check the walls against the revealed seed.
 */
export interface GameLog {
  format: 'taikai/1';
  tableId: string;
  roundType: number;
  commitment: string;
  /** Red fives in the wall (from `dora_count`). */
  red: RedFives;
  /** Three for a three-player (sanma) game, whose walls have 108 tiles; absent for four players. */
  players?: 3;
  /** Points of the riichi sticks left on the table at the end (they go to 1st). */
  leftoverStickPoints: number;
  /** `changbang_value`: what one honba added to a win. */
  changbangValue: number;
  paipu: Paipu;
}
