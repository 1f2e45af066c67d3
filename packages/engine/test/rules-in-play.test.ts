import { describe, expect, it } from 'vitest';
import { Claimer, playScripted, scriptedWall } from './support/scripted';

// Noten starting hands that stay noten under auto-discard (their hands never change).
const N1 = 'm13579p2468s1357';
const N2 = 'm2468p13579s2468';
const N3 = 'p19s19z34567p11s99';
const N4 = 'p2468s2468m2468m5';
/** Dealer tenpai on z1/z2 (shanpon). */
const DEALER_TENPAI = 'm123p456s789z1122';
/** Tanyao only, kanchan wait on s7: 1 han 40 fu, 1300 as a non-dealer ron. */
const TANYAO_KANCHAN = 'm234p345s456s68m88';
/** Tanyao pinfu, s5/s8: 2 han 30 fu, 2000 as a non-dealer ron. */
const TANYAO_PINFU = 'm234p345s456s67m88';

describe('noten payments (noting_fafu_1/2/3)', () => {
  const dealerAlone = scriptedWall({ hands: [DEALER_TENPAI, N1, N2, N3] });
  const twoTenpai = scriptedWall({ hands: [DEALER_TENPAI, N1, 'm234p345s456m678p9', N3] });

  it('one player tenpai collects noting_fafu_1 from each noten player (default 1000)', () => {
    const { hands } = playScripted({}, [dealerAlone], { hands: 1 });
    expect(hands[0].result).toMatchObject({ kind: 'draw', name: '荒牌平局', tenpai: [0] });
    expect(hands[0].end.scores).toEqual([28000, 24000, 24000, 24000]);
  });

  it('noting_fafu_1 = 500 halves what the lone tenpai player collects', () => {
    const { hands } = playScripted({ noting_fafu_1: 500 }, [dealerAlone], { hands: 1 });
    expect(hands[0].end.scores).toEqual([26500, 24500, 24500, 24500]);
  });

  it('two players tenpai: each noten player pays noting_fafu_2, shared by the tenpai players', () => {
    expect(playScripted({}, [twoTenpai], { hands: 1 }).hands[0].end.scores).toEqual([
      26500, 23500, 26500, 23500,
    ]);
    expect(playScripted({ noting_fafu_2: 1000 }, [twoTenpai], { hands: 1 }).hands[0].end.scores).toEqual([
      26000, 24000, 26000, 24000,
    ]);
  });

  it('the tenpai dealer repeats (have_tingpailianzhuang) and the honba rises; off, the deal passes', () => {
    const on = playScripted({}, [dealerAlone], { hands: 2 }).hands[1].start;
    expect(on).toMatchObject({ chang: 0, ju: 0, ben: 1 });
    const off = playScripted({ have_tingpailianzhuang: 0 }, [dealerAlone], { hands: 2 }).hands[1].start;
    expect(off).toMatchObject({ chang: 0, ju: 1, ben: 1 });
  });
});

