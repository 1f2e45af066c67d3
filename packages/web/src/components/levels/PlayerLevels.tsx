import { LevelMajor, parseLevelId } from '@taikai/protocol';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A level code as players know it ("Adept 2", "Celestial"); 0 or no level code = no requirement. */
export function levelLabel(t: TFunction, id: number): string {
  const parts = parseLevelId(id);
  if (!parts) return t('rules.levelNone');
  const name = t(`rules.levels.${parts.major}`);
  return parts.major === LevelMajor.CELESTIAL ? name : t('rules.levelStars', { name, stars: parts.stars });
}

/**
 * A player's four-player and three-player levels on one line ("4P Adept 2 · 3P Novice 1"), as the roster and the
 * player cards show them; nothing for a row without levels.
 */
export function PlayerLevels({
  level4p,
  level3p,
  testId,
}: {
  level4p?: number;
  level3p?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (level4p === undefined && level3p === undefined) return null;
  const parts = [
    level4p !== undefined ? t('userCards.level4p', { level: levelLabel(t, level4p) }) : null,
    level3p !== undefined ? t('userCards.level3p', { level: levelLabel(t, level3p) }) : null,
  ].filter((p): p is string => p !== null);
  return <span data-testid={testId}>{parts.join(' · ')}</span>;
}
