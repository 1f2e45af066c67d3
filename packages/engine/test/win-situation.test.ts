import { describe, expect, it } from 'vitest';
import { situationOf } from '../src/seats/win-situation';

// What a seat sees of its win beyond its hand, from its own messages (the seats' and the web table's judgement).

const qipai = { qipai: {} };
const discard = (l: number, p: string) => ({ dapai: { l, p } });
const firstRound = [discard(0, 'z1'), discard(1, 'z2'), discard(2, 'z3'), discard(3, 'z4')];

describe('what the table counts beyond the hand (situationOf)', () => {
  it('a riichi in the first go-around is double; ippatsu lasts until the seat discards again', () => {
    expect(situationOf([qipai, discard(0, 'z1*')], 0, 4, true)).toMatchObject({
      lizhi: 2,
      yifa: true,
      firstGoAround: true,
    });
    expect(
      situationOf([qipai, ...firstRound, discard(0, 'm1*'), discard(1, 'p1')], 0, 4, true),
    ).toMatchObject({
      lizhi: 1,
      yifa: true,
      firstGoAround: false,
    });
    expect(
      situationOf([qipai, ...firstRound, discard(0, 'm1*'), discard(1, 'p1'), discard(0, 'm2')], 0, 4, true),
    ).toMatchObject({ lizhi: 1, yifa: false });
    // Without the ippatsu rule there is none.
    expect(situationOf([qipai, ...firstRound, discard(0, 'm1*')], 0, 4, false).yifa).toBe(false);
  });

  it('any call, kan, kan draw or North set aside ends ippatsu and the first go-around; a new hand starts afresh', () => {
    for (const brk of [
      { fulou: { l: 2, m: 'p1-11' } },
      { gang: { l: 2, m: 'p1111' } },
      { gangzimo: { l: 2, p: '' } },
      { kita: { l: 1, p: 'z4' } },
    ])
      expect(situationOf([qipai, discard(0, 'z1*'), brk], 0, 4, true)).toMatchObject({
        lizhi: 2,
        yifa: false,
        firstGoAround: false,
      });
    expect(situationOf([qipai, discard(0, 'z1*'), qipai], 0, 4, true)).toEqual({
      lizhi: 0,
      yifa: false,
      firstGoAround: true,
      riichiDiscard: false,
      afterKan: false,
    });
  });

  it('the first go-around ends with the last seat’s discard: North with four players, West with three', () => {
    expect(
      situationOf([qipai, discard(0, 'z1'), discard(1, 'z2'), discard(2, 'z3')], 1, 4, true).firstGoAround,
    ).toBe(true);
    expect(
      situationOf([qipai, discard(0, 'z1'), discard(1, 'z2'), discard(2, 'z3')], 1, 3, true).firstGoAround,
    ).toBe(false);
  });

  it('the last discard as guyi_mode reads it: a riichi declaration, or the discard after a kan draw', () => {
    const seen = (...messages: Record<string, unknown>[]) => situationOf([qipai, ...messages], 1, 4, true);
    expect(seen(discard(0, 'z1*'))).toMatchObject({ riichiDiscard: true, afterKan: false });
    expect(seen(discard(0, 'z1'))).toMatchObject({ riichiDiscard: false, afterKan: false });
    // A closed kan, its replacement draw, the kan's indicator, then the discard.
    const kan = [
      { gang: { l: 0, m: 'm1111' } },
      { gangzimo: { l: 0, p: '' } },
      { kaigang: { baopai: 's3' } },
    ];
    expect(seen(...kan, discard(0, 's8'))).toMatchObject({ riichiDiscard: false, afterKan: true });
    expect(seen(...kan, discard(0, 's8*'))).toMatchObject({ riichiDiscard: true, afterKan: true });
    // Either holds for that discard only.
    expect(seen(...kan, discard(0, 's8*'), { zimo: { l: 1, p: 'p1' } })).toMatchObject({
      riichiDiscard: false,
      afterKan: false,
    });
  });
});
