import { describe, expect, it } from 'vitest';
import { exchangeDirection } from '../src/chuanma/exchange';
import type { GameLog } from '../src/log/game-log';
import { AutoDiscardRobot } from '../src/robots/auto-discard';
import type { SeatPlayer } from '../src/robots/types';
import type { RuleFields } from '../src/rules/fields';
import type { HandResult, Progress } from '../src/table-game';
import { verifyGame } from '../src/verify';
import { commitmentOf, dealWall } from '../src/walls';
import { chooseExchange, exchangeHands, isValidExchange } from '../src/xuezhan/exchange';
import { XuezhanGame } from '../src/xuezhan/game';
import { ExchangingRobot, tilesOf } from '../src/xuezhan/seats';
import { toXuezhanRule } from '../src/xuezhan/table-rule';
import { Claimer, scriptedWall } from './support/scripted';

// biome-ignore lint/suspicious/noExplicitAny: record entries are plain JSON
type Entry = Record<string, any>;

interface Hand {
  start: Progress;
  end: Progress;
  result: HandResult;
}

/**
 * Plays scripted hands (then seeded ones) of xuezhandaodi, seat 0 the first dealer, seats auto-discard robots
 * unless given, until `hands` hands are over or the game ends.
 */
function playXuezhan(
  walls: string[][],
  options: { seats?: SeatPlayer[]; hands?: number; initPoints?: number[]; rule?: RuleFields } = {},
) {
  const { table, huansanzhang } = toXuezhanRule({ xuezhandaodi: 1, dora_count: 0, ...options.rule }, 1);
  const players = [0, 1, 2, 3].map((s) => new ExchangingRobot(options.seats?.[s] ?? new AutoDiscardRobot()));
  const hands: Hand[] = [];
  let start: Progress | null = null;
  const game = new XuezhanGame(
    players,
    table,
    (n) => walls[n] ?? dealWall('d'.repeat(64), n, table.core.赤牌),
    {
      handStart: (p) => {
        start = p;
      },
      handEnd: (p, result) => hands.push({ start: start as Progress, end: p, result }),
      yakuman: () => {},
    },
    'scripted',
    ['A', 'B', 'C', 'D'],
    options.initPoints,
    { huansanzhang, directionOf: (n) => exchangeDirection('d'.repeat(64), n) },
  );
  game.begin();
  const limit = options.hands ?? walls.length;
  while (!game.finished && hands.length < limit) game.step();
  const entries = (n: number): Entry[] => game.log.log[n];
  return { game, hands, entries };
}

/** Seat 1 waits on p5 (ittsuu, tanki); seat 2 on z2 (ittsuu, tanki); seats 0 and 3 far from ready. */
const RON_THEN_TSUMO = {
  hands: ['m1479p1469s258z34', 'm123456789p123p5', 's123456789p789z2', 'm258p258s369z1157'] as [
    string,
    string,
    string,
    string,
  ],
  // The dealer draws p5 (and discards it), seat 1 wins on it; seat 2 then draws z2.
  draws: 'p5z2',
};

