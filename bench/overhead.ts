/**
 * The overhead of our table runtime against the bare rules engine, on the same seeded games with the same
 * robots. Both sides first play the whole batch once (a warm-up, which also checks that they play the same
 * games: the same hands, draw for draw and discard for discard). Then each round plays the batch on both sides
 * in blocks of a few games, alternating which side goes first from block to block and from round to round, so
 * that a burst of load from elsewhere falls on both sides alike. A round's ratio is the table's CPU per hand
 * over the bare engine's; the figure is the median round.
 */
import type { RuleFields } from '@taikai/engine';
import { playBareGame } from './bare-game';
import { playTableGame } from './table-run';
import { timed } from './timing';

export interface OverheadRound {
  /** CPU seconds per hand, each side. */
  table: number;
  bare: number;
  ratio: number;
}

export interface Overhead {
  games: number;
  /** Hands per batch, each side (equal when the games are the same). */
  tableHands: number;
  bareHands: number;
  sameGames: boolean;
  rounds: OverheadRound[];
  /** The median round's ratio. */
  ratio: number;
}

export interface OverheadPlan {
  level: number;
  seeds: string[];
  /** Rule fields for both sides; the bare engine has no South/West extension and no all-last stop. */
  rule: RuleFields;
  rounds: number;
  /** Games per block: enough that one block runs a few hundred milliseconds on each side. */
  block: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function measureOverhead(plan: OverheadPlan): Promise<Overhead> {
  const { level, seeds, rule } = plan;
  const levels = [level, level, level, level];
  const blocks: string[][] = [];
  for (let i = 0; i < seeds.length; i += plan.block) blocks.push(seeds.slice(i, i + plan.block));
  const sides = {
    table: async (block: string[]) => {
      let hands = 0;
      for (const seed of block) hands += (await playTableGame(seed, levels, 2, rule)).hands;
      return hands;
    },
    bare: async (block: string[]) => {
      let hands = 0;
      for (const seed of block) hands += playBareGame(seed, level, 2, rule).hands;
      return hands;
    },
  };

  // Warm-up: every game once on each side, compared hand by hand.
  let sameGames = true;
  for (const seed of seeds) {
    const table = await playTableGame(seed, levels, 2, rule);
    const bare = playBareGame(seed, level, 2, rule);
    if (JSON.stringify(table.handLog) !== JSON.stringify(bare.handLog)) sameGames = false;
  }

  const rounds: OverheadRound[] = [];
  let tableHands = 0;
  let bareHands = 0;
  for (let round = 0; round < plan.rounds; round++) {
    const cpu = { table: 0, bare: 0 };
    const hands = { table: 0, bare: 0 };
    for (const [k, block] of blocks.entries()) {
      const order = (round + k) % 2 === 0 ? (['bare', 'table'] as const) : (['table', 'bare'] as const);
      for (const side of order) {
        const t = await timed(() => sides[side](block));
        cpu[side] += t.cpu;
        hands[side] += t.value;
      }
    }
    tableHands = hands.table;
    bareHands = hands.bare;
    const table = cpu.table / hands.table;
    const bare = cpu.bare / hands.bare;
    rounds.push({ table, bare, ratio: table / bare });
  }
  return {
    games: seeds.length,
    tableHands,
    bareHands,
    sameGames,
    rounds,
    ratio: median(rounds.map((r) => r.ratio)),
  };
}
