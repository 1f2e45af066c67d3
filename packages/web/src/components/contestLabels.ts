import {
  CHUANMA_GAME_COUNTS,
  GameVariant,
  gameVariantOf,
  RoundType,
  type VariantFlags,
} from '@taikai/protocol';
import type { TFunction } from 'i18next';

/** The variant (mode) a tournament plays, deduced from its rule flags. */
export function variantOfRule(rule: Record<string, number | boolean> | undefined): GameVariant {
  const flag = (name: keyof VariantFlags) => Number(rule?.[name] ?? 0);
  return gameVariantOf({
    dora3_mode: flag('dora3_mode'),
    xuezhandaodi: flag('xuezhandaodi'),
    chuanma: flag('chuanma'),
    wanxiangxiuluo_mode: flag('wanxiangxiuluo_mode'),
  });
}

export function variantLabel(t: TFunction, variant: GameVariant): string {
  return t(`modes.${variant}`);
}

/** Round type as organisers read it; Sichuan games count hands (4 or 8 games). */
export function roundTypeLabel(t: TFunction, variant: GameVariant, roundType: number): string {
  if (variant === GameVariant.CHUANMA) {
    return CHUANMA_GAME_COUNTS[roundType] === 8 ? t('roundTypes.games8') : t('roundTypes.games4');
  }
  switch (roundType) {
    case RoundType.EAST_4P:
      return t('roundTypes.east4');
    case RoundType.EAST_3P:
      return t('roundTypes.east3');
    case RoundType.SOUTH_3P:
      return t('roundTypes.south3');
    default:
      return t('roundTypes.south4');
  }
}