describe('riichi stick and honba values (liqibang_value, changbang_value)', () => {
  // Hand 1: the dealer declares riichi at once, its waits are dead: exhaustive draw, dealer alone tenpai.
  const riichiDraw = scriptedWall({ hands: [DEALER_TENPAI, N1, N2, N3], draws: 'm4', dead: 'z1z1z2z2' });
  // Hand 2 (1 honba, 1 stick on the table): the dealer's first discard s8 deals into tanyao pinfu (2000).
  const ronOnHonba = scriptedWall({ hands: [N1, TANYAO_PINFU, N2, N3], draws: 's8' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [riichiDraw, ronOnHonba], { hands: 2, seats: [new Claimer(true), new Claimer()] })
      .hands;

  it('defaults: a stick costs 1000, a honba adds 300, the winner takes the stick', () => {
    const [draw, win] = play({});
    expect(draw.end).toMatchObject({ liqibang: 1, scores: [27000, 24000, 24000, 24000] });
    // The hand's net changes: the stick laid down and the noten payments.
    expect(draw.result.deltas).toEqual([2000, -1000, -1000, -1000]);
    expect(win.start).toMatchObject({ ben: 1, liqibang: 1 });
    expect(win.result).toMatchObject({ kind: 'win', wins: [{ seat: 1, from: 0, points: 2000 }] });
    expect(win.end.scores).toEqual([24700, 27300, 24000, 24000]);
    expect(win.result.deltas).toEqual([-2300, 3300, 0, 0]);
    expect(win.end.liqibang).toBe(0);
  });

  it('liqibang_value 500 and changbang_value 600 price the stick and the honba', () => {
    const [draw, win] = play({ liqibang_value: 500, changbang_value: 600 });
    expect(draw.end.scores).toEqual([27500, 24000, 24000, 24000]);
    expect(win.end.scores).toEqual([24900, 27100, 24000, 24000]);
  });
});

describe('minimum han (fanfu) and renhou (enable_renhe)', () => {
  // The dealer's first discard s7 completes seat 1's tanyao-only kanchan before seat 1 has drawn.
  const wall = scriptedWall({ hands: [N1, TANYAO_KANCHAN, N2, N3], draws: 's7', dead: 's7s7' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [undefined as never, new Claimer()] });

  it('fanfu 1: tanyao alone wins (1 han 40 fu, 1300)', () => {
    const { hands } = play({});
    expect(hands[0].result).toMatchObject({
      kind: 'win',
      wins: [{ seat: 1, from: 0, han: 1, fu: 40, points: 1300 }],
    });
    expect(hands[0].end.scores).toEqual([23700, 26300, 25000, 25000]);
  });

  it('fanfu 2: one han is not enough; the hand is drawn with seat 1 tenpai', () => {
    const { hands } = play({ fanfu: 2 });
    expect(hands[0].result).toMatchObject({ kind: 'draw', tenpai: [1] });
  });

  it('enable_renhe 1: renhou adds 5 han (6 han: haneman 12000), and satisfies fanfu 2', () => {
    for (const rule of [{ enable_renhe: 1 }, { enable_renhe: 1, fanfu: 2 }] as Record<string, number>[]) {
      const { hands } = play(rule);
      expect(hands[0].result).toMatchObject({ kind: 'win', wins: [{ seat: 1, han: 6, points: 12000 }] });
      expect((hands[0].result as { wins: { yaku: string[] }[] }).wins[0].yaku).toContain('人和');
    }
  });

  it('enable_renhe 2: renhou is a yakuman (32000) and is reported as one', () => {
    const { hands, yakuman } = play({ enable_renhe: 2 });
    expect(hands[0].result).toMatchObject({ kind: 'win', wins: [{ seat: 1, yakuman: 1, points: 32000 }] });
    expect(hands[0].end.scores).toEqual([25000 - 32000, 25000 + 32000, 25000, 25000]);
    expect(yakuman).toEqual([expect.objectContaining({ seat: 1, yakuman: 1 })]);
  });
});

describe('indicator dora (have_biao_dora)', () => {
  // Indicator s5: s6 is dora, and seat 1 holds two.
  const wall = scriptedWall({
    hands: [N1, TANYAO_KANCHAN, N2, N3],
    draws: 's7',
    indicator: 's5',
    dead: 's7s7',
  });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [undefined as never, new Claimer()] }).hands[0].result;

  it('on: the dora counts (tanyao dora 2, 5200)', () => {
    expect(play({})).toMatchObject({ wins: [{ han: 3, points: 5200 }] });
  });

  it('off: no indicator dora scores (tanyao, 1300)', () => {
    expect(play({ have_biao_dora: 0 })).toMatchObject({ wins: [{ han: 1, points: 1300 }] });
  });
});

