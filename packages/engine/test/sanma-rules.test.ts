import Majiang from '@kobalab/majiang-core';
import { describe, expect, it } from 'vitest';
import { AutoDiscardRobot } from '../src/robots/auto-discard';
import { toTableRule } from '../src/rules/adapter';
import { KITA_DORA, sanmaIndicator, scoreSanmaWin } from '../src/sanma/scoring';
import { settle } from '../src/settlement';
import { tileSet } from '../src/walls';
import { playSanma, SanmaClaimer, scriptedSanmaWall } from './support/sanma-scripted';
import { tilesOf } from './support/scripted';

// Noten hands that stay noten under auto-discard.
const N1 = 'p13579s2468z1235';
const N2 = 'p2468s13579z6677';
const N3 = 'm119p199s19z12356';
/** Dealer tenpai on z5/m9 (shanpon). */
const DEALER_TENPAI = 'p123456s789z55m99';
/** Tenpai on z6/z7 (shanpon). */
const T2 = 'p789s123456z6677';

describe('three-player noten payments (noting_fafu_1/2) and honba (changbang_value 200)', () => {
  const dealerAlone = scriptedSanmaWall({ hands: [DEALER_TENPAI, N1, N3] });
  const twoTenpai = scriptedSanmaWall({ hands: [DEALER_TENPAI, T2, N3] });

  it('one player tenpai collects 1000 from each noten player', () => {
    const { hands } = playSanma({}, [dealerAlone], { hands: 1 });
    expect(hands[0].result).toMatchObject({ kind: 'draw', name: '荒牌平局', tenpai: [0] });
    expect(hands[0].end.scores).toEqual([37000, 34000, 34000]);
  });

  it('two players tenpai: the noten player pays 2000, 1000 to each', () => {
    const { hands } = playSanma({}, [twoTenpai], { hands: 1 });
    expect(hands[0].result).toMatchObject({ tenpai: [0, 1] });
    expect(hands[0].end.scores).toEqual([36000, 36000, 33000]);
  });

  it('the tenpai dealer repeats with one honba; a ron then pays 200 more (ron on a North, no chankan)', () => {
    const kitaRon = scriptedSanmaWall({
      hands: ['p234567s234567z6', 'p123456s789z555z4', N2],
      draws: 'z4',
      indicator: 's1',
    });
    // Hand 1: the dealer's waits are all in hands, so the seats that win when they can do not.
    const deadWaits = scriptedSanmaWall({ hands: [DEALER_TENPAI, N1, 'm1199p19s19z12356'] });
    const { hands } = playSanma({}, [deadWaits, kitaRon], {
      hands: 2,
      seats: [new SanmaClaimer({ kita: true }), new SanmaClaimer()],
    });
    expect(hands[1].start).toMatchObject({ chang: 0, ju: 0, ben: 1 });
    const win = hands[1].result;
    expect(win).toMatchObject({ kind: 'win', wins: [{ seat: 1, from: 0, han: 1, fu: 40, points: 1300 }] });
    expect(win.kind === 'win' && win.wins[0].yaku).toEqual(['翻牌 白']);
    expect(hands[1].end.scores).toEqual([35500, 35500, 34000]);
  });
});

