import type { RuleIssue, RulePresetName } from '@taikai/protocol';
import type { TFunction } from 'i18next';

const VARIANT_FLAGS = new Set(['dora3_mode', 'xuezhandaodi', 'chuanma', 'wanxiangxiuluo_mode']);

/** A rule field as organisers read it; `mode` is the round type, variant flags the game mode. */
export function fieldLabel(t: TFunction, field: string): string {
  if (field === 'mode') return t('rules.roundType');
  if (field === 'time_fixed' || field === 'time_add') return t('rules.thinkingTime');
  if (VARIANT_FLAGS.has(field)) return t('rules.mode');
  return t(`rules.fields.${field}`, { defaultValue: field });
}

/** Field names joined in the reader's language. */
export function fieldList(t: TFunction, fields: readonly string[]): string {
  return [...new Set(fields.map((f) => fieldLabel(t, f)))].join(t('rules.listSeparator'));
}

export function presetLabel(t: TFunction, name: RulePresetName): string {
  return t(`rules.presets.${name}`);
}

/** A level code as players know it ("Adept 2", "Celestial"); 0 = no requirement. */
export { levelLabel } from '../../../components/levels/PlayerLevels';

/** What is wrong with a field, in the reader's language. */
export function issueText(t: TFunction, issue: RuleIssue): string {
  switch (issue.kind) {
    case 'range':
      return t('rules.issues.range', { min: issue.min, max: issue.max });
    case 'step':
      return t('rules.issues.step', { step: issue.step });
    case 'belowInit':
      return t('rules.issues.belowInit', { field: fieldLabel(t, 'init_point') });
    case 'umaFirstRange':
      return t('rules.issues.umaFirstRange', { first: issue.first, min: issue.min, max: issue.max });
    case 'umaOrder':
      return t('rules.issues.umaOrder');
    case 'oneOf':
      return t('rules.issues.oneOf', { values: issue.values.join(' / ') });
    case 'needs':
      return t('rules.issues.needs', { fields: fieldList(t, issue.prerequisites) });
    case 'exclusive':
      return t('rules.issues.exclusive', { field: fieldLabel(t, issue.other) });
    default:
      return t('rules.issues.invalid');
  }
}
