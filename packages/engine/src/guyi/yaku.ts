import type { HuleResult, Shoupai } from '@kobalab/majiang-core';

// guyi_mode (古役, ancient local yaku): the yaku the mode adds to normal riichi rules, named as the rules engine
// names yaku (Japanese), which the record's `hupai` and the table's translations use as keys.

/** The mode's yaku by name (renhou is the rules' own `人和`, a yakuman in this mode: see `rules/renhou.ts`). */
const GUYI = {
  tsubameGaeshi: '燕返し',
  kanburi: '槓振り',
  shiiaruRaotai: '十二落抬',
  uumensai: '五門斉',
  sanrenkou: '三連刻',
  isshokuSanjun: '一色三同順',
  iipinMoyue: '一筒摸月',
  chuupinRaoyui: '九筒撈魚',
  daisharin: '大車輪',
  daichikurin: '大竹林',
  daisuurin: '大数隣',
  ishinoUenimoSannen: '石の上にも三年',
  daichisei: '大七星',
} as const;

/** The mode's own yaku as a win's record names them (renhou aside: it is the rules' own `人和`). */
export const GUYI_YAKU: readonly string[] = Object.values(GUYI);

/** One yaku of a win: han, or `*` per yakuman (`**` double). */
export type Yaku = HuleResult['hupai'][number];

/** What only the table knows about a win: the discard it was made on. */
export interface WinSituation {
  /** Ron on the discard that declared riichi (tsubame-gaeshi). */
  riichiDiscard: boolean;
  /** Ron on the discard made right after a kan's replacement draw (kanburi). */
  afterKan: boolean;
}

/** The win as the rules engine sees it: the hand, the winning tile, the situational yaku flags. */
export interface WinFacts {
  shoupai: Shoupai;
  /** The winning tile on a ron (`p9-`), null on a tsumo. */
  rongpai: string | null;
  /** The rules engine's situational flags: `lizhi` 2 is double riichi, `haidi` 1 haitei tsumo, 2 houtei ron. */
  hupai: { lizhi?: number; haidi?: number };
  situation: WinSituation;
}

/** The mode's yaku one win adds, and the rules' yaku they replace. */
export interface LocalYaku {
  add: Yaku[];
  replace: string[];
}

/** The 22–88 pairs yakuman by suit. */
const PAIRS_22_88: Record<string, string> = { p: GUYI.daisharin, s: GUYI.daichikurin, m: GUYI.daisuurin };

/** Tiles of the whole hand (winning tile included) by suit and number, red fives counted as fives. */
function tileCounts(shoupai: Shoupai, rongpai: string | null): Record<string, number[]> {
  const counts: Record<string, number[]> = {};
  for (const s of ['m', 'p', 's', 'z']) {
    counts[s] = shoupai._bingpai[s].slice();
    counts[s][0] = 0;
  }
  for (const m of shoupai._fulou) for (const d of m.replace(/0/g, '5').match(/\d/g) ?? []) counts[m[0]][+d]++;
  if (rongpai) counts[rongpai[0]][+rongpai[1] || 5]++;
  return counts;
}

/** The winning tile, red five read as five (`p5`). */
function winningTile(facts: WinFacts): string {
  const p = facts.rongpai ?? facts.shoupai._zimo ?? '';
  return p[0] + (p[1] === '0' ? '5' : p[1]);
}

/** Calls that opened the hand (chi, pon, open kans; a closed kan is not a call). */
function openCalls(shoupai: Shoupai): number {
  return shoupai._fulou.filter((m) => /[+=-]/.test(m)).length;
}

/** The groups of a four-groups-and-a-pair reading (pair first) as suit + sorted digits (`m123`, `p555`). */
function groupsOf(mianzi: string[]): { suit: string; digits: string }[] {
  return mianzi.slice(1).map((m) => ({
    suit: m[0],
    digits: (m.replace(/0/g, '5').match(/\d/g) ?? []).sort().join(''),
  }));
}

/** Sanrenkou: three triplets (or kans) in one suit with consecutive numbers. */
function hasSanrenkou(mianzi: string[]): boolean {
  const triplets = new Set(
    groupsOf(mianzi)
      .filter((g) => g.suit !== 'z' && g.digits[0] === g.digits[1])
      .map((g) => g.suit + g.digits[0]),
  );
  return [...triplets].some((t) => triplets.has(t[0] + (+t[1] + 1)) && triplets.has(t[0] + (+t[1] + 2)));
}

