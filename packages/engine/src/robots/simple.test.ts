import { createHash } from 'node:crypto';
import Majiang from '@kobalab/majiang-core';
import { describe, expect, it } from 'vitest';
import { openingMessages } from '../../test/support/opening';
import { seededRandom } from '../../test/support/random-hands';
import { playRobotTable } from '../../test/support/robot-table';
import { installFastShanten } from '../shanten/install';
import { AutoDiscardRobot } from './auto-discard';
import { SimpleRobot } from './simple';
import type { Reply } from './types';

installFastShanten();

const seedOf = (name: string) => createHash('sha256').update(name).digest('hex');

const playTable = (levels: number[], seed: string) =>
  playRobotTable({ tableId: seed.slice(0, 8), levels, seed });

/**
 * The rules engine's game, checking every reply of the seats under test against the game's own state at the
 * moment of the decision: the discard is among the legal ones, riichi only when the rules allow it, a win only
 * when the hand wins (and is not furiten), no calls at all.
 */
class RefereedGame extends Majiang.Game {
  readonly violations: string[] = [];
  decisions = 0;
  constructor(
    players: unknown[],
    private readonly watched: Set<number>,
  ) {
    super(players, undefined, Majiang.rule());
  }

  override reply(id: number, reply: Reply): void {
    if (this.watched.has(id)) this.referee(id, reply ?? {});
    super.reply(id, reply);
  }

  private referee(id: number, reply: Reply): void {
    const model = this._model;
    const l = model.player_id.indexOf(id);
    const status = this._status;
    const own = l === model.lunban;
    const where = `${status} seat ${l} ${model.shoupai[l]?.toString()} → ${JSON.stringify(reply)}`;
    const fail = (why: string) => this.violations.push(`${why}: ${where}`);
    if (reply.fulou || reply.gang || reply.daopai) fail('called or declared');
    const self = this as unknown as {
      get_dapai(): string[];
      allow_lizhi(p: string): unknown;
      allow_hule(l?: number): boolean;
    };
    if ((status === 'zimo' || status === 'gangzimo') && own) {
      this.decisions++;
      if (reply.hule) {
        if (!self.allow_hule()) fail('tsumo on a hand that does not win');
      } else if (!reply.dapai) fail('no discard');
      else {
        const p = reply.dapai.replace(/\*$/, '');
        if (!self.get_dapai().includes(p)) fail('illegal discard');
        if (reply.dapai.endsWith('*') && !self.allow_lizhi(p)) fail('riichi not allowed');
      }
    } else if ((status === 'dapai' || status === 'gang') && !own) {
      this.decisions++;
      if (reply.hule && !self.allow_hule(l)) fail('ron on a hand that does not win');
      if (reply.dapai) fail('discard out of turn');
    } else if (reply.hule || reply.dapai) fail('answer where none is allowed');
  }
}

function playRefereed(seed: number, players: unknown[], watched: number[]) {
  const random = Math.random;
  // The engine deals from Math.random: a seeded generator makes the batch repeatable.
  Math.random = seededRandom(seed);
  try {
    const game = new RefereedGame(players, new Set(watched));
    game.do_sync();
    return game;
  } finally {
    Math.random = random;
  }
}

describe('ai_level 1, the simple robot', () => {
  it('wins more hands and finishes higher than ai_level 0 auto-discard over a seeded batch', async () => {
    let simpleWins = 0;
    let autoWins = 0;
    let simplePoints = 0;
    let autoPoints = 0;
    let hands = 0;
    for (let g = 0; g < 6; g++) {
      // Levels alternate seats, and half the games swap them, so no seat order favours either robot.
      const levels = g % 2 === 0 ? [1, 0, 1, 0] : [0, 1, 0, 1];
      const events = await playTable(levels, seedOf(`simple-vs-auto-${g}`));
      const finished = events.find((e) => e.type === 'finished');
      expect(finished, JSON.stringify(events.find((e) => e.type === 'failed'))).toBeTruthy();
      for (const e of events) {
        if (e.type !== 'hand_end') continue;
        hands++;
        if (e.result.kind !== 'win') continue;
        for (const w of e.result.wins) {
          if (levels[w.seat] === 1) simpleWins++;
          else autoWins++;
        }
      }
      if (finished?.type === 'finished') {
        finished.progress.scores.forEach((score, seat) => {
          if (levels[seat] === 1) simplePoints += score;
          else autoPoints += score;
        });
      }
    }
    console.log(
      `${hands} hands: simple won ${simpleWins}, auto-discard ${autoWins}; points simple ${simplePoints}, auto-discard ${autoPoints}`,
    );
    expect(hands).toBeGreaterThan(20);
    expect(simpleWins).toBeGreaterThan(autoWins);
    expect(simpleWins).toBeGreaterThanOrEqual(hands / 3);
    expect(simplePoints).toBeGreaterThan(autoPoints);
  });

  it('answers every decision legally: discards, riichi, tsumo and ron, never a call', () => {
    let decisions = 0;
    let riichi = 0;
    let wins = 0;
    for (let g = 0; g < 4; g++) {
      // Against auto-discard and against itself, so the hands go long and both wins and riichi come up.
      const players =
        g % 2 === 0
          ? [new SimpleRobot(), new AutoDiscardRobot(), new SimpleRobot(), new AutoDiscardRobot()]
          : [new SimpleRobot(), new SimpleRobot(), new SimpleRobot(), new SimpleRobot()];
      const watched = g % 2 === 0 ? [0, 2] : [0, 1, 2, 3];
      const game = playRefereed(7000 + g, players, watched);
      expect(game.violations).toEqual([]);
      decisions += game.decisions;
      for (const hand of game._paipu.log) {
        for (const entry of hand) {
          if (entry.dapai?.p.endsWith('*')) riichi++;
          if (entry.hule) wins++;
        }
      }
    }
    console.log(`${decisions} refereed decisions, ${riichi} riichi, ${wins} wins`);
    expect(decisions).toBeGreaterThan(1000);
    expect(riichi).toBeGreaterThan(5);
    expect(wins).toBeGreaterThan(5);
  });

  it('declares riichi with its discard once the closed hand is tenpai, and tsumo on the winning draw', () => {
    const robot = new SimpleRobot();
    const replies: (Reply | undefined)[] = [];
    const answer = (r?: Reply) => replies.push(r);
    // Seat 0 is dealer: m123 p456 s789 z11 m45 + a drawn z7 — discard z7 leaves a ryanmen wait (m3/m6).
    for (const msg of openingMessages('m12345p456s789z11', 'z5')) robot.action(msg, answer);
    robot.action({ zimo: { l: 0, p: 'z7' } }, answer);
    // `_` marks the drawn tile discarded (tsumogiri), `*` the riichi declaration.
    expect(replies.at(-1)).toEqual({ dapai: 'z7_*' });
    robot.action({ dapai: { l: 0, p: 'z7_*' } }, answer);
    robot.action({ dapai: { l: 1, p: 'p1' } }, answer);
    expect(replies.at(-1)).toBeUndefined();
    robot.action({ dapai: { l: 2, p: 'm6' } }, answer);
    expect(replies.at(-1)).toEqual({ hule: '-' });
  });
});
