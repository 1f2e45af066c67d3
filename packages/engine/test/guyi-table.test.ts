import { describe, expect, it } from 'vitest';
import { robotClassFor } from '../src/robots';
import { installFastShanten } from '../src/shanten/install';
import { playChecked } from './support/checked-game';
import { Claimer, playScripted, scriptedWall } from './support/scripted';

installFastShanten();

// guyi_mode at the table: the yaku that only the table can see (the discard a ron is made on), renhou, and
// robot games that play the mode to the end.

// Noten starting hands that stay noten under auto-discard.
const N1 = 'm13579p2468s1357';
const N2 = 'm2468p13579s2468';
const N3 = 'p19s19z34567p11s99';
/** Tanyao pinfu, s5/s8: 2 han 30 fu, 2000 as a non-dealer ron. */
const TANYAO_PINFU = 'm234p345s456s67m88';
/** Tanyao only, kanchan wait on s7: 1 han 40 fu. */
const TANYAO_KANCHAN = 'm234p345s456s68m88';

type Win = { seat: number; from: number | null; han?: number; points: number; yaku: string[] };
const winOf = (result: { kind: string; wins?: Win[] }) => (result.wins as Win[])[0];

describe('guyi_mode: yaku of the discard a ron is made on', () => {
  it('燕返し: seat 1 declares riichi on s8 and the dealer rons it (3 han 30 fu, 5800; 2900 without the mode)', () => {
    // Seat 1 tenpai on z1/z2 declares riichi on its first draw s8; the dealer (tanyao pinfu) has drawn z7.
    const wall = scriptedWall({ hands: [TANYAO_PINFU, 'm123p456s789z1122', N2, N3], draws: 'z7s8' });
    const play = (rule: Record<string, number>) =>
      playScripted(rule, [wall], { hands: 1, seats: [new Claimer(), new Claimer(true)] }).hands[0];
    const on = play({ guyi_mode: 1 });
    expect(winOf(on.result)).toMatchObject({ seat: 0, from: 1, han: 3, points: 5800 });
    expect(winOf(on.result).yaku).toContain('燕返し');
    // The ron takes the declaration discard: no stick is laid down.
    expect(on.end.scores).toEqual([25000 + 5800, 25000 - 5800, 25000, 25000]);
    expect(winOf(play({}).result)).toMatchObject({ han: 2, points: 2900 });
  });

  it('槓振り: the dealer makes a closed kan, discards the replacement tile s8, seat 1 rons (3900)', () => {
    const wall = scriptedWall({
      hands: ['m111p456s789z1122', TANYAO_PINFU, N2, N3],
      draws: 'm1',
      dead: 's8',
    });
    const play = (rule: Record<string, number>) =>
      playScripted(rule, [wall], { hands: 1, seats: [new Claimer({ kan: true }), new Claimer()] }).hands[0];
    const on = winOf(play({ guyi_mode: 1 }).result);
    expect(on).toMatchObject({ seat: 1, from: 0, han: 3, points: 3900 });
    expect(on.yaku).toContain('槓振り');
    expect(on.yaku).not.toContain('燕返し');
    expect(winOf(play({}).result)).toMatchObject({ han: 2, points: 2000 });
  });

  it('a ron on an ordinary discard has neither', () => {
    const wall = scriptedWall({ hands: [TANYAO_PINFU, N1, N2, N3], draws: 'z7s8' });
    const { hands } = playScripted({ guyi_mode: 1 }, [wall], { hands: 1, seats: [new Claimer()] });
    expect(winOf(hands[0].result)).toMatchObject({ seat: 0, han: 2, points: 2900, yaku: ['平和', '断幺九'] });
  });
});

describe('guyi_mode: renhou is a yakuman', () => {
  // The dealer's first discard s7 completes seat 1's tanyao kanchan before seat 1 has drawn.
  const wall = scriptedWall({ hands: [N1, TANYAO_KANCHAN, N2, N3], draws: 's7', dead: 's7s7' });

  it('人和 with enable_renhe 0 or 1 is a yakuman (32000) under the mode', () => {
    for (const enable_renhe of [0, 1]) {
      const { hands, yakuman } = playScripted({ guyi_mode: 1, enable_renhe }, [wall], {
        hands: 1,
        seats: [undefined as never, new Claimer()],
      });
      expect(hands[0].result).toMatchObject({ kind: 'win', wins: [{ seat: 1, yakuman: 1, points: 32000 }] });
      expect(winOf(hands[0].result).yaku).toEqual(['人和']);
      expect(yakuman).toEqual([expect.objectContaining({ seat: 1, yakuman: 1 })]);
    }
  });
});

describe('guyi_mode: robot games', () => {
  const seedOf = (n: number) => n.toString(16).padStart(64, 'b');

  it('seeded East games finish with legal answers, and the points add up', () => {
    for (let n = 1; n <= 4; n++) {
      const seats = [1, 1, 1, 1].map((level) => new (robotClassFor(level))());
      const game = playChecked({ guyi_mode: 1 }, 1, seats, seedOf(n));
      expect(game.finished).not.toBeNull();
      expect(game.illegal).toEqual([]);
      const scores = game.progress().scores;
      expect(scores.reduce((a, b) => a + b, 0) + game.leftoverSticks * 1000).toBe(100000);
    }
  });
});
