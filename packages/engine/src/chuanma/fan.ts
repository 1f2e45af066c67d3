import {
  allTiles,
  type ConcealedSet,
  type Hand,
  handSize,
  isKong,
  isSevenPairs,
  standardDecompositions,
  waits,
} from './hand';
import { countsOf, isJiang, isTerminal, rankOf, SUITS, type Suit, suitOf } from './tiles';

/**
 * Fan (番) of a winning chuanma hand, as Mahjong Soul's Bloodshed room (赤血の戦) scores them: one hand
 * pattern — the highest that applies, patterns do not add up — plus one fan for each root (根) and each
 * circumstance of the win. Stable ids, values and Mahjong Soul's fan ids (1000–1021):
 */
export const FAN_VALUES = {
  /** 平胡 (1003): no other pattern. */
  pinghu: 1,
  /** 对对胡 (1005): four triplets or kongs. */
  duiduihu: 2,
  /** 清一色 (1006): one suit only. */
  qingyise: 3,
  /** 七对 (1007): seven pairs. */
  qidui: 3,
  /** 带幺九 (1008): every set and the pair hold a 1 or 9. */
  daiyaojiu: 3,
  /** 金钩钓 (1009): four melds, winning on the single wait for the pair. */
  jingoudiao: 3,
  /** 清对 (1010): 清一色 and 对对胡. */
  qingdui: 4,
  /** 将对 (1011): 对对胡 of 2s, 5s and 8s only. */
  jiangdui: 4,
  /** 龙七对 (1012): seven pairs holding four of a kind (that root is part of it). */
  longqidui: 4,
  /** 清七对 (1013): 清一色 seven pairs. */
  qingqidui: 5,
  /** 清金钩钓 (1014): 清一色 金钩钓. */
  qingjingoudiao: 5,
  /** 清幺九 (1020): 清一色 带幺九. */
  qingyaojiu: 5,
  /** 清龙七对 (1015): 清一色 龙七对. */
  qinglongqidui: 6,
  /** 十八罗汉 (1016): four kongs (their four roots are part of it). */
  shibaluohan: 6,
  /** 清十八罗汉 (1017): 清一色 十八罗汉. */
  qingshibaluohan: 6,
  /** 天胡 (1018): the dealer wins on the deal (their first draw, nothing called before). */
  tianhu: 6,
  /** 地胡 (1019): another seat wins by self-draw on their first draw, nothing called before. */
  dihu: 6,
  /** 根 (1000): each four of a kind held (concealed, pung plus one in hand, or kong), one fan each. */
  gen: 1,
  /** 杠上开花 (1001): self-draw on a kong's replacement draw. */
  gangshanghua: 1,
  /** 杠上炮 (1002): ron on the discard its discarder made right after a kong. */
  gangshangpao: 1,
  /** 抢杠胡 (1004): ron on the tile of an added kong (补杠). */
  qiangganghu: 1,
  /** 海底捞月 (1021): self-draw on the wall's last tile. */
  haidilaoyue: 1,
  /** 海底炮: ron on the discard after the wall's last tile (Mahjong Soul names it 海底捞月 too, fan 1021). */
  haidipao: 1,
} as const;

export type FanId = keyof typeof FAN_VALUES;

/** Hand patterns, highest first: only the first that applies scores (Mahjong Soul's order). */
const PATTERN_ORDER: readonly FanId[] = [
  'dihu',
  'tianhu',
  'qingshibaluohan',
  'shibaluohan',
  'qinglongqidui',
  'qingyaojiu',
  'qingjingoudiao',
  'qingqidui',
  'longqidui',
  'jiangdui',
  'qingdui',
  'jingoudiao',
  'daiyaojiu',
  'qidui',
  'qingyise',
  'duiduihu',
];

/** The fan cap (封顶): a hand scores at most 6 fan, 32 000 points. */
export const CAP_FAN = 6;
/** Points of one fan (底分). */
export const BASE_POINTS = 1000;
/** The self-draw bonus (自摸加底): each payer pays one base more on a self-draw. */
export const ZIMO_BONUS = BASE_POINTS;

/** How the hand was won; all but `tsumo` default to false. */
export interface WinContext {
  tsumo: boolean;
  /** The winner is the dealer (for 天胡 against 地胡). */
  dealer?: boolean;
  /** Self-draw on the replacement draw after the winner's own kong (杠上开花). */
  afterKong?: boolean;
  /** Ron on a discard made right after its discarder's kong (杠上炮). */
  kongDiscard?: boolean;
  /** Ron on the tile of an added kong (抢杠胡). */
  robbingKong?: boolean;
  /** The wall's last tile: drawn (海底捞月) or discarded after it was drawn (海底炮). */
  lastTile?: boolean;
  /** The winner's first draw with nothing called before it (天胡 / 地胡, self-draw only). */
  firstDraw?: boolean;
}

export interface ScoredFan {
  id: FanId;
  /** Fan it adds (count × value). */
  fan: number;
  /** How many times (roots); 1 otherwise. */
  count: number;
}

export interface WinScore {
  fans: ScoredFan[];
  /** Sum of the fans, before the cap. */
  total: number;
  /** Fan that score: min(total, CAP_FAN). */
  capped: number;
  /** Points a payer pays for this hand: BASE_POINTS × 2^(capped − 1) (plus ZIMO_BONUS each on a self-draw). */
  points: number;
}

