import type { TableRule } from './rules/table-rule';

/** One player's line in the record (WIRE.md `result.players`), placement order. */
export interface SettledPlayer {
  seat: number;
  /** Raw final points (leftover riichi sticks included for 1st). */
  part_point_1: number;
  /** Settled score ×1000, uma included; the table sums to zero. */
  total_point: number;
  /** 1 … 4 */
  place: number;
}

export interface Settlement {
  players: SettledPlayer[];
}

/**
 * The final settlement (RULES.md): players sorted by final points, ties by seat order from the first dealer;
 * leftover riichi sticks go to 1st; for 2nd … last `total_point = (points − jingsuanyuandian) + uma × 1000`,
 * and 1st gets minus the sum of the others.
 */
export function settle(
  scores: number[],
  leftoverStickPoints: number,
  rule: Pick<TableRule, 'jingsuanyuandian' | 'uma'>,
): Settlement {
  const order = scores.map((_, seat) => seat).sort((a, b) => scores[b] - scores[a] || a - b);
  const points = scores.slice();
  points[order[0]] += leftoverStickPoints;
  const players: SettledPlayer[] = order.map((seat, i) => ({
    seat,
    part_point_1: points[seat],
    total_point: i === 0 ? 0 : points[seat] - rule.jingsuanyuandian + Math.round(rule.uma[i] * 1000),
    place: i + 1,
  }));
  players[0].total_point = -players.slice(1).reduce((sum, p) => sum + p.total_point, 0);
  return { players };
}