describe('kita: a North set aside is a dora and brings a replacement draw', () => {
  // The dealer draws a North, sets both aside, and wins on the second replacement tile (rinshan kaihou):
  // tsumo, rinshan, pinfu, ittsu, two Norths: 7 han, a dealer haneman tsumo.
  const wall = () =>
    scriptedSanmaWall({ hands: ['p1234567s789m99z4', N2, N3], draws: 'z4', replacements: 'p8p9' });

  it('tsumo loss on (have_zimosun): each pays the four-player share, 6000 + 6000', () => {
    const { hands, game } = playSanma({ have_zimosun: 1 }, [wall()], {
      hands: 1,
      seats: [new SanmaClaimer({ kita: true })],
    });
    const result = hands[0].result;
    expect(result).toMatchObject({ kind: 'win', wins: [{ seat: 0, from: null, han: 7, points: 12000 }] });
    expect(result.kind === 'win' && result.wins[0].yaku).toEqual([
      '嶺上開花',
      '門前清自摸和',
      '平和',
      '一気通貫',
      KITA_DORA,
    ]);
    expect(hands[0].end.scores).toEqual([47000, 29000, 29000]);
    const entries = game.log.log[0];
    expect(entries.filter((e) => e.kita)).toEqual([{ kita: { l: 0, p: 'z4' } }, { kita: { l: 0, p: 'z4' } }]);
    expect(entries.filter((e) => e.gangzimo).map((e) => e.gangzimo.p)).toEqual(['p8', 'p9']);
    const hule = entries.find((e) => e.hule)?.hule;
    expect(hule.hupai).toContainEqual({ name: KITA_DORA, fanshu: 2 });
  });

  it('tsumo loss off: North’s share is split between the payers, 9000 + 9000', () => {
    const { hands } = playSanma({ have_zimosun: 0 }, [wall()], {
      hands: 1,
      seats: [new SanmaClaimer({ kita: true })],
    });
    expect(hands[0].end.scores).toEqual([53000, 26000, 26000]);
  });

  it('a North set aside ends the first go-around: kyuushu kyuuhai can no longer be declared', () => {
    const nine = 'm19p19s19z123567p5';
    const withKita = scriptedSanmaWall({ hands: ['p234567s234567z4', nine, N2], draws: 'z4p8' });
    const played = playSanma({}, [withKita], {
      hands: 1,
      seats: [new SanmaClaimer({ kita: true }), new SanmaClaimer({ nineTerminals: true })],
    });
    expect(played.hands[0].result).not.toMatchObject({ name: '九種九牌' });
    const without = scriptedSanmaWall({ hands: ['p234567s234567z6', nine, N2], draws: 'p8p8' });
    const control = playSanma({}, [without], {
      hands: 1,
      seats: [undefined as never, new SanmaClaimer({ nineTerminals: true })],
    });
    expect(control.hands[0].result).toMatchObject({ kind: 'draw', name: '九種九牌', abortive: true });
  });
});

describe('abortive draws with three players', () => {
  it('kyuushu kyuuhai ends the hand and the dealer repeats (have_jiuzhongjiupai); off, it is refused', () => {
    const nine = scriptedSanmaWall({ hands: ['m19p19s19z123567p5', N2, 'p2345s2345p66s66p7'] });
    const on = playSanma({}, [nine], { hands: 2, seats: [new SanmaClaimer({ nineTerminals: true })] });
    expect(on.hands[0].result).toMatchObject({ name: '九種九牌', abortive: true });
    expect(on.hands[1].start).toMatchObject({ ju: 0, ben: 1 });
    const off = playSanma({ have_jiuzhongjiupai: 0 }, [nine], {
      hands: 1,
      seats: [new SanmaClaimer({ nineTerminals: true })],
    });
    expect(off.hands[0].result).not.toMatchObject({ name: '九種九牌' });
  });

  it('four winds (suufon renda) cannot happen: three Easts in the first go-around play on', () => {
    const { hands } = playSanma({}, [scriptedSanmaWall({ hands: [N1, N2, N3], draws: 'z1z1' })], {
      hands: 1,
    });
    expect(hands[0].result).toMatchObject({ name: '荒牌平局' });
  });
});

describe('nagashi mangan with three players (have_liujumanguan)', () => {
  // The dealer draws (and discards) only terminals and honours all hand long.
  it('the dealer’s nagashi is paid as a mangan tsumo: 4000 each with tsumo loss, 6000 each without', () => {
    const pool = tileSet({ m: 0, p: 0, s: 0 }, 3);
    const yaojiu = (t: string) => /^(z|[mps][19])/.test(t);
    const simples = pool.filter((t) => !yaojiu(t));
    const terminals = pool.filter(yaojiu);
    const hands = [0, 1, 2].map(() => simples.splice(0, 13).join('')) as [string, string, string];
    let draws = '';
    for (let i = 0; i < 55; i++)
      draws += i % 3 === 0 || !simples.length ? terminals.shift() : simples.shift();
    const wall = scriptedSanmaWall({ hands, draws, indicator: terminals.shift() });
    const on = playSanma({ have_zimosun: 1 }, [wall], { hands: 1 });
    expect(on.hands[0].result).toMatchObject({ kind: 'draw', name: '流し満貫' });
    expect(on.hands[0].end.scores).toEqual([43000, 31000, 31000]);
    const off = playSanma({ have_zimosun: 0 }, [wall], { hands: 1 });
    expect(off.hands[0].end.scores).toEqual([47000, 29000, 29000]);
    expect(tilesOf(hands.join('')).length).toBe(39);
  });
});