describe('xuezhandaodi: the hand goes on after a win', () => {
  it('a ron: the winner leaves, the seat after the winner draws next, the others see the hand hidden', () => {
    const seen: Entry[] = [];
    const watcher = new Claimer();
    const watch: SeatPlayer = {
      action: (msg, reply) => {
        if (msg.hule) seen.push(msg.hule);
        watcher.action(msg, reply);
      },
    };
    const { entries } = playXuezhan([scriptedWall(RON_THEN_TSUMO)], {
      seats: [undefined as never, new Claimer(), watch, new Claimer()],
      hands: 1,
    });
    const log = entries(0);
    const first = log.findIndex((e) => e.hule);
    expect(log[first].hule).toMatchObject({ l: 1, baojia: 0 });
    // Play goes on with seat 2, seat 1 never plays again.
    expect(log[first + 1].zimo).toMatchObject({ l: 2, p: 'z2' });
    expect(log.slice(first + 1).some((e) => (e.zimo ?? e.dapai ?? e.fulou ?? e.gang)?.l === 1)).toBe(false);
    // Seat 2 saw seat 1's hand hidden (the ron tile only), the record holds it whole.
    expect(seen[0].shoupai).toBe(`${'_'.repeat(13)}p5`);
    expect(log[first].hule.shoupai).toContain('m123456789');
  });

  it('a tsumo is paid only by players who have not won; the riichi sticks go to the next winner', () => {
    // The dealer declares riichi with the p5 seat 1 wins on; it still has 1000 after paying, so the riichi stands.
    const wall = scriptedWall({
      ...RON_THEN_TSUMO,
      hands: ['m123456p789s234z3', ...RON_THEN_TSUMO.hands.slice(1)] as never,
    });
    const { entries } = playXuezhan([wall], {
      seats: [new Claimer(true), new Claimer(), new Claimer(), new Claimer()],
      hands: 1,
    });
    const log = entries(0);
    const wins = log.filter((e) => e.hule).map((e) => e.hule);
    expect(wins[0]).toMatchObject({ l: 1, baojia: 0 });
    expect(wins[1]).toMatchObject({ l: 2, baojia: null });
    // Seat 1 has won: it pays nothing of seat 2's tsumo; seat 2 takes the dealer's riichi stick.
    expect(wins[1].fenpei[1]).toBe(0);
    expect(wins[1].fenpei[0]).toBeLessThan(wins[1].fenpei[3]);
    expect(wins[1].fenpei[2]).toBe(-wins[1].fenpei[0] - wins[1].fenpei[3] + 1000);
  });
});

describe('xuezhandaodi: several rons', () => {
  it('every claimant of a discard wins, each paid by the discarder; play goes on after the last of them', () => {
    const wall = scriptedWall({
      hands: ['m1479p1469s258z34', 'm123456789p123p5', 's123456789z111p5', 'm258p258s369z4567'],
      draws: 'p5',
    });
    const { entries } = playXuezhan([wall], {
      seats: [undefined as never, new Claimer(), new Claimer()],
      hands: 1,
    });
    const log = entries(0);
    const first = log.findIndex((e) => e.hule);
    expect(log[first].hule).toMatchObject({ l: 1, baojia: 0 });
    expect(log[first + 1].hule).toMatchObject({ l: 2, baojia: 0 });
    expect(log[first].hule.fenpei[0]).toBeLessThan(0);
    expect(log[first + 1].hule.fenpei[0]).toBeLessThan(0);
    expect(log[first + 2].zimo).toMatchObject({ l: 3 });
  });
});

