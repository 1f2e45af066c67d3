import { isOn, type RuleFields } from '../rules/fields';

/**
 * Mode switches a xuezhandaodi table plays with: the mode itself and the three-tile exchange (换三张). What the table
 * cannot honour is the protocol's list (`unsupportedRuleFields`, which judges a xuezhandaodi rule by its own).
 */
const OWN_SWITCHES = ['xuezhandaodi', 'huansanzhang'];

/** Whether a rule asks for xuezhandaodi (Battle of Asura, 修罗之战). */
export function isXuezhanRule(rule: RuleFields): boolean {
  return isOn(rule, 'xuezhandaodi');
}

/** The rule without the mode's own switches: the riichi rule the hands are played by. */
export function riichiPartOf(rule: RuleFields): RuleFields {
  const riichi: RuleFields = { ...rule };
  for (const field of OWN_SWITCHES) delete riichi[field];
  return riichi;
}
