import Majiang, { type Shoupai } from '@kobalab/majiang-core';
import { tingpai, xiangting } from '../shanten/xiangting';

/** The seat the event came from, as the rules engine marks a called or robbed tile: + right, = across, - left. */
const DIRECTION = ['', '+', '=', '-'];

interface TableView {
  he: { _pai: string[] }[];
  shoupai: { _fulou: string[] }[];
  shan: { baopai: string[]; paishu: number };
}

/**
 * `ai_level` 1, simple: a shanten-greedy player of our own. It wins (tsumo, ron, chankan) whenever the rules
 * allow, discards the tile that leaves the lowest shanten, breaking ties by ukeire (tiles still unseen that
 * would lower it further), declares riichi as soon as a closed hand is tenpai, and never calls chi, pon or kan.
 */
export class SimpleRobot extends Majiang.Player {
  action_kaiju(): void {
    this._callback?.();
  }

  action_qipai(): void {
    this._callback?.();
  }

  action_zimo(zimo: { l: number }, gangzimo?: boolean): void {
    if (zimo.l !== this._menfeng) this._callback?.();
    // Tsumo: a kan replacement draw counts as a yaku of its own (rinshan kaihou).
    else if (this.allow_hule(this.shoupai, null, gangzimo)) this._callback?.({ hule: '-' });
    else this._callback?.({ dapai: this.chooseDiscard() });
  }

  action_dapai(dapai: { l: number; p: string }): void {
    if (dapai.l === this._menfeng) this._callback?.();
    // Ron on another player's discard.
    else if (this.allow_hule(this.shoupai, dapai.p.slice(0, 2) + this.directionOf(dapai.l))) {
      this._callback?.({ hule: '-' });
    } else this._callback?.();
  }

  action_fulou(fulou: { l: number; m: string }): void {
    // Never calls, so a call by this seat cannot happen; other players' calls need no answer.
    if (fulou.l === this._menfeng && !/^[mpsz]\d{4}/.test(fulou.m)) {
      this._callback?.({ dapai: this.chooseDiscard() });
    } else this._callback?.();
  }

  action_gang(gang: { l: number; m: string }): void {
    // Chankan: robbing another player's added kan.
    const robbable = gang.l !== this._menfeng && /^[mpsz]\d{3}[+=-]\d$/.test(gang.m);
    const rongpai = gang.m[0] + gang.m.slice(-1) + this.directionOf(gang.l);
    if (robbable && this.allow_hule(this.shoupai, rongpai, true)) this._callback?.({ hule: '-' });
    else this._callback?.();
  }

  action_hule(): void {
    this._callback?.();
  }

  action_pingju(): void {
    this._callback?.();
  }

  action_jieju(): void {
    this._callback?.();
  }

  private directionOf(seat: number): string {
    return DIRECTION[(4 + seat - this._menfeng) % 4];
  }

  /** Lowest shanten after the discard, then most ukeire, then keep red fives; riichi (`*`) when allowed. */
  chooseDiscard(): string {
    const hand = this.shoupai;
    const candidates = this.get_dapai(hand);
    const unseen = this.unseenCounts(hand);
    let best = candidates[0];
    let bestShanten = Number.POSITIVE_INFINITY;
    let bestUkeire = -1;
    for (const p of candidates) {
      const after = hand.clone().dapai(p);
      const shanten = xiangting(after);
      if (shanten > bestShanten) continue;
      const ukeire = ukeireOf(after, unseen);
      let better: boolean;
      if (shanten < bestShanten) better = true;
      else if (ukeire !== bestUkeire) better = ukeire > bestUkeire;
      else better = best[1] === '0' && p[1] !== '0'; // same value: keep the red five
      if (better) {
        best = p;
        bestShanten = shanten;
        bestUkeire = ukeire;
      }
    }
    if (hand.menqian && !hand.lizhi && this.allow_lizhi(hand, best)) return `${best}*`;
    return best;
  }

  /** Tiles of each kind not visible to this seat: its own hand, every river, every meld, the dora indicators. */
  private unseenCounts(hand: Shoupai): Record<string, number[]> {
    const unseen: Record<string, number[]> = {
      m: [0, 4, 4, 4, 4, 4, 4, 4, 4, 4],
      p: [0, 4, 4, 4, 4, 4, 4, 4, 4, 4],
      s: [0, 4, 4, 4, 4, 4, 4, 4, 4, 4],
      z: [0, 4, 4, 4, 4, 4, 4, 4],
    };
    const seen = (s: string, n: number) => {
      if (unseen[s] && unseen[s][n] > 0) unseen[s][n]--;
    };
    for (const s of ['m', 'p', 's', 'z']) {
      const counts = hand._bingpai[s];
      for (let n = 1; n < counts.length; n++) for (let i = 0; i < counts[n]; i++) seen(s, n);
    }
    const view = this._model as TableView;
    for (const he of view.he) {
      // A discard someone called is counted once, in the caller's meld.
      for (const p of he._pai) if (!/[+=-]$/.test(p)) seen(p[0], +p[1] || 5);
    }
    for (const shoupai of view.shoupai) {
      for (const m of shoupai._fulou) for (const d of m.match(/\d/g) ?? []) seen(m[0], +d || 5);
    }
    for (const p of view.shan.baopai) seen(p[0], +p[1] || 5);
    return unseen;
  }
}

/** Unseen tiles among those that lower the shanten of a 13-tile hand. */
function ukeireOf(hand: Shoupai, unseen: Record<string, number[]>): number {
  let total = 0;
  for (const p of tingpai(hand) ?? []) total += unseen[p[0]][+p[1]];
  return total;
}
