import type { HandOutcome } from './renchan';
import type { TableRule } from './table-rule';

/** The table after a hand has been paid, before the next one is dealt. */
export interface EndCheck {
  /** Scores by seat (seat 0 = first dealer). */
  scores: number[];
  /** The hand just played: wind (0 East …) and hand within the wind (= dealer seat). */
  chang: number;
  ju: number;
  outcome: HandOutcome;
  repeats: boolean;
}

export type EndReason =
  | 'bust'
  | 'tianbian'
  | 'scheduled'
  | 'all_last_stop'
  | 'extension'
  | 'extension_limit'
  | null;

/** The seat in 1st place: highest score, ties to the seat nearer the first dealer. */
export function topSeat(scores: number[]): number {
  let top = 0;
  for (let s = 1; s < scores.length; s++) if (scores[s] > scores[top]) top = s;
  return top;
}

/**
 * Whether the game ends after this hand, and why:
 * - tobi (`can_jifei`): a player below zero;
 * - `tianbian_value`: a player reached the ceiling;
 * - all-last stop (agari-yame `have_helezhongju` / tenpai-yame `have_tingpaizhongju`): the dealer of the last
 *   scheduled hand repeats while 1st with at least `fandian`;
 * - the scheduled last hand is over and someone has `fandian`; otherwise, with `have_nanruxiru`, the game goes
 *   on into the next wind (South for East games, West for South games) and ends as soon as anyone reaches
 *   `fandian` (sudden death), or at the end of that wind at the latest.
 */
export function gameEndReason(check: EndCheck, rule: TableRule): EndReason {
  const { scores, chang, ju, outcome, repeats } = check;
  if (rule.core.トビ終了あり && scores.some((s) => s < 0)) return 'bust';
  if (rule.tianbian > 0 && scores.some((s) => s >= rule.tianbian)) return 'tianbian';

  // Hands per wind: one per seat (three in sanma).
  const seats = rule.players;
  const handIndex = chang * seats + ju;
  const lastScheduled = rule.winds * seats - 1;
  const reachedFandian = scores.some((s) => s >= rule.fandian);

  if (handIndex < lastScheduled) return null;
  if (handIndex === lastScheduled) {
    if (repeats) {
      const dealer = ju;
      const dealerLeads = topSeat(scores) === dealer && scores[dealer] >= rule.fandian;
      const stop =
        (outcome.won && outcome.dealerWon && rule.allLastStopOnWin) ||
        (!outcome.won && !outcome.abortive && outcome.dealerTenpai && rule.allLastStopOnTenpai);
      return stop && dealerLeads ? 'all_last_stop' : null;
    }
    if (reachedFandian || !rule.extension) return 'scheduled';
    return null;
  }
  // Extension (South/West entry): sudden death, at most one more wind.
  if (reachedFandian) return 'extension';
  const nextIndex = repeats ? handIndex : handIndex + 1;
  if (nextIndex > lastScheduled + seats) return 'extension_limit';
  return null;
}
