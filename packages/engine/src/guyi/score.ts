import Majiang, { type HuleResult, type MajiangRule, type Shoupai } from '@kobalab/majiang-core';
import { basicPoints, handPayments } from '../rules/points';
import { localYaku, localYakuman, type WinFacts, type Yaku } from './yaku';

/** The rules engine's win parameters (`Majiang.Util.hule`), with its situational yaku flags. */
export interface HuleParam {
  rule: MajiangRule;
  zhuangfeng: number;
  menfeng: number;
  hupai: { lizhi?: number; haidi?: number } & Record<string, unknown>;
  baopai: string[];
  fubaopai: string[] | null;
  jicun: { changbang: number; lizhibang: number };
}

/** Dora of every kind: listed last, after the yaku. */
const DORA = new Set(['ドラ', '赤ドラ', '裏ドラ']);

const isYakuman = (hupai: readonly Yaku[]) => hupai.some((h) => typeof h.fanshu === 'string');

/**
 * The hand with one four-groups-and-a-pair reading fixed: every closed group but the one holding the winning
 * tile is set aside as a closed set (written without a call mark, so the hand stays closed and a triplet stays
 * concealed), so the rules engine can only read the hand that way, pair and winning group aside.
 */
function withReading(shoupai: Shoupai, mianzi: string[]): Shoupai {
  const fixed = shoupai.clone();
  const closedGroups = mianzi.slice(1, mianzi.length - shoupai._fulou.length).filter((m) => !m.includes('!'));
  for (const m of closedGroups) {
    const s = m[0];
    const bingpai = fixed._bingpai[s];
    let set = s;
    for (const d of m.slice(1)) {
      const n = +d;
      bingpai[n]--;
      // A red five goes with the set while one is left to spare for the tile drawn.
      const spare = fixed._zimo === `${s}0` ? 1 : 0;
      if (n === 5 && bingpai[0] > spare) {
        bingpai[0]--;
        set += '0';
      } else set += d;
    }
    fixed._fulou.push(set);
  }
  return fixed;
}

/** Adds the honba and sticks to a win's payments at the rules engine's prices (300 a honba, 1000 a stick). */
function withDeposits(fenpei: number[], winner: number, payer: number | null, param: HuleParam): number[] {
  const { changbang, lizhibang } = param.jicun;
  const paid = fenpei.slice();
  paid[winner] += changbang * 300 + lizhibang * 1000;
  for (let l = 0; l < paid.length; l++) {
    if (l === winner) continue;
    if (payer == null) paid[l] -= changbang * 100;
    else if (l === payer) paid[l] -= changbang * 300;
  }
  return paid;
}

/** The stand-in yaku of a hand without yaku of the rules (robbing a kan: 1 han, no fu of its own). */
const STAND_IN = '槍槓';

/**
 * The rules engine's result for a hand (or one reading of it), `noYaku` when the hand has no yaku of the rules:
 * it is then scored with a stand-in yaku taken off again, so that the mode's yaku have its fu and dora to add
 * to (its payments are re-priced in `withLocalYaku`). Undefined when the hand does not win.
 */
function standardOf(
  shoupai: Shoupai,
  rongpai: string | null,
  param: HuleParam,
): { result: HuleResult; noYaku: boolean } | undefined {
  const result = Majiang.Util.hule(shoupai, rongpai, param);
  if (result?.hupai?.length) return { result, noYaku: false };
  const standIn = Majiang.Util.hule(shoupai, rongpai, {
    ...param,
    hupai: { ...param.hupai, qianggang: true },
  });
  if (!standIn?.hupai?.length) return undefined;
  const hupai = standIn.hupai.filter((h) => h.name !== STAND_IN);
  return { result: { ...standIn, hupai, fanshu: (standIn.fanshu ?? 1) - 1 }, noYaku: true };
}

/**
 * The rules engine's result for one reading (or for the whole hand), with the mode's yaku and re-priced. A hand
 * without yaku of the rules that gains none here keeps only its dora: not a win on its own (renhou aside).
 */
