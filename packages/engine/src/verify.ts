import Majiang from '@kobalab/majiang-core';
import { verifyChuanmaGame } from './chuanma/record';
import { attemptsOf, type GameLog, isAttempt } from './log/game-log';
import { indicatorIndex, replacementIndex } from './sanma/wall';
import { commitmentOf, dealWall, wallCommitment } from './walls';
import { exchangeProblems } from './xuezhan/record';

export interface Verification {
  ok: boolean;
  /** What did not match, hand by hand. */
  problems: string[];
  hands: number;
  /** The hands dealt again after a restart: each hand's number and the deal attempt it was played on. */
  redealt: { hand: number; attempt: number }[];
}

/**
 * Checks a finished game against its revealed seed: the seed matches the commitment published at the start,
 * and every deal, draw, replacement draw and dora indicator in the log comes from the walls the seed deals. A
 * hand dealt again after a restart is checked against the wall of the attempt it was played on, and the walls
 * abandoned before it against their commitments: attempts 0, 1 … with none left out.
 */
export function verifyGame(seed: string, log: GameLog): Verification {
  if (log.mode === 'chuanma') {
    // A chuanma record (`src/chuanma/record.ts`): its own walls, deal and exchange.
    const problems = verifyChuanmaGame(seed, log);
    const redealt = attemptsOf(log).flatMap((attempt, hand) => (attempt > 0 ? [{ hand, attempt }] : []));
    return { ok: problems.length === 0, problems, hands: log.paipu.log.length, redealt };
  }
  const problems: string[] = [];
  if (commitmentOf(seed) !== log.commitment) problems.push('the seed does not match the commitment');
  const rule = Majiang.rule({ 赤牌: log.red });
  const players = log.players ?? 4;
  problems.push(...redealProblems(seed, log));
  const attempts = attemptsOf(log);
  log.paipu.log.forEach((hand, n) => {
    const wall = dealWall(seed, n, log.red, players, attempts[n]);
    const shan = new Majiang.Shan(rule);
    shan._pai = wall.slice();
    const qipai = hand[0]?.qipai;
    if (!qipai) {
      problems.push(`hand ${n}: no deal`);
      return;
    }
    if (qipai.baopai !== wall[4])
      problems.push(`hand ${n}: dora indicator ${qipai.baopai} is not ${wall[4]}`);
    const dealt = Array.from({ length: players }, () =>
      Array.from({ length: 13 }, () => shan._pai.pop() as string),
    );
    // Xuezhandaodi with the exchange: the hands of the deal are the dealt ones after it.
    const exchange = log.mode === 'xuezhan' ? exchangeProblems(seed, log, n, attempts[n], dealt) : null;
    if (exchange) problems.push(...exchange.problems);
    const hands = exchange?.hands ?? dealt;
    for (let l = 0; l < players; l++) {
      const expected = new Majiang.Shoupai(hands[l]).toString();
      if (Majiang.Shoupai.fromString(qipai.shoupai[l]).toString() !== expected)
        problems.push(`hand ${n}: seat ${l} was dealt ${qipai.shoupai[l]}, the wall deals ${expected}`);
    }
    let revealed = 1;
    let replacements = 0;
    for (const entry of hand.slice(1)) {
      if (entry.zimo && entry.zimo.p !== shan._pai.pop())
        problems.push(`hand ${n}: draw ${entry.zimo.p} is not from the wall`);
      if (entry.gangzimo) {
        // Replacement draws (kan, and kita with three players) come from the dead wall's front, then from the
        // far end of the live wall.
        const [expected] = shan._pai.splice(replacementIndex(replacements), 1);
        replacements++;
        if (entry.gangzimo.p !== expected)
          problems.push(`hand ${n}: replacement draw ${entry.gangzimo.p} is not from the dead wall`);
      }
      if (entry.kaigang) {
        // Indicators follow each other from index 4; replacement draws shift the dead wall.
        const expected = shan._pai[indicatorIndex(revealed, replacements)];
        revealed++;
        if (entry.kaigang.baopai !== expected)
          problems.push(`hand ${n}: kan dora indicator ${entry.kaigang.baopai} is not ${expected}`);
      }
    }
  });
  const redealt = attempts.flatMap((attempt, hand) => (attempt > 0 ? [{ hand, attempt }] : []));
  return { ok: problems.length === 0, problems, hands: log.paipu.log.length, redealt };
}

/** What is wrong with a record's list of re-dealt hands: its shape, and each abandoned wall's commitment. */
function redealProblems(seed: string, log: GameLog): string[] {
  if (log.redeals === undefined) return [];
  if (!Array.isArray(log.redeals)) return ['the re-dealt hands are not a list'];
  const problems: string[] = [];
  const players = log.players ?? 4;
  let last = -1;
  for (const r of log.redeals) {
    const { hand, attempt, abandoned } = r ?? {};
    if (!Number.isInteger(hand) || hand <= last || hand >= log.paipu.log.length) {
      problems.push(`a re-dealt hand ${hand} is not a hand of the game after the one before it`);
      continue;
    }
    last = hand;
    if (!isAttempt(attempt) || attempt < 1) {
      problems.push(`hand ${hand}: a re-deal's attempt ${attempt} is not a whole number from 1`);
      continue;
    }
    if (!Array.isArray(abandoned) || abandoned.length !== attempt) {
      problems.push(
        `hand ${hand}: played on attempt ${attempt}, the record names ${abandoned?.length ?? 0} walls before it`,
      );
      continue;
    }
    abandoned.forEach((commitment, a) => {
      if (commitment !== wallCommitment(dealWall(seed, hand, log.red, players, a)))
        problems.push(`hand ${hand}: the abandoned wall of attempt ${a} does not match its commitment`);
    });
  }
  return problems;
}
