import { describe, expect, it } from 'vitest';
import { GameVariant } from '../game-variant';
import { isPlayableVariant, PLAYABLE_VARIANTS, unsupportedRuleFields } from './playable';

describe('what the game server plays: one list for the engine, the server and the console', () => {
  it('standard riichi, triple dora and Sichuan (chuanma) play; bloodshed and wanxiang do not yet', () => {
    expect(PLAYABLE_VARIANTS).toEqual([GameVariant.LIQI, GameVariant.DORA3, GameVariant.CHUANMA]);
    for (const v of [GameVariant.XUEZHANDAODI, GameVariant.WANXIANG])
      expect(isPlayableVariant(v), v).toBe(false);
  });

  it('names each refused field with its reason', () => {
    expect(unsupportedRuleFields({ xuezhandaodi: 1, fanfu: 3 }, 2)).toEqual([
      { field: 'xuezhandaodi', value: 1, reason: 'bloody-end (xuezhan daodi) mode is not supported' },
      { field: 'fanfu', value: 3, reason: 'minimum han must be 1, 2 or 4' },
    ]);
    expect(unsupportedRuleFields({}, 12)).toEqual([]);
  });

  it('chuanma plays 4 or 8 games with the exchange and can_jifei; the riichi fields are passed over', () => {
    for (const roundType of [1, 2]) {
      expect(
        unsupportedRuleFields({ chuanma: 1, huansanzhang: 1, can_jifei: 1, fanfu: 3 }, roundType),
      ).toEqual([]);
    }
    expect(unsupportedRuleFields({ chuanma: 1 }, 11)).toEqual([
      { field: 'mode', value: 11, reason: 'a chuanma game is round type 1 (4 games) or 2 (8 games)' },
    ]);
  });

  it('chuanma with another mode beside it is refused, each mode named', () => {
    expect(
      unsupportedRuleFields({ chuanma: 1, xuezhandaodi: 1, wanxiangxiuluo_mode: 1, guyi_mode: 1 }, 1).map(
        (f) => f.field,
      ),
    ).toEqual(['xuezhandaodi', 'wanxiangxiuluo_mode', 'guyi_mode']);
    expect(unsupportedRuleFields({ chuanma: 1, init_point: 0 }, 1).map((f) => f.field)).toEqual([
      'init_point',
    ]);
  });
});
