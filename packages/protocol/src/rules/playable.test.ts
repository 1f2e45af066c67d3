import { describe, expect, it } from 'vitest';
import { GameVariant } from '../game-variant';
import { isPlayableVariant, PLAYABLE_VARIANTS, unsupportedRuleFields } from './playable';

describe('what the game server plays: one list for the engine, the server and the console', () => {
  it('standard riichi and triple dora play; Sichuan, bloodshed and wanxiang do not yet', () => {
    expect(PLAYABLE_VARIANTS).toEqual([GameVariant.LIQI, GameVariant.DORA3]);
    for (const v of [GameVariant.CHUANMA, GameVariant.XUEZHANDAODI, GameVariant.WANXIANG])
      expect(isPlayableVariant(v), v).toBe(false);
  });

  it('names each refused field with its reason', () => {
    expect(unsupportedRuleFields({ chuanma: 1, fanfu: 3 }, 1)).toEqual([
      { field: 'chuanma', value: 1, reason: 'Sichuan (chuanma) mode is not supported' },
      { field: 'fanfu', value: 3, reason: 'minimum han must be 1, 2 or 4' },
    ]);
    expect(unsupportedRuleFields({}, 12)).toEqual([]);
  });
});
