import { describe, expect, it } from 'vitest';
import { canWin, type Hand, type Meld } from '../src/chuanma/hand';
import { type HandEvent, HandLedger, type KongKind, ronOrder } from '../src/chuanma/settlement';
import { SUITS, type Suit } from '../src/chuanma/tiles';

// Property: whatever happens in a hand — kongs paid, robbed or refunded, wins one by one or several on one
// discard, the checks at an exhaustive draw, a bust with can_jifei — every payment goes from one seat to
// another, so the hand's deltas sum to zero. Over many seeded random hands.

/** mulberry32: a small seeded generator, so every run checks the same hands. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** A random complete hand using only the two suits other than `voidSuit`: sets and a pair, or seven pairs. */
function completeHand(r: Rand, voidSuit: Suit): Hand {
  const suits = SUITS.filter((s) => s !== voidSuit);
  for (;;) {
    const counts = new Map<string, number>();
    const add = (t: string, n = 1) => counts.set(t, (counts.get(t) ?? 0) + n);
    const concealed: string[] = [];
    const melds: Meld[] = [];
    if (r() < 0.15) {
      for (let i = 0; i < 7; i++) {
        const t = `${pick(r, suits)}${1 + Math.floor(r() * 9)}`;
        add(t, 2);
        concealed.push(t, t);
      }
    } else {
      const meldCount = Math.floor(r() * 3);
      for (let i = 0; i < 4; i++) {
        const s = pick(r, suits);
        if (r() < 0.4) {
          const t = `${s}${1 + Math.floor(r() * 9)}`;
          if (i < meldCount) {
            const type = pick(r, ['peng', 'peng', 'minggang', 'angang', 'bugang'] as const);
            melds.push({ type, tile: t });
            add(t, type === 'peng' ? 3 : 4);
          } else {
            add(t, 3);
            concealed.push(t, t, t);
          }
        } else {
          const n = 1 + Math.floor(r() * 7);
          for (let k = 0; k < 3; k++) {
            add(`${s}${n + k}`);
            concealed.push(`${s}${n + k}`);
          }
        }
      }
      const pair = `${pick(r, suits)}${1 + Math.floor(r() * 9)}`;
      add(pair, 2);
      concealed.push(pair, pair);
    }
    if ([...counts.values()].every((c) => c <= 4)) return { concealed, melds };
  }
}

/** A 13-tile hand at the draw: ready (a complete hand less one tile), a flower pig, or loose tiles. */
function drawHand(r: Rand, voidSuit: Suit): Hand {
  const h = completeHand(r, voidSuit);
  const concealed = h.concealed.slice();
  concealed.splice(Math.floor(r() * concealed.length), 1);
  const roll = r();
  if (roll < 0.2) concealed[0] = `${voidSuit}${1 + Math.floor(r() * 9)}`;
  else if (roll < 0.5 && concealed.length >= 4) {
    // Break it up: swap two tiles for others of the allowed suits.
    const suits = SUITS.filter((s) => s !== voidSuit);
    concealed[1] = `${pick(r, suits)}${1 + Math.floor(r() * 9)}`;
    concealed[3] = `${pick(r, suits)}${1 + Math.floor(r() * 9)}`;
  }
  return { concealed, melds: h.melds };
}

function randomHand(seed: number) {
  const r = rng(seed);
  const voids = [0, 1, 2, 3].map(() => pick(r, SUITS));
  const canJifei = r() < 0.3;
  const scores = [0, 1, 2, 3].map(() => (canJifei ? Math.floor(r() * 20) * 1000 : 50000));
  const ledger = new HandLedger({ dealer: Math.floor(r() * 4), voids, scores, canJifei });
  const events: HandEvent[] = [];
  const apply = (e: HandEvent) => {
    events.push(e);
    ledger.apply(e);
  };
  for (let step = 0; step < 8 && !ledger.over; step++) {
    const inPlay = ledger.stillIn();
    const roll = r();
    if (roll < 0.35) {
      const seat = pick(r, inPlay);
      const kind = pick(r, ['minggang', 'angang', 'bugang'] as KongKind[]);
      const from = pick(
        r,
        inPlay.filter((s) => s !== seat),
      );
      apply({ type: 'kong', seat, kind, from: kind === 'minggang' ? from : undefined, fresh: r() < 0.6 });
      if (ledger.over) break;
      if (kind === 'bugang' && r() < 0.3) {
        const robber = pick(
          r,
          inPlay.filter((s) => s !== seat),
        );
        const h = completeHand(r, voids[robber]);
        if (canWin(h, voids[robber]))
          apply({ type: 'win', seat: robber, from: seat, hand: h, context: { robbingKong: true } });
      } else if (r() < 0.5) ledger.settleKong();
    } else if (roll < 0.6) {
      const seat = pick(r, inPlay);
      apply({
        type: 'win',
        seat,
        hand: completeHand(r, voids[seat]),
        context: { afterKong: r() < 0.2, lastTile: r() < 0.1, firstDraw: r() < 0.05 },
      });
    } else {
      const discarder = pick(r, inPlay);
      const others = inPlay.filter((s) => s !== discarder && r() < 0.5);
      for (const seat of ronOrder(
        discarder,
        others.length > 0
          ? others
          : [
              pick(
                r,
                inPlay.filter((s) => s !== discarder),
              ),
            ],
      )) {
        if (ledger.over) break;
        apply({
          type: 'win',
          seat,
          from: discarder,
          hand: completeHand(r, voids[seat]),
          context: { kongDiscard: r() < 0.2, lastTile: r() < 0.1 },
        });
      }
    }
  }
  if (!ledger.over) {
    const hands = [0, 1, 2, 3].map((s) => (ledger.stillIn().includes(s) ? drawHand(r, voids[s]) : null));
    apply({ type: 'exhaustive', hands });
  }
  return { result: ledger.result(), events };
}

describe('chuanma settlement balance (property)', () => {
  it('B1 over 2 000 seeded random hands the deltas sum to zero and match the payments', () => {
    const reasons = new Set<string>();
    let busts = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const { result } = randomHand(seed);
      expect(result.deltas.reduce((a, b) => a + b, 0)).toBe(0);
      const fromPayments = [0, 0, 0, 0];
      for (const p of result.payments) {
        expect(p.from).not.toBe(p.to);
        expect(p.amount).toBeGreaterThan(0);
        expect(p.amount % 1000).toBe(0);
        fromPayments[p.from] -= p.amount;
        fromPayments[p.to] += p.amount;
        reasons.add(p.reason);
      }
      expect(result.deltas).toEqual(fromPayments);
      expect(result.winners.length).toBeLessThanOrEqual(3);
      if (result.bust) busts++;
    }
    // The generator reaches every kind of payment, and some busts.
    expect([...reasons].sort()).toEqual(['flower_pig', 'kong', 'kong_refund', 'not_ready', 'win']);
    expect(busts).toBeGreaterThan(0);
  });

  it('B2 a random complete hand of two suits always scores between 1 and the cap', () => {
    const r = rng(42);
    for (let i = 0; i < 2000; i++) {
      const voidSuit = pick(r, SUITS);
      const h = completeHand(r, voidSuit);
      expect(canWin(h, voidSuit)).toBe(true);
      const ledger = new HandLedger({ dealer: 0, voids: [voidSuit, 'm', 'm', 'm'] });
      const payments = ledger.apply({ type: 'win', seat: 0, from: 1, hand: h });
      expect(payments).toHaveLength(1);
      expect([1000, 2000, 4000, 8000, 16000, 32000]).toContain(payments[0].amount);
    }
  });
});
