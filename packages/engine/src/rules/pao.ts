import { handPayments } from './points';
import type { ScoredWin } from './renhou';

/** Relative seat of the player a meld was called from (`+` next, `=` across, `-` previous). */
export function giverOf(winner: number, meld: string): number {
  const d = meld.match(/[+=-]/)?.[0] ?? '';
  return (winner + ({ '+': 1, '=': 2, '-': 3 }[d] ?? 0)) % 4;
}

/** Whether a meld is an open kan called on a discard (daiminkan): four tiles, then the giver mark. */
export function isOpenKan(meld: string): boolean {
  return /^[mpsz]\d{4}[+=-]$/.test(meld);
}

/**
 * Liability (pao) for four kans (`enable_baopai_extend_settings` 1): when the winner's fourth kan was an open
 * kan on someone's discard, that player answers for the suukantsu yakuman — all of it on a tsumo, half of it
 * beside the discarder on a ron. Rewrites the win's payments (at the engine's honba and stick prices, 300 and
 * 1000, re-priced afterwards like any win). Other yakuman in the hand are paid as usual.
 */
export function applyFourKanLiability(
  win: ScoredWin,
  winner: number,
  payer: number | null,
  liable: number,
  honba: number,
  sticks: number,
): void {
  const multiple = win.damanguan ?? 1;
  const dealer = winner === 0;
  const liableBase = 8000 * (payer != null ? 0.5 : 1);
  const liablePart = liableBase * (dealer ? 6 : 4);
  const restBase = 8000 * multiple - liableBase;
  const fenpei = [0, 0, 0, 0];
  fenpei[winner] += liablePart;
  fenpei[liable] -= liablePart;
  if (payer != null) {
    const rest = handPayments(restBase, winner, payer);
    for (let l = 0; l < 4; l++) fenpei[l] += rest[l];
    fenpei[payer] -= honba * 300;
  } else if (restBase === 0) {
    fenpei[liable] -= honba * 300;
  } else {
    const rest = handPayments(restBase, winner, null);
    for (let l = 0; l < 4; l++) fenpei[l] += rest[l] - (l === winner ? 0 : honba * 100);
  }
  fenpei[winner] += honba * 300 + sticks * 1000;
  for (let l = 0; l < 4; l++) win.fenpei[l] = fenpei[l];
  win.defen = fenpei[winner] - honba * 300 - sticks * 1000;
}
