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
  /**
   * The hands dealt again after a restart, in hand order; absent when every hand was played on its first deal
   * (as in every record written before re-deals existed).
   */
  redeals?: Redeal[];
  /**
   * `chuanma` for a Sichuan game (`src/chuanma/record.ts`): `paipu.log` then holds chuanma hand records, `red` is
   * none, there are no sticks; absent for riichi games.
   */
  mode?: 'chuanma' | 'xuezhan';
  /** A chuanma game's switches and starting scores. */
  chuanma?: { huansanzhang: boolean; canJifei: boolean; hands: number; initialScores: number[] };
  /**
   * A xuezhandaodi game (`mode: 'xuezhan'`, `src/xuezhan/`): its hand records go on after a win (several `hule`
   * entries in one hand, play continuing between them), and with `huansanzhang` each deal holds its exchange
   * (`qipai.huan`: direction and the three tiles of each seat; `qipai.shoupai` are the hands after it).
   */
  xuezhan?: { huansanzhang: boolean };
}

/**
 * A hand dealt again after a restart: it was played on the wall `dealWall(seed, hand, red, players, attempt)`;
 * `abandoned` holds the commitments (`wallCommitment`) of the walls dealt for it before, attempts 0 to
 * attempt − 1 in order, each abandoned when the host stopped during the hand.
 */
export interface Redeal {
  hand: number;
  attempt: number;
  abandoned: string[];
}

/**
 * The deal attempt each hand of a record was played on, by hand number (0 for a first deal). Entries out of shape
 * are passed over (verification reports them).
 */
export function attemptsOf(log: Pick<GameLog, 'paipu' | 'redeals'>): number[] {
  const attempts = log.paipu.log.map(() => 0);
  for (const r of Array.isArray(log.redeals) ? log.redeals : []) {
    const { hand, attempt } = r ?? {};
    if (Number.isInteger(hand) && hand >= 0 && hand < attempts.length && isAttempt(attempt))
      attempts[hand] = attempt;
  }
  return attempts;
}

/** A deal attempt: a whole number the wall nonce has room for (32 bits). */
export const isAttempt = (n: unknown): n is number =>
  Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0xffffffff;
