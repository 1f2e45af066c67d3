import { describe, expect, it } from 'vitest';
import { exchangeDirection } from '../src/chuanma/exchange';
import { ChuanmaGame } from '../src/chuanma/game';
import type { ChuanmaMessage, ChuanmaReplyFn, ChuanmaSeat } from '../src/chuanma/messages';
import { ChuanmaPlayerSeat } from '../src/chuanma/player-seat';
import { ChuanmaRobot } from '../src/chuanma/robot';
import { toChuanmaRule } from '../src/chuanma/rule';
import { chuanmaWall } from '../src/chuanma/wall';
import type { Reply } from '../src/robots/types';
import type { Ask } from '../src/seats/player-seat';
import type { HandResult } from '../src/table-game';
import { refereeGames, seedOf } from './support/chuanma-referee';
import { ManualClock } from './support/manual-clock';

// The chuanma hand flow on `ChuanmaGame` directly: what each seat is shown, answers outside the options,
// the number of hands, can_jifei.

/** A seat that records what it is shown and answers through `answer` (a level-1 robot by default). */
class Recording implements ChuanmaSeat {
  readonly seen: ChuanmaMessage[] = [];
  private readonly robot = new ChuanmaRobot(1);
  constructor(private readonly answer?: (msg: ChuanmaMessage) => Reply) {}
  action(msg: ChuanmaMessage, reply?: ChuanmaReplyFn): void {
    this.seen.push(structuredClone(msg));
    if (this.answer) {
      this.robot.view.follow(msg);
      reply?.(this.answer(msg));
    } else this.robot.action(msg, reply);
  }
}

function play(
  seed: string,
  seats: ChuanmaSeat[],
  rule: Record<string, number> = { chuanma: 1, huansanzhang: 1, can_jifei: 0 },
  roundType = 1,
  initPoints?: number[],
) {
  const results: HandResult[] = [];
  const game = new ChuanmaGame(
    seats,
    toChuanmaRule(rule, roundType),
    {
      wallOf: (hand, attempt) => chuanmaWall(seed, hand, attempt),
      directionOf: (hand, attempt) => exchangeDirection(seed, hand, attempt),
    },
    { handStart: () => {}, handEnd: (_p, result) => results.push(result) },
    'test',
    ['a', 'b', 'c', 'd'],
    initPoints,
  );
  game.begin();
  while (!game.finished) {
    if (!game.ready) throw new Error('a seat did not answer');
    game.step();
  }
  return { game, results };
}

describe('chuanma table: what each seat is shown', () => {
  it("T1 own tiles and draws only; another seat's win shows no hand or fan until the hand ends", () => {
    for (const n of [1, 2, 3]) {
      const seats = [0, 1, 2, 3].map(() => new Recording());
      const { game } = play(seedOf(n), seats);
      let otherWins = 0;
      seats.forEach((seat, me) => {
        let hand = -1;
        for (const msg of seat.seen) {
          if (msg.qipai) {
            hand++;
            const dealt = (game.handLogs[hand][0].qipai as { shoupai: string[][] }).shoupai[me];
            expect(msg.qipai.shoupai).toEqual(dealt);
            expect(JSON.stringify(msg.qipai)).not.toContain(
              JSON.stringify((game.handLogs[hand][0].qipai as { shoupai: string[][] }).shoupai[(me + 1) % 4]),
            );
          }
          if (msg.zimo && msg.zimo.seat !== me) expect(msg.zimo.p).toBe('');
          if (msg.zimo && msg.zimo.seat === me) expect(msg.zimo.p).not.toBe('');
          if (msg.options?.dapai || msg.options?.gang)
            expect(msg.zimo?.seat ?? msg.peng?.seat ?? me).toBe(me);
          for (const w of msg.hule?.wins ?? []) {
            if (w.seat === me) expect(w.shoupai).toBeDefined();
            else {
              otherWins++;
              expect(Object.keys(w).sort()).toEqual(['from', 'p', 'seat']);
            }
          }
          if (msg.jiesuan) {
            expect(msg.jiesuan.hands).toHaveLength(4);
            for (const w of msg.jiesuan.wins) expect(w.fans.length).toBeGreaterThan(0);
          }
        }
      });
      expect(otherWins).toBeGreaterThan(0);
    }
  });

  it('T2 an answer outside the options counts as no answer: the default exchange, void, discard and pass', () => {
    const garbage = (msg: ChuanmaMessage): Reply => {
      const o = msg.options;
      if (!o) return { dapai: 'm1', hule: '-' };
      if (o.huan) return { huan: ['m1', 'p1', 's1'] };
      if (o.dingque) return { dingque: 'z' };
      const tile = msg.dapai?.p ?? 'z1';
      return {
        ...(o.hule ? {} : { hule: '-' }),
        ...(o.peng ? {} : { peng: tile }),
        ...(o.gang ? { gang: 'z9' } : { gang: tile }),
        dapai: 'z9',
      };
    };
    for (const n of [4, 5]) {
      const a = play(seedOf(n), [new Recording(garbage), new Recording(), new Recording(), new Recording()]);
      const b = play(seedOf(n), [
        new Recording(() => ({})),
        new Recording(),
        new Recording(),
        new Recording(),
      ]);
      expect(a.game.handLogs).toEqual(b.game.handLogs);
      // The defaults play on: seat 0 still discards.
      expect(a.game.handLogs.flat().some((e) => (e.dapai as { seat: number } | undefined)?.seat === 0)).toBe(
        true,
      );
    }
  });
});