describe('abortive draws', () => {
  // Everyone draws East first and discards it: suufon renda.
  const wall = scriptedWall({
    hands: [N1, N2.replace('s8', 's9'), 'm2468p2468s2468m1', N3.replace('z3', 'm3')],
    draws: 'z1z1z1z1',
  });

  it('have_sifenglianda on: four East discards in the first go-around abort the hand, the dealer repeats', () => {
    const { hands } = playScripted({}, [wall], { hands: 2 });
    expect(hands[0].result).toMatchObject({ kind: 'draw', name: '四風連打', abortive: true });
    expect(hands[1].start).toMatchObject({ ju: 0, ben: 1 });
  });

  it('have_sifenglianda off: play goes on', () => {
    const { hands } = playScripted({ have_sifenglianda: 0 }, [wall], { hands: 1 });
    expect(hands[0].result).toMatchObject({ kind: 'draw', name: '荒牌平局', abortive: false });
  });
});

describe('dealer repeats on a win (have_helelianzhuang)', () => {
  // The dealer draws East at once: tsumo.
  const wall = scriptedWall({ hands: [DEALER_TENPAI, N1, N2, N3], draws: 'z1' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 2, seats: [new Claimer()] }).hands;

  it('on: the winning dealer keeps the deal with one more honba', () => {
    const [win, next] = play({});
    expect(win.result).toMatchObject({ kind: 'win', wins: [{ seat: 0, from: null }] });
    expect(next.start).toMatchObject({ ju: 0, ben: 1 });
  });

  it('off: the deal passes and the honba goes back to 0', () => {
    const [, next] = play({ have_helelianzhuang: 0 });
    expect(next.start).toMatchObject({ ju: 1, ben: 0 });
  });
});

describe('kyuushu kyuuhai (have_jiuzhongjiupai)', () => {
  const wall = scriptedWall({ hands: ['m19p19s19z1234m234', N1, N2, N4], draws: 'z5' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [new Claimer({ nineTerminals: true })] }).hands[0].result;

  it('on: nine kinds of terminals on the first draw may abort the hand', () => {
    expect(play({})).toMatchObject({ kind: 'draw', name: '九種九牌', abortive: true });
  });

  it('off: the declaration is refused and the hand is played out', () => {
    expect(play({ have_jiuzhongjiupai: 0 })).toMatchObject({ kind: 'draw', name: '荒牌平局' });
  });
});

describe('kokushi robbing a closed kan (disable_angang_guoshi)', () => {
  // The dealer draws its fourth m1 and declares a closed kan; seat 1 waits on m1 for kokushi musou.
  const wall = scriptedWall({ hands: ['m111p2345678s234', 'm99p19s19z1234567', N2, N4], draws: 'm1' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [new Claimer({ kan: true }), new Claimer()] });

  it('allowed (default 0): kokushi robs the closed kan, a yakuman', () => {
    const { hands, yakuman } = play({});
    expect(hands[0].result).toMatchObject({ kind: 'win', wins: [{ seat: 1, from: 0, yakuman: 1 }] });
    expect(yakuman).toHaveLength(1);
  });

  it('disable_angang_guoshi 1: the closed kan cannot be robbed', () => {
    const { hands } = play({ disable_angang_guoshi: 1 });
    expect(hands[0].result).not.toMatchObject({ kind: 'win', wins: [{ seat: 1, from: 0 }] });
  });
});

describe('counted yakuman (kazoe, disable_leijiyiman)', () => {
  // Closed chinitsu ryanpeikou tanyao pinfu with two dora (indicator m7): 13 han on the dealer's m8.
  const wall = scriptedWall({
    hands: [N2, 'm2233445566778', 'p13579s1357z1234', N4],
    draws: 'm8',
    indicator: 'm7',
  });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [undefined as never, new Claimer()] });

  it('13 han counts as a yakuman (32000) and is reported as counted', () => {
    const { hands, yakuman } = play({});
    expect(hands[0].result).toMatchObject({
      kind: 'win',
      wins: [{ seat: 1, han: 13, points: 32000, counted: true }],
    });
    expect(yakuman).toEqual([expect.objectContaining({ seat: 1, counted: true })]);
  });

  it('disable_leijiyiman: 13 han is a sanbaiman (24000), not reported', () => {
    const { hands, yakuman } = play({ disable_leijiyiman: 1 });
    expect(hands[0].result).toMatchObject({ kind: 'win', wins: [{ seat: 1, han: 13, points: 24000 }] });
    expect(yakuman).toEqual([]);
  });
});

