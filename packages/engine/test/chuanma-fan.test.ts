import { describe, expect, it } from 'vitest';
import { scoreWin, type WinContext } from '../src/chuanma/fan';
import { canWin, type Meld, waits } from '../src/chuanma/hand';
import { parseTiles } from '../src/chuanma/tiles';

// The worked examples of packages/engine/README.md, "Chuanma (Sichuan bloody battle)" → "Fan", one test each.

const hand = (concealed: string, melds: Meld[] = []) => ({ concealed: parseTiles(concealed), melds });
const RON: WinContext = { tsumo: false };

/** The fan list as `id×fan` strings, total and points. */
function scored(h: ReturnType<typeof hand>, ctx: WinContext = RON) {
  const s = scoreWin(h, ctx);
  return { fans: s.fans.map((f) => `${f.id}×${f.fan}`), total: s.total, points: s.points };
}

describe('chuanma fan (Mahjong Soul Bloodshed values)', () => {
  it('F1 平胡: no pattern is 1 fan, 1 000', () => {
    expect(scored(hand('m123 m456 m789 p234 p55'))).toEqual({ fans: ['pinghu×1'], total: 1, points: 1000 });
  });

  it('F2 对对胡: four triplets is 2 fan, 2 000', () => {
    expect(scored(hand('m111 m444 p222 p888 p55'))).toEqual({ fans: ['duiduihu×2'], total: 2, points: 2000 });
  });

  it('F3 清一色: one suit is 3 fan, 4 000', () => {
    expect(scored(hand('m123 m123 m456 m789 m99'))).toEqual({ fans: ['qingyise×3'], total: 3, points: 4000 });
  });

  it('F4 七对: seven pairs is 3 fan, 4 000', () => {
    expect(scored(hand('m11 m33 m55 p22 p44 p77 p99'))).toEqual({
      fans: ['qidui×3'],
      total: 3,
      points: 4000,
    });
  });

  it('F5 龙七对: seven pairs with four of a kind is 4 fan; that four is not also a root', () => {
    expect(scored(hand('m1111 m33 m55 p22 p44 p77'))).toEqual({
      fans: ['longqidui×4'],
      total: 4,
      points: 8000,
    });
  });

  it('F6 龙七对 with a second four of a kind: 4 + 1 root = 5 fan, 16 000', () => {
    expect(scored(hand('m1111 m3333 p22 p44 p77'))).toEqual({
      fans: ['longqidui×4', 'gen×1'],
      total: 5,
      points: 16000,
    });
  });

  it('F7 清七对: one-suit seven pairs is 5 fan, 16 000', () => {
    expect(scored(hand('m11 m22 m44 m55 m66 m88 m99'))).toEqual({
      fans: ['qingqidui×5'],
      total: 5,
      points: 16000,
    });
  });

  it('F8 清龙七对: one-suit dragon seven pairs is 6 fan, 32 000', () => {
    expect(scored(hand('m1111 m22 m44 m55 m66 m88'))).toEqual({
      fans: ['qinglongqidui×6'],
      total: 6,
      points: 32000,
    });
  });

  it('F9 带幺九: a 1 or 9 in every set and the pair is 3 fan, 4 000', () => {
    expect(scored(hand('m123 m789 p123 p789 m11'))).toEqual({
      fans: ['daiyaojiu×3'],
      total: 3,
      points: 4000,
    });
  });

  it('F10 金钩钓: four pungs called, winning on the single wait, is 3 fan (not also 对对胡)', () => {
    const h = hand('p55', [
      { type: 'peng', tile: 'm2' },
      { type: 'peng', tile: 'm6' },
      { type: 'peng', tile: 'p3' },
      { type: 'peng', tile: 'p7' },
    ]);
    expect(scored(h)).toEqual({ fans: ['jingoudiao×3'], total: 3, points: 4000 });
  });

  it('F11 清对: one-suit all triplets is 4 fan, 8 000', () => {
    expect(scored(hand('m111 m333 m555 m777 m99'))).toEqual({ fans: ['qingdui×4'], total: 4, points: 8000 });
  });

  it('F12 将对: all triplets of 2, 5 and 8 is 4 fan, 8 000', () => {
    expect(scored(hand('m222 m555 p222 p888 p55'))).toEqual({ fans: ['jiangdui×4'], total: 4, points: 8000 });
  });

  it('F13 清金钩钓: one-suit 金钩钓 is 5 fan, 16 000', () => {
    const h = hand('m99', [
      { type: 'peng', tile: 'm1' },
      { type: 'peng', tile: 'm3' },
      { type: 'peng', tile: 'm5' },
      { type: 'peng', tile: 'm7' },
    ]);
    expect(scored(h)).toEqual({ fans: ['qingjingoudiao×5'], total: 5, points: 16000 });
  });

  it('F14 清幺九: one-suit 带幺九 is 5 fan, 16 000 (the reading 777 888 999 would be only 清一色)', () => {
    expect(scored(hand('m123 m789 m789 m789 m11'))).toEqual({
      fans: ['qingyaojiu×5'],
      total: 5,
      points: 16000,
    });
  });

  it('F15 十八罗汉: four kongs is 6 fan; their four roots are part of it', () => {
    const h = hand('p55', [
      { type: 'minggang', tile: 'm1' },
      { type: 'angang', tile: 'm5' },
      { type: 'bugang', tile: 'p2' },
      { type: 'minggang', tile: 'p8' },
    ]);
    expect(scored(h)).toEqual({ fans: ['shibaluohan×6'], total: 6, points: 32000 });
  });

  it('F16 清十八罗汉: one-suit four kongs is 6 fan', () => {
    const h = hand('m99', [
      { type: 'angang', tile: 'm1' },
      { type: 'angang', tile: 'm3' },
      { type: 'minggang', tile: 'm5' },
      { type: 'bugang', tile: 'm7' },
    ]);
    expect(scored(h)).toEqual({ fans: ['qingshibaluohan×6'], total: 6, points: 32000 });
  });

  it('F17 天胡: the dealer winning on the deal is 6 fan, whatever the hand', () => {
    expect(scored(hand('m123 m456 m789 p234 p55'), { tsumo: true, dealer: true, firstDraw: true })).toEqual({
      fans: ['tianhu×6'],
      total: 6,
      points: 32000,
    });
  });

  it('F18 地胡: another seat self-drawing on its first draw is 6 fan; a ron on the first go-around is not', () => {
    const h = hand('m123 m456 m789 p234 p55');
    expect(scored(h, { tsumo: true, firstDraw: true }).fans).toEqual(['dihu×6']);
    expect(scored(h, { tsumo: false, firstDraw: true }).fans).toEqual(['pinghu×1']);
  });

  it('F19 根: each four of a kind held adds 1 fan (here four m1 in the hand): 平胡 + 根 = 2 fan', () => {
    expect(scored(hand('m111 m123 m456 p789 p55'))).toEqual({
      fans: ['pinghu×1', 'gen×1'],
      total: 2,
      points: 2000,
    });
  });

  it('F20 杠上开花: self-draw on the replacement draw, with the kong as a root: 3 fan', () => {
    const h = hand('m123 m456 p234 p55', [{ type: 'angang', tile: 's7' }]);
    expect(scored(h, { tsumo: true, afterKong: true })).toEqual({
      fans: ['pinghu×1', 'gen×1', 'gangshanghua×1'],
      total: 3,
      points: 4000,
    });
  });

  it('F21 杠上炮: ron on the discard right after a kong adds 1 fan', () => {
    expect(scored(hand('m123 m456 m789 p234 p55'), { tsumo: false, kongDiscard: true }).fans).toEqual([
      'pinghu×1',
      'gangshangpao×1',
    ]);
  });

  it('F22 抢杠胡: ron on an added kong tile adds 1 fan', () => {
    expect(scored(hand('m123 m456 m789 p234 p55'), { tsumo: false, robbingKong: true }).fans).toEqual([
      'pinghu×1',
      'qiangganghu×1',
    ]);
  });

  it('F23 海底捞月 / F24 海底炮: the last tile drawn, or the discard after it, adds 1 fan', () => {
    const h = hand('m123 m456 m789 p234 p55');
    expect(scored(h, { tsumo: true, lastTile: true }).fans).toEqual(['pinghu×1', 'haidilaoyue×1']);
    expect(scored(h, { tsumo: false, lastTile: true }).fans).toEqual(['pinghu×1', 'haidipao×1']);
  });

  it('F25 the cap (封顶): 清龙七对 + 根 is 7 fan, paid as 6: 32 000', () => {
    expect(scored(hand('m1111 m2222 m44 m55 m66'))).toEqual({
      fans: ['qinglongqidui×6', 'gen×1'],
      total: 7,
      points: 32000,
    });
  });

  it('F26 the best reading counts: m111 222 333 444 55 is 清对 (4), not 清一色 runs (3)', () => {
    expect(scored(hand('m111 m222 m333 m444 m55')).fans).toEqual(['qingdui×4']);
  });

  it('F27 the void-suit rule: a complete hand holding its void suit cannot win, and waits on nothing', () => {
    const complete = hand('m123 m456 m789 p234 p55');
    expect(canWin(complete, 's')).toBe(true);
    expect(canWin(complete, 'p')).toBe(false);
    expect(canWin(hand('m123 m456 m789 p234 s55'), 'm')).toBe(false);
    expect(waits(hand('m123 m456 m789 p234 p5'), 's')).toEqual(['p2', 'p5']);
    expect(waits(hand('m123 m456 m789 p234 p5'), 'p')).toEqual([]);
  });
});
