import { type ExchangeDirection, exchangeDirection } from '../chuanma/exchange';
import type { GameLog } from '../log/game-log';
import { exchangeHands, isValidExchange } from './exchange';

/**
 * The exchange of hand `n` of a xuezhandaodi record, checked against the seed: with `huansanzhang` on, the deal
 * must hold it (`qipai.huan`), in the direction the seed draws for the hand and attempt, each seat passing three
 * tiles it was dealt. Returns what is wrong and the hands after the exchange (null when there is none to apply).
 */
export function exchangeProblems(
  seed: string,
  log: GameLog,
  n: number,
  attempt: number,
  dealt: string[][],
): { problems: string[]; hands: string[][] | null } {
  const huan = log.paipu.log[n]?.[0]?.qipai?.huan as
    | { direction: ExchangeDirection; given: string[][] }
    | undefined;
  if (!log.xuezhan?.huansanzhang)
    return { problems: huan ? [`hand ${n}: an exchange in a game without it`] : [], hands: null };
  if (!huan) return { problems: [`hand ${n}: no exchange`], hands: null };
  const problems: string[] = [];
  const direction = exchangeDirection(seed, n, attempt);
  if (huan.direction !== direction)
    problems.push(`hand ${n}: exchange direction ${huan.direction} is not ${direction}`);
  const given = Array.isArray(huan.given) ? huan.given : [];
  const valid = dealt.every((hand, l) => isValidExchange(hand, given[l]));
  if (!valid) problems.push(`hand ${n}: a seat passed tiles it was not dealt`);
  return { problems, hands: valid ? exchangeHands(dealt, given, huan.direction) : null };
}
