import Majiang from '@kobalab/majiang-core';
import { describe, expect, it } from 'vitest';
import { scoreGuyiWin } from '../src/guyi/score';
import { toTableRule } from '../src/rules/adapter';

// Worked examples of guyi_mode's local yaku (VARIANTS §4), scored as a South (non-dealer) seat in the East round
// with no dora: each yaku present, absent in its near miss, its replacements, and the han and points totals.

interface Win {
  /** The winning tile on a ron, with the discarder's mark (`s8-`: the dealer); absent for a tsumo. */
  ron?: string;
  lizhi?: number;
  haidi?: number;
  riichiDiscard?: boolean;
  afterKan?: boolean;
  rule?: Record<string, number>;
}

/** Scores `hand` (the tsumo tile last when no `ron`) by the rules engine alone and with guyi_mode. */
function score(hand: string, win: Win = {}) {
  const rule = toTableRule({ guyi_mode: 1, ...win.rule }, 2).core;
  const shoupai = Majiang.Shoupai.fromString(hand);
  const rongpai = win.ron ?? null;
  const hupai = { lizhi: win.lizhi ?? 0, haidi: win.haidi ?? 0 };
  const param = {
    rule,
    zhuangfeng: 0,
    menfeng: 1,
    hupai,
    baopai: [],
    fubaopai: null,
    jicun: { changbang: 0, lizhibang: 0 },
  };
  const situation = { riichiDiscard: !!win.riichiDiscard, afterKan: !!win.afterKan };
  const guyi = scoreGuyiWin({ shoupai, rongpai, hupai, situation }, param);
  const plain = Majiang.Util.hule(shoupai, rongpai, param);
  const view = (r: typeof guyi) =>
    r && {
      yaku: r.hupai.map((h) => `${h.name} ${h.fanshu}`),
      han: r.fanshu,
      fu: r.fu,
      yakuman: r.damanguan,
      points: r.defen,
    };
  return { guyi: view(guyi), plain: view(plain) };
}

describe('guyi_mode: situational yaku of a ron', () => {
  // Tanyao pinfu waiting on s5/s8: 2 han 30 fu, 2000.
  const hand = 'm234p345s456s67m88';

  it('燕返し (tsubame-gaeshi) 1: ron on the riichi declaration discard (3 han 30 fu, 3900)', () => {
    const { guyi, plain } = score(hand, { ron: 's8-', riichiDiscard: true });
    expect(plain).toMatchObject({ han: 2, fu: 30, points: 2000 });
    expect(guyi).toMatchObject({ han: 3, fu: 30, points: 3900 });
    expect(guyi?.yaku).toContain('燕返し 1');
    expect(score(hand, { ron: 's8-' }).guyi).toMatchObject({ han: 2, points: 2000 });
  });

  it('槓振り (kanburi) 1: ron on the discard after a kan; both with tsubame-gaeshi: 4 han 30 fu, 7700', () => {
    expect(score(hand, { ron: 's8-', afterKan: true }).guyi).toMatchObject({ han: 3, points: 3900 });
    const both = score(hand, { ron: 's8-', afterKan: true, riichiDiscard: true }).guyi;
    expect(both).toMatchObject({ han: 4, fu: 30, points: 7700 });
    expect(both?.yaku).toEqual(expect.arrayContaining(['燕返し 1', '槓振り 1']));
  });
});

describe('guyi_mode: yaku of the hand', () => {
  it('十二落抬 (shiiaru raotai) 1: four calls, a single wait (2 han 30 fu, 2000); a closed kan is no call', () => {
    const { guyi, plain } = score('m8,p2-34,s4-56,m5-67,p666=', { ron: 'm8-' });
    expect(plain).toMatchObject({ han: 1, fu: 30, points: 1000 });
    expect(guyi).toMatchObject({ han: 2, fu: 30, points: 2000, yaku: ['断幺九 1', '十二落抬 1'] });
    expect(score('m8,p2-34,s4-56,m5-67,p6666', { ron: 'm8-' }).guyi?.yaku).not.toContain('十二落抬 1');
  });

  it('五門斉 (uumensai) 2: man, pin, sou, a wind and a dragon (riichi: 3 han 50 fu, 6400)', () => {
    const { guyi, plain } = score('m123p789s456z333z5', { ron: 'z5-', lizhi: 1 });
    expect(plain).toMatchObject({ han: 1, fu: 50, points: 1600 });
    expect(guyi).toMatchObject({ han: 3, fu: 50, points: 6400, yaku: ['立直 1', '五門斉 2'] });
    // No wind: no uumensai.
    expect(score('m123p789s456s999z5', { ron: 'z5-', lizhi: 1 }).guyi?.yaku).toEqual(['立直 1']);
  });

  it('三連刻 (sanrenkou) 2: three consecutive triplets in one suit (honitsu: 4 han 30 fu, 7700)', () => {
    const { guyi, plain } = score('p444p56z55,p222=,p333-', { ron: 'p7-' });
    expect(plain).toMatchObject({ han: 2, fu: 30, points: 2000 });
    expect(guyi).toMatchObject({ han: 4, fu: 30, points: 7700, yaku: ['混一色 2', '三連刻 2'] });
    // 2, 3 and 5: not consecutive.
    expect(score('p555p67z55,p222=,p333-', { ron: 'p8-' }).guyi).toMatchObject({ han: 2, points: 2000 });
  });

  it('一色三同順 (isshoku sanjun) 3 closed replaces iipeikou (3 han 40 fu, 5200)', () => {
    // m111222333 read as three m123: the triplet reading has no yaku, the m3 ron opening the third triplet.
    const { guyi, plain } = score('m11122233s456p55', { ron: 'm3-' });
    expect(plain).toMatchObject({ han: 1, fu: 40, points: 1300, yaku: ['一盃口 1'] });
    expect(guyi).toMatchObject({ han: 3, fu: 40, points: 5200, yaku: ['一色三同順 3'] });
  });

  it('一色三同順 is 2 han open (honitsu chanta: 5 han, mangan 8000)', () => {
    const { guyi, plain } = score('m11223378z55,m1-23', { ron: 'm9-' });
    expect(plain).toMatchObject({ han: 3, fu: 30, points: 3900 });
    expect(guyi).toMatchObject({ han: 5, points: 8000 });
    expect(guyi?.yaku).toContain('一色三同順 2');
  });

  it('the reading that pays most is kept: three concealed triplets (三暗刻 三連刻, 4 han 50 fu) over three sequences', () => {
    // As m123 ×3: isshoku sanjun pinfu, 4 han 30 fu (7700); as m111 m222 m333: 4 han 50 fu, mangan.
    const { guyi, plain } = score('m111222333s45p55', { ron: 's6-' });
    expect(plain).toMatchObject({ han: 2, fu: 50, points: 3200, yaku: ['三暗刻 2'] });
    expect(guyi).toMatchObject({ han: 4, fu: 50, points: 8000, yaku: ['三暗刻 2', '三連刻 2'] });
  });
});

