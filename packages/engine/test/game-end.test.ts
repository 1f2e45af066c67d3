import { describe, expect, it } from 'vitest';
import { toTableRule } from '../src/rules/adapter';
import { type EndCheck, gameEndReason } from '../src/rules/game-end';
import { finishedOf, playRobotTable } from './support/robot-table';

const dealerWin = { won: true, dealerWon: true, dealerTenpai: false, abortive: false };
const otherWin = { won: true, dealerWon: false, dealerTenpai: false, abortive: false };
const dealerTenpaiDraw = { won: false, dealerWon: false, dealerTenpai: true, abortive: false };
const south = toTableRule({}, 2);
const check = (over: Partial<EndCheck>): EndCheck => ({
  scores: [25000, 25000, 25000, 25000],
  chang: 0,
  ju: 0,
  outcome: otherWin,
  repeats: false,
  ...over,
});

describe('end of the game (fandian, have_nanruxiru, tianbian_value, all-last stop, can_jifei)', () => {
  it('the game goes on before the last scheduled hand', () => {
    expect(gameEndReason(check({ chang: 1, ju: 2, scores: [50000, 20000, 20000, 10000] }), south)).toBeNull();
  });

  it('after South 4 the game ends when someone has fandian (30000)', () => {
    expect(gameEndReason(check({ chang: 1, ju: 3, scores: [31000, 29000, 20000, 20000] }), south)).toBe(
      'scheduled',
    );
  });

  it('nobody at fandian: West entry (have_nanruxiru), sudden death until someone reaches it', () => {
    const flat = [29000, 29000, 22000, 20000];
    expect(gameEndReason(check({ chang: 1, ju: 3, scores: flat }), south)).toBeNull();
    expect(gameEndReason(check({ chang: 2, ju: 0, scores: flat }), south)).toBeNull();
    expect(gameEndReason(check({ chang: 2, ju: 1, scores: [30000, 28000, 22000, 20000] }), south)).toBe(
      'extension',
    );
    expect(gameEndReason(check({ chang: 2, ju: 3, scores: flat }), south)).toBe('extension_limit');
  });

  it('have_nanruxiru off: the game ends after South 4 whatever the scores', () => {
    const rule = toTableRule({ have_nanruxiru: 0 }, 2);
    expect(gameEndReason(check({ chang: 1, ju: 3, scores: [29000, 29000, 22000, 20000] }), rule)).toBe(
      'scheduled',
    );
  });

  it('a higher fandian keeps the game going where the default would end it', () => {
    const scores = [34000, 26000, 20000, 20000];
    expect(gameEndReason(check({ chang: 1, ju: 3, scores }), south)).toBe('scheduled');
    expect(gameEndReason(check({ chang: 1, ju: 3, scores }), toTableRule({ fandian: 35000 }, 2))).toBeNull();
  });

  it('East games (round type 1) end after East 4 and extend into South', () => {
    const east = toTableRule({}, 1);
    expect(gameEndReason(check({ chang: 0, ju: 3, scores: [31000, 29000, 20000, 20000] }), east)).toBe(
      'scheduled',
    );
    expect(gameEndReason(check({ chang: 0, ju: 3, scores: [29000, 29000, 22000, 20000] }), east)).toBeNull();
  });

  it('tianbian_value ends the game at once when a score reaches it; 0 is off', () => {
    const scores = [52000, 20000, 18000, 10000];
    expect(gameEndReason(check({ chang: 0, ju: 1, scores }), toTableRule({ tianbian_value: 50000 }, 2))).toBe(
      'tianbian',
    );
    expect(gameEndReason(check({ chang: 0, ju: 1, scores }), south)).toBeNull();
  });

  it('can_jifei: a player below zero ends the game; off, play goes on', () => {
    const scores = [60000, 25000, 16000, -1000];
    expect(gameEndReason(check({ chang: 0, ju: 1, scores }), south)).toBe('bust');
    expect(gameEndReason(check({ chang: 0, ju: 1, scores }), toTableRule({ can_jifei: 0 }, 2))).toBeNull();
  });

  it('all-last stop on a win (have_helezhongju): the leading dealer may stop; off, the dealer plays on', () => {
    const scores = [20000, 20000, 20000, 40000];
    const last = { chang: 1, ju: 3, scores, outcome: dealerWin, repeats: true };
    expect(gameEndReason(check(last), south)).toBe('all_last_stop');
    expect(gameEndReason(check(last), toTableRule({ have_helezhongju: 0 }, 2))).toBeNull();
    // A dealer who is not 1st does not stop.
    expect(gameEndReason(check({ ...last, scores: [41000, 20000, 20000, 19000] }), south)).toBeNull();
  });

  it('all-last stop on tenpai (have_tingpaizhongju) is a separate switch', () => {
    const last = {
      chang: 1,
      ju: 3,
      scores: [20000, 20000, 20000, 40000],
      outcome: dealerTenpaiDraw,
      repeats: true,
    };
    expect(gameEndReason(check(last), south)).toBe('all_last_stop');
    expect(gameEndReason(check(last), toTableRule({ have_tingpaizhongju: 0 }, 2))).toBeNull();
    expect(gameEndReason(check(last), toTableRule({ have_helezhongju: 0 }, 2))).toBe('all_last_stop');
  });
});

/** Plays a seeded game of auto-discard robots in-process and returns its end. */
async function playSeeded(rule: Record<string, number>) {
  const events = await playRobotTable({
    tableId: 'seeded',
    rule,
    seed: '5'.repeat(64),
    levels: [0, 0, 0, 0],
  });
  const hands = events.flatMap((e) => (e.type === 'hand_end' ? [{ chang: e.chang, ju: e.ju }] : []));
  return { reason: finishedOf(events).reason, hands };
}

describe('seeded East games show fandian and have_nanruxiru', () => {
  it('nobody reaches 30000: the game enters South and ends at its end at the latest', async () => {
    const { reason, hands } = await playSeeded({});
    expect(hands.some((h) => h.chang === 1)).toBe(true);
    expect(['extension', 'extension_limit']).toContain(reason);
  });

  it('fandian 25000 (= the start): the game ends after East 4', async () => {
    const { reason, hands } = await playSeeded({ fandian: 25000 });
    expect(reason).toBe('scheduled');
    expect(hands.every((h) => h.chang === 0)).toBe(true);
  });

  it('have_nanruxiru off: the game ends after East 4 even with nobody at fandian', async () => {
    const { reason, hands } = await playSeeded({ have_nanruxiru: 0 });
    expect(reason).toBe('scheduled');
    expect(hands.at(-1)).toMatchObject({ chang: 0, ju: 3 });
  });
});

describe('starting points per seat (create_game_plan init_points)', () => {
  it('each seat starts with its own points, and the game settles from them', async () => {
    const events = await playRobotTable({
      tableId: 'init',
      rule: { have_nanruxiru: 0 },
      seed: '6'.repeat(64),
      initPoints: [40000, 30000, 20000, 10000],
      levels: [0, 0, 0, 0],
    });
    expect(events.find((e) => e.type === 'hand_start')).toMatchObject({
      scores: [40000, 30000, 20000, 10000],
    });
    const total = finishedOf(events).settlement.players.reduce((s, p) => s + p.part_point_1, 0);
    expect(total).toBe(100000);
  });
});
