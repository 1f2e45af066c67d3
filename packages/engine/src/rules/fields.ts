import type { DetailRule } from '@taikai/protocol';

export type RuleValue = number | boolean | undefined;

/**
 * A `detail_rule` as a table receives it: the protocol's `DetailRule`, or any part of it (a rule is always read
 * on top of the defaults of its round type). Switches may arrive as 0/1 or booleans.
 */
export type RuleFields = {
  [K in keyof DetailRule]?: DetailRule[K] extends boolean ? boolean | number : DetailRule[K];
} & {
  [field: string]: RuleValue;
};

/** A switch field read as a boolean (0/1, true/false, absent = off). */
export function isOn(rule: RuleFields, field: string): boolean {
  const v = rule[field];
  return v === true || (typeof v === 'number' && v !== 0);
}

/** A numeric field, with the value to use when it is absent. */
export function numberOf(rule: RuleFields, field: string, fallback: number): number {
  const v = rule[field];
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return fallback;
}