describe('guyi_mode: last-tile mangan yaku', () => {
  it('一筒摸月 (iipin moyue) 5 replaces haitei: tsumo on 1p (6 han: haneman 12000)', () => {
    const { guyi, plain } = score('m234567s345678p11', { haidi: 1 });
    expect(plain).toMatchObject({ han: 2, points: 2000, yaku: ['海底摸月 1', '門前清自摸和 1'] });
    expect(guyi).toMatchObject({ han: 6, points: 12000, yaku: ['門前清自摸和 1', '一筒摸月 5'] });
    expect(score('m234567s345678p22', { haidi: 1 }).guyi?.yaku).toContain('海底摸月 1');
    expect(score('m234567s345678p11').guyi?.yaku).toEqual(['門前清自摸和 1']);
  });

  it('九筒撈魚 (chuupin raoyui) 5 replaces houtei: ron on 9p (5 han: mangan 8000)', () => {
    const { guyi, plain } = score('m234567s345678p9', { ron: 'p9-', haidi: 2 });
    expect(plain).toMatchObject({ han: 1, fu: 40, points: 1300, yaku: ['河底撈魚 1'] });
    expect(guyi).toMatchObject({ han: 5, points: 8000, yaku: ['九筒撈魚 5'] });
    const p8 = score('m234567s345678p8', { ron: 'p8-', haidi: 2 }).guyi;
    expect(p8).toMatchObject({ han: 2, yaku: ['河底撈魚 1', '断幺九 1'] });
  });
});

describe('guyi_mode: yakuman', () => {
  it('大車輪 / 大竹林 / 大数隣: pairs 22–88 in pin / sou / man, a yakuman (tsumo 32000)', () => {
    const { guyi, plain } = score('p22334455667788');
    expect(plain?.yakuman).toBeUndefined();
    expect(guyi).toMatchObject({ yakuman: 1, points: 32000, yaku: ['大車輪 *'] });
    expect(score('s22334455667788').guyi?.yaku).toEqual(['大竹林 *']);
    expect(score('m22334455667788').guyi?.yaku).toEqual(['大数隣 *']);
    // 99 for 88: no yakuman.
    expect(score('p22334455667799').guyi?.yakuman).toBeUndefined();
  });

  it('the 22–88 pairs need a closed hand (ours): the same tiles with a chi are chinitsu', () => {
    const open = score('p2345566778,p2-34', { ron: 'p8-' }).guyi;
    expect(open?.yakuman).toBeUndefined();
    expect(open?.yaku).toContain('清一色 5');
  });

  it('石の上にも三年 (ishino uenimo sannen): double riichi won on the last tile, replacing both (32000)', () => {
    const haitei = score('m234567s345678p22', { lizhi: 2, haidi: 1 }).guyi;
    expect(haitei).toMatchObject({ yakuman: 1, points: 32000, yaku: ['石の上にも三年 *'] });
    const houtei = score('m234567s345678p8', { ron: 'p8-', lizhi: 2, haidi: 2 }).guyi;
    expect(houtei).toMatchObject({ yakuman: 1, points: 32000, yaku: ['石の上にも三年 *'] });
    // Riichi, not double riichi: the ordinary yaku.
    expect(score('m234567s345678p22', { lizhi: 1, haidi: 1 }).guyi?.yakuman).toBeUndefined();
  });

  it('大七星 (daichisei): seven pairs of honours, a double yakuman replacing tsuuiisou (64000)', () => {
    const { guyi, plain } = score('z11223344556677');
    expect(plain).toMatchObject({ yakuman: 1, points: 32000, yaku: ['字一色 *'] });
    expect(guyi).toMatchObject({ yakuman: 2, points: 64000, yaku: ['大七星 **'] });
    // disable_double_yakuman: counted as one.
    expect(score('z11223344556677', { rule: { disable_double_yakuman: 1 } }).guyi).toMatchObject({
      yakuman: 1,
      points: 32000,
    });
  });

  it('ordinary local yaku do not add to a yakuman (thirteen-sided kokushi stays 64000)', () => {
    const { guyi } = score('m19p19s19z1234567', { ron: 'z7-', riichiDiscard: true });
    expect(guyi).toMatchObject({ yakuman: 2, points: 64000, yaku: ['国士無双十三面 **'] });
  });
});