function withLocalYaku(
  { result: standard, noYaku }: { result: HuleResult; noYaku: boolean },
  facts: WinFacts,
  mianzi: string[] | null,
  param: HuleParam,
): HuleResult {
  const yakuman = localYakuman(facts);
  const ordinary = localYaku(facts, mianzi, standard.hupai);
  const wasYakuman = isYakuman(standard.hupai);
  let hupai: Yaku[];
  if (yakuman.add.length) {
    const kept = wasYakuman ? standard.hupai.filter((h) => !yakuman.replace.includes(h.name)) : [];
    hupai = [...kept, ...yakuman.add];
    if (!param.rule.ダブル役満あり) for (const h of hupai) h.fanshu = '*';
  } else if (!wasYakuman && (ordinary.add.length || noYaku)) {
    const kept = standard.hupai.filter((h) => !ordinary.replace.includes(h.name));
    const yaku = kept.filter((h) => !DORA.has(h.name));
    hupai = [...yaku, ...ordinary.add, ...kept.filter((h) => DORA.has(h.name))];
  } else return standard;

  const winner = param.menfeng;
  const mark = facts.rongpai?.slice(-1) as '+' | '=' | '-' | undefined;
  const payer = mark ? (winner + { '+': 1, '=': 2, '-': 3 }[mark]) % 4 : null;
  const result: HuleResult = { hupai, defen: 0, fenpei: [] };
  let base: number;
  if (isYakuman(hupai)) {
    // 役満の複合あり off (disable_composite_yakuman): one yakuman however many, as the rules engine counts
    result.damanguan = param.rule.役満の複合あり
      ? hupai.reduce((sum, h) => sum + String(h.fanshu).length, 0)
      : 1;
    base = 8000 * result.damanguan;
  } else {
    result.fu = standard.fu;
    result.fanshu = hupai.reduce((sum, h) => sum + Number(h.fanshu), 0);
    base = basicPoints(result.fanshu, standard.fu ?? 30, param.rule);
  }
  const fenpei = handPayments(base, winner, payer);
  result.defen = fenpei[winner];
  result.fenpei = withDeposits(fenpei, winner, payer, param);
  return result;
}

/** Whether `a` pays the winner more than `b` (then more han, then more fu), as the rules engine chooses. */
function better(a: HuleResult, b: HuleResult): boolean {
  if (a.defen !== b.defen) return a.defen > b.defen;
  if (!a.fanshu || !b.fanshu) return false;
  return a.fanshu > b.fanshu || (a.fanshu === b.fanshu && (a.fu ?? 0) > (b.fu ?? 0));
}

/**
 * A win scored with the mode's yaku (guyi_mode): each way of reading the hand is scored by the rules engine and
 * given the mode's yaku for that reading (three consecutive triplets or three identical sequences depend on it),
 * and the reading that pays most is kept. The payments include honba and sticks at the rules engine's prices,
 * as `Majiang.Util.hule` gives them (the table re-prices them by the rule afterwards). The mode's yaku alone make
 * a win; a hand without any yaku keeps only its dora (`meetsMinHan` refuses it). Undefined when the hand does not
 * win.
 */
export function scoreGuyiWin(facts: WinFacts, param: HuleParam): HuleResult | undefined {
  const { shoupai, rongpai } = facts;
  const whole = standardOf(shoupai, rongpai, param);
  if (!whole) return undefined;
  let best = withLocalYaku(whole, facts, null, param);
  for (const mianzi of Majiang.Util.hule_mianzi(shoupai, rongpai)) {
    if (mianzi.length !== 5) continue;
    const standard = standardOf(withReading(shoupai, mianzi), rongpai, param);
    if (!standard) continue;
    const scored = withLocalYaku(standard, facts, mianzi, param);
    if (better(scored, best)) best = scored;
  }
  return best;
}