describe('dora3 mode (dora3_mode)', () => {
  // Indicators s5, m7, p9 lie in the first three places: dora s6 (seat 1 holds two), m8 (two), p1 (none).
  const wall = scriptedWall({
    hands: [N1, TANYAO_KANCHAN, N2, N4.replace('m2468', 'm2467')],
    draws: 's7',
    indicator: 's5m7p9',
    dead: 's7s7',
  });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [undefined as never, new Claimer()] });

  it('off: only the first indicator counts (tanyao dora 2, 5200)', () => {
    expect(play({}).hands[0].result).toMatchObject({ wins: [{ han: 3, points: 5200 }] });
  });

  it('on: three indicators from the deal on (tanyao dora 4, mangan 8000), logged and shown to all', () => {
    const { hands, game } = play({ dora3_mode: 1 });
    expect(hands[0].result).toMatchObject({ wins: [{ han: 5, points: 8000 }] });
    const opening = game.log.log[0].slice(0, 3);
    expect(opening.map((e) => Object.keys(e)[0])).toEqual(['qipai', 'kaigang', 'kaigang']);
    expect(opening.slice(1).map((e) => e.kaigang.baopai)).toEqual(['m7', 'p9']);
  });
});

describe('starting points (init_point)', () => {
  it('every seat starts with init_point', () => {
    const wall = scriptedWall({ hands: [N1, N2, N4, N3] });
    expect(playScripted({ init_point: 30000 }, [wall], { hands: 1 }).hands[0].start.scores).toEqual([
      30000, 30000, 30000, 30000,
    ]);
  });
});

describe('kiriage mangan (have_qieshangmanguan)', () => {
  // Tanyao pinfu with two dora (indicator m7, m8 pair): 4 han 30 fu on the dealer's s8.
  const wall = scriptedWall({ hands: [N1, TANYAO_PINFU, N2, N4], draws: 's8', indicator: 'm7' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [undefined as never, new Claimer()] }).hands[0].result;

  it('off: 4 han 30 fu is 7700', () => {
    expect(play({})).toMatchObject({ wins: [{ han: 4, fu: 30, points: 7700 }] });
  });

  it('on: 4 han 30 fu rounds up to mangan, 8000', () => {
    expect(play({ have_qieshangmanguan: 1 })).toMatchObject({ wins: [{ han: 4, fu: 30, points: 8000 }] });
  });
});

describe('several rons on one discard (have_toutiao)', () => {
  // The dealer's s8 completes seat 1's and seat 2's tanyao pinfu.
  const wall = scriptedWall({ hands: [N1, TANYAO_PINFU, 'p234p567s22s67m456', N4], draws: 's8' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [undefined as never, new Claimer(), new Claimer()] })
      .hands[0].result;

  it('off: both win (double ron)', () => {
    expect(play({})).toMatchObject({ kind: 'win', wins: [{ seat: 1 }, { seat: 2 }] });
  });

  it('on: head bump, only the first player after the discarder wins', () => {
    const result = play({ have_toutiao: 1 });
    expect(result).toMatchObject({ kind: 'win', wins: [{ seat: 1 }] });
    expect((result as { wins: unknown[] }).wins).toHaveLength(1);
  });
});

describe('ippatsu (have_yifa)', () => {
  // The dealer declares riichi at once; seat 1 draws East and discards it into the dealer's wait.
  const wall = scriptedWall({ hands: [DEALER_TENPAI, N1, N2, N3], draws: 'm4z1' });
  const yaku = (rule: Record<string, number>) => {
    const result = playScripted(rule, [wall], { hands: 1, seats: [new Claimer(true)] }).hands[0].result;
    expect(result).toMatchObject({ kind: 'win', wins: [{ seat: 0, from: 1 }] });
    return (result as { wins: { yaku: string[] }[] }).wins[0].yaku;
  };

  it('on: a win within one go-around of riichi scores ippatsu', () => {
    expect(yaku({})).toContain('一発');
  });

  it('off: no ippatsu', () => {
    expect(yaku({ have_yifa: 0 })).not.toContain('一発');
  });
});

