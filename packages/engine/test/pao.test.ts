import { describe, expect, it } from 'vitest';
import { applyFourKanLiability, giverOf, isOpenKan } from '../src/rules/pao';

const suukantsu = () => ({
  hupai: [{ name: '四槓子', fanshu: '*' }],
  damanguan: 1,
  defen: 0,
  fenpei: [0, 0, 0, 0],
});

describe('liability for four kans (pao)', () => {
  it('finds the giver of an open kan and tells open kans from added ones', () => {
    expect(giverOf(1, 'z4444+')).toBe(2);
    expect(giverOf(1, 'z4444=')).toBe(3);
    expect(giverOf(1, 'z4444-')).toBe(0);
    expect(isOpenKan('z4444+')).toBe(true);
    expect(isOpenKan('p55=55')).toBe(false);
    expect(isOpenKan('m1111')).toBe(false);
  });

  it('on a ron the liable player and the discarder pay half each', () => {
    const win = suukantsu();
    applyFourKanLiability(win, 1, 3, 2, 0, 0);
    expect(win.fenpei).toEqual([0, 32000, -16000, -16000]);
    expect(win.defen).toBe(32000);
  });

  it('on a tsumo the liable player pays it all, honba included; the dealer’s yakuman is 48000', () => {
    const win = suukantsu();
    applyFourKanLiability(win, 0, null, 2, 1, 1);
    expect(win.fenpei).toEqual([48000 + 300 + 1000, 0, -48300, 0]);
  });

  it('a double yakuman with four kans: the liable player answers for the four kans only', () => {
    const win = { ...suukantsu(), damanguan: 2 };
    applyFourKanLiability(win, 1, null, 3, 0, 0);
    // 32000 from the liable player, then 32000 as an ordinary tsumo (dealer 16000, others 8000).
    expect(win.fenpei).toEqual([-16000, 64000, -8000, -40000]);
  });
});