describe('chuanma table: the game', () => {
  it('T3 round type 1 plays 4 hands, 2 plays 8; the first winner deals the next hand', () => {
    const robots = () => [0, 1, 2, 3].map(() => new Recording());
    const four = play(seedOf(6), robots(), { chuanma: 1, can_jifei: 0 }, 1);
    const eight = play(seedOf(6), robots(), { chuanma: 1, can_jifei: 0 }, 2);
    expect(four.game.handLogs).toHaveLength(4);
    expect(eight.game.handLogs).toHaveLength(8);
    expect(four.game.endReason).toBe('scheduled');
    for (let h = 1; h < 8; h++) {
      const before = eight.results[h - 1];
      const first = before.kind === 'win' ? before.wins[0].seat : null;
      const dealer = (eight.game.handLogs[h][0].qipai as { dealer: number }).dealer;
      expect(dealer).toBe(first ?? (eight.game.handLogs[h - 1][0].qipai as { dealer: number }).dealer);
    }
    // Without the exchange nothing is passed.
    expect(four.game.handLogs.flat().some((e) => e.huan)).toBe(false);
  });

  it('T4 can_jifei: a player below zero ends the hand and the game; off, the game plays on below zero', () => {
    const robots = () => [0, 1, 2, 3].map(() => new Recording());
    const low = [1000, 1000, 1000, 1000];
    const on = play(seedOf(7), robots(), { chuanma: 1, can_jifei: 1 }, 1, low);
    expect(on.game.endReason).toBe('bust');
    expect(on.game.handLogs).toHaveLength(1);
    const last = on.results[0];
    expect(last.chuanma?.bust?.length).toBeGreaterThan(0);
    expect(Math.min(...on.game.progress().scores)).toBeLessThan(0);
    const off = play(seedOf(7), robots(), { chuanma: 1, can_jifei: 0 }, 1, low);
    expect(off.game.handLogs).toHaveLength(4);
    expect(off.game.endReason).toBe('scheduled');
    expect(Math.min(...off.game.progress().scores)).toBeLessThan(0);
  });
});

describe('chuanma table: an added kong robbed by two players', () => {
  it('T6 both win, in turn order from the robbed seat, and the robbed pung stays a pung (referee game 792, hand 2)', () => {
    const report = refereeGames(792, 1, 1);
    expect(report.illegal).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    const hand = report.records[0].log.paipu.log[2];
    const at = hand.findIndex((e, i) => e.hule && hand[i - 1]?.hule && hand[i - 2]?.gang?.type === 'bugang');
    const kong = hand[at - 2].gang;
    const [first, second] = [hand[at - 1].hule, hand[at].hule];
    expect([first.from, second.from]).toEqual([kong.seat, kong.seat]);
    expect((first.seat - kong.seat + 4) % 4).toBeLessThan((second.seat - kong.seat + 4) % 4);
    expect(first.fans.map((f: { id: string }) => f.id)).toContain('qiangganghu');
    const end = hand[hand.length - 1].jiesuan;
    expect(end.hands[kong.seat].melds).toContainEqual({ type: 'peng', tile: kong.p });
  });
});

describe('chuanma player seat', () => {
  it('T5 asks only with options, within time_fixed + time_add; a late, stale or absent answer is the default', () => {
    const clock = new ManualClock();
    const delivered: { msg: ChuanmaMessage; ask: Ask | null }[] = [];
    const seat = new ChuanmaPlayerSeat(
      { deliver: (msg, ask) => delivered.push({ msg, ask }) },
      { limitSeconds: 25, clock },
    );
    const replies: (Reply | undefined)[] = [];
    seat.action({ dapai: { seat: 1, p: 'm5' } }, (r) => replies.push(r));
    expect(replies).toEqual([{}]);
    expect(delivered[0].ask).toBeNull();
    seat.action({ dapai: { seat: 1, p: 'm5' }, options: { peng: true } }, (r) => replies.push(r));
    const ask = delivered[1].ask!;
    expect(ask.deadline).toBe(clock.now() + 25_000);
    expect(seat.answer(ask.id + 1, { peng: 'm5' })).toBe(false);
    clock.advanceTo(ask.deadline - 1);
    expect(replies).toHaveLength(1);
    seat.holdClock();
    clock.advanceTo(ask.deadline + 60_000);
    expect(replies).toHaveLength(1);
    seat.releaseClock();
    expect(delivered[2].ask?.id).toBe(ask.id);
    clock.advanceTo(clock.now() + 1);
    expect(replies).toHaveLength(2);
    expect(replies[1]).toEqual({}); // held time ran out after the release: the default
    seat.action({ zimo: { seat: 0, p: 'm1', left: 50 }, options: { dapai: ['m1'] } }, (r) => replies.push(r));
    expect(seat.answer(delivered[3].ask!.id, { dapai: 'm1' })).toBe(true);
    expect(replies[2]).toEqual({ dapai: 'm1' });
    seat.setConnected(false);
    seat.action({ zimo: { seat: 0, p: 'm2', left: 49 }, options: { dapai: ['m2'] } }, (r) => replies.push(r));
    expect(replies[3]).toEqual({});
    expect(delivered[4].ask).toBeNull();
  });
});
