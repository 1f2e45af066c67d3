import { describe, expect, it } from 'vitest';
import { forGuyi } from '../src/guyi/seat-win';
import { SimpleRobot } from '../src/robots/simple';
import type { GameMessage, Reply, SeatPlayer } from '../src/robots/types';
import { toTableRule } from '../src/rules/adapter';
import { type Ask, PlayerSeat } from '../src/seats/player-seat';
import { installFastShanten } from '../src/shanten/install';
import { TableGame, type WinSummary } from '../src/table-game';
import { dealWall } from '../src/walls';
import { ManualClock } from './support/manual-clock';
import { Claimer, playScripted, scriptedWall } from './support/scripted';

installFastShanten();

// guyi_mode: a hand whose only yaku are the mode's is offered to a player and declared by a robot, judged by the
// seat from what it sees (`guyi/seat-win.ts`) as the table judges it; without the mode it is no win.

// Noten starting hands that stay noten under auto-discard.
const N1 = 'm13579p2468s1357';
const N2 = 'm2468p13579s2468';
const N3 = 'm19p19s15z124567p5';
/** Closed, no yaku of the rules, s6/s9: man, pin, sou, a West triplet and a pair of green dragons (Uumensai). */
const UUMENSAI = 'm123p456s78z333z66';
/** Closed, no yaku of the rules nor of the mode, s6/s9. */
const NO_YAKU = 'm123p456s78z333m99';
/** Tenpai on z1/z2 after its first draw's discard: declares riichi with it. */
const RIICHI = 'm123p456s789z1122';

type Win = {
  seat: number;
  from: number | null;
  han?: number;
  yakuman?: number;
  points: number;
  yaku: string[];
};
const winsOf = (result: { kind: string; wins?: Win[] }) => result.wins ?? [];

/** A player seat (seat 1 in these games) whose player wins whenever asked on a discard; records what it was asked. */
function playerSeat(guyi: { minHan: number } | null) {
  const delivered: { msg: GameMessage; ask: Ask | null }[] = [];
  const Seat = guyi ? forGuyi(PlayerSeat, guyi.minHan) : PlayerSeat;
  const seat: PlayerSeat = new Seat(
    {
      deliver: (msg, ask) => {
        delivered.push({ msg, ask });
        // On its draws the player discards the drawn tile (an empty answer); on a discard it wins.
        if (ask) seat.answer(ask.id, msg.dapai ? { hule: '-' } : {});
      },
    },
    { limitSeconds: 20, clock: new ManualClock() },
  );
  return { seat, delivered };
}

describe('guyi_mode: a win on the mode’s yaku alone', () => {
  // The dealer discards z7, seat 1 the drawn z7, then seat 2 (across: no chi to offer) the drawn s9.
  const wall = scriptedWall({ hands: [N1, UUMENSAI, N2, N3], draws: 'z7z7s9' });
  // Seat 2's discard of the drawn s9 (`_`: the drawn tile).
  const s9 = (d: { msg: GameMessage }) => d.msg.dapai?.l === 2 && d.msg.dapai.p === 's9_';

  it('a player is asked on seat 2’s s9 with Uumensai only, and wins: 2 han 40 fu, 2600', () => {
    const { seat, delivered } = playerSeat({ minHan: 1 });
    const { hands } = playScripted({ guyi_mode: 1 }, [wall], { hands: 1, seats: [undefined as never, seat] });
    expect(delivered.find(s9)?.ask).not.toBeNull();
    expect(winsOf(hands[0].result)).toEqual([
      expect.objectContaining({ seat: 1, from: 2, han: 2, points: 2600, yaku: ['五門斉'] }),
    ]);
  });

  it('without the mode the same discard is only shown, and no one wins on it', () => {
    const { seat, delivered } = playerSeat(null);
    const { hands } = playScripted({}, [wall], { hands: 1, seats: [undefined as never, seat] });
    expect(delivered.find(s9)).toMatchObject({ ask: null });
    expect(winsOf(hands[0].result).filter((w) => w.seat === 1)).toEqual([]);
  });

  it('with a 2-han minimum (fanfu 2) Uumensai is enough; with 4 it is not offered', () => {
    for (const [fanfu, offered] of [
      [2, true],
      [4, false],
    ] as const) {
      const { seat, delivered } = playerSeat({ minHan: fanfu });
      const { hands } = playScripted({ guyi_mode: 1, fanfu }, [wall], {
        hands: 1,
        seats: [undefined as never, seat],
      });
      expect(delivered.find(s9)?.ask != null).toBe(offered);
      expect(winsOf(hands[0].result).some((w) => w.seat === 1)).toBe(offered);
    }
  });

  it('燕返し alone: a seat rons the discard that declared riichi (1 han), not under a 2-han minimum', () => {
    // Seat 2 declares riichi with its first draw s9, after seat 1 has drawn (no renhou).
    const riichiWall = scriptedWall({ hands: [N2, NO_YAKU, RIICHI, N1], draws: 'z7z7s9' });
    const play = (rule: Record<string, number>, seat: SeatPlayer) =>
      winsOf(
        playScripted(rule, [riichiWall], { hands: 1, seats: [undefined as never, seat, new Claimer(true)] })
          .hands[0].result,
      );
    const GuyiClaimer = forGuyi(Claimer, 1);
    expect(play({ guyi_mode: 1 }, new GuyiClaimer())).toEqual([
      expect.objectContaining({ seat: 1, from: 2, han: 1, yaku: ['燕返し'] }),
    ]);
    const Strict = forGuyi(Claimer, 2);
    expect(play({ guyi_mode: 1, fanfu: 2 }, new Strict()).filter((w) => w.seat === 1)).toEqual([]);
    expect(play({}, new Claimer()).filter((w) => w.seat === 1)).toEqual([]);
  });
});