/** Points of a hand of `fan` fan (capped): 1 → 1 000, 2 → 2 000, 3 → 4 000 … 6 and more → 32 000. */
export function pointsOfFan(fan: number): number {
  if (fan <= 0) return 0;
  return BASE_POINTS * 2 ** (Math.min(fan, CAP_FAN) - 1);
}

/**
 * Scores a complete hand (the winning tile among the concealed tiles). Of every reading of the hand (each
 * standard decomposition, and seven pairs) the one worth most is taken, as Mahjong Soul does. Throws on a hand
 * that is not complete. The void-suit rule is the caller's (`canWin`).
 */
export function scoreWin(hand: Hand, context: WinContext): WinScore {
  if (handSize(hand) !== 14) throw new Error(`a winning hand has 14 tiles, not ${handSize(hand)}`);
  const readings: Reading[] = standardDecompositions(hand.concealed).map((d) => ({
    pair: d.pair,
    sets: d.sets,
    sevenPairs: false,
  }));
  if (isSevenPairs(hand)) readings.push({ pair: null, sets: [], sevenPairs: true });
  if (readings.length === 0) throw new Error('the hand is not complete');
  let best: WinScore | null = null;
  for (const r of readings) {
    const score = scoreReading(hand, r, context);
    if (!best || score.points > best.points || (score.points === best.points && score.total > best.total))
      best = score;
  }
  return best!;
}

interface Reading {
  pair: string | null;
  sets: ConcealedSet[];
  sevenPairs: boolean;
}

function scoreReading(hand: Hand, r: Reading, ctx: WinContext): WinScore {
  const tiles = allTiles(hand);
  const counts = countsOf(tiles);
  const oneSuit = new Set(tiles.map(suitOf)).size === 1;
  const kongs = hand.melds.filter(isKong).length;
  const allTriplets = !r.sevenPairs && r.sets.every((s) => s.kind === 'kezi');
  let roots = 0;
  for (const s of SUITS) for (let n = 1; n <= 9; n++) roots += counts[s][n] >> 2;

  const terminalEverywhere = r.sevenPairs
    ? hand.concealed.every(isTerminal)
    : isTerminal(r.pair!) &&
      hand.melds.every((m) => isTerminal(m.tile)) &&
      r.sets.every((s) =>
        s.kind === 'kezi' ? isTerminal(s.tile) : rankOf(s.tile) === 1 || rankOf(s.tile) === 7,
      );

  const applies = new Set<FanId>();
  if (allTriplets) applies.add('duiduihu');
  if (oneSuit) applies.add('qingyise');
  if (r.sevenPairs) applies.add('qidui');
  if (terminalEverywhere) applies.add('daiyaojiu');
  if (hand.melds.length === 4) applies.add('jingoudiao');
  if (oneSuit && allTriplets) applies.add('qingdui');
  if (allTriplets && tiles.every(isJiang)) applies.add('jiangdui');
  if (r.sevenPairs && roots > 0) {
    applies.add('longqidui');
    roots--;
  }
  if (oneSuit && r.sevenPairs) applies.add('qingqidui');
  if (oneSuit && hand.melds.length === 4) applies.add('qingjingoudiao');
  if (oneSuit && applies.has('longqidui')) applies.add('qinglongqidui');
  if (kongs === 4) {
    applies.add('shibaluohan');
    roots -= 4;
  }
  if (oneSuit && kongs === 4) applies.add('qingshibaluohan');
  if (ctx.tsumo && ctx.firstDraw) applies.add(ctx.dealer ? 'tianhu' : 'dihu');
  if (oneSuit && terminalEverywhere) applies.add('qingyaojiu');

  const fans: ScoredFan[] = [];
  const pattern = PATTERN_ORDER.find((id) => applies.has(id)) ?? 'pinghu';
  fans.push({ id: pattern, fan: FAN_VALUES[pattern], count: 1 });
  if (roots > 0) fans.push({ id: 'gen', fan: roots * FAN_VALUES.gen, count: roots });
  const extra = (id: FanId, when: boolean | undefined) => {
    if (when) fans.push({ id, fan: FAN_VALUES[id], count: 1 });
  };
  extra('gangshanghua', ctx.tsumo && ctx.afterKong);
  extra('gangshangpao', !ctx.tsumo && ctx.kongDiscard);
  extra('qiangganghu', !ctx.tsumo && ctx.robbingKong);
  extra('haidilaoyue', ctx.tsumo && ctx.lastTile);
  extra('haidipao', !ctx.tsumo && ctx.lastTile);

  const total = fans.reduce((sum, f) => sum + f.fan, 0);
  const capped = Math.min(total, CAP_FAN);
  return { fans, total, capped, points: pointsOfFan(capped) };
}

/**
 * The most a ready 13-tile hand could win: the best of its waits, each scored as a ron with no circumstance
 * (no 杠上开花, 海底 … — "occasional" fan do not count). What 查大叫 charges a hand that is not ready; 0 for a hand
 * that is not ready itself (or holds its void suit).
 */
export function maxHandPoints(hand: Hand, voidSuit: Suit): number {
  let best = 0;
  for (const tile of waits(hand, voidSuit)) {
    const score = scoreWin({ concealed: [...hand.concealed, tile], melds: hand.melds }, { tsumo: false });
    if (score.points > best) best = score.points;
  }
  return best;
}
