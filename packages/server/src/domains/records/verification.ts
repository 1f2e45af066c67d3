import { type GameLog, type Verification, verifyGame } from '@taikai/engine';

/**
 * Checks a record against what was published: the commitment announced when the game started (kept on the
 * record) is the one its log carries, the revealed seed hashes to it, and every wall of every hand is the one
 * the seed deals (`verifyGame`), a hand dealt again after a restart on the attempt the log names (`redealt`).
 */
export function verifyRecord(record: { seed: string; commitment: string; log: unknown }): Verification {
  const log = record.log as GameLog;
  const problems: string[] = [];
  if (log?.format !== 'taikai/1' || !Array.isArray(log.paipu?.log)) {
    return {
      ok: false,
      hands: 0,
      problems: ['the record holds no game log this server can read'],
      redealt: [],
    };
  }
  if (log.commitment !== record.commitment)
    problems.push('the log carries another commitment than the one published at the start');
  const walls = verifyGame(record.seed, log);
  problems.push(...walls.problems);
  return { ok: problems.length === 0, hands: walls.hands, problems, redealt: walls.redealt };
}
