import Majiang, { type Shoupai } from '@kobalab/majiang-core';
import { basicPoints } from '../rules/points';
import type { ScoredWin } from '../rules/renhou';
import type { TableRule } from '../rules/table-rule';

/** Extracted Norths (kita / nukidora) as the record names them. */
export const KITA_DORA = '抜きドラ';

const up100 = (x: number) => Math.ceil(x / 100) * 100;

/**
 * What a dora indicator means in a three-player wall: 2m–8m are missing, so the 1m indicator makes the 9m dora
 * (and 9m makes 1m, as usual). Returned as the tile that indicates the same dora in the rules engine's terms.
 */
export function sanmaIndicator(p: string): string {
  return p === 'm1' ? 'm8' : p;
}

/** Seat `k` places after `l` in four-player seat arithmetic (`+` next, `=` two on, `-` three on). */
function seatFrom(l: number, mark: string): number {
  return (l + ({ '+': 1, '=': 2, '-': 3 }[mark] ?? 0)) % 4;
}

export interface SanmaWinInput {
  shoupai: Shoupai;
  /** The winning tile on a ron (`z4+`…), null on a tsumo. */
  rongpai: string | null;
  /** The rules engine's win parameters (round and seat wind, situational yaku, indicators as dealt). */
  param: {
    zhuangfeng: number;
    menfeng: number;
    hupai: Record<string, unknown>;
    baopai: string[];
    fubaopai: string[] | null;
  };
  /** Norths this player extracted this hand. */
  kita: number;
  /** The discarder on a ron (relative seat), null on a tsumo. */
  payer: number | null;
  honba: number;
  sticks: number;
}

/**
 * A three-player win, scored: the rules engine's yaku and fu (dora indicators read the sanma way), then the
 * extracted Norths as dora (one han each, and once more for every indicator that makes North dora, ura included),
 * then the payments between the three seats (relative seats, 0 = dealer):
 * - ron: the discarder pays the four-player ron value;
 * - tsumo with tsumo loss (`have_zimosun`): each pays their four-player share, North's share is not paid;
 *   without it, North's share is split equally between the two payers;
 * - honba: `changbang_value` per honba from the discarder, half of it from each payer on a tsumo;
 * - riichi sticks at `liqibang_value` to the winner;
 * - liability (pao) for big dragons / big winds as in four-player play.
 * Returns undefined when the hand has no yaku.
 */
export function scoreSanmaWin(input: SanmaWinInput, rule: TableRule): ScoredWin | undefined {
  const { param, kita } = input;
  const fubaopai = param.fubaopai ? param.fubaopai.map(sanmaIndicator) : null;
  const hule = Majiang.Util.hule(input.shoupai, input.rongpai, {
    ...param,
    rule: rule.core,
    baopai: param.baopai.map(sanmaIndicator),
    fubaopai,
    jicun: { changbang: 0, lizhibang: 0 },
  });
  if (!hule?.hupai?.length) return undefined;
  const hupai = hule.hupai.map((h) => ({ ...h }));
  let fanshu = hule.fanshu;
  if (!hule.damanguan && kita > 0) {
    const northDora = (indicators: string[] | null) => (indicators ?? []).filter((p) => p === 'z3').length;
    const addDora = (name: string, han: number) => {
      if (!han) return;
      const entry = hupai.find((h) => h.name === name);
      if (entry) entry.fanshu = Number(entry.fanshu) + han;
      else hupai.push({ name, fanshu: han });
    };
    addDora('ドラ', kita * northDora(param.baopai));
    hupai.push({ name: KITA_DORA, fanshu: kita });
    addDora('裏ドラ', kita * northDora(param.fubaopai));
    fanshu = hupai.reduce((sum, h) => sum + Number(h.fanshu), 0);
  }
  let base = hule.damanguan ? 8000 * hule.damanguan : basicPoints(fanshu ?? 0, hule.fu ?? 30, rule.core);
  const winner = input.param.menfeng;
  const dealer = winner === 0;
  const fenpei = [0, 0, 0];
  const { payer, honba, sticks } = input;

  // Liability (pao): the liable player answers for the yakuman the meld made (half of it beside a discarder).
  const liableYaku = hule.damanguan ? hupai.find((h) => h.baojia) : undefined;
  let liable: number | null = null;
  if (liableYaku?.baojia && hule.damanguan) {
    liable = seatFrom(winner, liableYaku.baojia);
    let share = 8000 * Math.min(String(liableYaku.fanshu).length, hule.damanguan);
    if (payer != null) share /= 2;
    base -= share;
    const value = share * (dealer ? 6 : 4);
    fenpei[winner] += value;
    fenpei[liable] -= value;
  }

  if (payer != null || base === 0) {
    const from = payer ?? (liable as number);
    const value = up100(base * (dealer ? 6 : 4));
    fenpei[winner] += value + honba * rule.changbangValue;
    fenpei[from] -= value + honba * rule.changbangValue;
  } else {
    const share = (l: number) => (dealer || l === 0 ? 2 : 1) * base;
    // North (the missing seat) would pay as a non-dealer.
    const north = dealer ? 2 * base : base;
    for (let l = 0; l < 3; l++) {
      if (l === winner) continue;
      const pay = up100(share(l) + (rule.tsumoLoss ? 0 : north / 2)) + (honba * rule.changbangValue) / 2;
      fenpei[l] -= pay;
      fenpei[winner] += pay;
    }
  }
  fenpei[winner] += sticks * rule.liqibangValue;
  const win: ScoredWin = {
    hupai,
    defen: fenpei[winner] - honba * rule.changbangValue - sticks * rule.liqibangValue,
    fenpei,
  };
  if (hule.fu != null) win.fu = hule.fu;
  if (fanshu != null) win.fanshu = fanshu;
  if (hule.damanguan) win.damanguan = hule.damanguan;
  return win;
}

/**
 * Nagashi mangan in three-player play: paid as a mangan tsumo by the player whose discards were all terminals
 * and honours (with or without tsumo loss as for any tsumo), without honba.
 */
export function sanmaNagashi(player: number, rule: TableRule): number[] {
  const dealer = player === 0;
  const base = 2000;
  const north = dealer ? 2 * base : base;
  const fenpei = [0, 0, 0];
  for (let l = 0; l < 3; l++) {
    if (l === player) continue;
    const pay = up100((dealer || l === 0 ? 2 : 1) * base + (rule.tsumoLoss ? 0 : north / 2));
    fenpei[l] -= pay;
    fenpei[player] += pay;
  }
  return fenpei;
}
