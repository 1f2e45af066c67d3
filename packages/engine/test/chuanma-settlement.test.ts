import { describe, expect, it } from 'vitest';
import type { Hand, Meld } from '../src/chuanma/hand';
import { gameOver, handsInGame, nextDealer } from '../src/chuanma/round';
import { type HandEvent, HandLedger, ronOrder, settleHand } from '../src/chuanma/settlement';
import { parseTiles, type Suit } from '../src/chuanma/tiles';

// The worked examples of packages/engine/README.md, "Chuanma (Sichuan bloody battle)" → "Settlement of a
// hand", one test each.

const hand = (concealed: string, melds: Meld[] = []): Hand => ({ concealed: parseTiles(concealed), melds });
const VOIDS: Suit[] = ['s', 'p', 'm', 'm'];

/** 1 fan for a void-s seat (平胡). */
const PINGHU_S = hand('m123 m456 m789 p234 p55');
/** 3 fan for a void-s seat (七对). */
const QIDUI_S = hand('m11 m33 m55 m77 p22 p44 p66');
/** 1 fan for a void-p seat. */
const PINGHU_P = hand('m123 m456 m789 s234 s55');
/** 1 fan for a void-m seat. */
const PINGHU_M = hand('p123 p456 p789 s234 s55');

/** Ready 13-tile hands and the most they could win. */
const READY_QIDUI_S = hand('m11 m33 m55 m77 p22 p44 p6'); // waits p6: 七对 4 000
const READY_QIDUI_P = hand('m11 m33 m55 m77 s22 s44 s6'); // waits s6: 七对 4 000
const READY_QINGQIDUI_S = hand('m11 m22 m44 m55 m66 m88 m9'); // waits m9: 清七对 16 000
const READY_M = hand('p111 p222 s333 s444 s5'); // waits s3 s4 s5 s6: best 2 000 (对对胡 on s5, 根 on s3/s4)
/** Not ready. */
const NOT_READY_P = hand('m12 m45 m78 s12 s45 s78 s9');
const NOT_READY_M = hand('p12 p45 p78 s12 s45 s78 s9');
/** 花猪: a void-p seat still holding p1. */
const PIG_P = hand('m123 m456 m789 s123 p1');

function settle(
  events: HandEvent[],
  options: { dealer?: number; scores?: number[]; canJifei?: boolean } = {},
) {
  return settleHand({ dealer: options.dealer ?? 0, voids: VOIDS, ...options }, events);
}