describe('xuezhandaodi: payments', () => {
  it('a ron on a riichi declaration with under 1000 left: the riichi fails; a bust ends the hand and the game', () => {
    const wall = scriptedWall({
      ...RON_THEN_TSUMO,
      hands: ['m123456p789s234z3', ...RON_THEN_TSUMO.hands.slice(1)] as never,
    });
    const { game, hands, entries } = playXuezhan([wall], {
      seats: [new Claimer(true), new Claimer(), new Claimer(), new Claimer()],
      initPoints: [3000, 25000, 25000, 47000],
      hands: 2,
    });
    expect(hands).toHaveLength(1);
    const wins = entries(0)
      .filter((e) => e.hule)
      .map((e) => e.hule);
    expect(wins[0].fenpei).toEqual([-2600, 2600, 0, 0]);
    // 400 left: no stick is paid, the riichi fails; seat 2's tsumo (1000/2000) takes the dealer below zero.
    expect(wins[1].fenpei).toEqual([-2000, 0, 3000, -1000]);
    expect(hands[0].result.deltas).toEqual([-4600, 2600, 3000, -1000]);
    expect(hands[0].end.liqibang).toBe(0);
    expect(entries(0).at(-1)?.hule).toBeDefined();
    expect(game.endReason).toBe('bust');
    expect(game.finished).not.toBeNull();
  });

  it('with can_jifei off, a player below zero plays on: the hand and the game go on', () => {
    const wall = scriptedWall({
      ...RON_THEN_TSUMO,
      hands: ['m123456p789s234z3', ...RON_THEN_TSUMO.hands.slice(1)] as never,
    });
    const { game, hands } = playXuezhan([wall], {
      seats: [new Claimer(true), new Claimer(), new Claimer(), new Claimer()],
      initPoints: [3000, 25000, 25000, 47000],
      hands: 2,
      rule: { can_jifei: 0 },
    });
    expect(hands).toHaveLength(2);
    expect(hands[0].end.scores[0]).toBeLessThan(0);
    expect(game.endReason).not.toBe('bust');
  });

  it('exhaustive draw after a win: each noten non-winner pays 1000 to each tenpai non-winner', () => {
    const { hands } = playXuezhan([scriptedWall(RON_THEN_TSUMO)], {
      seats: [undefined as never, new Claimer()],
      hands: 1,
    });
    const { result } = hands[0];
    expect(result).toMatchObject({ kind: 'win', draw: { name: '荒牌平局', tenpai: [2], abortive: false } });
    // Seat 1's ron (2600 from the dealer), then seat 2 tenpai takes 1000 from the dealer and from seat 3.
    expect(result.deltas).toEqual([-3600, 2600, 2000, -1000]);
  });

  it('exhaustive draw with nobody won: the normal noten payments', () => {
    const { hands } = playXuezhan([scriptedWall(RON_THEN_TSUMO)], { hands: 1 });
    expect(hands[0].result).toMatchObject({ kind: 'draw', name: '荒牌平局', tenpai: [1, 2] });
    expect(hands[0].result.deltas).toEqual([-1500, 1500, 1500, -1500]);
  });

  it('robbing a closed kan with kokushi: the rob is paid, the kan stands and its player takes the replacement draw', () => {
    const wall = scriptedWall({
      hands: ['m1111p234s567z555', 'm9p19s19z11234567', 'm2345678p5678s23', 'm2345678p5678s23'],
      draws: 'p9',
    });
    const { entries } = playXuezhan([wall], {
      seats: [new Claimer({ kan: true }), new Claimer()],
      initPoints: [50000, 25000, 25000, 0],
      hands: 1,
    });
    const log = entries(0);
    const robbed = log.findIndex((e) => e.hule);
    expect(log[robbed - 1].gang).toMatchObject({ l: 0, m: 'm1111' });
    expect(log[robbed].hule).toMatchObject({ l: 1, baojia: 0, damanguan: 1 });
    expect(log[robbed].hule.fenpei).toEqual([-32000, 32000, 0, 0]);
    expect(log[robbed + 1].gangzimo).toMatchObject({ l: 0 });
  });
});

describe('xuezhandaodi: dealer and honba', () => {
  it('no renchan and no honba: a dealer tenpai at the draw moves on at 0 honba', () => {
    const dealerTenpai = scriptedWall({
      ...RON_THEN_TSUMO,
      hands: ['m123456p789s234z3', ...RON_THEN_TSUMO.hands.slice(1)] as never,
    });
    const { hands } = playXuezhan([dealerTenpai], { hands: 2 });
    expect(hands[0].result).toMatchObject({ kind: 'draw', tenpai: [0, 1, 2] });
    expect(hands[1].start).toMatchObject({ chang: 0, ju: 1, ben: 0 });
  });

  it('no renchan after the dealer wins: the next hand moves on at 0 honba', () => {
    const dealerWins = scriptedWall({
      hands: ['m123456789p123p5', 'm1479p1469s258z34', 's123456789p789z2', 'm258p258s369z1157'],
      draws: 'z5p5',
    });
    const { hands } = playXuezhan([dealerWins], { seats: [new Claimer()], hands: 2 });
    expect(hands[0].result).toMatchObject({ kind: 'win', wins: [{ seat: 0, from: 1 }] });
    expect(hands[1].start).toMatchObject({ ju: 1, ben: 0 });
  });

  it('an abortive draw deals the hand again at 0 honba', () => {
    const nineTerminals = scriptedWall({
      hands: ['m19p19s19z1234567', 'm2345678p5678s23', 'm2345678p5678s23', 'm2345678p5678s23'],
      draws: 'p5',
    });
    const { hands } = playXuezhan([nineTerminals], {
      seats: [new Claimer({ nineTerminals: true })],
      hands: 2,
    });
    expect(hands[0].result).toMatchObject({ kind: 'draw', name: '九種九牌', abortive: true });
    expect(hands[1].start).toMatchObject({ ju: 0, ben: 0 });
  });
});

