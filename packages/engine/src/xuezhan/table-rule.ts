import { RoundType, unsupportedRuleFields } from '@taikai/protocol';
import { toTableRule } from '../rules/adapter';
import { isOn, type RuleFields } from '../rules/fields';
import type { TableRule } from '../rules/table-rule';
import { UnsupportedRuleError } from '../rules/unsupported';
import { riichiPartOf } from './rule';

/** A xuezhandaodi table's rule: the riichi rule of its hands, as the mode fixes it, and the exchange switch. */
export interface XuezhanRule {
  table: TableRule;
  /** 换三张: each player passes three tiles after the deal. */
  huansanzhang: boolean;
}

/**
 * Reads a xuezhandaodi rule, refusing up front what the table cannot honour (the protocol's list). The
 * hands are the riichi rule's (red fives, dora, ura, kan dora, chi, furiten, fanfu …) with what the mode fixes:
 * no renchan and no honba (`dealerRepeatsOnWin/OnTenpai` off), East only with no South entry and no all-last
 * stop, a bust ends the game unless `can_jifei` is off (the adapter's tobi), every claimant of a discard wins, no pao.
 */
export function toXuezhanRule(given: RuleFields, roundType: number): XuezhanRule {
  const refused = unsupportedRuleFields(given, roundType);
  if (refused.length) throw new UnsupportedRuleError(refused);
  const table = toTableRule(riichiPartOf(given), RoundType.EAST_4P);
  table.core.役満パオあり = false;
  table.core.最大同時和了数 = 3;
  return {
    table: {
      ...table,
      extension: false,
      dealerRepeatsOnWin: false,
      dealerRepeatsOnTenpai: false,
      allLastStopOnWin: false,
      allLastStopOnTenpai: false,
      fourKanLiability: false,
      abortive: { ...table.abortive, tripleRon: false },
    },
    huansanzhang: isOn(given, 'huansanzhang'),
  };
}
