import { CHUANMA_GAME_COUNTS } from '@taikai/protocol';

/**
 * A chuanma game counts hands, not winds: round type 1 (East) is a game of 4 hands, 2 (South) of 8 (the spec's
 * "4 or 8 games"; Mahjong Soul's Bloodshed room plays 4). There is no honba and no riichi stick.
 */
export function handsInGame(roundType: number): number {
  const hands = CHUANMA_GAME_COUNTS[roundType];
  if (hands === undefined)
    throw new Error(`round type ${roundType} is not a chuanma game (1: 4 hands, 2: 8 hands)`);
  return hands;
}

/** The dealer of the next hand: the first winner of this one (一炮多响: the first in turn from the discarder), else the same dealer. */
export function nextDealer(dealer: number, firstWinner: number | null): number {
  return firstWinner ?? dealer;
}

/**
 * Whether the game is over after `handsPlayed` hands: all its hands are played, or (with `can_jifei`) a player
 * went below zero.
 */
export function gameOver(roundType: number, handsPlayed: number, bust: boolean): boolean {
  return bust || handsPlayed >= handsInGame(roundType);
}