describe('xuezhandaodi: the exchange (huansanzhang)', () => {
  it('each seat passes three held tiles, any suits, to its receiver in the hand’s direction', () => {
    const hands = [
      tilesOf('m111p222s333z1234'),
      tilesOf('m444p555s666z5567'),
      tilesOf('m777p888s999z1123'),
      tilesOf('m222p333s444z4567'),
    ];
    const given = [tilesOf('z123'), tilesOf('z567'), tilesOf('z123'), tilesOf('z567')];
    expect(given.every((g, seat) => isValidExchange(hands[seat], g))).toBe(true);
    expect(isValidExchange(hands[0], tilesOf('z555'))).toBe(false);
    const next = exchangeHands(hands, given, 'counterclockwise');
    // Counter-clockwise: each seat's tiles go to the next seat in turn.
    expect(next[1]).toEqual(tilesOf('m444p555s666z5z123'));
    const across = exchangeHands(hands, given, 'opposite');
    expect(across[0]).toEqual(tilesOf('m111p222s333z4z123'));
  });

  it('the robots pass the tiles whose loss hurts the hand least by shanten', () => {
    expect(chooseExchange(tilesOf('m123456p234s22z157')).sort()).toEqual(['z1', 'z5', 'z7']);
  });

  it('a game with the exchange records it in each deal, shows each seat its part, and verifies', () => {
    const seed = 'e'.repeat(64);
    const { table } = toXuezhanRule({ xuezhandaodi: 1, huansanzhang: 1 }, 1);
    const deals: Entry[] = [];
    const seats = [0, 1, 2, 3].map((s) => {
      const robot = new ExchangingRobot(new Claimer());
      return {
        action: (msg: Entry, reply?: (r?: Entry) => void) => {
          if (msg.qipai && s === 0) deals.push(msg.qipai);
          robot.action(msg, reply);
        },
      } as SeatPlayer;
    });
    const game = new XuezhanGame(
      seats,
      table,
      (n, a) => dealWall(seed, n, table.core.赤牌, 4, a),
      { handStart: () => {}, handEnd: () => {}, yakuman: () => {} },
      'exchange',
      ['A', 'B', 'C', 'D'],
      undefined,
      { huansanzhang: true, directionOf: (n, a) => exchangeDirection(seed, n, a) },
    );
    game.begin();
    while (!game.finished) game.step();
    const first = game.log.log[0][0].qipai.huan;
    expect(first.direction).toBe(exchangeDirection(seed, 0));
    expect(first.given).toHaveLength(4);
    expect(deals[0].huan).toEqual({
      direction: first.direction,
      given: first.given[0],
      received: expect.any(Array),
    });
    const log: GameLog = {
      format: 'taikai/1',
      tableId: 'exchange',
      roundType: 1,
      commitment: commitmentOf(seed),
      red: table.core.赤牌,
      mode: 'xuezhan',
      xuezhan: { huansanzhang: true },
      leftoverStickPoints: 0,
      changbangValue: 300,
      paipu: game.log,
    };
    expect(verifyGame(seed, log).problems).toEqual([]);
    // A seat that passes tiles it was not dealt is caught.
    const tampered = structuredClone(log);
    tampered.paipu.log[0][0].qipai.huan.given[1] = ['z7', 'z7', 'z7'];
    expect(verifyGame(seed, tampered).problems.join()).toMatch(/not dealt|was dealt/);
  });
});
