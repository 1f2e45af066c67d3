import { decodeRankRule, RankRule, SeasonState, SeasonType, SignupType } from '@taikai/protocol';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const STATE_VIEW: Record<number, { key: string; color: string }> = {
  [SeasonState.PENDING]: { key: 'seasonState.pending', color: 'gold' },
  [SeasonState.RUNNING]: { key: 'seasonState.running', color: 'green' },
  [SeasonState.FINISHED]: { key: 'seasonState.finished', color: 'blue' },
  [SeasonState.ENDED]: { key: 'seasonState.ended', color: 'default' },
};

/** A season's state as a coloured tag. */
export function SeasonStateTag({ state, testId }: { state: number; testId?: string }) {
  const { t } = useTranslation();
  const view = STATE_VIEW[state];
  return (
    <Tag color={view?.color ?? 'default'} data-testid={testId}>
      {view ? t(view.key) : state}
    </Tag>
  );
}

const SIGNUP_KEY: Record<number, string> = {
  [SignupType.CLOSE]: 'seasons.signupTypes.close',
  [SignupType.AUTO]: 'seasons.signupTypes.auto',
  [SignupType.CHECK]: 'seasons.signupTypes.check',
};

export function signupTypeLabel(t: TFunction, signupType: number): string {
  const key = SIGNUP_KEY[signupType];
  return key ? t(key) : String(signupType);
}

/** The ranking rule of a season in words: team seasons rank by total; personal ones by their code. */
export function rankRuleText(t: TFunction, rankRule: number, rankType: number): string {
  if (rankType === SeasonType.TEAM) return t('seasons.rankRules.team');
  const rule = decodeRankRule(rankRule);
  if (!rule) return t('seasons.rankRules.unknown', { code: rankRule });
  if (rule.kind === RankRule.NONE) return t('seasons.rankRules.none');
  return rule.kind === RankRule.RECENT_TOTAL
    ? t('seasons.rankRules.recent', { count: rule.count })
    : t('seasons.rankRules.best', { count: rule.count });
}

const DAY_S = 86_400;

/** Whole days a window spans, at least one. */
export function spanDays(start: number, end: number): number {
  return Math.max(1, Math.ceil((end - start) / DAY_S));
}