describe('three-player scoring details', () => {
  const rule = toTableRule({}, 12);

  it('the 1m indicator makes the 9m dora (2m–8m are not in the wall)', () => {
    expect(sanmaIndicator('m1')).toBe('m8');
    expect(Majiang.Shan.zhenbaopai(sanmaIndicator('m1'))).toBe('m9');
    const win = scoreSanmaWin(
      {
        shoupai: Majiang.Shoupai.fromString('p123456s789z555m9'),
        rongpai: 'm9+',
        param: { zhuangfeng: 0, menfeng: 1, hupai: {}, baopai: ['m1'], fubaopai: null },
        kita: 1,
        payer: 2,
        honba: 0,
        sticks: 0,
      },
      rule,
    );
    expect(win?.hupai).toEqual([
      { name: '翻牌 白', fanshu: 1 },
      { name: 'ドラ', fanshu: 2 },
      { name: KITA_DORA, fanshu: 1 },
    ]);
    expect(win?.fanshu).toBe(4);
    expect(win?.fenpei).toEqual([0, 8000, -8000]);
  });

  it('a West indicator makes every North set aside count twice', () => {
    const win = scoreSanmaWin(
      {
        shoupai: Majiang.Shoupai.fromString('p123456s789z555m9'),
        rongpai: 'm9+',
        param: { zhuangfeng: 0, menfeng: 1, hupai: {}, baopai: ['z3'], fubaopai: null },
        kita: 2,
        payer: 2,
        honba: 0,
        sticks: 0,
      },
      rule,
    );
    expect(win?.hupai).toEqual([
      { name: '翻牌 白', fanshu: 1 },
      { name: 'ドラ', fanshu: 2 },
      { name: KITA_DORA, fanshu: 2 },
    ]);
  });

  it('three-player defaults: 35000 start, honba 200, noten 1000/2000, uma 0/-15, tsumo loss, two red fives', () => {
    expect(rule).toMatchObject({
      players: 3,
      winds: 2,
      initPoint: 35000,
      fandian: 40000,
      jingsuanyuandian: 35000,
      changbangValue: 200,
      notenPayment: [1000, 2000, 0],
      uma: [15, 0, -15],
      tsumoLoss: true,
    });
    expect(rule.core.赤牌).toEqual({ m: 0, p: 1, s: 1 });
    expect(toTableRule({}, 11).winds).toBe(1);
  });

  it('settlement: ties by seat, leftover sticks to 1st, three places summing to zero', () => {
    const { players } = settle([40000, 40000, 25000], 1000, rule);
    expect(players).toEqual([
      { seat: 0, part_point_1: 41000, total_point: 20000, place: 1 },
      { seat: 1, part_point_1: 40000, total_point: 5000, place: 2 },
      { seat: 2, part_point_1: 25000, total_point: -25000, place: 3 },
    ]);
  });

  it('the South game ends after three hands per wind; no one at 40000 enters West (have_nanruxiru)', () => {
    const { game, hands } = playSanma({}, [], { hands: 30, roundType: 12, seats: [new AutoDiscardRobot()] });
    expect(game.finished).not.toBeNull();
    expect(hands.map((h) => `${h.start.chang}${h.start.ju}`).slice(0, 6)).toEqual([
      '00',
      '01',
      '02',
      '10',
      '11',
      '12',
    ]);
    expect(game.endReason).not.toBeNull();
  });
});