describe('guyi_mode: renhou with no other yaku', () => {
  // The dealer's first discard s9 completes seat 1's hand before seat 1 has drawn.
  const wall = scriptedWall({ hands: [N1, NO_YAKU, N2, N3], draws: 's9' });

  it('the simple robot declares it: a yakuman, 32000', () => {
    const GuyiSimple = forGuyi(SimpleRobot, 1);
    const { hands } = playScripted({ guyi_mode: 1 }, [wall], {
      hands: 1,
      seats: [undefined as never, new GuyiSimple()],
    });
    expect(winsOf(hands[0].result)).toEqual([
      expect.objectContaining({ seat: 1, from: 0, yakuman: 1, points: 32000, yaku: ['人和'] }),
    ]);
  });

  it('without the mode the robot lets it go: the hand goes on with its draw', () => {
    const { game } = playScripted({}, [wall], { hands: 1, seats: [undefined as never, new SimpleRobot()] });
    const entries = game.log.log[0];
    const discard = entries.findIndex((e) => e.dapai);
    expect(entries[discard].dapai).toEqual({ l: 0, p: 's9_' });
    expect(entries[discard + 1]).toMatchObject({ zimo: { l: 1 } });
  });
});

/** The table game noting every decision where a seat's answer on a win differs from the table's own judgement. */
class RefereedGame extends TableGame {
  readonly disagreements: string[] = [];
  decisions = 0;

  private compare(l: number, allowed: boolean): void {
    this.decisions++;
    const declared = !!(this.get_reply(l) as Reply).hule;
    if (declared !== allowed)
      this.disagreements.push(`${this._status} seat ${l} ${this._model.shoupai[l]} declared ${declared}`);
  }

  override reply_zimo(): void {
    this.compare(this._model.lunban, this.allow_hule());
    super.reply_zimo();
  }

  override reply_dapai(): void {
    for (let i = 1; i < 4; i++) {
      const l = (this._model.lunban + i) % 4;
      this.compare(l, this.allow_hule(l));
    }
    super.reply_dapai();
  }

  override reply_gang(): void {
    // A closed kan is robbed only by kokushi musou, outside `allow_hule`.
    if (!/^[mpsz]\d{4}$/.test(this._gang ?? '')) {
      for (let i = 1; i < 4; i++) {
        const l = (this._model.lunban + i) % 4;
        this.compare(l, this.allow_hule(l));
      }
    }
    super.reply_gang();
  }
}

describe('guyi_mode: the seats judge a win as the table does', () => {
  it('in seeded games, every seat that wins when it may declares exactly the wins the table allows', () => {
    const local = new Set([
      '燕返し',
      '槓振り',
      '十二落抬',
      '五門斉',
      '三連刻',
      '一色三同順',
      '一筒摸月',
      '九筒撈魚',
      '人和',
    ]);
    let decisions = 0;
    let wins = 0;
    let withLocal = 0;
    for (const fanfu of [1, 2]) {
      for (let n = 1; n <= 4; n++) {
        const table = toTableRule({ guyi_mode: 1, fanfu }, 1);
        // The simple robot wins whenever it may (and declares riichi as soon as it can).
        const Robot = forGuyi(SimpleRobot, fanfu);
        const seats = [0, 1, 2, 3].map(() => new Robot());
        const noop = () => {};
        const handEnd = (_: unknown, result: { kind: string; wins?: WinSummary[] }) => {
          for (const w of result.wins ?? []) {
            wins++;
            if (w.yaku.some((y) => local.has(y))) withLocal++;
          }
        };
        const seed = `${fanfu}${n}`.repeat(32);
        const game = new RefereedGame(
          seats,
          table,
          (h) => dealWall(seed, h, table.core.赤牌),
          { handStart: noop, handEnd, yakuman: noop },
          'refereed',
          ['A', 'B', 'C', 'D'],
        );
        game.begin();
        while (!game.finished) game.step();
        expect(game.disagreements).toEqual([]);
        decisions += game.decisions;
      }
    }
    console.log(`${decisions} decisions, ${wins} wins, ${withLocal} with the mode's yaku`);
    expect(decisions).toBeGreaterThan(1000);
    expect(withLocal).toBeGreaterThan(0);
  });
});
