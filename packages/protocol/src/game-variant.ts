// Game variants (the console calls them modes). The wire has no variant field: the variant is deduced
// from the detail_rule flags.

export const GameVariant = {
  LIQI: 'liqi',
  DORA3: 'dora3',
  XUEZHANDAODI: 'xuezhandaodi',
  CHUANMA: 'chuanma',
  WANXIANG: 'wanxiang',
} as const;
export type GameVariant = (typeof GameVariant)[keyof typeof GameVariant];
export const GAME_VARIANTS: readonly GameVariant[] = Object.values(GameVariant);

export interface VariantFlags {
  dora3_mode?: number;
  xuezhandaodi?: number;
  chuanma?: number;
  wanxiangxiuluo_mode?: number;
}

/** The variant a rule plays; standard riichi (liqi) when no variant flag is set. */
export function gameVariantOf(flags: VariantFlags): GameVariant {
  if (flags.chuanma) return GameVariant.CHUANMA;
  if (flags.xuezhandaodi) return GameVariant.XUEZHANDAODI;
  if (flags.wanxiangxiuluo_mode) return GameVariant.WANXIANG;
  if (flags.dora3_mode) return GameVariant.DORA3;
  return GameVariant.LIQI;
}

/** The variant flags that select `variant` (all four, set to 0 or 1). */
export function variantFlagsOf(variant: GameVariant): Required<VariantFlags> {
  return {
    dora3_mode: variant === GameVariant.DORA3 ? 1 : 0,
    xuezhandaodi: variant === GameVariant.XUEZHANDAODI ? 1 : 0,
    chuanma: variant === GameVariant.CHUANMA ? 1 : 0,
    wanxiangxiuluo_mode: variant === GameVariant.WANXIANG ? 1 : 0,
  };
}

/** Rule cards (more settings) exist only for standard and dora3; other variants show only can_jifei. */
export function hasRuleCards(variant: GameVariant): boolean {
  return variant === GameVariant.LIQI || variant === GameVariant.DORA3;
}
