/**
 * The `detail_rule` fields the engine reads. Switches arrive as 0/1 or booleans on the wire; every field is
 * optional here because a rule is always read on top of the defaults of its round type.
 */
export type RuleValue = number | boolean | undefined;

export interface RuleFields {
  init_point?: number;
  fandian?: number;
  jingsuanyuandian?: number;
  tianbian_value?: number;
  liqibang_value?: number;
  changbang_value?: number;
  noting_fafu_1?: number;
  noting_fafu_2?: number;
  noting_fafu_3?: number;
  shunweima_2?: number;
  shunweima_3?: number;
  shunweima_4?: number;
  time_fixed?: number;
  time_add?: number;
  dora_count?: number;
  fanfu?: number;
  [field: string]: RuleValue;
}

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
