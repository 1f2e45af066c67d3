import { describe, expect, it } from 'vitest';
import chs from './locales/chs';
import chs_t from './locales/chs_t';
import en from './locales/en';
import jp from './locales/jp';
import kr from './locales/kr';
import { yakuKey } from './yaku';

/** guyi_mode's yaku as the engine names them in a win's record. */
const GUYI = [
  '燕返し',
  '槓振り',
  '十二落抬',
  '五門斉',
  '三連刻',
  '一色三同順',
  '一筒摸月',
  '九筒撈魚',
  '大車輪',
  '大竹林',
  '大数隣',
  '石の上にも三年',
  '大七星',
];

describe('yaku names of the local yaku (guyi_mode)', () => {
  it('each is shown by name in all five languages, not as the engine writes it', () => {
    for (const name of GUYI) {
      const key = yakuKey(name)?.key as keyof typeof en.table.yaku;
      expect(key, name).toBeTruthy();
      for (const locale of [chs, chs_t, en, jp, kr])
        expect(locale.table.yaku[key], `${name} ${key}`).toBeTruthy();
    }
  });

  it('Japanese as in Mahjong Soul, Chinese as the mode names them, English in romaji', () => {
    expect(yakuKey('燕返し')).toEqual({ key: 'tsubameGaeshi' });
    expect([jp, chs, chs_t, en, kr].map((l) => l.table.yaku.ishinoUenimoSannen)).toEqual([
      '石の上にも三年',
      '石上三年',
      '石上三年',
      'Ishino uenimo sannen',
      '석상삼년',
    ]);
  });
});
