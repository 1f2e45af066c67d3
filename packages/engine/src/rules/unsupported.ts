import { type UnsupportedField, unsupportedRuleFields } from '@taikai/protocol';
import { isChuanmaRule, unsupportedChuanmaFields } from '../chuanma/rule';
import { isXuezhanRule } from '../xuezhan/rule';
import type { RuleFields } from './fields';

export type { UnsupportedField };

/** Thrown before a table starts when its rule asks for something the engine cannot honour. */
export class UnsupportedRuleError extends Error {
  readonly fields: UnsupportedField[];
  constructor(fields: UnsupportedField[]) {
    super(`unsupported rule: ${fields.map((f) => `${f.field}=${String(f.value)} (${f.reason})`).join('; ')}`);
    this.name = 'UnsupportedRuleError';
    this.fields = fields;
  }
}

/**
 * Refuses, up front, every field or mode of `rule` the engine cannot honour for `roundType`, naming each. The
 * list of what plays is the protocol's (`unsupportedRuleFields`), which the server and the console read too, and
 * which judges a xuezhandaodi rule by the mode's own list (the engine plays it on `src/xuezhan/`); chuanma, which
 * the engine plays on its own table (`src/chuanma/`), is checked by the table's own list
 * (`unsupportedChuanmaFields`; the protocol's chuanma list refuses the same, and dora3_mode beside it).
 */
export function refuseUnsupported(rule: RuleFields, roundType: number): void {
  const refused = isChuanmaRule(rule)
    ? unsupportedChuanmaFields(rule, roundType)
    : unsupportedRuleFields(rule, roundType);
  if (refused.length) throw new UnsupportedRuleError(refused);
}

/**
 * Refuses what the riichi rules engine cannot play: the protocol's list, and the modes played on tables of their
 * own (chuanma, xuezhandaodi), by name.
 */
export function refuseUnsupportedRiichi(rule: RuleFields, roundType: number): void {
  const ownTable = isChuanmaRule(rule) ? 'chuanma' : isXuezhanRule(rule) ? 'xuezhandaodi' : null;
  const refused = ownTable
    ? [
        {
          field: ownTable,
          value: rule[ownTable],
          reason: `${ownTable} is played by its own table, not the riichi rules`,
        },
      ]
    : unsupportedRuleFields(rule, roundType);
  if (refused.length) throw new UnsupportedRuleError(refused);
}