/** Isshoku sanjun: three identical sequences. */
function hasIsshokuSanjun(mianzi: string[]): boolean {
  const runs = groupsOf(mianzi)
    .filter((g) => g.digits[0] !== g.digits[1])
    .map((g) => g.suit + g.digits);
  return runs.some((r) => runs.filter((x) => x === r).length >= 3);
}

/**
 * The mode's yakuman of a win (each `*`, daichisei `**`) and the rules' yaku they replace:
 * - 大車輪 / 大竹林 / 大数隣: pairs of 2 to 8 in pin / sou / man, closed (our reading; see the README);
 * - 石の上にも三年: double riichi won on the last tile (haitei or houtei), replacing both;
 * - 大七星: seven pairs of honours, a double yakuman replacing tsuuiisou.
 */
export function localYakuman(facts: WinFacts): LocalYaku {
  const add: Yaku[] = [];
  const replace: string[] = [];
  const counts = tileCounts(facts.shoupai, facts.rongpai);
  const closed = facts.shoupai._fulou.length === 0;
  for (const [suit, name] of Object.entries(PAIRS_22_88)) {
    if (closed && [2, 3, 4, 5, 6, 7, 8].every((n) => counts[suit][n] === 2)) add.push({ name, fanshu: '*' });
  }
  if (facts.hupai.lizhi === 2 && (facts.hupai.haidi ?? 0) > 0) {
    add.push({ name: GUYI.ishinoUenimoSannen, fanshu: '*' });
    replace.push('ダブル立直', '海底摸月', '河底撈魚');
  }
  if (closed && [1, 2, 3, 4, 5, 6, 7].every((n) => counts.z[n] === 2)) {
    add.push({ name: GUYI.daichisei, fanshu: '**' });
    replace.push('字一色');
  }
  return { add, replace };
}

/**
 * The mode's ordinary yaku of a win read as `mianzi` (the rules engine's reading: pair first, then the groups;
 * null for a hand read otherwise, which takes only the yaku that do not depend on the reading) given the rules'
 * own yaku `hupai`, and the rules' yaku they replace:
 * - 燕返し 1: ron on the discard that declared riichi; 槓振り 1: ron on the discard right after a kan;
 * - 十二落抬 1: four calls (closed kans are not calls), so a single wait;
 * - 五門斉 2: man, pin, sou, a wind and a dragon in the hand;
 * - 三連刻 2: three triplets in one suit with consecutive numbers;
 * - 一色三同順 3 closed, 2 open: three identical sequences, replacing iipeikou (not counted beside ryanpeikou);
 * - 一筒摸月 5: haitei tsumo on 1p, replacing haitei; 九筒撈魚 5: houtei ron on 9p, replacing houtei.
 */
export function localYaku(facts: WinFacts, mianzi: string[] | null, hupai: readonly Yaku[]): LocalYaku {
  const add: Yaku[] = [];
  const replace: string[] = [];
  const ron = facts.rongpai != null;
  if (ron && facts.situation.riichiDiscard) add.push({ name: GUYI.tsubameGaeshi, fanshu: 1 });
  if (ron && facts.situation.afterKan) add.push({ name: GUYI.kanburi, fanshu: 1 });
  if (openCalls(facts.shoupai) === 4) add.push({ name: GUYI.shiiaruRaotai, fanshu: 1 });
  const counts = tileCounts(facts.shoupai, facts.rongpai);
  const has = (s: string, from: number, to: number) =>
    counts[s].some((c, n) => n >= from && n <= to && c > 0);
  if (has('m', 1, 9) && has('p', 1, 9) && has('s', 1, 9) && has('z', 1, 4) && has('z', 5, 7)) {
    add.push({ name: GUYI.uumensai, fanshu: 2 });
  }
  if (mianzi?.length === 5) {
    if (hasSanrenkou(mianzi)) add.push({ name: GUYI.sanrenkou, fanshu: 2 });
    if (hasIsshokuSanjun(mianzi) && !hupai.some((h) => h.name === '二盃口')) {
      add.push({ name: GUYI.isshokuSanjun, fanshu: openCalls(facts.shoupai) ? 2 : 3 });
      replace.push('一盃口');
    }
  }
  const tile = winningTile(facts);
  if (facts.hupai.haidi === 1 && tile === 'p1') {
    add.push({ name: GUYI.iipinMoyue, fanshu: 5 });
    replace.push('海底摸月');
  }
  if (facts.hupai.haidi === 2 && tile === 'p9') {
    add.push({ name: GUYI.chuupinRaoyui, fanshu: 5 });
    replace.push('河底撈魚');
  }
  return { add, replace };
}