describe('chuanma settlement of one hand (血战到底)', () => {
  it('S1 ron: the discarder alone pays the hand (七对 3 fan: 4 000)', () => {
    const r = settle([{ type: 'win', seat: 0, from: 2, hand: QIDUI_S }]);
    expect(r.deltas).toEqual([4000, 0, -4000, 0]);
    expect(r.over).toBe(false);
  });

  it('S2 self-draw (自摸加底): every player still in pays the hand plus 1 000', () => {
    const r = settle([{ type: 'win', seat: 0, hand: PINGHU_S }]);
    expect(r.deltas).toEqual([6000, -2000, -2000, -2000]);
  });

  it('S3 the hand goes on after a win, and a winner pays no more: later self-draw paid by the two left', () => {
    const r = settle([
      { type: 'win', seat: 0, from: 3, hand: PINGHU_S },
      { type: 'win', seat: 1, hand: PINGHU_P },
    ]);
    expect(r.deltas).toEqual([1000, 4000, -2000, -3000]);
    expect(r.winners).toEqual([0, 1]);
    expect(r.over).toBe(false);
  });

  it('S4 several wins on one discard (一炮多响): each paid by the discarder; the first in turn deals next', () => {
    const order = ronOrder(3, [1, 0]);
    expect(order).toEqual([0, 1]);
    const r = settle(
      [
        { type: 'win', seat: order[0], from: 3, hand: QIDUI_S },
        { type: 'win', seat: order[1], from: 3, hand: PINGHU_P },
      ],
      { dealer: 2 },
    );
    expect(r.deltas).toEqual([4000, 1000, 0, -5000]);
    expect(r.nextDealer).toBe(0);
  });

  it('S5 the hand ends when three have won', () => {
    const ledger = new HandLedger({ dealer: 0, voids: VOIDS });
    ledger.apply({ type: 'win', seat: 0, from: 3, hand: PINGHU_S });
    ledger.apply({ type: 'win', seat: 1, from: 3, hand: PINGHU_P });
    ledger.apply({ type: 'win', seat: 2, from: 3, hand: PINGHU_M });
    expect(ledger.over).toBe(true);
    expect(() => ledger.apply({ type: 'win', seat: 3, hand: PINGHU_M })).toThrow(/over/);
    expect(ledger.result().deltas).toEqual([1000, 1000, 1000, -3000]);
  });

  it('S6 刮风: an exposed kong (明杠) is paid 2 000 by the discarder', () => {
    const r = settle([{ type: 'kong', seat: 1, kind: 'minggang', from: 0 }]);
    expect(r.deltas).toEqual([-2000, 2000, 0, 0]);
  });

  it('S7 下雨: a concealed kong (暗杠) is paid 2 000 by each player still in; winners pay nothing', () => {
    expect(settle([{ type: 'kong', seat: 2, kind: 'angang' }]).deltas).toEqual([-2000, -2000, 6000, -2000]);
    const afterWin = settle([
      { type: 'win', seat: 0, from: 1, hand: PINGHU_S },
      { type: 'kong', seat: 2, kind: 'angang' },
    ]);
    expect(afterWin.deltas).toEqual([1000, -3000, 4000, -2000]);
  });

  it('S8 an added kong (补杠) with the tile just drawn is paid 1 000 each; with a tile held from before, nothing', () => {
    expect(settle([{ type: 'kong', seat: 3, kind: 'bugang', fresh: true }]).deltas).toEqual([
      -1000, -1000, -1000, 3000,
    ]);
    expect(settle([{ type: 'kong', seat: 3, kind: 'bugang', fresh: false }]).deltas).toEqual([0, 0, 0, 0]);
  });

  it('S9 抢杠胡: a robbed added kong is not paid; the robbed player pays the win (平胡 + 抢杠 = 2 000)', () => {
    const r = settle([
      { type: 'kong', seat: 1, kind: 'bugang', fresh: true },
      { type: 'win', seat: 3, from: 1, hand: PINGHU_M, context: { robbingKong: true } },
    ]);
    expect(r.deltas).toEqual([0, -2000, 0, 2000]);
    expect(() =>
      settle([
        { type: 'kong', seat: 1, kind: 'angang' },
        { type: 'win', seat: 3, from: 1, hand: PINGHU_M, context: { robbingKong: true } },
      ]),
    ).toThrow(/抢杠/);
  });

  it('S10 查大叫: at an exhaustive draw a player not ready pays each ready player the most that hand could win', () => {
    const r = settle([{ type: 'exhaustive', hands: [READY_QIDUI_S, NOT_READY_P, READY_M, NOT_READY_M] }]);
    expect(r.deltas).toEqual([8000, -6000, 4000, -6000]);
    expect(r.payments.every((p) => p.reason === 'not_ready')).toBe(true);
    expect(r.over).toBe(true);
  });

  it('S11 查花猪: a flower pig pays every other player still in at least 8 000, ready or not', () => {
    const r = settle([{ type: 'exhaustive', hands: [READY_QINGQIDUI_S, PIG_P, READY_M, NOT_READY_M] }]);
    expect(r.payments.filter((p) => p.reason === 'flower_pig')).toEqual([
      { reason: 'flower_pig', from: 1, to: 0, amount: 16000 },
      { reason: 'flower_pig', from: 1, to: 2, amount: 8000 },
      { reason: 'flower_pig', from: 1, to: 3, amount: 8000 },
    ]);
    // The seat not ready pays the ready ones as in S10; nobody pays the flower pig.
    expect(r.deltas).toEqual([32000, -32000, 10000, -10000]);
  });

  it('S12 退税: a player not ready at the draw gives back its kong money, even to a player who has won', () => {
    const r = settle([
      { type: 'kong', seat: 2, kind: 'angang' },
      { type: 'win', seat: 0, hand: PINGHU_S },
      {
        type: 'exhaustive',
        hands: [null, READY_QIDUI_P, hand('p12 p45 p78 s12 s45', [{ type: 'angang', tile: 's7' }]), READY_M],
      },
    ]);
    expect(r.payments.filter((p) => p.reason === 'kong_refund').map((p) => [p.from, p.to, p.amount])).toEqual(
      [
        [2, 0, 2000],
        [2, 1, 2000],
        [2, 3, 2000],
      ],
    );
    expect(r.deltas).toEqual([6000, 2000, -8000, 0]);
  });

  it('S13 can_jifei (击飞): a payment taking a player below zero ends the hand (and the game) at once', () => {
    const ledger = new HandLedger({
      dealer: 0,
      voids: VOIDS,
      scores: [1000, 50000, 50000, 50000],
      canJifei: true,
    });
    ledger.apply({ type: 'kong', seat: 1, kind: 'angang' });
    ledger.settleKong();
    expect(ledger.result()).toMatchObject({ bust: [0], over: true, deltas: [-2000, 6000, -2000, -2000] });
    expect(() => ledger.apply({ type: 'win', seat: 2, hand: PINGHU_M })).toThrow(/over/);
    // Without can_jifei the same hand plays on below zero.
    const on = new HandLedger({ dealer: 0, voids: VOIDS, scores: [1000, 50000, 50000, 50000] });
    on.apply({ type: 'kong', seat: 1, kind: 'angang' });
    expect(on.result()).toMatchObject({ bust: null, over: false });
  });

  it('S14 the next dealer is the first winner, or the same dealer when nobody won; a game is 4 or 8 hands', () => {
    expect(
      settle([{ type: 'exhaustive', hands: [READY_QIDUI_S, NOT_READY_P, READY_M, NOT_READY_M] }], {
        dealer: 2,
      }).nextDealer,
    ).toBe(2);
    expect(nextDealer(2, null)).toBe(2);
    expect(nextDealer(2, 1)).toBe(1);
    expect(handsInGame(1)).toBe(4);
    expect(handsInGame(2)).toBe(8);
    expect(() => handsInGame(11)).toThrow();
    expect(gameOver(1, 3, false)).toBe(false);
    expect(gameOver(1, 4, false)).toBe(true);
    expect(gameOver(2, 1, true)).toBe(true);
  });

  it('S15 illegal events are refused: a hand holding its void suit, a winner winning again, ronning oneself', () => {
    expect(() => settle([{ type: 'win', seat: 1, from: 0, hand: PINGHU_S }])).toThrow(/cannot win/);
    expect(() =>
      settle([
        { type: 'win', seat: 0, from: 1, hand: PINGHU_S },
        { type: 'win', seat: 0, from: 2, hand: PINGHU_S },
      ]),
    ).toThrow(/has won/);
    expect(() => settle([{ type: 'win', seat: 0, from: 0, hand: PINGHU_S }])).toThrow(/own discard/);
    expect(() => settle([{ type: 'exhaustive', hands: [READY_QIDUI_S, NOT_READY_P, READY_M] }])).toThrow(
      /13 tiles/,
    );
  });
});