describe('four riichi (have_sijializhi)', () => {
  // Every player is tenpai and declares riichi on the first draw.
  const hands: [string, string, string, string] = [
    DEALER_TENPAI,
    'm456p789s123z3344',
    'm789p123s456z5566',
    'm234p234s234z77m99',
  ];
  const wall = scriptedWall({ hands, draws: 'm5p5s5m6' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [0, 1, 2, 3].map(() => new Claimer(true)) }).hands[0];

  it('on: the fourth riichi aborts the hand, the four sticks stay on the table', () => {
    const hand = play({});
    expect(hand.result).toMatchObject({ kind: 'draw', name: '四家立直', abortive: true });
    expect(hand.end.liqibang).toBe(4);
  });

  it('off: play goes on after the fourth riichi', () => {
    expect(play({ have_sijializhi: 0 }).result).not.toMatchObject({ name: '四家立直' });
  });
});

describe('three players tenpai (noting_fafu_3)', () => {
  const hands: [string, string, string, string] = [
    DEALER_TENPAI,
    'm456p789s123z3344',
    'm789p123s456z5566',
    N4,
  ];
  const wall = scriptedWall({ hands, dead: 'z1z1z2z2z3z3z4z4z5z5z6z6' });

  it('the noten player pays noting_fafu_3 (3000), split among the three', () => {
    expect(playScripted({}, [wall], { hands: 1 }).hands[0].end.scores).toEqual([26000, 26000, 26000, 22000]);
  });

  it('noting_fafu_3 = 1500 halves it', () => {
    expect(playScripted({ noting_fafu_3: 1500 }, [wall], { hands: 1 }).hands[0].end.scores).toEqual([
      25500, 25500, 25500, 23500,
    ]);
  });
});

describe('triple ron (have_sanjiahele)', () => {
  // The dealer's s8 completes three hands at once.
  const hands: [string, string, string, string] = [
    N1,
    TANYAO_PINFU,
    'p234p567s22s67m456',
    'm234m567p678s33s67',
  ];
  const wall = scriptedWall({ hands, draws: 's8' });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], {
      hands: 2,
      seats: [undefined as never, new Claimer(), new Claimer(), new Claimer()],
    }).hands;

  it('off: all three win', () => {
    const [hand] = play({});
    expect(hand.result).toMatchObject({ kind: 'win', wins: [{ seat: 1 }, { seat: 2 }, { seat: 3 }] });
  });

  it('on: triple ron is an abortive draw, the dealer repeats', () => {
    const [hand, next] = play({ have_sanjiahele: 1 });
    expect(hand.result).toMatchObject({ kind: 'draw', name: '三家和', abortive: true });
    expect(hand.end.scores).toEqual([25000, 25000, 25000, 25000]);
    expect(next.start).toMatchObject({ ju: 0, ben: 1 });
  });
});

describe('liability for four kans (enable_baopai_extend_settings)', () => {
  // Seat 1 makes three closed kans, calls seat 2's North for the fourth, and wins on the replacement tile.
  const wall = scriptedWall({
    hands: ['m5679p13579s5799', 'm111p222s333z4445', 'm6789p4468s4668z6', 'z6677p19s19m99p55m2'],
    draws: 'z7m1z4',
    dead: 'p2s3p9z5',
  });
  const play = (rule: Record<string, number>) =>
    playScripted(rule, [wall], { hands: 1, seats: [undefined as never, new Claimer({ kan: true })] })
      .hands[0];

  it('0 (default): suukantsu is paid by all as a tsumo', () => {
    const hand = play({});
    expect(hand.result).toMatchObject({
      kind: 'win',
      wins: [{ seat: 1, from: null, yakuman: 1, yaku: ['四槓子'] }],
    });
    expect(hand.end.scores).toEqual([9000, 57000, 17000, 17000]);
  });

  it('1: the player who fed the fourth kan pays it all', () => {
    expect(play({ enable_baopai_extend_settings: 1 }).end.scores).toEqual([25000, 57000, -7000, 25000]);
  });
});
